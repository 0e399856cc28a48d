"""The arena's database: authors and tokens, bots and versions, matches, ratings.

SQLite in WAL mode in the arena's folder. Every row a ladder needs to
answer a question fast has an index for it: the scheduler asks for the
most uncertain and the longest-idle active version of a game, and for the
versions rated just above and below one (``ratings`` by game, active,
sigma / last match / mu); a bot page asks for a version's recent matches
(``seats`` by version). A match is written ``pending`` before it is played,
claimed and finished in single statements, and a finished match's result
and the ratings it moves are written in one transaction, so a crash at any
moment loses nothing and counts nothing twice.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from referee.claims import MatchQueue, found_path
from referee.database import OffLoop, damaged_unless_read, open_store
from referee.errors import ConfigError
from referee.tournament.results import StoredResult

DATABASE_NAME = "arena.sqlite"

_SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS authors (
    id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, created_at TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS tokens (
    id INTEGER PRIMARY KEY,
    author_id INTEGER NOT NULL REFERENCES authors (id),
    digest TEXT NOT NULL UNIQUE,
    created_at TEXT NOT NULL,
    revoked_at TEXT);
CREATE TABLE IF NOT EXISTS bots (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL UNIQUE,
    author_id INTEGER NOT NULL REFERENCES authors (id));
CREATE TABLE IF NOT EXISTS versions (
    id INTEGER PRIMARY KEY,
    bot_id INTEGER NOT NULL REFERENCES bots (id),
    version TEXT NOT NULL,
    content_hash TEXT NOT NULL,
    kind TEXT NOT NULL,
    games TEXT NOT NULL,
    submitted_at TEXT NOT NULL,
    retired_at TEXT,
    quarantine TEXT,
    UNIQUE (bot_id, version));
CREATE TABLE IF NOT EXISTS matches (
    id INTEGER PRIMARY KEY,
    game TEXT NOT NULL,
    table_no INTEGER NOT NULL,
    seats TEXT NOT NULL,
    seed INTEGER NOT NULL,
    status TEXT NOT NULL DEFAULT 'pending',
    attempts INTEGER NOT NULL DEFAULT 0,
    worker TEXT,
    record_path TEXT,
    result TEXT,
    done_seq INTEGER UNIQUE,
    started_at TEXT,
    finished_at TEXT);
CREATE INDEX IF NOT EXISTS matches_status ON matches (status, id);
CREATE INDEX IF NOT EXISTS matches_table ON matches (table_no);
CREATE TABLE IF NOT EXISTS seats (
    match_id INTEGER NOT NULL REFERENCES matches (id),
    seat INTEGER NOT NULL,
    version_id INTEGER NOT NULL REFERENCES versions (id),
    PRIMARY KEY (match_id, seat));
CREATE INDEX IF NOT EXISTS seats_version ON seats (version_id, match_id);
CREATE TABLE IF NOT EXISTS ratings (
    game TEXT NOT NULL,
    version_id INTEGER NOT NULL REFERENCES versions (id),
    active INTEGER NOT NULL DEFAULT 1,
    mu REAL NOT NULL,
    sigma REAL NOT NULL,
    elo REAL NOT NULL,
    matches INTEGER NOT NULL DEFAULT 0,
    wins INTEGER NOT NULL DEFAULT 0,
    draws INTEGER NOT NULL DEFAULT 0,
    losses INTEGER NOT NULL DEFAULT 0,
    rank_sum INTEGER NOT NULL DEFAULT 0,
    faults INTEGER NOT NULL DEFAULT 0,
    last_match INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (game, version_id));
CREATE INDEX IF NOT EXISTS ratings_sigma ON ratings (game, active, sigma, version_id);
CREATE INDEX IF NOT EXISTS ratings_idle ON ratings (game, active, last_match, version_id);
CREATE INDEX IF NOT EXISTS ratings_mu ON ratings (game, active, mu);
CREATE TABLE IF NOT EXISTS ladders (game TEXT PRIMARY KEY, data TEXT NOT NULL);
"""


