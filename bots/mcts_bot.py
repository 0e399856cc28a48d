"""A Monte Carlo tree search bot for every game with a forward model (docs/bots.md).

Information-set MCTS with one tree seen by this seat (Cowling, Powley and
Whitehouse 2012, "single-observer" ISMCTS): every iteration samples a
position consistent with what the seat knows (``model.sample``), walks the
tree by UCT along actions legal in that sample, adds one node, plays the
game on with a rollout policy, and credits every node on the path with a
value per seat. So:

- several players: each node keeps a value for every seat, and the seat
  that acts at a node picks by its own value;
- hidden information: actions are keyed without the sample they came from,
  and a child's exploration term counts the iterations it was available in;
- chance: its outcomes are drawn by their probabilities, and each drawn
  outcome gets its own node, so what follows a die roll depends on the roll;
- time: the search stops at a deadline taken from ``seconds_left`` (and, with
  a bank, a share of it) less a safety margin, checked at every step;
- rollouts: random moves less those a player rarely makes
  (bots/mcts_rollouts.py), uniformly random, or the game's greedy bot
  (bots/*_greedy.py) for a share of the moves, cut off after a number of steps (the game's own,
  short where games are long) and valued by the game's points estimate
  (bots/mcts_values.py), or the provisional standings where it has none;
- samples: the first ``--samples`` iterations each sample a position; later
  ones start from a clone of one of those (a clone is far cheaper);
- reuse: a search starts from the node of the last search's tree that the
  events since (``decision.events``) lead to, when none was hidden;
- the greedy bot's own choice (where the game has one) is searched first
  and kept unless search finds better on evidence (a lead of ``--overrule``
  standard errors, from the spread of the values seen): a search too short
  to judge plays no worse than the greedy bot.

Values are in [0, 1]: a seat's average finishing place (1 first, 0 last;
ties share), blended with a little of its score's place between the lowest
and the highest; in a solo game a win (the title ``won``) is 1 and a loss 0.

Run: ``referee match land --bot "mcts --exploration 0.5" --bot land-greedy``;
``--help`` lists every option.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import math
import random
import sys
import time
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from typing import Any

import sdk
from referee.engine import CHANCE, SeatOutcome
from referee.errors import LandgraveError, MalformedAction
from referee.games import get_engine, registered
from referee.match.chance import sample_outcome

mcts_rollouts = importlib.import_module("landgrave_bots.mcts_rollouts")
mcts_values = importlib.import_module("landgrave_bots.mcts_values")

GREEDY_BOTS = {
    "land": ("land_greedy.py", "LandGreedyBot"),
    "land6": ("land6_heuristic.py", "Land6HeuristicBot"),
    "carcassonne": ("carcassonne_greedy.py", "CarcassonneGreedyBot"),
    "landover": ("landover_greedy.py", "LandoverGreedyBot"),
    "farlanthia": ("farlanthia_greedy.py", "FarlanthiaGreedyBot"),
}
"""Per game, the heuristic bot (file in bots/, installed in landgrave_bots; class) it asks."""
SCORE_WEIGHT = 0.1
"""How much a seat's score place adds to its finishing place in a value."""
BANK_SHARE = 0.05
"""The part of the bank one decision may spend, beyond its own time."""
DEFAULT_ROLLOUT_STEPS = 200
"""Rollout steps in a game without an estimate (bots/mcts_values.py) before its standings judge."""


@dataclass
class SearchStatistics:
    """What the bot's searches cost, summed over its decisions (for benchmarks)."""

    decisions: int = 0
    """Decisions searched (a decision with one legal action, or no model, is not)."""
    iterations: int = 0
    reused_visits: int = 0
    """Visits that searches inherited from the previous decision's tree (``--reuse``)."""
    cpu_seconds: float = 0.0
    """Process CPU time spent searching: the iteration rate a quiet machine reaches."""


