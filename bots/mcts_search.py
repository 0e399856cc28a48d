"""The MCTS bot's search (bots/mcts_bot.py): one decision's tree, its iterations, its choice.

Information-set MCTS with one tree seen by the searching seat: the module
docstring of bots/mcts_bot.py says what each part does and why. Here are
the tree's nodes, the search over them, the evidence by which search
overrules the greedy bot's choice, and the values of an outcome.
"""

from __future__ import annotations

import importlib
import math
import time
from collections.abc import Collection, Hashable, Sequence
from dataclasses import dataclass
from typing import Any

import sdk
from referee.engine import CHANCE, SeatOutcome
from referee.match.chance import sample_outcome

mcts_rollouts = importlib.import_module("landgrave_bots.mcts_rollouts")
mcts_turns = importlib.import_module("landgrave_bots.mcts_turns")
mcts_values = importlib.import_module("landgrave_bots.mcts_values")

SCORE_WEIGHT = 0.1
"""How much a seat's score place adds to its finishing place in a value."""
DEFAULT_ROLLOUT_STEPS = 200
"""Rollout steps in a game without an estimate (bots/mcts_values.py) before its standings judge."""


class Node:
    """Statistics of one edge of the tree: the action (or outcome) that led here."""

    __slots__ = ("available", "candidates", "children", "squares", "totals", "visits")

    def __init__(self, seats: int) -> None:
        self.children: dict[Hashable, Node] = {}
        self.visits = 0
        self.available = 0
        """Iterations in which this action was legal at its parent (ISMCTS)."""
        self.totals = [0.0] * seats
        self.squares = 0.0
        """The searching seat's values squared, summed: their spread (``Evidence``)."""
        self.candidates: frozenset[Any] | None = None
        """Below the root, the only actions tried from here (``--tree-candidates``)."""


