"""How long a tournament's Bradley-Terry standings take to fit, by field size.

    python bench/standings_fit.py [--players 100 200 500 1000] [--density 0.05]

For each size it makes a seeded table of results, each pair of players having
met with probability ``--density`` (a Swiss or a partial round robin; 0 to 3
wins each way), and times ``bradley_terry.fit_table`` with the standings'
defaults (a prior of one virtual draw), by wall clock and by CPU (the CPU of
every thread: a BLAS that spun would show there). It prints how each size's
time grows against the smallest's: a Newton step solves a players x players
system, so the fit grows as the cube of the field.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from referee.ratings import bradley_terry  # noqa: E402


def table(players: int, density: float, seed: int = 1) -> dict[tuple[str, str], float]:
    rng = random.Random(seed)
    names = [f"p{i}" for i in range(players)]
    return {
        (names[i], names[j]): rng.randint(0, 3)
        for i in range(players)
        for j in range(players)
        if i != j and rng.random() < density
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, nargs="+", default=[100, 200, 500, 1000])
    parser.add_argument("--density", type=float, default=0.05)
    args = parser.parse_args()
    if min(args.players) < 2 or not 0 < args.density <= 1:
        sys.exit("standings_fit: --players must be at least 2, --density in (0, 1]")
    first = None
    print(f"{'players':>8} {'wall s':>8} {'CPU s':>8} {'x smallest (wall)':>18}")
    for players in sorted(args.players):
        wins = table(players, args.density)
        names = [f"p{i}" for i in range(players)]
        wall, cpu = time.perf_counter(), time.process_time()
        bradley_terry.fit_table(wins, players=names)
        wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
        first = first or wall
        print(f"{players:>8} {wall:>8.3f} {cpu:>8.3f} {wall / first:>18.1f}")


if __name__ == "__main__":
    main()