class MctsBot(sdk.Bot):
    """Determinized UCT over the game's own engine, for any game that offers a forward model."""

    name = "mcts"
    version = "1"

    def __init__(self, settings: argparse.Namespace | None = None) -> None:
        self.settings = settings or parse_settings([])
        self.rng = random.Random(self.settings.seed)
        self.greedy: dict[str, Any] = {}
        self.last_iterations = 0
        """Iterations of the last search (for tests and benchmarks)."""
        self.statistics = SearchStatistics()
        self.trees: dict[str, _Node] = {}
        """Per match, the root of the last search, to start the next one from (``--reuse``)."""

    def match_started(self, match: sdk.MatchInfo) -> None:
        """Load the game's engine and greedy bot if ``warmed_up`` did not (in-process play)."""
        # Without the engine here, decisions play without search.
        with contextlib.suppress(LandgraveError):
            get_engine(match.game)
        self.greedy_bot(match.game, always=True)

    def match_ended(self, match: sdk.MatchInfo, results: list[Any]) -> None:
        self.trees.pop(match.match_id, None)
        greedy = self.greedy.get(match.game)
        if greedy is not None:
            greedy.match_ended(match, results)

    def decide(self, decision: sdk.Decision) -> int:
        deadline = time.monotonic() + self.budget(decision)
        if len(decision.legal_actions) == 1:
            return 0
        try:
            model = decision.forward_model()
        except sdk.NoForwardModel:
            return self.without_search(decision)
        prior = self.greedy_choice(decision) if self.settings.prior else None
        started = time.process_time()
        root = self.reused_root(decision, model) if self.settings.reuse else None
        search = _Search(self, model, decision.match.seat, deadline)
        try:
            return search.run(prior, root)
        except sdk.NoForwardModel:
            return self.without_search(decision) if prior is None else prior
        finally:
            if search.root is not None:
                self.trees[decision.match.match_id] = search.root
            self.statistics.decisions += 1
            self.statistics.iterations += self.last_iterations
            self.statistics.reused_visits += search.reused_visits
            self.statistics.cpu_seconds += time.process_time() - started

    def reused_root(self, decision: sdk.Decision, model: sdk.ForwardModel) -> _Node | None:
        """The node of the last search's tree that this decision's events lead to, if any.

        The events since the last decision (this seat's own step among them)
        are the path down the tree. A step hidden from this seat, or one the
        tree never tried, ends the reuse: the search starts afresh.
        """
        node = self.trees.pop(decision.match.match_id, None)
        for event in decision.events:
            if node is None or event.hidden:
                return None
            try:
                action = model.from_proto(event.action)
            except MalformedAction:  # an event we cannot read: start afresh
                return None
            node = node.children.get((event.seat, action))
        return node

    def greedy_choice(self, decision: sdk.Decision) -> int | None:
        """The game's greedy bot's choice: searched first, and kept when search is too thin."""
        greedy = self.greedy_bot(decision.match.game, always=True)
        if greedy is None:
            return None
        choice = greedy.decide(decision)
        return choice if isinstance(choice, int) else None

    def without_search(self, decision: sdk.Decision) -> int:
        """The greedy bot's choice, or a random one, for a game with no forward model here."""
        self.last_iterations = 0
        choice = self.greedy_choice(decision)
        return self.rng.randrange(len(decision.legal_actions)) if choice is None else choice

    def budget(self, decision: sdk.Decision) -> float:
        """Seconds to search: this decision's time and a share of the bank, less a margin.

        ``--move-time`` caps it: the bot's own think time, apart from the clock
        (the margin guards the referee's deadline, which is further away then).
        """
        own = decision.seconds_left - decision.bank_seconds
        allowance = own + BANK_SHARE * decision.bank_seconds
        margin = self.settings.margin + self.settings.margin_share * allowance
        budget = allowance - margin
        if self.settings.move_time > 0:
            budget = min(budget, self.settings.move_time)
        return max(0.0, budget)

    def greedy_bot(self, game: str, always: bool = False) -> Any | None:
        """The game's heuristic bot for rollouts (or ``always``), loaded once; None without one."""
        if game not in GREEDY_BOTS or not (always or self.settings.rollout == "greedy"):
            return None
        if game not in self.greedy:
            filename, class_name = GREEDY_BOTS[game]
            module = importlib.import_module(f"landgrave_bots.{filename.removesuffix('.py')}")
            self.greedy[game] = getattr(module, class_name)()
        return self.greedy[game]


