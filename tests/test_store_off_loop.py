"""The tournament database is called off the trio loop that enforces the deadlines."""

from __future__ import annotations

import sqlite3
import threading
from pathlib import Path

import trio

from referee.entrant import Entrant
from referee.tournament.coordinator import open_tournament
from referee.tournament.spec import TournamentSpec
from referee.tournament.store import DATABASE_NAME, Store
from tests.helpers import BOTS

BOT = str(BOTS / "random_bot.py")


def new_tournament(folder: Path) -> None:
    spec = TournamentSpec(game="land", entrants=(Entrant("a", BOT), Entrant("b", BOT)))
    store, _ = open_tournament(folder, spec)
    store.close()


async def test_a_claim_waiting_for_the_write_lock_leaves_the_loop_running(tmp_path: Path) -> None:
    """Another worker holding the lock stalls only the claim, never the matches' deadlines.

    On the loop's thread the claim would block the loop until SQLite gave up
    (a minute), so the task that releases the lock could never run.
    """
    new_tournament(tmp_path)
    other_worker = sqlite3.connect(tmp_path / DATABASE_NAME, isolation_level=None)
    other_worker.execute("BEGIN IMMEDIATE")  # holds the write lock
    db = Store.off_loop(tmp_path)
    claimed = []

    async def claim() -> None:
        claimed.append(await db.run(lambda store: store.claim("w1")))

    try:
        with trio.fail_after(30):
            async with trio.open_nursery() as nursery:
                nursery.start_soon(claim)
                await trio.sleep(0.2)  # the loop runs on while the claim waits
                assert claimed == []
                other_worker.execute("COMMIT")
    finally:
        db.close()
        other_worker.close()
    assert claimed[0] is not None and claimed[0].status == "running"


async def test_each_worker_thread_calls_the_database_on_its_own_connection(
    tmp_path: Path,
) -> None:
    """sqlite3 wants a connection used by the thread that opened it; the loop's is never used."""
    new_tournament(tmp_path)
    db = Store.off_loop(tmp_path)
    seen: list[tuple[int, int]] = []
    both_in = threading.Barrier(2, timeout=10)  # two calls in two threads at once

    def where(store: Store) -> None:
        both_in.wait()
        seen.append((threading.get_ident(), id(store)))
        store.counts()

    try:
        async with trio.open_nursery() as nursery:
            for _ in range(2):
                nursery.start_soon(db.run, where)
    finally:
        db.close()
    threads, stores = {t for t, _ in seen}, {s for _, s in seen}
    assert len(threads) == 2 and len(stores) == 2
    assert threading.get_ident() not in threads
