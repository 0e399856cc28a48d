"""Do the MCTS bot's overrules of its heuristic win? Each is judged by playing both choices on.

Usage::

    python bench/overrules.py --game landover [--iterations 300] [--continuations 60]
        [--decisions 300] [--first-seed 100] [--mcts-args "--overrule 1"]

The heuristic the MCTS bot searches around (``SEARCH_HEURISTICS`` in
bots/mcts_bot.py, else the game's greedy bot) plays seat 0 of 2-player
games on the engine's states against the greedy bot. At each of seat 0's
decisions the MCTS bot searches too (a fixed number of iterations, every
search fresh), and where it would play other than the heuristic, both
choices are played on to the game's end ``--continuations`` times, the
heuristic on against greedy, each pair of continuations with the same
chance. The game itself goes on by the heuristic's choice.

It prints each overrule as it is judged; then, by the kinds of the two
choices, how many there were and the points search's choice won or lost
against the heuristic's; then the mean over all of them with a 95%
interval. Overrules that lose on average are the bot's to give up: a higher
bar (``OVERRULE``) or a kind left to the heuristic (``GREEDY_KINDS``).
"""

from __future__ import annotations

import argparse
import importlib
import math
import random
import shlex
import statistics
import sys
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import sdk  # noqa: E402
from bench import state_duels  # noqa: E402
from bench.sparring_results import Z95  # noqa: E402
from referee.engine import CHANCE  # noqa: E402
from referee.match.chance import sample_outcome  # noqa: E402

mcts_bot = importlib.import_module("landgrave_bots.mcts_bot")
GAMES = ("land", "carcassonne", "landover", "farlanthia")
"""The multiplayer games with a heuristic bot to search around."""
SEEDS_APART = 1000
"""How far apart the chance seeds of two overrules' continuations start (their most)."""


@dataclass(frozen=True)
class Overrule:
    """One decision at which search played other than the heuristic, and both played on."""

    heuristic_kind: str
    search_kind: str
    heuristic_points: float
    """The heuristic's points a game (a win 1, a shared first place 1/2) after its choice."""
    search_points: float

    @property
    def gain(self) -> float:
        return self.search_points - self.heuristic_points


class Judge:
    """Plays positions on to the end: the heuristic in seat 0, the greedy bot in seat 1."""

    def __init__(self, game: state_duels.Game) -> None:
        self.game = game
        self.players = [
            state_duels.DecisionPlayer(mcts_bot.heuristic_class(game.name)),
            state_duels.DecisionPlayer(mcts_bot.heuristic_class(game.name, searched=False)),
        ]

    def points_after(self, state: Any, action: Any, seeds: range) -> float:
        """Seat 0's mean points over games played on from ``state`` after ``action``."""
        total = 0.0
        for seed in seeds:
            position = state.clone()
            position.apply(0, action)
            outcome = state_duels.play_on(self.game, position, self.players, random.Random(seed))
            total += state_duels.points(outcome, 0)
        return total / len(seeds)


def overrules(game: state_duels.Game, args: argparse.Namespace, judge: Judge) -> list[Overrule]:
    """Seat 0's decisions of games from ``--first-seed`` on, until ``--decisions`` were searched."""
    engine = state_duels.get_engine(game.name)
    found: list[Overrule] = []
    searched = 0
    seed = args.first_seed
    settings = ["--iterations", str(args.iterations), "--no-reuse", *shlex.split(args.mcts_args)]
    while searched < args.decisions:
        rng = random.Random(seed)
        state = game.start(2)
        heuristic = judge.players[0].fresh(game, 0, 2)
        greedy = judge.players[1].fresh(game, 1, 2)
        bot = mcts_bot.MctsBot(mcts_bot.parse_settings([*settings, "--seed", str(seed)]))
        match = sdk.MatchInfo(f"overrules-{seed}", game.name, 0, 2, game.config())
        bot.match_started(match)
        while not state.is_terminal() and searched < args.decisions:
            for seat in state.to_act():
                if seat == CHANCE:
                    state.apply(CHANCE, sample_outcome(state.chance_outcomes(), rng))
                    continue
                legal = state.legal_actions(seat)
                if seat == 1 or len(legal) == 1:
                    state.apply(seat, greedy.choose(state, seat) if seat else legal[0])
                    continue
                decision = state_duels.decision(engine, match, state, legal, seconds_left=600.0)
                kept = legal.index(heuristic.choose(state, seat))
                before = bot.statistics.decisions
                chosen = bot.decide(decision)
                searched += bot.statistics.decisions - before
                if chosen != kept:
                    first = len(found) * SEEDS_APART
                    seeds = range(first, first + args.continuations)
                    kinds = [action.WhichOneof("kind") for action in decision.legal_actions]
                    judged = Overrule(
                        kinds[kept],
                        kinds[chosen],
                        judge.points_after(state, legal[kept], seeds),
                        judge.points_after(state, legal[chosen], seeds),
                    )
                    found.append(judged)
                    print(
                        f"  {judged.heuristic_kind} -> {judged.search_kind}: "
                        f"{judged.heuristic_points:.3f} -> {judged.search_points:.3f}",
                        flush=True,
                    )
                state.apply(seat, legal[kept])
        seed += 1
    print(f"{searched} decisions searched, {len(found)} overruled")
    return found


def report(found: list[Overrule]) -> None:
    by_kinds: dict[tuple[str, str], list[float]] = defaultdict(list)
    for overrule in found:
        by_kinds[(overrule.heuristic_kind, overrule.search_kind)].append(overrule.gain)
    print(f"{'heuristic -> search':<40} {'overrules':>9} {'points won':>10}")
    for (kept, chosen), gains in sorted(by_kinds.items(), key=lambda item: -len(item[1])):
        print(f"{kept + ' -> ' + chosen:<40} {len(gains):>9} {statistics.fmean(gains):>+10.3f}")
    gains = [overrule.gain for overrule in found]
    if not gains:
        return
    mean = statistics.fmean(gains)
    spread = Z95 * statistics.stdev(gains) / math.sqrt(len(gains)) if gains[1:] else math.inf
    better = sum(gain > 0 for gain in gains)
    worse = sum(gain < 0 for gain in gains)
    print(
        f"search's choice against the heuristic's: {mean:+.3f} points a game "
        f"[{mean - spread:+.3f}, {mean + spread:+.3f}]; better {better}, worse {worse}"
    )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=GAMES, required=True)
    parser.add_argument("--iterations", type=int, default=300, help="per search")
    parser.add_argument(
        "--continuations", type=int, default=60, help="games played on after each choice"
    )
    parser.add_argument("--decisions", type=int, default=300, help="seat 0's decisions searched")
    parser.add_argument("--first-seed", type=int, default=100)
    parser.add_argument("--mcts-args", default="", help='the MCTS bot\'s options ("--overrule 1")')
    args = parser.parse_args(argv)
    for name in ("iterations", "continuations", "decisions"):
        if getattr(args, name) < 1:
            state_duels.refuse("overrules", f"--{name} must be at least 1")
    if args.continuations > SEEDS_APART:
        state_duels.refuse("overrules", f"--continuations must be at most {SEEDS_APART}")
    game = state_duels.Game(args.game)
    report(overrules(game, args, Judge(game)))


if __name__ == "__main__":
    main()
