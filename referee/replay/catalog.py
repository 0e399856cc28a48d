"""Finding the records in an output folder, and filtering them.

Each record is summarised from its header and footer alone, so listing a
folder of thousands of matches stays quick. A tournament folder also has
``tournament.sqlite``; when it is there, its pending and running matches
are listed too (they have no finished record yet). Nothing else of the
database is used, and a folder without one lists the same way.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterable
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from pathlib import Path

from referee.claims import found_path
from referee.errors import ConfigError, RecordError
from referee.match.termination import Termination
from referee.record.format import seat_name
from referee.record.reader import Summary, read_summary

DATABASE_NAME = "tournament.sqlite"
RECORD_SUFFIXES = (".jsonl", ".jsonl.gz")
MATCHES_TABLE = "matches.jsonl"
"""A tournament's export of its matches (replay/export.py), one line per match."""
PAIRS_TABLE = "pairs.jsonl"
"""An SPRT's counted pairs (tournament/sprt.py), one line per pair."""
TABLES = (MATCHES_TABLE, PAIRS_TABLE)
"""Lines of JSON that Landgrave writes beside records, and that are no records."""
STATUSES = ("finished", "interrupted", "corrupt", "pending", "running", "skipped")
"""What an entry's ``status`` can be."""


@dataclass(frozen=True)
class Entry:
    """One match of a folder: a record file, or a match the tournament has not finished."""

    status: str
    """One of ``STATUSES``."""
    path: Path | None = None
    match_id: str = ""
    game: str = ""
    bots: tuple[str, ...] = ()
    """Bot names in seat order: the organiser's (referee/entrant.py)."""
    started_at: str = ""
    steps: int | None = None
    terminations: tuple[str, ...] = ()
    """Per seat, its termination label; empty without a footer."""
    ranks: tuple[int, ...] = ()
    detail: str = ""
    """Why a record is corrupt."""
    details: tuple[str, ...] = ()
    """Per seat, the referee's word on how it ended (a fault's detail, mostly empty)."""
    seed: int | None = None
    """The match seed; None for a match without a record yet."""
    scores: tuple[float, ...] = ()
    """Per seat, its score; empty without a footer."""
    programs: tuple[str, ...] = ()
    """Per seat, what the bot says it is (its hello's name and version)."""

    @property
    def started(self) -> datetime | None:
        return _parse_time(self.started_at) if self.started_at else None


@dataclass(frozen=True)
class RecordFilter:
    """Which entries to keep; a field left None keeps everything."""

    game: str | None = None
    bot: str | None = None
    """Kept when a seat's bot name contains this, ignoring case."""
    termination: str | None = None
    """A termination label (``timeout``) held by some seat, or a status (``interrupted``)."""
    since: datetime | None = None
    """Kept when started at or after this time."""

    def __post_init__(self) -> None:
        known = list(dict.fromkeys([t.label for t in Termination] + list(STATUSES)))
        if self.termination is not None and self.termination not in known:
            raise ConfigError(
                f"unknown termination {self.termination!r}; expected one of {', '.join(known)}"
            )

    def keeps(self, entry: Entry) -> bool:
        """Whether an entry passes every filter given."""
        started = entry.started
        return (
            (self.game is None or entry.game == self.game)
            and (self.bot is None or any(self.bot.lower() in b.lower() for b in entry.bots))
            and (
                self.termination is None or self.termination in (entry.status, *entry.terminations)
            )
            and (self.since is None or (started is not None and started >= self.since))
        )


def list_records(folder: Path, keep: RecordFilter | None = None) -> list[Entry]:
    """Every record under ``folder`` (and unfinished tournament matches), oldest first.

    Raises:
        ConfigError: ``folder`` is not a folder.
    """
    if not folder.is_dir():
        raise ConfigError(f"not a folder: {folder}")
    entries = _with_unfinished([_entry(path) for path in find_records(folder)], folder)
    keep = keep or RecordFilter()
    kept = [entry for entry in entries if keep.keeps(entry)]
    return sorted(kept, key=_listing_order)


