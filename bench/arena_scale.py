"""The arena's bookkeeping at internet scale, simulated without bot processes.

    python bench/arena_scale.py [--bots 1000 10000] [--results-per-bot 100]

For each field size it fills an arena's store (in a temporary folder) with
that many registered bots and bots x results-per-bot stored duel results
(10,000 bots and 1,000,000 results by default), then times:

- pick: choosing the next table (target under 5 ms);
- update: storing one result and moving the ladder, one transaction (target under 1 ms);
- recompute: every rating again from the stored results;
- render: the site pages one finished match changes (its game's leaderboard,
  its two bots' pages; no replay, as no record exists).

and prints how each grows from the smallest field to the largest. The
store is filled in bulk SQL (the arena's own code would take as long as the
ladder it simulates); everything timed is the arena's own code.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from referee import logs
from referee.arena import ladder, site
from referee.arena.loop import store_result
from referee.arena.registry import init_arena
from referee.arena.scheduler import pick_table, schedule_table
from referee.arena.spec import ArenaSpec
from referee.arena.store import ArenaStore, now

SPEC = ArenaSpec(games=("land",))
SAMPLES = 200


def duel(seats: tuple[int, int], winner: int) -> dict[str, Any]:
    return {
        "seats": [
            {"seat": i, "name": str(v), "score": float(v == winner), "rank": 1 + (v != winner),
             "termination": "normal", "titles": [], "detail": "", "faults": []}
            for i, v in enumerate(seats)
        ]
    }  # fmt: skip


def fill(store: ArenaStore, bots: int, results: int, rng: random.Random) -> None:
    """Bots with spread-out ratings and ``results`` finished duels, in bulk."""
    stamp = now()
    with store.transaction():
        store.execute("INSERT INTO authors (id, name, created_at) VALUES (1, 'bench', ?)", (stamp,))
        store.executemany(
            "INSERT INTO bots (id, name, author_id) VALUES (?, ?, 1)",
            [(i, f"bot{i}") for i in range(1, bots + 1)],
        )
        store.executemany(
            "INSERT INTO versions (id, bot_id, version, content_hash, kind, games, submitted_at) "
            "VALUES (?, ?, '1', ?, 'package', '[\"land\"]', ?)",
            [(i, i, f"h{i}", stamp) for i in range(1, bots + 1)],
        )
        store.executemany(
            "INSERT INTO ratings (game, version_id, mu, sigma, elo, matches, last_match) "
            "VALUES ('land', ?, ?, ?, 1500, 0, ?)",
            [(i, rng.gauss(25, 5), rng.uniform(1, 8.3), rng.randrange(results or 1))
             for i in range(1, bots + 1)],
        )  # fmt: skip
        matches, seats = [], []
        for match_id in range(1, results + 1):
            pair = (rng.randint(1, bots), rng.randint(1, bots))
            if pair[0] == pair[1]:
                pair = (pair[0], pair[0] % bots + 1)
            text = json.dumps(duel(pair, pair[0]))
            matches.append((match_id, json.dumps(pair), text, match_id))
            seats += [(match_id, 0, pair[0]), (match_id, 1, pair[1])]
        store.executemany(
            "INSERT INTO matches (id, game, table_no, seats, seed, status, attempts, result, "
            "done_seq) VALUES (?, 'land', 0, ?, 0, 'done', 1, ?, ?)",
            matches,
        )
        store.executemany("INSERT INTO seats VALUES (?, ?, ?)", seats)


def timed(action: Callable[[], object], samples: int = SAMPLES) -> float:
    """Median milliseconds of ``samples`` runs."""
    times = []
    for _ in range(samples):
        began = time.perf_counter()
        action()
        times.append((time.perf_counter() - began) * 1000)
    return statistics.median(times)


def measure(bots: int, results: int, recompute: bool) -> dict[str, float]:
    rng = random.Random(bots)
    with tempfile.TemporaryDirectory() as folder:
        store = init_arena(Path(folder) / "arena", SPEC)
        began = time.perf_counter()
        fill(store, bots, results, rng)
        filled = time.perf_counter() - began
        pick = timed(lambda: pick_table(store, SPEC))

        update = _update_time(store, rng)
        last = store.last_done()
        assert last is not None
        render = timed(lambda: site.publish_match(store, SPEC, last), samples=5)
        recompute_s = float("nan")
        if recompute:
            began = time.perf_counter()
            ladder.recompute(store.done_in_order("land"), store.ratings("land"))
            recompute_s = time.perf_counter() - began
        store.close()
    return {"fill_s": filled, "pick_ms": pick, "update_ms": update, "render_ms": render,
            "recompute_s": recompute_s}  # fmt: skip


def _update_time(store: ArenaStore, rng: random.Random) -> float:
    """Median ms of storing one result and moving the ladder (matches scheduled beforehand)."""
    tables = []
    for _ in range(SAMPLES // 2):
        table = pick_table(store, SPEC)
        assert table is not None
        with store.transaction():
            schedule_table(store, SPEC, table)
        tables.append(table)
    times = []
    while (match := store.claim("bench")) is not None:
        winner = rng.choice(match.seats)
        began = time.perf_counter()
        store_result(store, SPEC, match, duel((match.seats[0], match.seats[1]), winner), "")
        times.append((time.perf_counter() - began) * 1000)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bots", type=int, nargs="+", default=[1000, 3000, 10000])
    parser.add_argument("--results-per-bot", type=int, default=100)
    parser.add_argument("--no-recompute", action="store_true", help="skip the full recompute")
    args = parser.parse_args()
    logs.configure(0)
    print(f"{'bots':>7}{'results':>10}{'fill s':>9}{'pick ms':>9}{'update ms':>11}"
          f"{'render ms':>11}{'recompute s':>13}")  # fmt: skip
    first: dict[str, float] | None = None
    for bots in args.bots:
        results = bots * args.results_per_bot
        row = measure(bots, results, not args.no_recompute)
        first = first or row
        print(
            f"{bots:>7}{results:>10}{row['fill_s']:>9.1f}{row['pick_ms']:>9.3f}"
            f"{row['update_ms']:>11.3f}{row['render_ms']:>11.1f}{row['recompute_s']:>13.1f}"
        )
    if first is not None and len(args.bots) > 1:
        growth = {k: row[k] / first[k] for k in ("pick_ms", "update_ms", "render_ms")}
        print(f"growth from {args.bots[0]} to {args.bots[-1]} bots: "
              + ", ".join(f"{k} x{v:.1f}" for k, v in growth.items()))  # fmt: skip
    print("targets: pick < 5 ms, update < 1 ms")


if __name__ == "__main__":
    main()
