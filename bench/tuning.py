"""Do other numbers make a greedy bot play better? Land's, Farlanthia's and Landover's.

Usage::

    python bench/tuning.py GAME KEY=VALUE ... [--tuned] [--base KEY=VALUE ...]
        [--games 100] [--first-seed 0] [--jobs 2] [--gain] [--config KEY=VALUE ...]

A greedy bot (bots/land_greedy.py, bots/farlanthia_greedy.py,
bots/landover_greedy.py) plays by a handful of guessed numbers (its
``Weights``). This plays it with the given numbers (the rest its own, or
with ``--tuned`` its ``TUNED``) against itself with ``--base`` numbers
(default: its own), on the engine's states in one process per job, asked as
the referee would ask it (bench/state_duels.py). Each seed is played twice,
seats swapped, with the same luck. It prints the candidate's points a game
(a win 1, a shared first place 1/2) with its 95% interval, and its mean
final margin in the game's score with one. With ``--gain`` the base also
plays each seed against itself, and the candidate's margin is compared with
the base's own from the same seat and seed: where luck decides much (Land)
that gain's interval is far narrower. ``--config`` changes the game's
options as the referee's does (Farlanthia's ``--config years=1 --config
map_radius=4`` plays four seasons on 61 tiles).
Carcassonne has its own: bench/carcassonne_tuning.py.
"""

from __future__ import annotations

import argparse
import functools
import importlib
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench import state_duels, worker_pool  # noqa: E402
from referee.errors import LandgraveError  # noqa: E402

GREEDY_BOTS = {
    "land": ("land_greedy", "LandGreedyBot"),
    "farlanthia": ("farlanthia_greedy", "FarlanthiaGreedyBot"),
    "landover": ("landover_greedy", "LandoverGreedyBot"),
}
"""The games whose greedy bot takes its numbers: module in landgrave_bots, class."""


def bot_module(game: str) -> Any:
    return importlib.import_module(f"landgrave_bots.{GREEDY_BOTS[game][0]}")


def player(game: str, weights: Any) -> state_duels.DecisionPlayer:
    """The game's greedy bot with these numbers, as a seat's player."""
    bot_class = getattr(bot_module(game), GREEDY_BOTS[game][1])
    return state_duels.DecisionPlayer(functools.partial(bot_class, weights))


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", help=f"one of: {', '.join(GREEDY_BOTS)}")
    parser.add_argument("weights", nargs="*", help="the candidate's numbers, KEY=VALUE")
    parser.add_argument("--tuned", action="store_true", help="the candidate starts from TUNED")
    parser.add_argument("--base", nargs="*", default=[], help="the opponent's numbers")
    parser.add_argument("--games", type=int, default=100, help="seeds, each played twice")
    parser.add_argument("--first-seed", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument(
        "--gain",
        action="store_true",
        help="also play the base against itself on each seed and print the candidate's gain "
        "on the base's own margin from the same seat, with the same luck",
    )
    parser.add_argument(
        "--config",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="a game option, as the referee takes it (repeat it)",
    )
    args = parser.parse_intermixed_args(argv)  # numbers may follow the flags
    if args.game not in GREEDY_BOTS:
        state_duels.refuse(
            "tuning", f"no numbers to tune for {args.game!r}; games: {', '.join(GREEDY_BOTS)}"
        )
    if args.games < 1 or args.jobs < 1:
        state_duels.refuse("tuning", "--games and --jobs must be at least 1")
    numbers = bot_module(args.game)
    start = numbers.TUNED if args.tuned else numbers.WEIGHTS
    game = state_duels.Game(args.game, tuple(args.config))
    try:
        candidate = player(args.game, state_duels.weights_of(args.weights, start))
        base = player(args.game, state_duels.weights_of(args.base, numbers.WEIGHTS))
        game.start(2)
    except (ValueError, LandgraveError) as error:
        state_duels.refuse("tuning", str(error))
    seeds = range(args.first_seed, args.first_seed + args.games)
    with worker_pool.stops_in_one_line("tuning"):
        standing = state_duels.duels(game, seeds, base, candidate, args.jobs, gain=args.gain)
    name = " ".join([*(["tuned"] if args.tuned else []), *args.weights])
    print(f"{name or 'own numbers'} vs {' '.join(args.base) or 'own'}: {standing.summary()}")


if __name__ == "__main__":
    main()
