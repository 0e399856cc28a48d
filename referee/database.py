"""Opening our SQLite stores: one way for the tournament's and the arena's databases."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from referee.errors import ConfigError


def open_store(path: Path, schema: str, kind: str) -> sqlite3.Connection:
    """A connection in WAL mode with ``schema`` applied, rows readable by column name.

    Autocommit (``isolation_level=None``): callers take their own transactions.
    Several processes may share the file; a writer waits up to a minute.

    Raises:
        ConfigError: the file is not a database, or not ``kind`` (a one-line message).
    """
    connection = sqlite3.connect(path, timeout=60, isolation_level=None)
    connection.row_factory = sqlite3.Row
    try:
        connection.execute("PRAGMA journal_mode=WAL")
        connection.execute("PRAGMA synchronous=NORMAL")
        connection.executescript(schema)
    except sqlite3.DatabaseError as error:
        connection.close()
        raise ConfigError(f"{path} is not {kind}: {error}") from None
    return connection
