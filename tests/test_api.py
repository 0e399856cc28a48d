"""The Python API as a notebook uses it: real bot processes, results and records as rows."""

from __future__ import annotations

import asyncio
import csv
import io
import re
from collections.abc import Iterator
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest
import structlog

from referee import api
from referee.errors import ConfigError, UnknownGameError
from tests.helpers import ROOT

PLAIN = (str, int, float, bool, type(None))


@pytest.fixture(autouse=True)
def _structlog_as_it_was() -> Iterator[None]:
    """The API sets up quiet logs when nobody has; later tests in this worker expect none."""
    yield
    structlog.reset_defaults()


def assert_table(rows: list[dict[str, Any]]) -> None:
    """Rows a DataFrame or a CSV writer takes as they are: the same columns, plain values."""
    assert rows
    assert all(list(row) == list(rows[0]) for row in rows)
    assert all(isinstance(value, PLAIN) for row in rows for value in row.values())
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=list(rows[0]))
    writer.writeheader()
    writer.writerows(rows)
    assert len(out.getvalue().splitlines()) == len(rows) + 1


@pytest.mark.slow
def test_a_match_comes_back_as_rows_and_its_record_reads_as_rows_in_words(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The notebook's first cell: play, look at the result, then at the moves."""
    record = tmp_path / "out" / "m.jsonl"
    result = api.play_match("land", ["land-greedy", "random"], seed=7, record=record)
    assert capsys.readouterr().out == ""  # a library prints nothing

    seats = api.seat_rows(result)
    assert_table(seats)
    assert [(row["seat"], row["bot"]) for row in seats] == [(0, "land-greedy"), (1, "random")]
    assert sorted(row["rank"] for row in seats) in ([1, 2], [1, 1])
    assert {row["termination"] for row in seats} == {"normal"}
    assert {row["record"] for row in seats} == {str(record)}
    assert (tmp_path / "out" / "m.jsonl.logs").is_dir()  # bot logs beside the record

    steps = api.steps(record)
    assert_table(steps)
    assert [row["step"] for row in steps] == list(range(result.steps))
    assert all(row["action"].startswith(("seat 0", "seat 1", "chance")) for row in steps)
    moves = [row for row in steps if row["seat"] >= 0]
    assert moves and all(row["think_ms"] >= 0 for row in moves)

    listed = api.records(tmp_path)
    assert_table(listed)
    assert [(row["bot"], row["rank"]) for row in listed] == [
        (row["bot"], row["rank"]) for row in seats
    ]
    assert {row["status"] for row in listed} == {"finished"}
    assert api.records(tmp_path, bot="greedy", termination="timeout") == []

    kept = record.read_bytes()
    with pytest.raises(ConfigError, match="exists; give a new path"):
        api.play_match("land", ["random", "random"], record=record)
    assert record.read_bytes() == kept


@pytest.mark.slow
def test_the_api_runs_in_a_cell_of_a_notebook_whose_event_loop_is_running() -> None:
    """Jupyter runs every cell inside a running asyncio loop; trio must still start there."""

    async def cell() -> Any:
        return api.play_match("land", ["random", "random"], seed=3)

    result = asyncio.run(cell())
    assert [row["bot"] for row in api.seat_rows(result)] == ["random", "random"]
    assert all(row["record"] is None for row in api.seat_rows(result))


@pytest.mark.slow
def test_a_tournament_gives_standings_and_every_match_as_rows(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "t"
    played = api.run_tournament(
        "land", ["land-greedy", "rnd=random"], folder=folder, games_per_table=1, seed=5
    )
    assert capsys.readouterr().out == ""
    assert played.folder == folder
    assert played.spec.name == "land"

    standings = played.standings()
    assert_table(standings)
    assert [row["bot"] for row in standings] == [row.name for row in played.rows]
    assert {row["bot"] for row in standings} == {"land-greedy", "rnd"}
    assert all(row["matches"] == 2 for row in standings)  # one seed, both seat orders

    matches = played.matches()
    assert_table(matches)
    assert len(matches) == 4  # two matches, two seats each
    assert {row["bot"] for row in matches} == {"land-greedy", "rnd"}
    assert all(Path(row["record"]).is_file() for row in matches)
    wins = sum(row["rank"] == 1 for row in matches if row["bot"] == "land-greedy")
    won = next(row for row in standings if row["bot"] == "land-greedy")
    assert won["wins"] + won["draws"] == wins

    assert api.load_tournament(folder).standings() == standings
    assert len(api.records(folder)) == 4
    assert api.resume_tournament(folder).standings() == standings  # nothing left to play
    with pytest.raises(ConfigError, match="already holds a tournament"):
        api.run_tournament("land", ["land-greedy", "random"], folder=folder)


@pytest.mark.slow
def test_a_bot_that_cannot_start_stops_the_tournament_before_its_first_match(
    tmp_path: Path,
) -> None:
    broken = tmp_path / "broken_bot.py"
    broken.write_text("import sdk\ndef broken(:\n")
    with pytest.raises(ConfigError, match="bot broken cannot start"):
        api.run_tournament("land", [f"broken={broken}", "random"], folder=tmp_path / "t")
    assert api.load_tournament(tmp_path / "t").matches() == []


@pytest.mark.slow
def test_a_tournament_from_a_spec_file(tmp_path: Path) -> None:
    spec = tmp_path / "spec.toml"
    spec.write_text(
        'name = "from-file"\ngame = "land"\ngames_per_table = 1\n'
        'bots = ["land-frontier", "random"]\n',
        encoding="utf-8",
    )
    played = api.run_tournament_spec(spec, folder=tmp_path / "t")
    assert played.spec.name == "from-file"
    assert sum(row["matches"] for row in played.standings()) == 4


@pytest.mark.parametrize(
    ("call", "error", "message"),
    [
        (lambda: api.play_match("chess", ["random"]), UnknownGameError, "unknown game 'chess'"),
        (
            lambda: api.play_match("land", ["random", "random"], config={"colour": "red"}),
            ConfigError,
            "land has no option 'colour'",
        ),
        (lambda: api.play_match("land", ["random"] * 2, seed=-1), ConfigError, "seed: expected"),
        (
            lambda: api.play_match("land", ["random", "no_such_bot.py"]),
            ConfigError,
            "bot file not found",
        ),
        (
            lambda: api.run_tournament("land", ["random", "land-greedy"], colour="red"),
            ConfigError,
            "unknown key 'colour'",
        ),
        (
            lambda: api.run_tournament("land", ["random", "land-greedy"], games_per_table="two"),
            ConfigError,
            "games_per_table: expected int",
        ),
        (lambda: api.play_match("land", ["random", "random"], seed="7"), ConfigError, "seed"),
        (lambda: api.load_tournament("/nonexistent/t"), ConfigError, "holds no tournament"),
        (lambda: api.records("/nonexistent/t"), ConfigError, "not a folder"),
    ],
)
def test_bad_input_raises_our_error_before_anything_runs(
    call: Any, error: type[Exception], message: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    with pytest.raises(error, match=message):
        call()
    assert not (tmp_path / "tournaments").exists()


def test_two_tournaments_started_in_one_second_get_two_folders(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A notebook loop over settings starts tournaments faster than the clock's seconds."""

    class Frozen(datetime):
        @classmethod
        def now(cls, tz: Any = None) -> Frozen:
            return cls(2026, 11, 23, 1, 2, 3)

    monkeypatch.setattr(api, "datetime", Frozen)
    monkeypatch.chdir(tmp_path)
    first = api._new_folder("t")
    first.mkdir(parents=True)
    second = api._new_folder("t")
    assert first == Path("tournaments/t-20261123-010203")
    assert second == Path("tournaments/t-20261123-010203-2")


@pytest.mark.slow
@pytest.mark.parametrize("doc", ["README.md", "docs/api.md"])
def test_the_first_python_example_of_the_docs_runs(
    doc: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """What a reader pastes into a notebook first must run as written."""
    text = (ROOT / doc).read_text(encoding="utf-8")
    example = re.search(r"```python\n(from referee import api\n.*?)```", text, re.DOTALL)
    assert example is not None, f"{doc} has no example that starts with the import"
    monkeypatch.chdir(tmp_path)
    names: dict[str, Any] = {}
    exec(compile(example.group(1), doc, "exec"), names)
    assert list(tmp_path.glob("tournaments/*/tournament.sqlite"))


def test_a_corrupt_record_is_one_row_that_says_why(tmp_path: Path) -> None:
    """One bad file among a folder's records must not hide the rest, nor pass for a result."""
    (tmp_path / "bad.jsonl").write_text("not json\n", encoding="utf-8")
    (row,) = api.records(tmp_path)
    assert row["status"] == "corrupt"
    assert row["seat"] is None and row["rank"] is None
    assert row["detail"]
    assert_table([row])