@dataclass(frozen=True)
class Version:
    """One stored version of a bot, with its bot's name and author."""

    id: int
    bot: str
    version: str
    author: str
    content_hash: str
    kind: str
    """``package`` (stored under packages/HASH) or ``remote`` (an author's online bot)."""
    games: tuple[str, ...]
    retired: bool
    quarantine: str | None

    @property
    def label(self) -> str:
        """How the bot is named in matches, records and pages: ``name@version``."""
        return f"{self.bot}@{self.version}"


@dataclass(frozen=True)
class ArenaMatch:
    """A match as the database holds it."""

    id: int
    game: str
    table: int
    seats: tuple[int, ...]
    """Version ids in seat order."""
    seed: int
    status: str
    attempts: int
    record_path: str | None
    result: StoredResult | None
    """A finished match's result, each seat under its version id (as text)."""
    done_seq: int | None


@dataclass(frozen=True)
class RatingRow:
    """A version's line in a game's ladder."""

    version_id: int
    active: bool
    mu: float
    sigma: float
    elo: float
    matches: int
    wins: int
    draws: int
    losses: int
    rank_sum: int
    faults: int
    last_match: int


class ArenaStore:
    """One arena's database connection (one per process and thread)."""

    def __init__(
        self, folder: Path, *, create: bool = False, check_same_thread: bool = True
    ) -> None:
        self.folder = folder
        self.path = folder / DATABASE_NAME
        if not create and not self.path.is_file():
            raise ConfigError(f"{folder} holds no arena: make one with 'referee arena init'")
        self._db = open_store(
            self.path, _SCHEMA, "an arena database", check_same_thread=check_same_thread
        )
        self._queue = MatchQueue(self._db, folder, "id", now)

    @classmethod
    def off_loop(cls, folder: Path) -> OffLoop[ArenaStore]:
        """The arena's database for trio code: each call in a worker thread."""
        return OffLoop(lambda: cls(folder, check_same_thread=False), ArenaStore.close)

    def close(self) -> None:
        self._db.close()

    @contextmanager
    def transaction(self) -> Iterator[None]:
        """One write transaction, taken at once so two processes never interleave."""
        self._db.execute("BEGIN IMMEDIATE")
        try:
            yield
        except BaseException:
            self._abandon_open_transaction()
            raise
        self._db.execute("COMMIT")

    def _abandon_open_transaction(self) -> None:
        """Roll back a transaction that Ctrl-C cut short between its BEGIN and its end.

        Left open, it would swallow the put-back that follows and vanish at exit.
        """
        if self._db.in_transaction:
            self._db.execute("ROLLBACK")

    def execute(self, sql: str, parameters: Sequence[Any] = ()) -> sqlite3.Cursor:
        return self._db.execute(sql, parameters)

    def executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        self._db.executemany(sql, rows)

    # -- meta -----------------------------------------------------------------

    def get_meta(self, key: str) -> str | None:
        row = self._db.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
        return None if row is None else str(row["value"])

    def set_meta(self, key: str, value: str) -> None:
        self._db.execute("INSERT OR REPLACE INTO meta VALUES (?, ?)", (key, value))

    # -- registry -------------------------------------------------------------

    def author_id(self, name: str, *, create: bool = False) -> int | None:
        row = self._db.execute("SELECT id FROM authors WHERE name = ?", (name,)).fetchone()
        if row is not None:
            return int(row["id"])
        if not create:
            return None
        cursor = self._db.execute(
            "INSERT INTO authors (name, created_at) VALUES (?, ?)", (name, now())
        )
        return int(cursor.lastrowid or 0)

    def versions(self, *, where: str = "", parameters: Sequence[Any] = ()) -> list[Version]:
        rows = self._db.execute(
            "SELECT v.*, b.name AS bot, a.name AS author FROM versions v "
            "JOIN bots b ON b.id = v.bot_id JOIN authors a ON a.id = b.author_id "
            + (f"WHERE {where} " if where else "")
            + "ORDER BY v.id",
            parameters,
        )
        return [_version(row) for row in rows]

    def version(self, version_id: int) -> Version:
        (found,) = self.versions(where="v.id = ?", parameters=(version_id,))
        return found

    # -- matches --------------------------------------------------------------

    def add_matches(
        self, game: str, table_no: int, planned: Sequence[tuple[tuple[int, ...], int]]
    ) -> None:
        """Schedule matches of one table: (version ids in seat order, seed) each."""
        for seats, seed in planned:
            cursor = self._db.execute(
                "INSERT INTO matches (game, table_no, seats, seed) VALUES (?, ?, ?, ?)",
                (game, table_no, json.dumps(seats), seed),
            )
            self._db.executemany(
                "INSERT INTO seats VALUES (?, ?, ?)",
                [(cursor.lastrowid, seat, version) for seat, version in enumerate(seats)],
            )

    def claim(self, worker: str) -> ArenaMatch | None:
        """Take the oldest pending match, atomically; None when none is pending."""
        row = self._queue.claim(worker)
        return _match(row, self.folder) if row else None

    def set_record_path(self, match_id: int, record_path: str) -> None:
        self._queue.set_record_path(match_id, record_path)

    def mark_done(self, match_id: int, result: StoredResult, record_path: str) -> int | None:
        """Finish a running match; its place in the order results count in (None if not running)."""
        text = json.dumps(result.to_dict(), sort_keys=True)
        return self._queue.finish(match_id, text, record_path, number=True)

    def put_back(self, match_id: int) -> None:
        """A match stopped before its end goes back to pending, to be played again."""
        self._abandon_open_transaction()
        self._queue.put_back("id = ? AND status = 'running'", (match_id,))

    def put_back_all(self, worker: str) -> int:
        """Put back every match a worker still holds (its run is ending); how many."""
        self._abandon_open_transaction()
        return self._queue.put_back("status = 'running' AND worker = ?", (worker,))

    def reset_unfinished(self) -> int:
        """Put every running match (left by a crash) back to pending; how many."""
        return self._queue.put_back("status = 'running'")

    def skip_pending(self, version_id: int, note: str) -> int:
        """Drop the pending matches that seat a version; how many."""
        return self._db.execute(
            "UPDATE matches SET status = 'skipped', result = ? WHERE status = 'pending' AND id IN "
            "(SELECT match_id FROM seats WHERE version_id = ?)",
            (json.dumps({"note": note}), version_id),
        ).rowcount

    def count_pending(self) -> int:
        row = self._db.execute("SELECT COUNT(*) FROM matches WHERE status = 'pending'").fetchone()
        return int(row[0])

    def matches(self, status: str | None = None) -> list[ArenaMatch]:
        query = "SELECT * FROM matches" + (" WHERE status = ?" if status else "") + " ORDER BY id"
        return [
            _match(row, self.folder) for row in self._db.execute(query, (status,) if status else ())
        ]

    def done_in_order(self, game: str) -> Iterator[ArenaMatch]:
        """A game's finished matches in the order their results were counted."""
        rows = self._db.execute(
            "SELECT * FROM matches WHERE game = ? AND status = 'done' ORDER BY done_seq", (game,)
        )
        return (_match(row, self.folder) for row in rows)

    def done_since(self, done_seq: int) -> list[ArenaMatch]:
        """Matches whose results were stored after ``done_seq``, in that order."""
        rows = self._db.execute(
            "SELECT * FROM matches WHERE done_seq > ? ORDER BY done_seq", (done_seq,)
        )
        return [_match(row, self.folder) for row in rows]

    def is_table_over(self, table: int) -> bool:
        """Whether no match of a table is still to play (its shared seeds are used up)."""
        row = self._db.execute(
            "SELECT 1 FROM matches WHERE table_no = ? AND status IN ('pending', 'running') LIMIT 1",
            (table,),
        ).fetchone()
        return row is None

    def table_matches(self, table: int) -> list[ArenaMatch]:
        """A table's finished matches."""
        rows = self._db.execute(
            "SELECT * FROM matches WHERE table_no = ? AND status = 'done' ORDER BY id", (table,)
        )
        return [_match(row, self.folder) for row in rows]

    def last_done(self) -> ArenaMatch | None:
        """The match whose result was stored last."""
        row = self._db.execute(
            "SELECT * FROM matches WHERE done_seq = (SELECT MAX(done_seq) FROM matches)"
        ).fetchone()
        return _match(row, self.folder) if row else None

    def recent_matches(self, version_id: int, limit: int) -> list[ArenaMatch]:
        rows = self._db.execute(
            "SELECT m.* FROM seats s JOIN matches m ON m.id = s.match_id "
            "WHERE s.version_id = ? AND m.status = 'done' ORDER BY m.id DESC LIMIT ?",
            (version_id, limit),
        )
        return [_match(row, self.folder) for row in rows]

    # -- ratings --------------------------------------------------------------

    def rating(self, game: str, version_id: int) -> RatingRow | None:
        row = self._db.execute(
            "SELECT * FROM ratings WHERE game = ? AND version_id = ?", (game, version_id)
        ).fetchone()
        return _rating(row) if row else None

    def ratings(self, game: str) -> list[RatingRow]:
        rows = self._db.execute("SELECT * FROM ratings WHERE game = ? ORDER BY version_id", (game,))
        return [_rating(row) for row in rows]

    def put_rating(self, game: str, row: RatingRow) -> None:
        self._db.execute(
            "INSERT OR REPLACE INTO ratings VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (game, row.version_id, int(row.active), row.mu, row.sigma, row.elo, row.matches,
             row.wins, row.draws, row.losses, row.rank_sum, row.faults, row.last_match),
        )  # fmt: skip

    def set_active(self, version_id: int, active: bool) -> None:
        self._db.execute(
            "UPDATE ratings SET active = ? WHERE version_id = ?", (int(active), version_id)
        )


