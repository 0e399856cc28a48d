"""The tournament database: the schedule, each match's state and result, quarantines.

SQLite in WAL mode, in the tournament's folder. Each round's plan (its
tables, seeds and rotation: ``schedule.RoundPlan``) is written before its
first match, and its matches are written from the plan a chunk at a time,
as workers need them, with how far the writing got; so a round of 10^8
games costs neither memory nor a huge database up front, and a resume
goes on from the same place. A match moves pending -> running -> done (or
skipped, when a bot in it is quarantined). A match is claimed and finished
in single statements, so worker processes share the database as their
queue, and a crash at any moment leaves at worst some matches ``running``,
which ``reset_unfinished`` puts back: nothing lost, nothing counted twice.
"""

from __future__ import annotations

import json
import sqlite3
from collections import Counter
from collections.abc import Callable, Collection
from dataclasses import dataclass
from datetime import UTC, datetime
from enum import StrEnum
from functools import partial
from pathlib import Path
from typing import Any

from referee.bounds import BOUNDS
from referee.claims import MatchQueue, found_path
from referee.database import OffLoop, damaged_unless_read, open_store
from referee.errors import ConfigError
from referee.match.result import SeatResult
from referee.tournament.results import StoredResult
from referee.tournament.schedule import PlannedMatch, RoundPlan
from referee.tournament.spec import TournamentSpec

DATABASE_NAME = "tournament.sqlite"

_SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS matches (
    id INTEGER PRIMARY KEY,
    round INTEGER NOT NULL,
    table_no INTEGER NOT NULL,
    group_no INTEGER NOT NULL,
    seats TEXT NOT NULL,
    seed INTEGER NOT NULL,
    status TEXT NOT NULL DEFAULT 'pending',
    attempts INTEGER NOT NULL DEFAULT 0,
    worker TEXT,
    record_path TEXT,
    result TEXT,
    note TEXT,
    started_at TEXT,
    finished_at TEXT
);
CREATE INDEX IF NOT EXISTS matches_status ON matches (status, round, id);
CREATE TABLE IF NOT EXISTS quarantine (name TEXT PRIMARY KEY, reason TEXT NOT NULL, at TEXT);
CREATE TABLE IF NOT EXISTS rounds (
    round INTEGER PRIMARY KEY,
    plan TEXT NOT NULL,
    total INTEGER NOT NULL,
    written INTEGER NOT NULL DEFAULT 0
);
"""

CHUNK = 512
"""Matches written from a round's plan at a time: enough for every lane of a worker."""

CLAIM_WINDOW = 64
"""Pending matches a claim with a cost chooses among: a guess, wide enough to find
a match for the idle bots of a few dozen lanes, short enough to keep the order."""

SeatsCost = Callable[[tuple[str, ...]], tuple[int, ...]]
"""What playing a match with these seats costs a worker now (lower is better)."""


class MatchStatus(StrEnum):
    """Where a scheduled match is; the database's ``status`` column holds the value."""

    PENDING = "pending"
    """Waiting for a worker."""
    RUNNING = "running"
    """Claimed by a worker (or left so by a crash, until ``reset_unfinished``)."""
    DONE = "done"
    """Played; its result is stored."""
    INTERRUPTED = "interrupted"
    """Stopped while playing; played again on resume."""
    SKIPPED = "skipped"
    """Not played: a bot in it was quarantined."""


@dataclass(frozen=True)
class ScheduledMatch:
    """A match as the database holds it."""

    id: int
    round: int
    table: int
    group: int
    seats: tuple[str, ...]
    seed: int
    status: MatchStatus
    attempts: int
    record_path: str | None
    result: StoredResult | None


