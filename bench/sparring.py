"""Sparring: the random, greedy and MCTS bots against each other in every game.

Usage::

    python bench/sparring.py [--game land ...] [--games 200] [--move-time 1.0]
                             [--jobs 2] [--mcts-args "--exploration 0.7"]

For each multiplayer game, a 2-player round robin: every pair of the three
bots plays ``--games`` games (seed ``i``, seats swapped on odd seeds), and
the standings give each bot's points per game (a win 1, a tie 1/2) with a
95% confidence interval, then each pairing's score. For LAND 6 (solo), each
bot's win rate on every difficulty, with its interval. The figures of issue
11 need ``--games 200 --move-time 1``: hours of CPU (run it with ``--jobs``
up to the cores of a quiet machine; more jobs than cores starve the MCTS
bot's search and make it weaker).

Matches are played in this process's referee (``play_in_process``) under
the time control ``--move-time`` per decision, so the MCTS bot searches
against the real clock; chance comes from the in-process secret and the
seed, so a rerun plays the same games up to the MCTS bot's timing.
Intervals are Wilson score intervals, ties counted as half a win (an
approximation when ties are common).
"""

from __future__ import annotations

import argparse
import importlib
import itertools
import logging
import math
import shlex
import sys
import time
from collections import defaultdict
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any

import structlog

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from referee.games import get_engine  # noqa: E402
from referee.games.land6.rules import Difficulty, Rules  # noqa: E402
from referee.match import play_in_process  # noqa: E402
from referee.match.clock import TimeControl  # noqa: E402
from referee.match.termination import Termination  # noqa: E402

MULTIPLAYER = ("land", "carcassonne", "landover", "farlanthia")
BOTS = ("random", "greedy", "mcts")
Z95 = 1.959964


def load_module(filename: str) -> ModuleType:
    """A built-in bot's script (bots/FILENAME), imported from its installed package."""
    return importlib.import_module(f"landgrave_bots.{filename.removesuffix('.py')}")


def make_bot(kind: str, game: str, mcts_args: str) -> Any:
    """A fresh bot of a kind for a game: the MCTS bot's greedy bots are the sparring greedy."""
    mcts = load_module("mcts_bot.py")
    if kind == "random":
        return load_module("random_bot.py").RandomBot()
    if kind == "greedy":
        filename, class_name = mcts.GREEDY_BOTS[game]
        return getattr(load_module(filename), class_name)()
    return mcts.MctsBot(mcts.parse_settings(shlex.split(mcts_args)))


@dataclass(frozen=True)
class Game:
    """One game to play: the bots by seat, the seed, and the LAND 6 difficulty if solo."""

    game: str
    seats: tuple[str, ...]
    seed: int
    move_time: float
    mcts_args: str
    difficulty: str = ""


@dataclass(frozen=True)
class Played:
    """What one game gave each seat: its points (1 win, 1/2 tie, 0 loss) and faults."""

    task: Game
    points: tuple[float, ...]
    faults: tuple[str, ...]
    """The bots (by kind) that faulted: a timeout, an illegal action, a crash."""


def play(task: Game) -> Played:
    """Play one game in this process's referee (a worker of the pool)."""
    engine = get_engine(task.game)
    config = None
    if task.difficulty:
        config = Rules(difficulty=Difficulty[task.difficulty]).to_config()
    bots = [make_bot(kind, task.game, task.mcts_args) for kind in task.seats]
    result = play_in_process(
        engine, bots, task.seed, config, time_control=TimeControl(task.move_time)
    )
    faults = tuple(
        kind
        for kind, seat in zip(task.seats, result.seats, strict=True)
        if seat.termination not in (Termination.NORMAL, Termination.ADJUDICATED)
    )
    if len(result.seats) == 1:
        return Played(task, (1.0 if "won" in result.seats[0].titles else 0.0,), faults)
    ranks = [seat.rank for seat in result.seats]
    points = tuple(_duel_points(rank, ranks) for rank in ranks)
    return Played(task, points, faults)


def _duel_points(rank: int, ranks: list[int]) -> float:
    best = min(ranks)
    if rank != best:
        return 0.0
    return 1.0 / ranks.count(best)


def wilson(points: float, games: int) -> tuple[float, float]:
    """The 95% Wilson score interval of a rate of ``points`` in ``games``."""
    if games == 0:
        return 0.0, 1.0
    rate = points / games
    spread = Z95**2 / games
    centre = (rate + spread / 2) / (1 + spread)
    half = Z95 * math.sqrt(rate * (1 - rate) / games + spread / (4 * games)) / (1 + spread)
    return max(0.0, centre - half), min(1.0, centre + half)