def _version(row: sqlite3.Row) -> Version:
    with damaged_unless_read(DATABASE_NAME, f"version {row['id']}"):
        return Version(
            id=row["id"],
            bot=row["bot"],
            version=row["version"],
            author=row["author"],
            content_hash=row["content_hash"],
            kind=row["kind"],
            games=tuple(json.loads(row["games"])),
            retired=row["retired_at"] is not None,
            quarantine=row["quarantine"],
        )


def _match(row: sqlite3.Row, folder: Path) -> ArenaMatch:
    with damaged_unless_read(DATABASE_NAME, f"match {row['id']}"):
        return ArenaMatch(
            id=row["id"],
            game=row["game"],
            table=row["table_no"],
            seats=tuple(json.loads(row["seats"])),
            seed=row["seed"],
            status=row["status"],
            attempts=row["attempts"],
            record_path=found_path(folder, row["record_path"]),
            result=_result(row),
            done_seq=row["done_seq"],
        )


def _result(row: sqlite3.Row) -> StoredResult | None:
    """A finished match's result; a skipped one keeps only a note in that column."""
    if row["status"] != "done" or not row["result"]:
        return None
    return StoredResult.from_dict(json.loads(row["result"]))


def _rating(row: sqlite3.Row) -> RatingRow:
    return RatingRow(
        version_id=row["version_id"],
        active=bool(row["active"]),
        mu=row["mu"],
        sigma=row["sigma"],
        elo=row["elo"],
        matches=row["matches"],
        wins=row["wins"],
        draws=row["draws"],
        losses=row["losses"],
        rank_sum=row["rank_sum"],
        faults=row["faults"],
        last_match=row["last_match"],
    )


def now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")
