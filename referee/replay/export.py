"""Every match of a folder as data: one JSON object per match, or one CSV row per seat.

Read from the records' headers and footers (referee/replay/catalog.py), so a
tournament's, an SPRT's or a single match's folder exports alike; a
tournament's matches not yet played are listed by their status.
"""

from __future__ import annotations

import csv
import json
from collections.abc import Iterable
from pathlib import Path
from typing import Any, TextIO

from referee.replay.catalog import MATCHES_TABLE, Entry

SEAT_COLUMNS = (
    "path",
    "status",
    "match_id",
    "game",
    "seed",
    "started_at",
    "steps",
    "seat",
    "bot",
    "program",
    "score",
    "rank",
    "termination",
    "detail",
)
"""The CSV's columns: the match, then one seat of it."""


def match_object(entry: Entry, folder: Path) -> dict[str, Any]:
    """One match: bots, seed, and per seat (lists in seat order) score, rank, termination
    and the referee's detail; ``detail`` says why a corrupt record is."""
    return {
        "path": shown_path(entry, folder),
        "status": entry.status,
        "match_id": entry.match_id,
        "game": entry.game,
        "seed": entry.seed,
        "started_at": entry.started_at,
        "steps": entry.steps,
        "bots": list(entry.bots),
        "programs": list(entry.programs),
        "scores": list(entry.scores),
        "ranks": list(entry.ranks),
        "terminations": list(entry.terminations),
        "details": list(entry.details),
        "detail": entry.detail,
    }


def seat_rows(entry: Entry, folder: Path) -> list[dict[str, Any]]:
    """The match as CSV rows, one per seat (one with empty seat columns when none is known)."""
    match = match_object(entry, folder)
    shared = {key: match[key] for key in SEAT_COLUMNS if key in match}
    rows = []
    for seat, bot in enumerate(entry.bots):
        rows.append(
            {
                **shared,
                "seat": seat,
                "bot": bot,
                "program": _at(entry.programs, seat),
                "score": _at(entry.scores, seat),
                "rank": _at(entry.ranks, seat),
                "termination": _at(entry.terminations, seat),
                "detail": _at(entry.details, seat) or entry.detail,
            }
        )
    return rows or [shared]


def write_json_lines(entries: Iterable[Entry], folder: Path, out: TextIO) -> None:
    for entry in entries:
        out.write(json.dumps(match_object(entry, folder)) + "\n")


def write_csv(entries: Iterable[Entry], folder: Path, out: TextIO) -> None:
    writer = csv.DictWriter(out, fieldnames=SEAT_COLUMNS)
    writer.writeheader()
    for entry in entries:
        writer.writerows(seat_rows(entry, folder))


def export_folder(entries: list[Entry], folder: Path) -> tuple[Path, Path]:
    """Write matches.jsonl and matches.csv into ``folder``; their paths."""
    json_path = folder / MATCHES_TABLE
    csv_path = json_path.with_suffix(".csv")
    with json_path.open("w", encoding="utf-8") as out:
        write_json_lines(entries, folder, out)
    with csv_path.open("w", newline="", encoding="utf-8") as out:
        write_csv(entries, folder, out)
    return json_path, csv_path


def shown_path(entry: Entry, folder: Path) -> str:
    """The record's path relative to the folder listed; a pending match's id without one."""
    if entry.path is None:
        return entry.match_id
    return str(entry.path.relative_to(folder)) if entry.path.is_relative_to(folder) else ""


def _at(values: tuple[Any, ...], index: int) -> Any:
    return values[index] if index < len(values) else ""
