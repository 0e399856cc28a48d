"""Matches per hour of the arena on Land with four random bots, beside a plain round robin.

    python bench/arena_throughput.py [--matches N] [--concurrency C]

Both play N matches of Land between the same four random bots with the same
concurrency, bot reuse and match settings, one after the other in this run:
the round robin through ``referee tournament``'s coordinator, the arena
through ``arena run`` (scheduling, the ladder, the store), once without its
site and once with its publisher process beside the lanes (leaderboard, bot
pages and every match's HTML replay, at low CPU priority; the time the site
needs to catch up after the last match is printed apart). The arena's
bookkeeping should cost under 10%.
"""

from __future__ import annotations

import argparse
import math
import tempfile
import time
from pathlib import Path

import trio
from scratch import scratch_folder

from referee import logs
from referee.arena import site
from referee.arena.loop import ArenaRun, RunOptions
from referee.arena.package import copy_package, read_package
from referee.arena.registry import PACKAGES, init_arena, register_version
from referee.arena.spec import ArenaSpec
from referee.arena.store import ArenaStore
from referee.entrant import Entrant
from referee.tournament.coordinator import open_tournament, run_tournament
from referee.tournament.spec import TournamentSpec

BOTS = Path(__file__).resolve().parent.parent / "bots"
NAMES = [f"random-{i}" for i in range(4)]


def round_robin(matches: int, concurrency: int) -> tuple[int, float]:
    """A round robin of about ``matches`` matches; (matches played, seconds)."""
    pairs = len(NAMES) * (len(NAMES) - 1) // 2
    spec = TournamentSpec(
        game="land",
        name="throughput",
        entrants=tuple(Entrant(name, str(BOTS / "random_bot.py")) for name in NAMES),
        games_per_table=max(1, math.ceil(matches / (2 * pairs))),
        concurrency=concurrency,
    )
    with scratch_folder() as folder:
        store, spec = open_tournament(Path(folder) / "t", spec)
        began = time.perf_counter()
        trio.run(run_tournament, store, spec)
        elapsed = time.perf_counter() - began
        played = store.counts()["done"]
        store.close()
    return played, elapsed


def arena(matches: int, concurrency: int, publish: bool) -> tuple[int, float]:
    """``arena run --matches`` on four stored random bots; (matches played, seconds)."""
    with tempfile.TemporaryDirectory() as folder:
        store = init_arena(Path(folder) / "arena", ArenaSpec(games=("land",)))
        for name in NAMES:
            _store_random_bot(store.folder, store, name, Path(folder) / name)
        options = RunOptions(matches=matches, concurrency=concurrency, publish=publish)
        run = ArenaRun(store, options)
        began = time.perf_counter()
        trio.run(run.run)
        elapsed = time.perf_counter() - began
        if publish:
            began = time.perf_counter()
            site.publish_since(store, run.spec)
            print(
                f"  (the site caught up {time.perf_counter() - began:.1f} s after the last match)"
            )
        store.close()
        return run.played, elapsed


def _store_random_bot(arena_dir: Path, store: ArenaStore, name: str, scratch: Path) -> None:
    """The random bot as a stored package (no conformance check: not what is measured)."""
    scratch.mkdir()
    (scratch / "random_bot.py").write_text((BOTS / "random_bot.py").read_text())
    (scratch / "bot.toml").write_text(
        f'name = "{name}"\nversion = "1"\nauthor = "bench"\n'
        'command = "random_bot.py"\ngames = ["land"]\n'
    )
    package = read_package(scratch)
    copy_package(package, arena_dir / PACKAGES / package.content_hash)
    register_version(
        store,
        bot=name,
        author="bench",
        version="1",
        content_hash=package.content_hash,
        kind="package",
        games=["land"],
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=120)
    parser.add_argument("--concurrency", type=int, default=4)
    args = parser.parse_args()
    logs.configure(0)
    rows = [
        ("round robin", *round_robin(args.matches, args.concurrency)),
        ("arena, no site", *arena(args.matches, args.concurrency, publish=False)),
        ("arena, site", *arena(args.matches, args.concurrency, publish=True)),
    ]
    base = rows[0][1] / rows[0][2]
    print(f"Land, 4 random bots, concurrency {args.concurrency}")
    print(f"{'':<16}{'matches':>8}{'matches/hour':>14}{'cost vs round robin':>21}")
    for label, played, elapsed in rows:
        rate = played / elapsed
        print(f"{label:<16}{played:>8}{rate * 3600:>14.0f}{base / rate - 1:>+21.1%}")


if __name__ == "__main__":
    main()