def _listing_order(entry: Entry) -> tuple[str, str, int, str]:
    """Oldest first; matches not begun (``#N``, no start time) by their number, #2 before #10."""
    number = entry.match_id.removeprefix("#")
    ordinal = int(number) if entry.match_id.startswith("#") and number.isdigit() else 0
    return entry.started_at, str(entry.path or ""), ordinal, entry.match_id


def find_records(folder: Path) -> list[Path]:
    """The record files under a folder, at any depth (not the tables written beside them)."""
    return sorted(
        path
        for path in folder.rglob("*.jsonl*")
        if path.is_file() and path.name.endswith(RECORD_SUFFIXES) and not _is_table(path)
    )


def _is_table(path: Path) -> bool:
    """Whether a file is one of the tables written beside records: its name is, and its
    first line is no record's header (a record so named still lists)."""
    if path.name not in TABLES:
        return False
    try:
        with path.open("rb") as table:
            first = table.readline(1 << 16)
        line = json.loads(first) if first.strip() else {}
    except (OSError, ValueError):
        return False  # unreadable: it lists, as corrupt
    return isinstance(line, dict) and "header" not in line


def unfinished_matches(folder: Path) -> list[tuple[int, str, Path | None]]:
    """(id, status, record path) of the pending, running and skipped matches of a tournament
    folder (skipped: a bot in it was quarantined, so it never plays).

    Empty when the folder has no tournament database, or one that cannot be read.
    """
    database = folder / DATABASE_NAME
    if not database.is_file():
        return []
    sql = (
        "SELECT id, status, record_path FROM matches "
        "WHERE status IN ('pending', 'running', 'skipped')"
    )
    try:
        rows = _query(database, sql)
    except sqlite3.Error:
        # A database of another layout, or one being written anew: the files still list.
        return []
    return [
        (
            int(str(number)),
            str(status),
            Path(found) if (found := found_path(folder, str(kept) if kept else None)) else None,
        )
        for number, status, kept in rows
    ]


def _with_unfinished(entries: list[Entry], folder: Path) -> list[Entry]:
    """The tournament's running matches mark their records; the others get entries of their own."""
    by_path = {entry.path.resolve(): index for index, entry in enumerate(entries) if entry.path}
    extra = []
    for number, status, path in unfinished_matches(folder):
        index = by_path.get(path.resolve()) if path else None
        if index is not None and entries[index].status == "interrupted":
            entries[index] = replace(entries[index], status=status)
        elif index is None:
            extra.append(Entry(status=status, match_id=f"#{number}"))
    return entries + extra


def parse_since(text: str) -> datetime:
    """A ``--since`` date (2025-01-31) or date and time; UTC unless it names a zone.

    Raises:
        ConfigError: not an ISO 8601 date.
    """
    try:
        return _parse_time(text)
    except ValueError:
        raise ConfigError(f"expected a date such as 2025-01-31, got {text!r}") from None


def _entry(path: Path) -> Entry:
    try:
        summary = read_summary(path)
    except RecordError as error:
        return Entry(status="corrupt", path=path, detail=str(error).removeprefix(f"{path}: "))
    return _from_summary(summary)


def _from_summary(summary: Summary) -> Entry:
    header, footer = summary.header, summary.footer
    results = sorted(footer.results, key=lambda r: r.seat) if footer else []
    return Entry(
        status="interrupted" if footer is None else "finished",
        path=summary.path,
        match_id=header.match_id,
        game=header.game,
        bots=tuple(seat_name(seat) for seat in header.seats),
        started_at=header.started_at,
        steps=footer.steps if footer else None,
        terminations=tuple(Termination(r.termination).label for r in results),
        ranks=tuple(r.rank for r in results),
        details=tuple(r.detail for r in results),
        seed=header.seed,
        scores=tuple(r.score for r in results),
        programs=tuple(f"{s.bot_name} {s.bot_version}".strip() for s in header.seats),
    )


def _query(database: Path, sql: str) -> Iterable[tuple[object, ...]]:
    """Rows of a read-only query; the database is never written or locked for writing."""
    connection = sqlite3.connect(f"{database.resolve().as_uri()}?mode=ro", uri=True, timeout=5)
    try:
        return connection.execute(sql).fetchall()
    finally:
        connection.close()


def _parse_time(text: str) -> datetime:
    moment = datetime.fromisoformat(text)
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)
