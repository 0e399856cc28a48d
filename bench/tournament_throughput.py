"""Matches and decisions per second of a round robin of random bots on Land.

    python bench/tournament_throughput.py [--games N] [--concurrency 4 16]

Bot reuse on and off, 1 and 2 workers, at each concurrency: every
configuration plays the same schedule here, one after another, in one run,
so the ratios between them hold on whatever machine runs this. Decisions
are the bots' own (the decision lines of the records, the referee's
default actions included). CPU per match is everything's: the referee,
its workers, the launchers and the bots (all reaped by the end); on a
machine others load, matches per CPU second says what a quiet one would
play where the wall clock cannot.
"""

from __future__ import annotations

import argparse
import resource
import tempfile
import time
from dataclasses import replace
from pathlib import Path

import trio

from referee import logs
from referee.entrant import Entrant
from referee.tournament.coordinator import open_tournament, run_tournament
from referee.tournament.spec import TournamentSpec

BOTS = Path(__file__).resolve().parent.parent / "bots"


def cpu_s() -> float:
    """CPU seconds of this process and of every child process it has reaped."""
    mine = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return mine.ru_utime + mine.ru_stime + children.ru_utime + children.ru_stime


def measure(spec: TournamentSpec) -> tuple[int, int, float, float]:
    """Matches played, decisions made, seconds taken and CPU seconds spent by one tournament."""
    with tempfile.TemporaryDirectory() as folder:
        store, spec = open_tournament(Path(folder) / "t", spec)
        began, cpu_before = time.perf_counter(), cpu_s()
        trio.run(run_tournament, store, spec)
        elapsed, cpu = time.perf_counter() - began, cpu_s() - cpu_before
        matches = store.counts()["done"]
        store.close()
        decisions = sum(
            line.startswith('{"decision"')
            for record in Path(folder).rglob("*.jsonl")
            for line in record.read_text().splitlines()
        )
    return matches, decisions, elapsed, cpu


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
        f"{'decisions/s':>13}{'vs first row':>14}{'CPU ms/match':>14}"
    )
    for concurrency, reuse, workers, matches, decisions, elapsed, cpu in rows:
        rate = matches / elapsed
        print(
            f"{concurrency:>11}{'on' if reuse else 'off':>10}{workers:>8}{rate:>11.1f}"
            f"{decisions / elapsed:>13.0f}{rate / baseline:>14.2f}{cpu / matches * 1000:>14.0f}"
        )
    for concurrency in args.concurrency:
        one_worker = [row for row in rows if row[0] == concurrency and row[2] == 1]
        rate = {row[1]: row[3] / row[5] for row in one_worker}
        per_cpu = {row[1]: row[3] / row[6] for row in one_worker}
        print(
            f"bot reuse vs respawn at concurrency {concurrency}, 1 worker: "
            f"{rate[True] / rate[False]:.2f}x matches/s, "
            f"{per_cpu[True] / per_cpu[False]:.2f}x matches per CPU second"
        )


if __name__ == "__main__":
    main()
