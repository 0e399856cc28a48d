"""Our SQLite stores: one way to open the tournament's and the arena's databases, and to
call them from trio without blocking the loop.

A database call can wait up to a minute for another process's write lock
(``timeout=60``), and reading every finished match of a big tournament takes
a while too. On the trio thread that wait would stall every deadline the
loop enforces, so trio code calls a store through ``OffLoop``: each call runs
in a worker thread (``trio.to_thread.run_sync``), on that thread's own
connection, as sqlite3 wants a connection used by the thread that made it.
"""

from __future__ import annotations

import contextlib
import sqlite3
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Generic, TypeVar

import trio

from referee.errors import ConfigError

S = TypeVar("S")
T = TypeVar("T")


class OffLoop(Generic[S]):
    """A store (``S``: ``Store``, ``ArenaStore``) whose calls run off the trio loop.

    ``await db.run(lambda store: store.claim("w1"))`` runs the call in a worker
    thread, on a store that thread opened (``open_one``) the first time it
    needed one; trio reuses idle threads, so few are ever opened. A call is not
    abandoned when its task is cancelled: a database write either happens
    whole or not at all, and the task learns which.
    """

    def __init__(self, open_one: Callable[[], S], close_one: Callable[[S], None]) -> None:
        self._open_one = open_one
        self._close_one = close_one
        self._local = threading.local()
        self._lock = threading.Lock()
        self._opened: list[S] = []

    async def run(self, call: Callable[[S], T]) -> T:
        """``call(store)`` in a worker thread, with that thread's store. Runs on the trio thread."""
        return await trio.to_thread.run_sync(lambda: call(self._store()))

    def _store(self) -> S:
        """This thread's store, opened on first use. Runs in a worker thread."""
        store: S | None = getattr(self._local, "store", None)
        if store is None:
            store = self._open_one()
            self._local.store = store
            with self._lock:
                self._opened.append(store)
        return store

    def close(self) -> None:
        """Close every thread's store; call when no call is running."""
        with self._lock:
            opened, self._opened = self._opened, []
        for store in opened:
            self._close_one(store)


def open_store(
    path: Path, schema: str, kind: str, *, check_same_thread: bool = True
) -> sqlite3.Connection:
    """A connection in WAL mode with ``schema`` applied, rows readable by column name.

    Autocommit (``isolation_level=None``): callers take their own transactions.
    Several processes may share the file; a writer waits up to a minute.
    ``check_same_thread=False`` lets ``OffLoop`` close a worker thread's
    connection from the trio thread once no call runs; each connection is still
    used by the one thread that opened it.

    Raises:
        ConfigError: the file is not a database, or not ``kind`` (a one-line message).
    """
    connection = sqlite3.connect(
        path, timeout=60, isolation_level=None, check_same_thread=check_same_thread
    )
    connection.row_factory = sqlite3.Row
    try:
        connection.execute("PRAGMA journal_mode=WAL")
        connection.execute("PRAGMA synchronous=NORMAL")
        connection.executescript(schema)
    except sqlite3.DatabaseError as error:
        connection.close()
        raise ConfigError(f"{path} is not {kind}: {error}") from None
    return connection


@contextlib.contextmanager
def damaged_unless_read(database: str, what: str) -> Iterator[None]:
    """Read a stored row: one that does not (edited by hand, say) is a one-line error
    naming it, not a traceback from deep in a run."""
    try:
        yield
    except (ValueError, KeyError, TypeError, AttributeError) as error:
        raise ConfigError(
            f"{what} in {database} is damaged ({type(error).__name__}: {error}); "
            f"restore {database} from a copy"
        ) from None
