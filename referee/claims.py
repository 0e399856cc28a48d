"""The ``matches`` table as the queue workers share: claim, name the record, finish, put back.

The tournament's store and the arena's (tournament/store.py, arena/store.py)
keep their matches in tables of the same core columns (``id``, ``status``,
``attempts``, ``worker``, ``record_path``, ``result``, ``started_at``,
``finished_at``), and both hand them out the same way: a match moves
pending -> running -> done in single statements, so any number of worker
processes can share the database as their queue, and a crash leaves at
worst some matches running, which are put back. The SQL for that lives
here once; each store says in which order its pending matches are taken.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Sequence
from pathlib import Path


def kept_path(folder: Path, record: Path | str) -> str:
    """A record's path as the table keeps it: relative to the store's folder when inside it,
    so the folder may be opened from anywhere (or moved), else absolute."""
    full, base = Path(record).resolve(), folder.resolve()
    return str(full.relative_to(base)) if full.is_relative_to(base) else str(full)


def found_path(folder: Path, kept: str | None) -> str | None:
    """A kept record path as a path to open. Tables written before ``kept_path`` hold it
    as it was given, relative to wherever the run started: kept so when found so."""
    if kept is None:
        return None
    inside = folder / kept
    return kept if not inside.exists() and Path(kept).exists() else str(inside)


class MatchQueue:
    """The queue of one store's ``matches`` table, on that store's connection."""

    def __init__(
        self, db: sqlite3.Connection, folder: Path, order_by: str, now: Callable[[], str]
    ) -> None:
        """``folder``: the store's, which record paths are kept relative to; ``order_by``: the
        columns pending matches are claimed in (trusted SQL, ours); ``now``: the timestamp
        written as ``started_at`` and ``finished_at``."""
        self._db = db
        self._folder = folder
        self._order_by = order_by
        self._now = now

    def claim(self, worker: str, match_id: int | None = None) -> sqlite3.Row | None:
        """Take the first pending match for ``worker`` (or match ``match_id``), atomically;
        None when none is pending (or another worker took ``match_id`` first)."""
        first = f"SELECT id FROM matches WHERE status = 'pending' ORDER BY {self._order_by} LIMIT 1"
        row: sqlite3.Row | None = self._db.execute(
            "UPDATE matches SET status = 'running', attempts = attempts + 1, worker = ?, "
            f"started_at = ? WHERE id = ({'?' if match_id is not None else first}) "
            "AND status = 'pending' RETURNING *",
            (worker, self._now(), *([match_id] if match_id is not None else [])),
        ).fetchone()
        return row

    def set_record_path(self, match_id: int, record_path: str) -> None:
        """Name the record of a running match, so record listings can pair them."""
        self._db.execute(
            "UPDATE matches SET record_path = ? WHERE id = ?",
            (kept_path(self._folder, record_path), match_id),
        )

    def finish(
        self, match_id: int, result_json: str, record_path: str, *, number: bool = False
    ) -> int | None:
        """Mark a running match done with its result; None if it was not running (put back
        meanwhile: a result never counts twice). With ``number``, the match also gets the
        next ``done_seq`` (the arena counts results in that order), which is returned."""
        numbered = ", done_seq = (SELECT COALESCE(MAX(done_seq), 0) + 1 FROM matches)"
        row = self._db.execute(
            "UPDATE matches SET status = 'done', result = ?, record_path = ?, finished_at = ?"
            f"{numbered if number else ''} WHERE id = ? AND status = 'running' "
            f"RETURNING {'done_seq' if number else 'id'}",
            (result_json, kept_path(self._folder, record_path), self._now(), match_id),
        ).fetchone()
        return None if row is None else int(row[0])

    def put_back(self, where: str, parameters: Sequence[object] = ()) -> int:
        """Matches matching ``where`` (trusted SQL, ours) go back to pending; how many."""
        return self._db.execute(
            f"UPDATE matches SET status = 'pending', worker = NULL WHERE {where}", parameters
        ).rowcount