class Store:
    """One tournament's database connection (one per process)."""

    def __init__(self, folder: Path, *, check_same_thread: bool = True) -> None:
        self.folder = folder
        self.path = folder / DATABASE_NAME
        self._db = open_store(
            self.path, _SCHEMA, "a tournament database", check_same_thread=check_same_thread
        )
        self._queue = MatchQueue(self._db, folder, "round, id", _now)

    @classmethod
    def off_loop(cls, folder: Path) -> OffLoop[Store]:
        """The tournament's database for trio code: each call in a worker thread."""
        return OffLoop(lambda: cls(folder, check_same_thread=False), Store.close)

    def close(self) -> None:
        self._db.close()

    # -- creation -------------------------------------------------------------

    def is_new(self) -> bool:
        return self._db.execute("SELECT 1 FROM meta WHERE key = 'spec'").fetchone() is None

    def initialise(self, spec: TournamentSpec, first_round: RoundPlan | None) -> None:
        """Write the spec and the first round's plan (none yet for Swiss) in one transaction."""
        with self._transaction():
            self._db.execute("INSERT INTO meta VALUES ('spec', ?)", (spec.to_json(),))
            if first_round is not None:
                self._add_round(first_round)

    def add_round(self, plan: RoundPlan) -> None:
        """Schedule another round (the next Swiss round)."""
        with self._transaction():
            self._add_round(plan)

    def _add_round(self, plan: RoundPlan) -> None:
        self._db.execute(
            "INSERT INTO rounds (round, plan, total) VALUES (?, ?, ?)",
            (plan.round, plan.to_json(), plan.size),
        )

    def _write_next_chunk(self) -> bool:
        """Write the next matches of the first round not yet written; whether there were any.

        A match of a bot already quarantined is written as skipped.
        """
        with self._transaction():
            row = self._db.execute(
                "SELECT round, plan, written FROM rounds WHERE written < total "
                "ORDER BY round LIMIT 1"
            ).fetchone()
            if row is None:
                return False
            with damaged_unless_read(DATABASE_NAME, f"round {row['round']}'s plan"):
                plan = RoundPlan.from_json(row["plan"])
            chunk = list(plan.matches(row["written"], row["written"] + CHUNK))
            quarantined = set(self.quarantined())
            self._db.executemany(
                "INSERT INTO matches (round, table_no, group_no, seats, seed, status, note) "
                "VALUES (?, ?, ?, ?, ?, ?, ?)",
                [_match_row(m, quarantined) for m in chunk],
            )
            self._db.execute(
                "UPDATE rounds SET written = written + ? WHERE round = ?", (len(chunk), plan.round)
            )
        return True

    def spec(self) -> TournamentSpec:
        row = self._db.execute("SELECT value FROM meta WHERE key = 'spec'").fetchone()
        if row is None:
            raise ConfigError(f"{self.folder} holds no tournament to resume")
        return TournamentSpec.from_json(row["value"])

    def get_meta(self, key: str) -> str | None:
        row = self._db.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
        return None if row is None else str(row["value"])

    def set_meta(self, key: str, value: str) -> None:
        self._db.execute("INSERT OR REPLACE INTO meta VALUES (?, ?)", (key, value))

    # -- running --------------------------------------------------------------

    def check_intact(self, entrants: Collection[str]) -> None:
        """Refuse a database a resume cannot trust: its matches table lost rows (they would
        count as never played, and the standings be written without them), or holds a row
        that names a bot, a status or a seed no match can have (each would fail deep in
        play, or be left out of the standings without a word).

        Raises:
            ConfigError: the rounds wrote more matches than the table holds (a hand edit,
                or a dropped table that the schema made again, empty), or a row is damaged.
        """
        written = self._db.execute("SELECT COALESCE(SUM(written), 0) AS n FROM rounds").fetchone()
        held = self._db.execute("SELECT COUNT(*) AS n FROM matches").fetchone()
        if held["n"] < written["n"]:
            raise ConfigError(
                f"{self.path} is damaged: its rounds wrote {written['n']} matches and it holds "
                f"{held['n']}; restore it from a copy"
            )
        known = set(entrants)
        for match in self.matches():  # each row read checks its status and columns
            wrong = _wrong_in(match, known)
            if wrong:
                raise ConfigError(
                    f"match {match.id} in {DATABASE_NAME} is damaged ({wrong}); "
                    f"restore {DATABASE_NAME} from a copy"
                )

    def reset_unfinished(self) -> int:
        """Put matches left running or interrupted back to pending; how many."""
        return self._queue.put_back("status IN ('running', 'interrupted')")

    def claim(self, worker: str, cost: SeatsCost | None = None) -> ScheduledMatch | None:
        """Take the next pending match for this worker, atomically; None when none is left.

        With ``cost``, the cheapest of the next ``CLAIM_WINDOW`` pending matches of
        the earliest seed group of the earliest round (the first of equals): a worker
        takes the matches its idle bots can play, instead of starting more bots for
        the next in line, and every table still plays a seed group before any plays
        the next (even progress, docs/tournaments.md).
        """
        claim = self._claim_written if cost is None else partial(self._claim_cheapest, cost=cost)
        while (match := claim(worker)) is None:
            if not self._write_next_chunk():
                return None
        return match

    def _claim_cheapest(self, worker: str, cost: SeatsCost) -> ScheduledMatch | None:
        while True:
            rows = self._db.execute(
                "SELECT id, round, group_no, seats FROM matches WHERE status = 'pending' "
                "ORDER BY round, id LIMIT ?",
                (CLAIM_WINDOW,),
            ).fetchall()
            if not rows:
                return None
            first = (rows[0]["round"], rows[0]["group_no"])
            earliest = [row for row in rows if (row["round"], row["group_no"]) == first]
            best = min(earliest, key=lambda row: cost(tuple(json.loads(row["seats"]))))
            row = self._queue.claim(worker, best["id"])
            if row is not None:  # else another worker took it between the two statements
                return _scheduled(row, self.folder)

    def _claim_written(self, worker: str) -> ScheduledMatch | None:
        row = self._queue.claim(worker)
        return _scheduled(row, self.folder) if row else None

    def set_record_path(self, match_id: int, record_path: str) -> None:
        """Name the record of a running match, so record listings can pair them."""
        self._queue.set_record_path(match_id, record_path)

    def finish(self, match_id: int, result: StoredResult, record_path: str) -> None:
        self._queue.finish(match_id, json.dumps(result.to_dict(), sort_keys=True), record_path)

    def interrupt(self, match_id: int, note: str) -> None:
        self._db.execute(
            "UPDATE matches SET status = 'interrupted', note = ? "
            "WHERE id = ? AND status = 'running'",
            (note, match_id),
        )

    def quarantine(self, name: str, reason: str) -> int | None:
        """Stop scheduling a bot: its pending matches are skipped. Returns how many.

        None when the bot was quarantined already (by this worker or another).
        """
        with self._transaction():
            added = self._db.execute(
                "INSERT OR IGNORE INTO quarantine VALUES (?, ?, ?)", (name, reason, _now())
            )
            if not added.rowcount:
                return None
            cursor = self._db.execute(
                "UPDATE matches SET status = 'skipped', note = ? WHERE status = 'pending' "
                "AND EXISTS (SELECT 1 FROM json_each(matches.seats) WHERE value = ?)",
                (f"{name} quarantined", name),
            )
        return cursor.rowcount

    # -- reading --------------------------------------------------------------

    def matches(self, status: MatchStatus | None = None) -> list[ScheduledMatch]:
        query = "SELECT * FROM matches" + (" WHERE status = ?" if status else "") + " ORDER BY id"
        rows = self._db.execute(query, (status,) if status else ())
        return [_scheduled(row, self.folder) for row in rows]

    def counts(self) -> Counter[str]:
        """Matches per status; those of a round's plan not written yet count as pending."""
        rows = self._db.execute("SELECT status, COUNT(*) AS n FROM matches GROUP BY status")
        counts = Counter({row["status"]: row["n"] for row in rows})
        unwritten = self._db.execute("SELECT SUM(total - written) AS n FROM rounds").fetchone()
        counts["pending"] += unwritten["n"] or 0
        return +counts

    def history(self, name: str) -> list[tuple[str, str, SeatResult]]:
        """A bot's finished matches: when each was claimed and finished, and its seat's result."""
        rows = self._db.execute(
            "SELECT started_at, finished_at, value AS seat FROM matches, json_each(matches.result, "
            "'$.seats') WHERE status = 'done' AND json_extract(value, '$.name') = ?",
            (name,),
        )
        return [
            (row["started_at"], row["finished_at"], SeatResult.from_dict(json.loads(row["seat"])))
            for row in rows
        ]

    def quarantined(self) -> dict[str, str]:
        rows = self._db.execute("SELECT name, reason FROM quarantine ORDER BY at")
        return {row["name"]: row["reason"] for row in rows}

    def last_round(self) -> int:
        row = self._db.execute(
            "SELECT MAX(r) AS r FROM (SELECT MAX(round) AS r FROM matches "
            "UNION ALL SELECT MAX(round) FROM rounds)"
        ).fetchone()
        return int(row["r"] or 0)

    def _transaction(self) -> _Transaction:
        return _Transaction(self._db)


