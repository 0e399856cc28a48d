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
  (bots/*_greedy.py) for a share of the moves, cut off after a number of
  steps (the game's own, short where games are long) and valued by the
  game's estimate (bots/mcts_values.py), or the provisional standings where
  it has none;
- samples: the first ``--samples`` iterations each sample a position; later
  ones start from a clone of one of those (a clone is far cheaper);
- reuse: a search starts from the node of the last search's tree that the
  events since (``decision.events``) lead to, when none was hidden;
- what search cannot judge is the heuristic's, unsearched (``--greedy-menus``):
  a Landover trade (a proposal, and the offer put together after it), whose
  worth shows only when the other seat answers, and a Landover starting
  corner, which the heuristic values by a fit of who wins. Search never plays
  a trade in place of the heuristic's choice either;
- pauses: Python's cycle collector is held off while a decision is searched
  (``without_collector_pauses``): its passes over a big tree outlast a
  short move's margin;
- the greedy bot's own choice (where the game has one) is searched first
  and kept unless search finds better on evidence (a lead of ``--overrule``
  standard errors, from the spread of the values seen): a search too short
  to judge plays no worse than the greedy bot;
- the heuristic: the game's greedy bot, but in Carcassonne, Farlanthia and
  Landover a stronger one (``SEARCH_HEURISTICS``: tuned numbers, and in
  Carcassonne a look at the rival's reply), for the choice searched first,
  the root's candidates and greedy rollouts;
- candidates: at the root, search may be kept to the greedy bot's best few
  actions by its own scores (``--candidates``): among dozens of near-equal
  actions the most visited leads by noise; below the root, to the heuristic's
  best few of every seat (``--tree-candidates``), so a move is judged against
  replies a player would make, not random ones;
- turns: where the order of a turn's moves changes nothing (a Land turn's
  cows), the tree below the root tries each set of them once, in one order
  (``--turn-sets``, bots/mcts_turns.py).
- depth: the tree may stop at a bound (``--tree-depth``): in Land it is the
  root's actions alone, each judged by playing both seats greedy to the end
  and valued by the lead in plots (``--lead-scale``), a step better than
  greedy; a tree below would take the rival for one that searches.

Values are in [0, 1]: a seat's average finishing place (1 first, 0 last;
ties share), blended with a little of its score's place between the lowest
and the highest; in a solo game a win (the title ``won``) is 1 and a loss 0.
With ``--lead-scale`` a game played to its end is valued by each seat's lead
in score instead, so a big win counts for more than a narrow one.

Run: ``referee match land --bot "mcts --exploration 0.5" --bot land-greedy``;
``--help`` lists every option.
"""

from __future__ import annotations

import argparse
import contextlib
import gc
import importlib
import random
import resource
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any, TypeVar

import sdk
from referee.errors import LandgraveError, MalformedAction
from referee.games import get_engine, registered

mcts_search = importlib.import_module("landgrave_bots.mcts_search")
mcts_values = importlib.import_module("landgrave_bots.mcts_values")
Node, Search = mcts_search.Node, mcts_search.Search
Number = TypeVar("Number", int, float)

GREEDY_BOTS = {
    "land": ("land_greedy.py", "LandGreedyBot"),
    "land6": ("land6_heuristic.py", "Land6HeuristicBot"),
    "carcassonne": ("carcassonne_greedy.py", "CarcassonneGreedyBot"),
    "landover": ("landover_greedy.py", "LandoverGreedyBot"),
    "farlanthia": ("farlanthia_greedy.py", "FarlanthiaGreedyBot"),
}
"""Per game, the heuristic bot (file in bots/, installed in landgrave_bots; class)."""
SEARCH_HEURISTICS = {
    "land": ("land_tuned.py", "LandTunedBot"),
    "carcassonne": ("carcassonne_lookahead.py", "CarcassonneLookaheadBot"),
    "farlanthia": ("farlanthia_tuned.py", "FarlanthiaTunedBot"),
    "landover": ("landover_tuned.py", "LandoverTunedBot"),
}
"""Per game, a stronger heuristic bot (file, class) that search asks instead of the greedy
bot. Carcassonne's plays by tuned weights and looks at the rival's best reply to its best
few placements: 0.627 against the greedy bot in 200 games; Farlanthia's is the greedy bot
with tuned numbers, and so is Landover's, which also picks its starting corners by a fit of
who wins (BENCHMARKS.md)."""
ROOT_CANDIDATES: dict[str, int] = {"carcassonne": 3}
"""Per game, the greedy bot's best actions searched at the root (``--candidates``); else all.
Carcassonne's 3: 0.525 against greedy at 1,200 iterations, 0.275 with all (BENCHMARKS.md)."""
TREE_CANDIDATES: dict[str, int] = {"carcassonne": 1}
"""Per game, the heuristic's best actions tried below the root (``--tree-candidates``); else
all. Carcassonne's 1: with every reply tried, search judged placements against a rival
that replies at random, and its overrules of the heuristic lost games (BENCHMARKS.md)."""
TREE_DEPTH: dict[str, int] = {"land": 1}
"""Per game, the decisions an iteration walks down the tree before its rollout
(``--tree-depth``); else no bound. Land's 1: each root action is judged by greedy
playouts to the end (``LandPlayout`` in bots/mcts_values.py), exact once both seats hold
land, which is a step better than greedy; a tree below would judge the rival's replies
by the same playouts, as a rival that searches, and greedy does not."""
LEAD_SCALE: dict[str, float] = {"land": mcts_values.LAND_LEAD_SCALE}
"""Per game, the lead in score worth three wins in four at a game's end (``--lead-scale``);
else the end is valued by places. Land's is its playouts' scale, so that an iteration
that reaches the end is judged as one that stops short of it."""
OVERRULE: dict[str, float] = {"farlanthia": 3.0}
"""Per game, the lead in standard errors by which search overrules its heuristic
(``--overrule``); else 1. Farlanthia's 3: at 1, search played other than its tuned
heuristic at a fifth to a quarter of its decisions (most often a move or a tile to reveal among
dozens, where the best of many noisy means leads by chance) and scored 0.667 against
greedy in 51 games at 1 s, where the heuristic alone scores 0.845; judged one by one
(bench/overrules.py), those overrules lost 0.025 points a game each (BENCHMARKS.md)."""
BANK_SHARE = 0.05
"""The part of the bank one decision may spend, beyond its own time."""
GREEDY_KINDS = {
    "landover": frozenset(
        {"propose_trade", "trade_give", "trade_ask", "send_offer", "cancel_trade"}
    ),
}
"""Per game, the kinds of action (as in the protocol's Action) search cannot judge: where
the heuristic chooses one, the decision is the heuristic's, unsearched, and search never
plays one in its place (``--greedy-menus``). A Landover trade with the other seat (a
proposal, then the offer's give, ask, send or cancel) is worth something only plies
later, when the other seat answers: rollouts never trade, and the tree puts offers
together at random, so search valued a proposal by random offers and passed where the
heuristic proposed (one decision in five that it proposed, at half a second a move)."""
GREEDY_MENUS = {"landover": frozenset({"build_village", "build_city"})}
"""Per game, the menus search cannot judge: a decision whose every legal action is of these
kinds is the heuristic's, unsearched (``--greedy-menus``). A Landover menu of buildings
alone is a starting corner (in the main phase a turn can always end): the heuristic values
a start by a fit of who wins (``OPENING_FIT`` in bots/landover_greedy.py), which knows what
the estimate's pips do not, and a second's search overruled it at 5 of 16 starting corners."""


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
    overruled: int = 0
    """Searched decisions at which the bot played other than its heuristic's choice."""


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
        self.trees: dict[str, Node] = {}
        """Per match, the root of the last search, to start the next one from (``--reuse``)."""

    def match_started(self, match: sdk.MatchInfo) -> None:
        """Load the game's engine and greedy bot if ``warmed_up`` did not (in-process play)."""
        # Without the engine here, decisions play without search.
        with contextlib.suppress(LandgraveError):
            get_engine(match.game)
        self.greedy_bot(match.game, always=True)

    def match_ended(self, match: sdk.MatchInfo, results: list[Any]) -> None:
        self.trees.pop(match.match_id, None)
        # Off the clock: what the searches left frozen is looked at for cycles once.
        gc.unfreeze()
        gc.collect()
        greedy = self.greedy.get(match.game)
        if greedy is not None:
            greedy.match_ended(match, results)

    def decide(self, decision: sdk.Decision) -> int:
        deadline = time.monotonic() + self.budget(decision)
        if len(decision.legal_actions) == 1:
            return self.unsearched(decision, 0)
        game = decision.match.game
        leaves_some = game in GREEDY_KINDS or game in GREEDY_MENUS
        asked = self.settings.prior or (self.settings.greedy_menus and leaves_some)
        choice = self.greedy_choice(decision) if asked else None
        if choice is not None and self.beyond_search(decision, choice):
            return self.unsearched(decision, choice)
        with without_collector_pauses():
            return self.search(decision, deadline, choice if self.settings.prior else None)

    def unsearched(self, decision: sdk.Decision, choice: int) -> int:
        # The next decision's events start here, not at the last search's root.
        self.trees.pop(decision.match.match_id, None)
        return choice

    def beyond_search(self, decision: sdk.Decision, heuristic_choice: int) -> bool:
        """Whether the decision is the heuristic's: a menu or a choice search cannot judge
        (``GREEDY_MENUS``, ``GREEDY_KINDS``)."""
        if not self.settings.greedy_menus:
            return False
        game = decision.match.game
        kinds = [action.WhichOneof("kind") for action in decision.legal_actions]
        unjudged = GREEDY_KINDS.get(game, frozenset())
        menu = GREEDY_MENUS.get(game, frozenset())
        return kinds[heuristic_choice] in unjudged or all(kind in menu for kind in kinds)

    def search(self, decision: sdk.Decision, deadline: float, prior: int | None) -> int:
        """The search's choice, or the greedy bot's where the game has no forward model."""
        try:
            model = decision.forward_model()
        except sdk.NoForwardModel:
            return self.without_search(decision)
        candidates = self.root_candidates(decision, prior)
        started = time.process_time()
        root = self.reused_root(decision, model) if self.settings.reuse else None
        search = Search(self, model, decision.match.seat, deadline)
        try:
            choice = search.run(prior, root, candidates)
        except sdk.NoForwardModel:
            return self.without_search(decision) if prior is None else prior
        else:
            self.statistics.overruled += prior is not None and choice != prior
            return choice
        finally:
            if search.root is not None:
                self.trees[decision.match.match_id] = search.root
            self.statistics.decisions += 1
            self.statistics.iterations += self.last_iterations
            self.statistics.reused_visits += search.reused_visits
            self.statistics.cpu_seconds += time.process_time() - started

    def reused_root(self, decision: sdk.Decision, model: sdk.ForwardModel) -> Node | None:
        """The node of the last search's tree that this decision's events lead to, if any.

        The events since the last decision (this seat's own step among them)
        are the path down the tree. A step hidden from this seat, or one the
        tree never tried, ends the reuse: the search starts afresh. So does a
        decision without events: the referee always sends the seat's own last
        step, so none means the events are not known (a bench asking from engine
        states), and the last root would be taken for this position.
        """
        node = self.trees.pop(decision.match.match_id, None)
        if not decision.events:
            return None
        for event in decision.events:
            if node is None or event.hidden:
                return None
            try:
                action = model.from_proto(event.action)
            except MalformedAction:  # an event we cannot read: start afresh
                return None
            node = node.children.get((event.seat, action))
        return node

    def root_candidates(self, decision: sdk.Decision, prior: int | None) -> list[int] | None:
        """The actions searched at the root: the greedy bot's best ``--candidates`` of those
        search can judge (``GREEDY_KINDS``), or None (all).

        Among dozens of actions whose values differ by less than their noise,
        the most visited one leads by chance; among the greedy bot's few best,
        search judges moves that are worth judging. The greedy choice is always
        one of them.
        """
        game = decision.match.game
        unjudged = GREEDY_KINDS.get(game, frozenset()) if self.settings.greedy_menus else ()
        kinds = [action.WhichOneof("kind") for action in decision.legal_actions]
        judged = [i for i, kind in enumerate(kinds) if kind not in unjudged]
        k = self.settings.candidates
        if k is None:
            k = ROOT_CANDIDATES.get(game, 0)
        greedy = self.greedy_bot(game, always=True)
        ranking = getattr(greedy, "action_scores", None)
        if 0 < k < len(judged) and ranking is not None:
            scores = ranking(decision)
            judged = sorted(judged, key=lambda i: (-scores[i], i))[:k]
            if prior is not None and prior not in judged:
                judged.append(prior)
        elif len(judged) == len(kinds) or not judged:
            return None  # all of them
        return judged

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

    def tree_candidates(self, game: str) -> int:
        """The heuristic's best actions tried below the root: ``--tree-candidates``, else the
        game's own (``TREE_CANDIDATES``), else 0 (all)."""
        k = self.settings.tree_candidates
        return TREE_CANDIDATES.get(game, 0) if k is None else k

    def tree_depth(self, game: str) -> int:
        """The decisions an iteration walks down the tree: ``--tree-depth``, else the game's
        own (``TREE_DEPTH``), else 0 (no bound)."""
        depth = self.settings.tree_depth
        return TREE_DEPTH.get(game, 0) if depth is None else depth

    def lead_scale(self, game: str) -> float:
        """The lead that values a game's end: ``--lead-scale``, else the game's own
        (``LEAD_SCALE``), else 0 (by places)."""
        scale = self.settings.lead_scale
        return LEAD_SCALE.get(game, 0.0) if scale is None else scale

    def overrule(self, game: str) -> float:
        """The lead that overrules the heuristic: ``--overrule``, else the game's own, else 1."""
        z = self.settings.overrule
        return OVERRULE.get(game, 1.0) if z is None else float(z)

    def greedy_bot(self, game: str, always: bool = False) -> Any | None:
        """The game's heuristic bot for rollouts (or ``always``), loaded once; None without one."""
        if game not in GREEDY_BOTS or not (always or self.settings.rollout == "greedy"):
            return None
        if game not in self.greedy:
            self.greedy[game] = heuristic_class(game)()
        return self.greedy[game]


def heuristic_class(game: str, searched: bool = True) -> Any:
    """The class of the game's heuristic bot: the one search asks (``SEARCH_HEURISTICS``),
    else, or with ``searched`` false, the greedy bot (``GREEDY_BOTS``)."""
    table = SEARCH_HEURISTICS if searched else {}
    filename, class_name = table.get(game, GREEDY_BOTS[game])
    module = importlib.import_module(f"landgrave_bots.{filename.removesuffix('.py')}")
    return getattr(module, class_name)


FROZEN_LIMIT_KB = 1_000_000
"""Peak memory past which nothing more is frozen: the collector is let back to it all."""


@contextlib.contextmanager
def without_collector_pauses() -> Iterator[None]:
    """No pass of Python's cycle collector during a search.

    A search makes tens of thousands of nodes and states, and a collector pass
    over them took 50 ms in a Farlanthia game at 200 ms a move: a pause the
    clock checks between steps cannot see coming, longer than a short move's
    margin. The tree holds no cycles (nodes know only their children), so
    reference counting frees what a search drops; what is left afterwards is
    frozen, never scanned again in this match, and ``match_ended`` unfreezes
    and collects it once, off the clock. A game whose states do make cycles
    would grow the frozen heap with garbage: past ``FROZEN_LIMIT_KB`` of peak
    memory the collector takes it back, pauses and all.
    """
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        # Past the limit (a game that leaves cycles), the collector takes everything back.
        # (Peak memory, not gc.get_freeze_count(): that walks every frozen object.)
        if resource.getrusage(resource.RUSAGE_SELF).ru_maxrss > FROZEN_LIMIT_KB:
            gc.unfreeze()
        else:
            gc.freeze()
        if enabled:
            gc.enable()


def parse_settings(argv: list[str]) -> argparse.Namespace:
    """The bot's options; arguments it does not know (the SDK's) are left alone."""
    settings, _ = settings_parser().parse_known_args(argv)
    return settings


def options_error(argv: list[str]) -> str | None:
    """What is wrong with ``argv`` as the bot's options alone (as a bench passes them),
    or None: an option it does not take, or a value it cannot read. The bot itself
    leaves unknown arguments to the SDK, so a misspelt option would pass unseen."""
    try:
        _, unknown = settings_parser(exit_on_error=False).parse_known_args(argv)
    except argparse.ArgumentError as error:
        return str(error)
    return f"not an option of the MCTS bot: {' '.join(unknown)}" if unknown else None


def at_least_zero(convert: Callable[[str], Number]) -> Callable[[str], Number]:
    """An option's reader: ``convert``'s, refusing a number below 0 in one line."""

    def read(text: str) -> Number:
        number = convert(text)
        if number < 0:
            raise argparse.ArgumentTypeError(f"{number} is below 0")
        return number

    read.__name__ = convert.__name__  # argparse names it in "invalid int value"
    return read


def settings_parser(exit_on_error: bool = True) -> argparse.ArgumentParser:
    """The parser of the bot's options (``--help`` lists them)."""
    parser = argparse.ArgumentParser(description="Landgrave MCTS bot", exit_on_error=exit_on_error)
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
        "--exploration",
        type=float,
        default=0.3,
        help="the UCT exploration constant (values lie in [0, 1] and spread about 0.1 to 0.2)",
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
        default=None,
        help="rollout steps before the position is judged, 0 for none (default: the game's "
        "own number, bots/mcts_values.py, else 200)",
    )
    parser.add_argument(
        "--estimate",
        action=argparse.BooleanOptionalAction,
        default=True,
        help="judge a cut rollout by the game's points estimate (bots/mcts_values.py) "
        "rather than its provisional standings",
    )
    parser.add_argument(
        "--lead-scale",
        type=at_least_zero(float),
        default=None,
        help="value a game played to its end by each seat's score lead, a lead of this many "
        "points winning three in four, rather than by its places (0: by places; default: "
        "the game's own, LEAD_SCALE in bots/mcts_bot.py), so search tells a big win from a "
        "small one",
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
        default=None,
        help="standard errors by which search must lead the greedy choice to overrule it "
        "(default: the game's own, OVERRULE in bots/mcts_bot.py, else 1)",
    )
    parser.add_argument(
        "--candidates",
        type=int,
        default=None,
        help="search only the greedy bot's best K actions at the root (0: all; "
        "default: the game's own, ROOT_CANDIDATES in bots/mcts_bot.py)",
    )
    parser.add_argument(
        "--tree-candidates",
        type=int,
        default=None,
        help="below the root, try only the heuristic's best K actions of each seat "
        "(0: all; only where the heuristic scores engine states, as Carcassonne's does; "
        "default: the game's own, TREE_CANDIDATES in bots/mcts_bot.py)",
    )
    parser.add_argument(
        "--tree-depth",
        type=at_least_zero(int),
        default=None,
        help="the decisions an iteration walks down the tree before its rollout, 1 for the "
        "root's alone (0: no bound; default: the game's own, TREE_DEPTH in bots/mcts_bot.py)",
    )
    parser.add_argument(
        "--turn-sets",
        action=argparse.BooleanOptionalAction,
        default=True,
        help="below the root, try each set of a turn's placements in one order only, and "
        "no early end of a turn while one is legal, where the order does not matter "
        "(Land: bots/mcts_turns.py)",
    )
    parser.add_argument(
        "--greedy-menus",
        action=argparse.BooleanOptionalAction,
        default=True,
        help="leave the menus and actions search cannot judge (GREEDY_MENUS and GREEDY_KINDS "
        "in bots/mcts_bot.py, such as a Landover trade) to the game's heuristic bot",
    )
    parser.add_argument(
        "--reuse",
        action=argparse.BooleanOptionalAction,
        default=True,
        help="start a search from the last one's subtree that the events since lead to",
    )
    parser.add_argument("--seed", type=int, default=None, help="seed of the search's randomness")
    return parser


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