class _Node:
    """Statistics of one edge of the tree: the action (or outcome) that led here."""

    __slots__ = ("available", "children", "squares", "totals", "visits")

    def __init__(self, seats: int) -> None:
        self.children: dict[Hashable, _Node] = {}
        self.visits = 0
        self.available = 0
        """Iterations in which this action was legal at its parent (ISMCTS)."""
        self.totals = [0.0] * seats
        self.squares = 0.0
        """The searching seat's values squared, summed: their spread (``Evidence``)."""


class _Search:
    """One decision's search."""

    def __init__(self, bot: MctsBot, model: sdk.ForwardModel, seat: int, deadline: float) -> None:
        self.bot = bot
        self.model = model
        self.seat = seat
        self.deadline = deadline
        self.rng = bot.rng
        self.seats = model.match.num_players
        self.settings = bot.settings
        self.greedy = bot.greedy_bot(model.match.game)
        self.estimate = (
            mcts_values.ESTIMATES.get(model.match.game) if self.settings.estimate else None
        )
        self.rollout_steps = self.settings.rollout_steps or (
            self.estimate.rollout_steps if self.estimate is not None else DEFAULT_ROLLOUT_STEPS
        )
        light = self.settings.rollout != "random"
        self.policy = mcts_rollouts.POLICIES.get(model.match.game) if light else None
        self.samples: list[Any] = []
        """Positions sampled once and cloned for each iteration: a clone costs far less."""
        self.rollouts = 0
        self.root: _Node | None = None
        self.reused_visits = 0
        self.prior_action: Any = None

    def run(self, prior: int | None, reused: _Node | None = None) -> int:
        """The index of the most visited legal action at the root (best mean on ties).

        ``prior`` (the greedy bot's choice) is expanded first, and kept unless
        the most visited action (visited twice at least) leads it in mean value
        by ``--overrule`` standard errors. ``reused``: a subtree of the last
        search to start from.
        """
        first = self.model.sample(self.rng)
        legal = first.legal_actions(self.seat)
        self.root = root = reused or _Node(self.seats)
        self.reused_visits = root.visits
        self.prior_action = None if prior is None else legal[prior]
        iterations = 0
        limit = self.settings.iterations
        self.samples.append(first.clone())
        while time.monotonic() < self.deadline and (limit <= 0 or iterations < limit):
            self.iterate(root, self.position(iterations))
            iterations += 1
        self.bot.last_iterations = iterations
        children = [root.children.get((self.seat, action)) for action in legal]
        stats = [Evidence.of(child, self.seat) for child in children]
        return choose(stats, prior, self.settings.overrule)

    def position(self, iteration: int) -> Any:
        """This iteration's position: a fresh sample while the pool fills, then a clone of one."""
        if len(self.samples) < self.settings.samples:
            state = self.model.sample(self.rng)
            self.samples.append(state.clone())
            return state
        return self.samples[iteration % len(self.samples)].clone()

    def iterate(self, root: _Node, state: Any) -> None:
        """Select, expand one node, roll out, back up: one iteration on one sample."""
        path = [root]
        node = root
        expanded = False
        while not expanded and not state.is_terminal():
            if time.monotonic() >= self.deadline:
                break
            seat = state.to_act()[0]
            if seat == CHANCE:
                outcome = sample_outcome(state.chance_outcomes(), self.rng)
                key: Hashable = (CHANCE, outcome)
                child = node.children.get(key)
                if child is None:
                    child = node.children[key] = _Node(self.seats)
                node = child
                state.apply(CHANCE, outcome)
            else:
                node, expanded = self.step(node, state, seat)
            path.append(node)
        values = self.rollout(state)
        square = values[self.seat] ** 2
        for visited in path:
            visited.visits += 1
            visited.squares += square
            for index, value in enumerate(values):
                visited.totals[index] += value

    def step(self, node: _Node, state: Any, seat: int) -> tuple[_Node, bool]:
        """Apply the tree's choice for ``seat``: an untried action, else the best by UCT."""
        legal = state.legal_actions(seat)
        children = node.children
        untried = [action for action in legal if (seat, action) not in children]
        if untried:
            first = node is self.root and self.prior_action in untried
            action = self.prior_action if first else self.rng.choice(untried)
            child = children[(seat, action)] = _Node(self.seats)
            expanded = True
        else:
            action, child = self.select(children, legal, seat)
            expanded = False
        for other in legal:
            sibling = children.get((seat, other))
            if sibling is not None:
                sibling.available += 1
        state.apply(seat, action)
        return child, expanded

    def select(
        self, children: dict[Hashable, _Node], legal: Sequence[Any], seat: int
    ) -> tuple[Any, _Node]:
        """The legal child with the highest upper confidence bound for ``seat``."""
        c = self.settings.exploration
        best: tuple[float, Any, _Node] | None = None
        for action in legal:
            child = children[(seat, action)]
            bound = child.totals[seat] / child.visits + c * math.sqrt(
                math.log(max(1, child.available)) / child.visits
            )
            if best is None or bound > best[0]:
                best = (bound, action, child)
        assert best is not None
        return best[1], best[2]

    def rollout(self, state: Any) -> list[float]:
        """Play on by the rollout policy for a bounded number of steps; each seat's value."""
        self.rollouts += 1
        greedy_share = self.settings.greedy_share if self.greedy is not None else 0.0
        tag = f"mcts-rollout-{self.rollouts}"
        for _ in range(self.rollout_steps):
            if state.is_terminal() or time.monotonic() >= self.deadline:
                break
            for seat in state.to_act():
                if seat == CHANCE:
                    action = sample_outcome(state.chance_outcomes(), self.rng)
                elif greedy_share and self.rng.random() < greedy_share:
                    action = self.greedy_action(state, seat, tag)
                elif self.policy is not None:
                    action = self.policy.choose(state.legal_actions(seat), self.rng)
                else:
                    action = self.rng.choice(state.legal_actions(seat))
                state.apply(seat, action)
        if self.greedy is not None:
            self.greedy.match_ended(self.match_as(tag, 0), [])
        if self.estimate is not None and not state.is_terminal():
            return list(self.estimate.values(state))
        return values(state.outcome())

    def greedy_action(self, state: Any, seat: int, tag: str) -> Any:
        """The game's heuristic bot's choice for ``seat``, asked as the referee would ask."""
        legal = state.legal_actions(seat)
        if len(legal) == 1:
            return legal[0]
        decision = sdk.Decision(
            match=self.match_as(tag, seat),
            observation=state.observation(seat),
            legal_actions=[self.model.to_proto(action) for action in legal],
            seconds_left=max(0.0, self.deadline - time.monotonic()),
        )
        choice = self.greedy.decide(decision)
        return legal[choice] if isinstance(choice, int) else legal[0]

    def match_as(self, tag: str, seat: int) -> sdk.MatchInfo:
        match = self.model.match
        return sdk.MatchInfo(tag, match.game, seat, match.num_players, self.model.config)


