"""Matches and decisions per second of a round robin of random bots on Land.

    python bench/tournament_throughput.py [--games 10 50] [--at-once 4 16] [--workers 1 2]

Bot reuse on and off, at each number of seeds per pairing, matches at once
and number of workers: every configuration of one size plays the same
schedule here, one after another, in one run, so the ratios between them
hold on whatever machine runs this. Matches at once are the whole
tournament's, split evenly over the workers (``concurrency`` is per
worker): a worker is one referee loop, which runs on one core, and 16
lanes of random bots keep one loop busy, so two workers of 8 are how 16
matches at once use 2 cores. Reuse pays for its bot starts once per lane, not
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
    parser.add_argument(
        "--at-once", type=int, nargs="+", default=[4, 16], help="matches at once in all"
    )
    parser.add_argument("--workers", type=int, nargs="+", default=[1, 2])
    args = parser.parse_args()
    if min(args.games + args.at_once + args.workers) <= 0:
        parser.error("--games, --at-once and --workers must be positive")
    if any(at_once % count for at_once in args.at_once for count in args.workers):
        parser.error("every --at-once must split evenly over every --workers")
    logs.configure(0)
    for games in args.games:
        base = TournamentSpec(
            game="land",
            name="throughput",
            entrants=tuple(Entrant(f"random-{i}", str(BOTS / "random_bot.py")) for i in range(4)),
            games_per_table=games,
        )
        report(run_all(base, args.at_once, args.workers), args.at_once, args.workers)


Row = tuple[int, bool, int, int, int, int, float, float]
"""Matches at once, reuse, workers, then what ``measure`` returns."""


def run_all(base: TournamentSpec, at_once: list[int], workers: list[int]) -> list[Row]:
    """Every configuration of one tournament, one after another."""
    rows = []
    for lanes in at_once:
        for count in workers:
            for reuse in (True, False):
                spec = replace(base, reuse_bots=reuse, workers=count, concurrency=lanes // count)
                rows.append((lanes, reuse, count, *measure(spec)))
    return rows


def report(rows: list[Row], at_once: list[int], workers: list[int]) -> None:
    """The table of one tournament's configurations, and reuse over respawn per setting."""
    baseline = rows[0][3] / rows[0][6]
    print(f"round robin of 4 random bots on Land, {rows[0][3]} matches per configuration")
    print(
        f"{'at once':>8}{'workers':>8}{'bot reuse':>10}{'matches/s':>11}"
        f"{'decisions/s':>13}{'vs first row':>14}{'CPU ms/match':>14}{'bots started':>14}"
    )
    for lanes, reuse, count, matches, decisions, started, elapsed, cpu in rows:
        rate = matches / elapsed
        print(
            f"{lanes:>8}{count:>8}{'on' if reuse else 'off':>10}{rate:>11.1f}"
            f"{decisions / elapsed:>13.0f}{rate / baseline:>14.2f}{cpu / matches * 1000:>14.0f}"
            f"{started:>14}"
        )
    for lanes in at_once:
        for count in workers:
            pair = [row for row in rows if row[0] == lanes and row[2] == count]
            rate = {row[1]: row[3] / row[6] for row in pair}
            per_cpu = {row[1]: row[3] / row[7] for row in pair}
            print(
                f"bot reuse vs respawn, {rows[0][3]} matches, {lanes} at once, "
                f"{count} worker(s) of {lanes // count}: {rate[True] / rate[False]:.2f}x "
                f"matches/s, {per_cpu[True] / per_cpu[False]:.2f}x matches per CPU second"
            )


if __name__ == "__main__":
    main()
