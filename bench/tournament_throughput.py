"""Matches per second of a round robin of random bots on Land: bot reuse on/off, 1 and 2 workers.

    python bench/tournament_throughput.py [--games N]

All four configurations play the same schedule here, one after another, in
one run: the ratios between them hold on whatever machine runs this.
"""

from __future__ import annotations

import argparse
import tempfile
import time
from dataclasses import replace
from pathlib import Path

import trio

from referee import logs
from referee.tournament.coordinator import open_tournament, run_tournament
from referee.tournament.spec import Entrant, TournamentSpec

BOTS = Path(__file__).resolve().parent.parent / "bots"


def measure(spec: TournamentSpec) -> tuple[int, float]:
    with tempfile.TemporaryDirectory() as folder:
        store, spec = open_tournament(Path(folder) / "t", spec)
        began = time.perf_counter()
        trio.run(run_tournament, store, spec)
        elapsed = time.perf_counter() - began
        matches = store.counts()["done"]
        store.close()
    return matches, elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=5, help="seeds per pairing")
    args = parser.parse_args()
    logs.configure(0)
    base = TournamentSpec(
        game="land",
        name="throughput",
        entrants=tuple(Entrant(f"random-{i}", str(BOTS / "random_bot.py")) for i in range(4)),
        games_per_table=args.games,
        concurrency=4,
    )
    rows = []
    for reuse in (True, False):
        for workers in (1, 2):
            matches, elapsed = measure(replace(base, reuse_bots=reuse, workers=workers))
            rows.append((reuse, workers, matches, elapsed))
    baseline = rows[0][2] / rows[0][3]
    print(f"round robin of 4 random bots on Land, {rows[0][2]} matches, concurrency 4 per worker")
    print(f"{'bot reuse':<10}{'workers':>8}{'matches/s':>12}{'vs reuse, 1 worker':>20}")
    for reuse, workers, matches, elapsed in rows:
        rate = matches / elapsed
        print(f"{'on' if reuse else 'off':<10}{workers:>8}{rate:>12.1f}{rate / baseline:>20.2f}")


if __name__ == "__main__":
    main()