PRIOR_SPREAD = 0.25
"""A value's standard deviation before any is seen (values lie in [0, 1]): a guess."""
PRIOR_WEIGHT = 2
"""How many iterations' worth of weight ``PRIOR_SPREAD`` has against the spread seen."""


@dataclass(frozen=True)
class Evidence:
    """What search learned of one root action: visits, mean value and its spread."""

    visits: int
    mean: float
    variance: float
    """Of one iteration's value: the spread seen, drawn towards ``PRIOR_SPREAD`` while few."""

    @classmethod
    def of(cls, node: _Node | None, seat: int) -> Evidence:
        if node is None or not node.visits:
            return cls(0, 0.0, PRIOR_SPREAD**2)
        n = node.visits
        mean = node.totals[seat] / n
        seen = max(0.0, node.squares - n * mean * mean)
        return cls(n, mean, (seen + PRIOR_WEIGHT * PRIOR_SPREAD**2) / (n + PRIOR_WEIGHT))


def choose(stats: Sequence[Evidence], prior: int | None, overrule: float) -> int:
    """The root's choice: the most visited action (best mean on ties), or the prior.

    Search overrules the prior (the greedy choice) only on evidence: the most
    visited action, visited twice at least, must lead the prior's mean value
    by ``overrule`` standard errors of the difference.
    """
    best = max(range(len(stats)), key=lambda i: (stats[i].visits, stats[i].mean))
    if prior is None:
        return best
    chosen, kept = stats[best], stats[prior]
    if best == prior or chosen.visits < 2:
        return prior
    if not kept.visits:
        return best
    error = math.sqrt(chosen.variance / chosen.visits + kept.variance / kept.visits)
    return best if chosen.mean - kept.mean > overrule * error else prior


