"""Farlanthia: do other numbers make the greedy bot play better?

Usage::

    python bench/farlanthia_tuning.py guard=5 threat=1 [--base KEY=VALUE ...]
        [--games 100] [--first-seed 0] [--jobs 2] [--config years=1 ...]

The greedy bot (bots/farlanthia_greedy.py) plays by a handful of guessed
numbers (``Weights``). This plays it with the given numbers (the rest its
own) against itself with ``--base`` numbers (default: its own), on the
engine's states in one process per job, asked as the referee would ask it.
Each seed is played twice, seats swapped, with the same luck (dice, draws,
cards). It prints the candidate's points a game (a win 1, a shared first
place 1/2) with its 95% interval, and its mean final margin (the game's
score: renown x 100 + valor + honor) with one. ``--config`` changes the
game's options as the referee's does (``--config years=1 --config
map_radius=4`` plays a game of four seasons on 61 tiles).
"""

from __future__ import annotations

import argparse
import functools
import importlib
import sys
from pathlib import Path
from typing import NoReturn

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench import state_duels  # noqa: E402
from referee.errors import LandgraveError  # noqa: E402

greedy = importlib.import_module("landgrave_bots.farlanthia_greedy")


def player(weights: object) -> state_duels.DecisionPlayer:
    """The greedy bot with these numbers, as a seat's player."""
    return state_duels.DecisionPlayer(functools.partial(greedy.FarlanthiaGreedyBot, weights))


def refuse(message: str) -> NoReturn:
    print(f"farlanthia_tuning: {message}", file=sys.stderr)
    sys.exit(2)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("weights", nargs="*", help="the candidate's numbers, KEY=VALUE")
    parser.add_argument("--base", nargs="*", default=[], help="the opponent's numbers")
    parser.add_argument("--games", type=int, default=100, help="seeds, each played twice")
    parser.add_argument("--first-seed", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument(
        "--config",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="a game option, as the referee takes it (repeat it)",
    )
    args = parser.parse_args(argv)
    if args.games < 1 or args.jobs < 1:
        refuse("--games and --jobs must be at least 1")
    game = state_duels.Game("farlanthia", tuple(args.config))
    try:
        candidate = player(state_duels.weights_of(args.weights, greedy.WEIGHTS))
        base = player(state_duels.weights_of(args.base, greedy.WEIGHTS))
        game.start(2)
    except (ValueError, LandgraveError) as error:
        refuse(str(error))
    seeds = range(args.first_seed, args.first_seed + args.games)
    standing = state_duels.duels(game, seeds, base, candidate, args.jobs)
    print(
        f"{' '.join(args.weights) or 'own numbers'} vs {' '.join(args.base) or 'own'}: "
        f"{standing.summary()}"
    )


if __name__ == "__main__":
    main()