class _Transaction:
    def __init__(self, db: sqlite3.Connection) -> None:
        self._db = db

    def __enter__(self) -> None:
        self._db.execute("BEGIN IMMEDIATE")

    def __exit__(self, kind: object, *rest: object) -> None:
        self._db.execute("COMMIT" if kind is None else "ROLLBACK")


def _match_row(match: PlannedMatch, quarantined: set[str]) -> tuple[Any, ...]:
    """A planned match as an ``INSERT`` row: pending, or skipped if a bot in it is quarantined."""
    out = next((name for name in match.seats if name in quarantined), None)
    status, note = ("skipped", f"{out} quarantined") if out else ("pending", None)
    return (
        match.round,
        match.table,
        match.group,
        json.dumps(match.seats),
        match.seed,
        status,
        note,
    )


def _wrong_in(match: ScheduledMatch, entrants: set[str]) -> str | None:
    """What a stored match holds that no scheduled match can, or None."""
    strangers = [name for name in match.seats if name not in entrants]
    if strangers:
        return f"it seats {strangers[0]!r}, who is not in the tournament"
    seeds = BOUNDS["seed"]
    if not seeds.low <= match.seed <= seeds.high:
        return f"its seed {match.seed} is outside {seeds.low}..{seeds.high}"
    return None


def _scheduled(row: sqlite3.Row, folder: Path) -> ScheduledMatch:
    with damaged_unless_read(DATABASE_NAME, f"match {row['id']}"):
        return ScheduledMatch(
            id=row["id"],
            round=row["round"],
            table=row["table_no"],
            group=row["group_no"],
            seats=tuple(json.loads(row["seats"])),
            seed=row["seed"],
            status=MatchStatus(row["status"]),
            attempts=row["attempts"],
            record_path=found_path(folder, row["record_path"]),
            result=StoredResult.from_dict(json.loads(row["result"])) if row["result"] else None,
        )


def _now() -> str:
    # Microseconds: the quarantine judge orders matches that finish in the same second.
    return datetime.now(UTC).isoformat(timespec="microseconds")
