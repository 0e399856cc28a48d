"""Matches and decisions per second of a round robin of random bots on Land.

    python bench/tournament_throughput.py [--games N] [--concurrency 4 16]

Bot reuse on and off, 1 and 2 workers, at each concurrency: every
configuration plays the same schedule here, one after another, in one run,
so the ratios between them hold on whatever machine runs this. Decisions
are the bots' own (the decision lines of the records, the referee's
default actions included).
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


def measure(spec: TournamentSpec) -> tuple[int, int, float]:
    """Matches played, decisions made and seconds taken by one tournament."""
    with tempfile.TemporaryDirectory() as folder:
        store, spec = open_tournament(Path(folder) / "t", spec)
        began = time.perf_counter()
        trio.run(run_tournament, store, spec)
        elapsed = time.perf_counter() - began
        matches = store.counts()["done"]
        store.close()
        decisions = sum(
            line.startswith('{"decision"')
            for record in Path(folder).rglob("*.jsonl")
            for line in record.read_text().splitlines()
        )
    return matches, decisions, elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=5, help="seeds per pairing")
    parser.add_argument("--concurrency", type=int, nargs="+", default=[4, 16])
    args = parser.parse_args()
    if args.games <= 0 or min(args.concurrency) <= 0:
        parser.error("--games and --concurrency must be positive")
    logs.configure(0)
    base = TournamentSpec(
        game="land",
        name="throughput",
        entrants=tuple(Entrant(f"random-{i}", str(BOTS / "random_bot.py")) for i in range(4)),
        games_per_table=args.games,
    )
    rows = []
    for concurrency in args.concurrency:
        for reuse in (True, False):
            for workers in (1, 2):
                spec = replace(base, reuse_bots=reuse, workers=workers, concurrency=concurrency)
                rows.append((concurrency, reuse, workers, *measure(spec)))
    baseline = rows[0][3] / rows[0][5]
    print(f"round robin of 4 random bots on Land, {rows[0][3]} matches per configuration")
    print(
        f"{'concurrency':>11}{'bot reuse':>10}{'workers':>8}{'matches/s':>11}"
        f"{'decisions/s':>13}{'vs first row':>14}"
    )
    for concurrency, reuse, workers, matches, decisions, elapsed in rows:
        rate = matches / elapsed
        print(
            f"{concurrency:>11}{'on' if reuse else 'off':>10}{workers:>8}{rate:>11.1f}"
            f"{decisions / elapsed:>13.0f}{rate / baseline:>14.2f}"
        )
    for concurrency in args.concurrency:
        by_reuse = {
            reuse: matches / elapsed
            for c, reuse, workers, matches, _, elapsed in rows
            if c == concurrency and workers == 1
        }
        print(
            f"bot reuse vs respawn at concurrency {concurrency}, 1 worker: "
            f"{by_reuse[True] / by_reuse[False]:.2f}x matches/s"
        )


if __name__ == "__main__":
    main()
