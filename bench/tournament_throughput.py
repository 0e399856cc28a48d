"""Matches and decisions per second of a round robin of random bots on Land.

    python bench/tournament_throughput.py [--games 10 50] [--concurrency 4 16] [--workers 1]

Bot reuse on and off, at each number of seeds per pairing, concurrency and
number of workers: every configuration of one size plays the same schedule
here, one after another, in one run, so the ratios between them hold on
whatever machine runs this. Reuse pays for its bot starts once per lane, not
once per match: a short round robin shows those starts, a longer one what a
reused match itself costs, so the default runs both (120 and 600 matches;
16 lanes start 32 bots, which 120 matches cannot pay back). Decisions
are the bots' own (the decision lines of the records, the referee's
default actions included). CPU per match is everything's: the referee,
its workers, the launchers and the bots (all reaped by the end); on a
machine others load, matches per CPU second says what a quiet one would
play where the wall clock cannot. Bots started counts the bot processes
the tournament launched (one log file each): with reuse, a pool keeps at
most concurrency x 2 of them.
"""

from __future__ import annotations

import argparse
import resource
import time
from dataclasses import replace
from pathlib import Path

import trio
from scratch import scratch_folder

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


def measure(spec: TournamentSpec) -> tuple[int, int, int, float, float]:
    """Matches played, decisions made, bot processes started, seconds taken and CPU seconds
    spent by one tournament."""
    with scratch_folder() as folder:
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
        started = len(list((Path(folder) / "t" / "logs").rglob("*.stderr")))
    return matches, decisions, started, elapsed, cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--games", type=int, nargs="+", default=[10, 50], help="seeds per pairing (each a run)"
    )
    parser.add_argument("--concurrency", type=int, nargs="+", default=[4, 16])
    parser.add_argument("--workers", type=int, nargs="+", default=[1])
    args = parser.parse_args()
    if min(args.games + args.concurrency + args.workers) <= 0:
        parser.error("--games, --concurrency and --workers must be positive")
    logs.configure(0)
    for games in args.games:
        base = TournamentSpec(
            game="land",
            name="throughput",
            entrants=tuple(Entrant(f"random-{i}", str(BOTS / "random_bot.py")) for i in range(4)),
            games_per_table=games,
        )
        report(run_all(base, args.concurrency, args.workers), args.concurrency, args.workers)


Row = tuple[int, bool, int, int, int, int, float, float]
"""Concurrency, reuse, workers, then what ``measure`` returns."""


def run_all(base: TournamentSpec, concurrencies: list[int], workers: list[int]) -> list[Row]:
    """Every configuration of one tournament, one after another."""
    rows = []
    for concurrency in concurrencies:
        for reuse in (True, False):
            for count in workers:
                spec = replace(base, reuse_bots=reuse, workers=count, concurrency=concurrency)
                rows.append((concurrency, reuse, count, *measure(spec)))
    return rows


def report(rows: list[Row], concurrencies: list[int], workers: list[int]) -> None:
    """The table of one tournament's configurations, and reuse over respawn per setting."""
    baseline = rows[0][3] / rows[0][6]
    print(f"round robin of 4 random bots on Land, {rows[0][3]} matches per configuration")
    print(
        f"{'concurrency':>11}{'bot reuse':>10}{'workers':>8}{'matches/s':>11}"
        f"{'decisions/s':>13}{'vs first row':>14}{'CPU ms/match':>14}{'bots started':>14}"
    )
    for concurrency, reuse, count, matches, decisions, started, elapsed, cpu in rows:
        rate = matches / elapsed
        print(
            f"{concurrency:>11}{'on' if reuse else 'off':>10}{count:>8}{rate:>11.1f}"
            f"{decisions / elapsed:>13.0f}{rate / baseline:>14.2f}{cpu / matches * 1000:>14.0f}"
            f"{started:>14}"
        )
    for concurrency in concurrencies:
        for count in workers:
            pair = [row for row in rows if row[0] == concurrency and row[2] == count]
            rate = {row[1]: row[3] / row[6] for row in pair}
            per_cpu = {row[1]: row[3] / row[7] for row in pair}
            print(
                f"bot reuse vs respawn, {rows[0][3]} matches, concurrency {concurrency}, "
                f"{count} worker(s): {rate[True] / rate[False]:.2f}x matches/s, "
                f"{per_cpu[True] / per_cpu[False]:.2f}x matches per CPU second"
            )


if __name__ == "__main__":
    main()