class Search:
    """One decision's search."""

    def __init__(self, bot: Any, model: sdk.ForwardModel, seat: int, deadline: float) -> None:
        # ``bot``: the MctsBot (bots/mcts_bot.py), for its settings, randomness and greedy bots.
        self.bot = bot
        self.model = model
        self.seat = seat
        self.deadline = deadline
        self.rng = bot.rng
        self.seats = model.match.num_players
        self.settings = bot.settings
        self.greedy = bot.greedy_bot(model.match.game)
        heuristic = bot.greedy_bot(model.match.game, always=True)
        ranking = getattr(heuristic, "state_scores", None)
        self.tree_candidates = bot.tree_candidates(model.match.game)
        self.tree_depth = bot.tree_depth(model.match.game)
        """The decisions an iteration walks down the tree before its rollout (0: no bound)."""
        self.lead_scale = bot.lead_scale(model.match.game)
        """The score lead that wins three in four at a game's end (0: valued by places)."""
        self.tree_ranking = ranking if self.tree_candidates > 0 else None
        """The heuristic's scores of a state's legal actions, where it has them: below the
        root, the tree tries only its best few (``--tree-candidates``)."""
        playing_states = getattr(self.greedy, "state_player", None)
        self.state_greedy = playing_states() if playing_states is not None else None
        """The greedy bot's play straight from engine states, where it has one: far cheaper
        than asking it as the referee would (``greedy_action``)."""
        self.estimate = (
            mcts_values.ESTIMATES.get(model.match.game) if self.settings.estimate else None
        )
        steps = self.settings.rollout_steps
        if steps is None:
            steps = (
                self.estimate.rollout_steps if self.estimate is not None else DEFAULT_ROLLOUT_STEPS
            )
        self.rollout_steps: int = steps
        light = self.settings.rollout != "random"
        self.policy = mcts_rollouts.POLICIES.get(model.match.game) if light else None
        self.tree_moves = (
            mcts_turns.TREE_MOVES.get(model.match.game) if self.settings.turn_sets else None
        )
        """The game's rule for the actions the tree tries below the root (bots/mcts_turns.py)."""
        self.samples: list[Any] = []
        """Positions sampled once and cloned for each iteration: a clone costs far less."""
        self.rollouts = 0
        self.root: Node | None = None
        self.reused_visits = 0
        self.prior_action: Any = None
        self.root_actions: frozenset[Any] | None = None
        """The root's candidates (``run``): the only actions searched there, or None for all."""

    def run(
        self,
        prior: int | None,
        reused: Node | None = None,
        candidates: Collection[int] | None = None,
    ) -> int:
        """The index of the most visited legal action at the root (best mean on ties).

        ``prior`` (the greedy bot's choice) is expanded first, and kept unless
        the most visited action (visited twice at least) leads it in mean value
        by ``--overrule`` standard errors. ``reused``: a subtree of the last
        search to start from. ``candidates``: the indexes of the only actions
        searched at the root (the greedy bot's best few), or None for all.
        """
        first = self.model.sample(self.rng)
        legal = first.legal_actions(self.seat)
        self.root = root = reused or Node(self.seats)
        self.reused_visits = root.visits
        self.prior_action = None if prior is None else legal[prior]
        if candidates is not None:
            self.root_actions = frozenset(legal[i] for i in candidates)
        iterations = 0
        limit = self.settings.iterations
        self.samples.append(first.clone())
        while time.monotonic() < self.deadline and (limit <= 0 or iterations < limit):
            self.iterate(root, self.position(iterations))
            iterations += 1
        self.bot.last_iterations = iterations
        # A reused root may hold visits of actions outside the candidates: they are not chosen.
        children = [
            root.children.get((self.seat, action)) if self.searched_at_root(action) else None
            for action in legal
        ]
        stats = [Evidence.of(child, self.seat) for child in children]
        return choose(stats, prior, self.bot.overrule(self.model.match.game))

    def searched_at_root(self, action: Any) -> bool:
        return self.root_actions is None or action in self.root_actions

    def position(self, iteration: int) -> Any:
        """This iteration's position: a fresh sample while the pool fills, then a clone of one."""
        if len(self.samples) < self.settings.samples:
            state = self.model.sample(self.rng)
            self.samples.append(state.clone())
            return state
        return self.samples[iteration % len(self.samples)].clone()

    def iterate(self, root: Node, state: Any) -> None:
        """Select, expand one node, roll out, back up: one iteration on one sample."""
        path = [root]
        node = root
        expanded = False
        last: Any = None  # the tree's action before, below the root (``tree_moves``)
        depth = 0
        while not expanded and not state.is_terminal():
            if time.monotonic() >= self.deadline:
                break
            seat = state.to_act()[0]
            if seat != CHANCE:
                if depth == self.tree_depth > 0:
                    break
                depth += 1
            if seat == CHANCE:
                outcome = sample_outcome(state.chance_outcomes(), self.rng)
                key: Hashable = (CHANCE, outcome)
                child = node.children.get(key)
                if child is None:
                    child = node.children[key] = Node(self.seats)
                node = child
                state.apply(CHANCE, outcome)
                last = None
            else:
                at_root = node is self.root
                node, expanded, action = self.step(node, state, seat, last)
                last = None if at_root else action
            path.append(node)
        values = self.rollout(state)
        square = values[self.seat] ** 2
        for visited in path:
            visited.visits += 1
            visited.squares += square
            for index, value in enumerate(values):
                visited.totals[index] += value

    def step(self, node: Node, state: Any, seat: int, last: Any) -> tuple[Node, bool, Any]:
        """Apply the tree's choice for ``seat``: an untried action, else the best by UCT.

        ``last``: the tree's action before this one, below the root (``tree_moves``).
        """
        legal = state.legal_actions(seat)
        if node is self.root and seat == self.seat:
            if self.root_actions is not None:
                legal = [action for action in legal if action in self.root_actions] or legal
        else:
            if self.tree_moves is not None:
                legal = self.tree_moves(state, legal, last)
            if self.tree_ranking is not None and len(legal) > 1:
                legal = self.best_few(node, state, seat, legal)
        children = node.children
        untried = [action for action in legal if (seat, action) not in children]
        if untried:
            first = node is self.root and self.prior_action in untried
            action = self.prior_action if first else self.rng.choice(untried)
            child = children[(seat, action)] = Node(self.seats)
            expanded = True
        else:
            action, child = self.select(children, legal, seat)
            expanded = False
        for other in legal:
            sibling = children.get((seat, other))
            if sibling is not None:
                sibling.available += 1
        state.apply(seat, action)
        return child, expanded, action

    def best_few(self, node: Node, state: Any, seat: int, legal: list[Any]) -> list[Any]:
        """The heuristic's best ``--tree-candidates`` of ``legal``, chosen at a node's first visit.

        So the other seats reply, and this seat plays on, as a player would, not
        at random: the rival's best replies are what a move must survive.
        """
        if node.candidates is None:
            assert self.tree_ranking is not None
            scores = self.tree_ranking(state, seat)
            best = sorted(range(len(legal)), key=lambda i: (-scores[i], i))
            node.candidates = frozenset(legal[i] for i in best[: self.tree_candidates])
        return [action for action in legal if action in node.candidates] or legal

    def select(
        self, children: dict[Hashable, Node], legal: Sequence[Any], seat: int
    ) -> tuple[Any, Node]:
        """The legal child with the highest upper confidence bound for ``seat``."""
        c = self.settings.exploration
        best: tuple[float, Any, Node] | None = None
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
                    action = (
                        self.state_greedy.choose(state, seat)
                        if self.state_greedy is not None
                        else self.greedy_action(state, seat, tag)
                    )
                elif self.policy is not None:
                    action = self.policy.choose(state.legal_actions(seat), self.rng)
                else:
                    action = self.rng.choice(state.legal_actions(seat))
                state.apply(seat, action)
        if self.greedy is not None:
            self.greedy.match_ended(self.match_as(tag, 0), [])
        if self.estimate is not None and not state.is_terminal():
            return list(self.estimate.values(state, self.rng))
        outcome = state.outcome()
        if self.lead_scale and len(outcome) > 1:
            scores = [seat.score for seat in outcome]
            return mcts_values.lead_values(scores, self.lead_scale)
        return values(outcome)

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
    def of(cls, node: Node | None, seat: int) -> Evidence:
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
