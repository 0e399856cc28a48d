"""The referee command: readable results, one-line errors for bad input."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from referee.cli import main
from referee.games import registered
from referee.replay.verify import verify_record
from tests.helpers import BOTS, run_referee


def test_bad_flags_are_one_line_errors(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["match", "land", "--seed", "seven", "--bot", "x.py"])
    assert exit_info.value.code == 2
    err = capsys.readouterr().err
    assert "invalid int value: 'seven'" in err
    assert "Traceback" not in err


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (
            ["match", "land", "--bot", "no/such_bot.py", "--bot", "x.py"],
            "bot file not found: no/such_bot.py",
        ),
        (["match", "chess", "--bot", "a.py"], "unknown game 'chess'"),
        (
            ["match", "land", "--bot", str(BOTS / "random_bot.py"), "--config", "colour=red"],
            "land has no option 'colour'",
        ),
        (["tournament", "--resume", "/nonexistent/t"], "holds no tournament"),
        (["tournament", "--game", "land", "--bot", "a.py"], "at least two --bot"),
    ],
)
def test_bad_input_gets_a_one_line_error(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert message in err
    assert len(err.strip().splitlines()) == 1, err


@pytest.mark.slow
def test_a_match_prints_the_board_scores_winner_and_terminations(tmp_path: Path) -> None:
    record = tmp_path / "out.jsonl"
    done = run_referee(
        "match",
        "land",
        "--bot",
        str(BOTS / "random_bot.py"),
        "--bot",
        str(BOTS / "land_greedy.py"),
        "--seed",
        "7",
        "--record",
        str(record),
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert "plots" in out  # the final board's score lines
    assert "normal" in out and ("Winner:" in out or "Shared win:" in out)
    assert record.is_file() and '"footer"' in record.read_text().splitlines()[-1]
    verify_record(record)


@pytest.mark.slow
def test_a_match_as_json(tmp_path: Path) -> None:
    done = run_referee(
        "match",
        "land",
        "--bot",
        str(BOTS / "random_bot.py"),
        "--bot",
        str(BOTS / "random_bot.py"),
        "--json",
        timeout=120,
    )
    result = json.loads(done.stdout)
    assert [s["termination"] for s in result["seats"]] == ["normal", "normal"]


def test_games_lists_every_engine_with_its_options(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["games"]) == 0
    out = capsys.readouterr().out
    assert "land" in out and "adjacency_extends_this_turn" in out


def test_an_options_help_keeps_no_piece_of_the_rule_ids_it_cites() -> None:
    """The ids move to the rule column; "(FARL-02, FARL-35)" left a comma behind."""
    options = [o for engine in registered().values() for o in engine.options]
    draft = next(o for o in options if o.name == "draft")
    assert draft.rule == "FARL-02, FARL-35" and draft.help.endswith("when it is revealed")
    for option in options:
        assert not re.search(r"[A-Z]+-\d|[(,]$|\(\s*\)", option.help), option


def test_a_bad_tournament_spec_writes_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    spec = tmp_path / "bad.toml"
    spec.write_text(
        f'game = "land"\nbots = ["{BOTS / "random_bot.py"}", "{BOTS / "land_greedy.py"}"]\n'
        '[config]\ncolour = "red"\n'
    )
    assert main(["tournament", str(spec), "--out", str(tmp_path / "t")]) == 2
    assert "land has no option 'colour'" in capsys.readouterr().err
    assert not (tmp_path / "t").exists()


def one_line_error(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    """Run the command in-process; it fails with exit status 2 and one line: that line."""
    assert main(argv) == 2
    lines = capsys.readouterr().err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("referee: error: "), lines
    return lines[0]


def test_no_command_writes_over_a_file_or_folder_that_holds_data(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bots = ["--bot", "random", "--bot", "random"]
    notes = tmp_path / "notes.txt"
    notes.write_text("precious")
    said = one_line_error(["match", "land", *bots, "--record", str(notes)], capsys)
    assert "exists" in said and notes.read_text() == "precious"

    record = tmp_path / "m.jsonl"
    assert main(["match", "land", *bots, "--seed", "3", "--record", str(record)]) == 0
    capsys.readouterr()
    kept = record.read_bytes()
    one_line_error(["replay", str(record), "--html", str(record)], capsys)
    said = one_line_error(["replay", str(record), "--html", str(notes)], capsys)
    assert "--html" in said and "exists" in said and notes.read_text() == "precious"
    branch = ["replay", str(record), "--from", "4", *bots, "--record", str(record)]
    one_line_error(branch, capsys)
    assert record.read_bytes() == kept

    # A folder holding records but no tournament database (an SPRT's, or one whose
    # database was lost) is not made a tournament's: its records would be overwritten.
    folder = tmp_path / "sprt"
    (folder / "records").mkdir(parents=True)
    (folder / "records" / "000001-1.jsonl").write_bytes(kept)
    tournament = ["tournament", "--game", "land", *bots[:2], "--bot", "b=random", "--games", "1"]
    said = one_line_error([*tournament, "--no-progress", "--out", str(folder)], capsys)
    assert "is not empty" in said
    said = one_line_error(["tournament", "--resume", str(folder)], capsys)
    assert "holds records but no tournament.sqlite" in said
    assert (folder / "records" / "000001-1.jsonl").read_bytes() == kept


def test_a_file_that_cannot_be_written_is_a_one_line_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    a_file = tmp_path / "a-file"
    a_file.write_text("")
    bots = ["--bot", "random", "--bot", "random"]
    said = one_line_error(["match", "land", *bots, "--record", f"{a_file}/m.jsonl"], capsys)
    assert said.endswith("Not a directory")
    said = one_line_error(["--log-json", str(tmp_path), "games"], capsys)
    assert said == f"referee: error: {tmp_path}: Is a directory"


def test_a_log_file_that_fills_up_is_said_once_and_the_command_goes_on(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Every event written to a full disk was a traceback of its own."""
    assert main(["--log-json", "/dev/full", "match", "land", "--bot", "random", "--bot",
                 "random"]) == 0  # fmt: skip
    err = capsys.readouterr().err
    assert err.count("cannot write the log to /dev/full (No space left on device)") == 1
    assert "Traceback" not in err and "Logging error" not in err


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        (b"\xff\xfe game = 'land'", "not UTF-8 text"),
        (b'game = "land"\nbots = "random"\n', "bots: expected a list of bots, got 'random'"),
        (
            b'name = "../../escape"\ngame = "land"\nbots = ["random", "land-greedy"]\n',
            "name: expected a name without '/', got '../../escape'",
        ),
        (
            b'game = "land"\nbots = ["random", "land-greedy"]\ndask_scheduler = "bogus"\n',
            "cannot reach the Dask scheduler 'bogus'",
        ),
    ],
)
def test_a_bad_spec_file_is_a_one_line_error(
    spec: bytes, message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "spec.toml"
    path.write_bytes(spec)
    out = tmp_path / "t"
    said = one_line_error(["tournament", str(path), "--no-progress", "--out", str(out)], capsys)
    assert message in said


@pytest.mark.parametrize("seconds", ["-1", "nan", "inf"])
def test_a_remote_timeout_must_be_a_finite_positive_time(
    seconds: str, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["match", "land", "--bot", "random", "--bot", "remote:ada", "--remote-timeout", seconds]
    with pytest.raises(SystemExit) as exit_info:
        main(argv)
    assert exit_info.value.code == 2
    assert "--remote-timeout: expected 0.001 to 604800" in capsys.readouterr().err


def test_flags_that_would_be_dropped_are_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    spec = tmp_path / "spec.toml"
    spec.write_text('game = "land"\nbots = ["random", "land-greedy"]\n')
    said = one_line_error(["tournament", str(spec), "--game", "carcassonne"], capsys)
    assert "--game and --bot make a tournament without a spec" in said
    resume = ["tournament", "--resume", str(tmp_path)]
    for extra, dropped in [
        ([str(spec)], "the spec file"),
        (["--out", str(tmp_path / "elsewhere")], "--out"),
        (["--games", "3"], "--games"),
        (["--no-reuse"], "--no-reuse"),
        (["--decision-ms", "5"], "--decision-ms"),
    ]:
        said = one_line_error([*resume, *extra], capsys)
        assert said.endswith(f"--resume plays on the tournament as it was made: drop {dropped}")
    assert not (tmp_path / "elsewhere").exists()


def test_output_cut_short_by_its_reader_is_no_traceback(tmp_path: Path) -> None:
    """`referee records DIR --json | head -1`: more lines than a pipe holds, and the reader
    gone after the first."""
    assert main(["match", "land", "--bot", "random", "--bot", "random", "--record",
                 str(tmp_path / "one.jsonl")]) == 0  # fmt: skip
    record = (tmp_path / "one.jsonl").read_bytes()
    for copy in range(400):  # some 200 kB of lines: past a pipe's 64 kB
        (tmp_path / f"copy-{copy}.jsonl").write_bytes(record)
    listing = subprocess.Popen(
        [sys.executable, "-m", "referee.cli", "records", str(tmp_path), "--json"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert listing.stdout is not None and listing.stderr is not None
    assert listing.stdout.readline().startswith(b"{")
    listing.stdout.close()
    stderr = listing.stderr.read().decode()
    assert listing.wait(timeout=60) == 141
    assert "Traceback" not in stderr and "BrokenPipeError" not in stderr, stderr


def test_a_mistyped_name_is_told_apart_from_nothing_there_yet(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A misspelt game is not 'no ladder yet', a filter matching nothing is not 'no
    records', and a file given for a folder is not 'not empty'."""
    said = one_line_error(["ladder", "show", "lnad"], capsys)
    assert said.startswith("referee: error: unknown game 'lnad'")
    assert main(["match", "land", "--bot", "random", "--bot", "random", "--record",
                 str(tmp_path / "m.jsonl")]) == 0  # fmt: skip
    capsys.readouterr()
    assert main(["records", str(tmp_path), "--game", "lnad"]) == 0
    assert "match the filters" in capsys.readouterr().out.replace("\n", " ")
    a_file = tmp_path / "notes.txt"
    a_file.write_text("")
    bots = ["--bot", "random", "--bot", "land-greedy"]
    said = one_line_error(["tournament", "--game", "land", *bots, "--out", str(a_file)], capsys)
    assert said.endswith("is a file; give a new folder")