def values(outcome: Sequence[SeatOutcome]) -> list[float]:
    """Each seat's value in [0, 1] of a final or provisional outcome (module docstring)."""
    seats = len(outcome)
    if seats == 1:
        return [1.0 if "won" in outcome[0].titles else 0.0]
    ranks = [o.rank for o in outcome]
    scores = [o.score for o in outcome]
    low, high = min(scores), max(scores)
    result = []
    for rank, score in zip(ranks, scores, strict=True):
        tied = ranks.count(rank)
        place = 1.0 - (rank - 1 + (tied - 1) / 2) / (seats - 1)
        spread = (score - low) / (high - low) if high > low else 0.5
        result.append((1 - SCORE_WEIGHT) * place + SCORE_WEIGHT * spread)
    return result


def parse_settings(argv: list[str]) -> argparse.Namespace:
    """The bot's options; arguments it does not know (the SDK's) are left alone."""
    parser = argparse.ArgumentParser(description="Landgrave MCTS bot")
    parser.add_argument(
        "--iterations",
        type=int,
        default=0,
        help="stop after this many iterations per move (0: search until the time is up)",
    )
    parser.add_argument(
        "--move-time",
        type=float,
        default=0.0,
        help="seconds to search per move at most, however long the clock allows "
        "(0: the time the referee gives, less a margin)",
    )
    parser.add_argument(
        "--exploration", type=float, default=0.7, help="the UCT exploration constant"
    )
    parser.add_argument(
        "--rollout",
        choices=("light", "random", "greedy"),
        default="light",
        help="rollout policy: the game's light policy (bots/mcts_rollouts.py, else uniform), "
        "uniformly random, or the light policy with a share of the game's greedy bot's moves",
    )
    parser.add_argument(
        "--greedy-share",
        type=float,
        default=0.5,
        help="with --rollout greedy: the share of rollout moves the greedy bot makes",
    )
    parser.add_argument(
        "--rollout-steps",
        type=int,
        default=0,
        help="rollout steps before the position is judged (0: the game's own number, "
        "bots/mcts_values.py, else 200)",
    )
    parser.add_argument(
        "--estimate",
        action=argparse.BooleanOptionalAction,
        default=True,
        help="judge a cut rollout by the game's points estimate (bots/mcts_values.py) "
        "rather than its provisional standings",
    )
    parser.add_argument(
        "--samples",
        type=int,
        default=32,
        help="positions sampled per move; iterations after them start from clones of them",
    )
    parser.add_argument(
        "--margin", type=float, default=0.06, help="seconds kept back from every deadline"
    )
    parser.add_argument(
        "--margin-share",
        type=float,
        default=0.15,
        help="and this share of the time allowed, kept back too",
    )
    parser.add_argument(
        "--prior",
        action=argparse.BooleanOptionalAction,
        default=True,
        help="search the game's greedy choice first, and keep it when search is too thin",
    )
    parser.add_argument(
        "--overrule",
        type=float,
        default=1.0,
        help="standard errors by which search must lead the greedy choice to overrule it",
    )
    parser.add_argument(
        "--reuse",
        action=argparse.BooleanOptionalAction,
        default=True,
        help="start a search from the last one's subtree that the events since lead to",
    )
    parser.add_argument("--seed", type=int, default=None, help="seed of the search's randomness")
    settings, _ = parser.parse_known_args(argv)
    return settings


def warmed_up(bot: MctsBot) -> MctsBot:
    """The bot with every installed engine and greedy bot loaded, before it connects.

    Loading one takes a good part of a second, and the referee's clock for a
    match's first decision starts as the match starts.
    """
    registered()
    for game in GREEDY_BOTS:
        bot.greedy_bot(game, always=True)
    return bot


if __name__ == "__main__":
    sdk.run(warmed_up(MctsBot(parse_settings(sys.argv[1:]))))
