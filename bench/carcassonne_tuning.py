"""Carcassonne: does another set of weights make the greedy bot's estimate play better?

Usage::

    python bench/carcassonne_tuning.py follower=0.25 follower_pile=1.5 [--games 200]
        [--base KEY=VALUE ...] [--jobs 2] [--first-seed 0] [--tuned] [--lookahead]

The greedy bot's choices come from a points estimate whose numbers are
guesses (``Weights`` in bots/carcassonne_greedy.py). This plays the greedy
bot with the given weights (the rest its own) against the greedy bot with
``--base`` weights (default: its own), straight on the engine's states
(``StatePlayer``: no referee, no observations; a game takes about a tenth of
a second). Each seed is played twice, seats swapped, with the same draws, so
the luck of the pile falls on both sides. It prints the candidate's points a
game (a win 1, a shared first place 1/2) with its 95% interval, and its mean
final margin with one. ``--tuned`` starts the candidate from the tuned
weights (``TUNED``) instead of the bot's own; ``--lookahead`` makes it the
lookahead bot (bots/carcassonne_lookahead.py, ``LookaheadStatePlayer``),
which takes about twenty times as long a game.
"""

from __future__ import annotations

import argparse
import importlib
import math
import random
import statistics
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any, NoReturn

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.sparring_results import Z95, wilson  # noqa: E402
from referee.engine import CHANCE  # noqa: E402
from referee.games.carcassonne import ENGINE  # noqa: E402
from referee.match.chance import sample_outcome  # noqa: E402

greedy = importlib.import_module("landgrave_bots.carcassonne_greedy")
lookahead = importlib.import_module("landgrave_bots.carcassonne_lookahead")


class Player:
    """Who plays a seat: weights, and whether the lookahead bot plays them (picklable)."""

    def __init__(self, weights: Any, looks_ahead: bool = False) -> None:
        self.weights = weights
        self.looks_ahead = looks_ahead

    def fresh(self) -> Any:
        if self.looks_ahead:
            return lookahead.LookaheadStatePlayer(self.weights)
        return greedy.StatePlayer(self.weights)


def play(seed: int, seats: tuple[Player, Player]) -> list[int]:
    """The final scores of one game, seat ``i`` played by ``seats[i]``."""
    rng = random.Random(seed)
    state = ENGINE.new_game(ENGINE.default_config(), 2)
    players = [seat.fresh() for seat in seats]
    while not state.is_terminal():
        seat = state.to_act()[0]
        if seat == CHANCE:
            state.apply(CHANCE, sample_outcome(state.chance_outcomes(), rng))
        else:
            state.apply(seat, players[seat].choose(state, seat))
    return [score.total for score in state.scores]


def duel(seed: int, base: Player, candidate: Player) -> list[tuple[float, int]]:
    """The candidate's points and margin in the seed's two games (seats swapped)."""
    results = []
    for seat in (0, 1):
        scores = play(seed, (candidate, base) if seat == 0 else (base, candidate))
        mine, theirs = scores[seat], scores[1 - seat]
        points = 1.0 if mine > theirs else 0.5 if mine == theirs else 0.0
        results.append((points, mine - theirs))
    return results


def weights_of(pairs: list[str], start: Any) -> Any:
    """Weights from KEY=VALUE texts, the rest ``start``'s; a bad one exits in a line."""
    known = greedy.Weights._fields
    values: dict[str, float] = {}
    for pair in pairs:
        key, sep, text = pair.partition("=")
        if not sep or key not in known:
            refuse(f"{pair!r} is not KEY=VALUE with KEY one of: {', '.join(known)}")
        try:
            values[key] = float(text)
        except ValueError:
            refuse(f"{pair!r}: {text!r} is not a number")
    return start._replace(**values)


def refuse(message: str) -> NoReturn:
    print(f"carcassonne_tuning: {message}", file=sys.stderr)
    sys.exit(2)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("weights", nargs="*", help="the candidate's weights, KEY=VALUE")
    parser.add_argument("--base", nargs="*", default=[], help="the opponent's weights")
    parser.add_argument("--games", type=int, default=200, help="seeds, each played twice")
    parser.add_argument("--first-seed", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--tuned", action="store_true", help="the candidate starts from TUNED")
    parser.add_argument(
        "--lookahead", action="store_true", help="the candidate is the lookahead bot"
    )
    args = parser.parse_args(argv)
    if args.games < 1 or args.jobs < 1:
        refuse("--games and --jobs must be at least 1")
    start = greedy.TUNED if args.tuned else greedy.WEIGHTS
    candidate = Player(weights_of(args.weights, start), args.lookahead)
    base = Player(weights_of(args.base, greedy.WEIGHTS))
    seeds = range(args.first_seed, args.first_seed + args.games)
    with ProcessPoolExecutor(args.jobs) as pool:
        pairs = list(pool.map(duel, seeds, [base] * len(seeds), [candidate] * len(seeds)))
    games = [game for pair in pairs for game in pair]
    points = sum(p for p, _ in games)
    low, high = wilson(points, len(games))
    margins = [m for _, m in games]
    spread = Z95 * statistics.stdev(margins) / math.sqrt(len(margins))
    mean = statistics.mean(margins)
    flags = [flag for flag, on in (("lookahead", args.lookahead), ("tuned", args.tuned)) if on]
    name = " ".join([*flags, *args.weights])
    print(
        f"{name or 'own weights'} vs {' '.join(args.base) or 'own'}: "
        f"{points / len(games):.3f} [{low:.3f}, {high:.3f}] in {len(games)} games, "
        f"margin {mean:+.1f} [{mean - spread:+.1f}, {mean + spread:+.1f}]"
    )


if __name__ == "__main__":
    main()
