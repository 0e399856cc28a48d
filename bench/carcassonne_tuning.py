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
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench import state_duels, worker_pool  # noqa: E402

greedy = importlib.import_module("landgrave_bots.carcassonne_greedy")
lookahead = importlib.import_module("landgrave_bots.carcassonne_lookahead")


class Player:
    """Who plays a seat: weights, and whether the lookahead bot plays them (picklable)."""

    def __init__(self, weights: Any, looks_ahead: bool = False) -> None:
        self.weights = weights
        self.looks_ahead = looks_ahead

    def fresh(self, game: state_duels.Game, seat: int, players: int) -> Any:
        if self.looks_ahead:
            return lookahead.LookaheadStatePlayer(self.weights)
        return greedy.StatePlayer(self.weights)


CARCASSONNE = state_duels.Game("carcassonne")


def duel(seed: int, base: Player, candidate: Player) -> list[tuple[float, float]]:
    """The candidate's points and margin in the seed's two games (seats swapped)."""
    return state_duels.duel(CARCASSONNE, seed, base, candidate)


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
        state_duels.refuse("carcassonne_tuning", "--games and --jobs must be at least 1")
    start = greedy.TUNED if args.tuned else greedy.WEIGHTS
    try:
        candidate = Player(state_duels.weights_of(args.weights, start), args.lookahead)
        base = Player(state_duels.weights_of(args.base, greedy.WEIGHTS))
    except ValueError as error:
        state_duels.refuse("carcassonne_tuning", str(error))
    seeds = range(args.first_seed, args.first_seed + args.games)
    with worker_pool.stops_in_one_line("carcassonne_tuning"):
        standing = state_duels.duels(CARCASSONNE, seeds, base, candidate, args.jobs)
    flags = [flag for flag, on in (("lookahead", args.lookahead), ("tuned", args.tuned)) if on]
    name = " ".join([*flags, *args.weights])
    print(f"{name or 'own weights'} vs {' '.join(args.base) or 'own'}: {standing.summary()}")


if __name__ == "__main__":
    main()
