"""Listing the records of an output folder, with filters, from headers and footers."""

from __future__ import annotations

import json
import sqlite3
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

import sdk
from referee.cli import main
from referee.errors import ConfigError
from referee.match import play_in_process
from referee.replay.catalog import RecordFilter, list_records, parse_since
from referee.replay.export import export_folder
from tests.helpers import load_bot


class CrashingBot(sdk.Bot):
    name = "crasher"

    def decide(self, decision: sdk.Decision) -> int:
        raise RuntimeError("broken on purpose")


def random_bot() -> Any:
    return load_bot("random_bot.py", "RandomBot")


@pytest.fixture
def folder(land: Any, tmp_path: Path) -> Path:
    """A finished match, a gzip one, a crash, an interrupted and a corrupt record."""
    out = tmp_path / "out"
    play_in_process(land, [random_bot(), random_bot()], 1, record_path=out / "a.jsonl")
    play_in_process(land, [random_bot(), random_bot()], 2, record_path=out / "sub" / "b.jsonl.gz")
    play_in_process(land, [CrashingBot(), random_bot()], 3, record_path=out / "c.jsonl")
    lines = (out / "a.jsonl").read_text().splitlines(keepends=True)
    cut = len(lines) // 2  # a referee killed in the middle of a line
    (out / "d.jsonl").write_text("".join(lines[:cut]) + lines[cut][:15])
    (out / "e.jsonl").write_text("{not json\n")
    (out / "notes.txt").write_text("not a record")
    return out


def names(entries: list[Any]) -> list[str]:
    return sorted(e.path.name if e.path else e.match_id for e in entries)


def test_every_record_is_listed_with_its_status(folder: Path) -> None:
    entries = {e.path.name: e for e in list_records(folder) if e.path}
    assert sorted(entries) == ["a.jsonl", "b.jsonl.gz", "c.jsonl", "d.jsonl", "e.jsonl"]
    assert entries["a.jsonl"].status == "finished" and entries["a.jsonl"].steps
    assert entries["b.jsonl.gz"].status == "finished"
    assert entries["c.jsonl"].terminations == ("crash", "adjudicated")
    assert entries["d.jsonl"].status == "interrupted" and entries["d.jsonl"].steps is None
    assert entries["e.jsonl"].status == "corrupt" and "line 1" in entries["e.jsonl"].detail
    assert entries["a.jsonl"].bots == ("random", "random") and entries["a.jsonl"].game == "land"


def test_the_tables_written_beside_records_are_not_listed_as_records(folder: Path) -> None:
    """A tournament's matches.jsonl (written anew at each resume, from this very listing)
    and an SPRT's pairs.jsonl are no records; a record that happens to be so named is."""
    export_folder(list_records(folder), folder)
    (folder / "sub" / "pairs.jsonl").write_text('{"pair": 1, "seed": 5}\n')
    (folder / "sub" / "empty").mkdir()
    (folder / "sub" / "empty" / "matches.jsonl").write_text("")
    again = export_folder(list_records(folder), folder)[0]  # as a resumed tournament does
    listed = [json.loads(line)["path"] for line in again.read_text().splitlines()]
    assert sorted(Path(path).name for path in listed) == [
        "a.jsonl", "b.jsonl.gz", "c.jsonl", "d.jsonl", "e.jsonl"
    ]  # fmt: skip
    record = folder / "elsewhere" / "matches.jsonl"
    record.parent.mkdir()
    record.write_bytes((folder / "a.jsonl").read_bytes())
    entries = {e.path: e for e in list_records(folder) if e.path}
    assert entries[record].status == "finished"
    assert folder / "matches.jsonl" not in entries


def test_filters_by_game_bot_termination_and_date(folder: Path) -> None:
    assert names(list_records(folder, RecordFilter(game="land"))) == [
        "a.jsonl",
        "b.jsonl.gz",
        "c.jsonl",
        "d.jsonl",
    ]
    assert names(list_records(folder, RecordFilter(game="carcassonne"))) == []
    assert names(list_records(folder, RecordFilter(bot="CRASH"))) == ["c.jsonl"]
    assert names(list_records(folder, RecordFilter(termination="crash"))) == ["c.jsonl"]
    assert names(list_records(folder, RecordFilter(termination="interrupted"))) == ["d.jsonl"]
    assert names(list_records(folder, RecordFilter(termination="corrupt"))) == ["e.jsonl"]
    tomorrow = datetime.now(UTC).replace(year=datetime.now(UTC).year + 1)
    assert list_records(folder, RecordFilter(since=tomorrow)) == []
    assert len(list_records(folder, RecordFilter(since=parse_since("2020-01-01")))) == 4


def test_unknown_filters_and_dates_are_refused() -> None:
    with pytest.raises(ConfigError, match="unknown termination 'exploded'"):
        RecordFilter(termination="exploded")
    with pytest.raises(ConfigError, match="expected a date"):
        parse_since("last tuesday")


def test_a_tournament_database_adds_pending_and_running_matches(folder: Path) -> None:
    """The files list without it; with it, unfinished matches show up too."""
    with sqlite3.connect(folder / "tournament.sqlite") as db:
        db.execute("CREATE TABLE matches (id INTEGER, status TEXT, record_path TEXT)")
        db.executemany(
            "INSERT INTO matches VALUES (?, ?, ?)",
            [(1, "done", "a.jsonl"), (2, "running", "d.jsonl"), (3, "pending", None),
             (10, "pending", None), (11, "skipped", None)],
        )  # fmt: skip
    db.close()
    entries = list_records(folder)
    by_name = {e.path.name if e.path else e.match_id: e.status for e in entries}
    assert by_name["d.jsonl"] == "running"
    assert by_name["#3"] == "pending"
    assert by_name["#11"] == "skipped"  # a quarantined bot's: it will never be played
    assert by_name["a.jsonl"] == "finished"
    pending = list_records(folder, RecordFilter(termination="pending"))
    assert [e.match_id for e in pending] == ["#3", "#10"]  # by number, not as text


def test_a_database_of_another_layout_is_ignored(folder: Path) -> None:
    with sqlite3.connect(folder / "tournament.sqlite") as db:
        db.execute("CREATE TABLE other (x INTEGER)")
    db.close()
    assert len(list_records(folder)) == 5


def test_the_cli_lists_as_a_table_or_json(folder: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["records", str(folder), "--termination", "crash", "--json"]) == 0
    rows = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [row["path"] for row in rows] == ["c.jsonl"]
    assert rows[0]["terminations"] == ["crash", "adjudicated"]
    assert main(["records", str(folder), "--game", "land"]) == 0
    out = capsys.readouterr().out
    assert "finished" in out and "interrupted" in out and "corrupt" not in out
    assert main(["records", str(folder / "missing")]) == 2
    assert main(["records", str(folder), "--since", "soon"]) == 2


def test_a_relative_folder_with_a_database_lists_too(
    folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with sqlite3.connect(folder / "tournament.sqlite") as db:
        db.execute("CREATE TABLE matches (id INTEGER, status TEXT, record_path TEXT)")
        db.execute("INSERT INTO matches VALUES (1, 'pending', NULL)")
    db.close()
    monkeypatch.chdir(folder.parent)
    assert "#1" in names(list_records(Path(folder.name)))