def schedule(args: argparse.Namespace) -> list[Game]:
    """Every game of the bench, in order."""
    tasks: list[Game] = []
    for game in args.game:
        if game == "land6":
            for difficulty, bot, seed in itertools.product(
                (d.name for d in Difficulty), BOTS, range(args.games)
            ):
                tasks.append(Game(game, (bot,), seed, args.move_time, args.mcts_args, difficulty))
            continue
        for a, b in itertools.combinations(BOTS, 2):
            for seed in range(args.games):
                seats = (a, b) if seed % 2 == 0 else (b, a)
                tasks.append(Game(game, seats, seed, args.move_time, args.mcts_args))
    return tasks


def report_duels(game: str, played: list[Played]) -> None:
    """Standings and pairings of one multiplayer game."""
    points: dict[str, float] = defaultdict(float)
    games: dict[str, int] = defaultdict(int)
    faults: dict[str, int] = defaultdict(int)
    pairs: dict[tuple[str, str], list[float]] = defaultdict(lambda: [0.0, 0])
    for result in played:
        seats = result.task.seats
        for bot, got in zip(seats, result.points, strict=True):
            points[bot] += got
            games[bot] += 1
        for bot in result.faults:
            faults[bot] += 1
        first, second = sorted(seats, key=BOTS.index)
        pair = pairs[(first, second)]
        pair[0] += result.points[seats.index(first)]
        pair[1] += 1
    print(f"\n{game}: 2 players, {len(played)} games")
    print(f"  {'bot':<8} {'points/game':>11}  {'95% interval':<15} {'games':>5} {'faults':>6}")
    for bot in sorted(BOTS, key=lambda b: -points[b] / max(1, games[b])):
        low, high = wilson(points[bot], games[bot])
        rate = points[bot] / max(1, games[bot])
        print(
            f"  {bot:<8} {rate:>11.3f}  [{low:.3f}, {high:.3f}]  {games[bot]:>5} {faults[bot]:>6}"
        )
    for (first, second), (got, count) in pairs.items():
        low, high = wilson(got, int(count))
        print(
            f"  {first} vs {second}: {first} scores {got / count:.3f} "
            f"[{low:.3f}, {high:.3f}] in {int(count)}"
        )


def report_solo(played: list[Played]) -> None:
    """LAND 6: each bot's win rate per difficulty."""
    print(f"\nland6: solo, {len(played)} games")
    print(f"  {'difficulty':<10} {'bot':<8} {'win rate':>8}  {'95% interval':<15} {'games':>5}")
    table: dict[tuple[str, str], list[float]] = defaultdict(lambda: [0.0, 0])
    for result in played:
        row = table[(result.task.difficulty, result.task.seats[0])]
        row[0] += result.points[0]
        row[1] += 1
    for (difficulty, bot), (won, count) in table.items():
        low, high = wilson(won, int(count))
        print(
            f"  {difficulty.lower():<10} {bot:<8} {won / count:>8.3f}  "
            f"[{low:.3f}, {high:.3f}]  {int(count):>5}"
        )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument(
        "--game",
        action="append",
        choices=(*MULTIPLAYER, "land6"),
        help="a game to bench (repeat it; default: all five)",
    )
    parser.add_argument("--games", type=int, default=200, help="games per pairing or row")
    parser.add_argument("--move-time", type=float, default=1.0, help="seconds per decision")
    parser.add_argument("--jobs", type=int, default=1, help="games played at once")
    parser.add_argument(
        "--mcts-args", default="", help='options of the MCTS bot, such as "--exploration 0.5"'
    )
    args = parser.parse_args(argv)
    args.game = args.game or [*MULTIPLAYER, "land6"]
    # Each match logs a line; the tables are the output. Workers fork with this setting.
    structlog.configure(wrapper_class=structlog.make_filtering_bound_logger(logging.WARNING))
    tasks = schedule(args)
    print(
        f"sparring: {len(tasks)} games, {args.move_time} s per move, {args.jobs} at once, "
        f"mcts {args.mcts_args or '(defaults)'}"
    )
    start = time.perf_counter()
    with ProcessPoolExecutor(args.jobs) as pool:
        played = list(pool.map(play, tasks))
    for game in args.game:
        of_game = [p for p in played if p.task.game == game]
        if game == "land6":
            report_solo(of_game)
        else:
            report_duels(game, of_game)
    print(f"\n{time.perf_counter() - start:.0f} s")


if __name__ == "__main__":
    main()
