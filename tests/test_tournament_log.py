"""A tournament whose output is not a terminal logs a line per match, as chess tools do."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from referee.match.result import SeatResult
from referee.match.termination import Termination
from referee.tournament.report import match_line
from referee.tournament.results import StoredResult
from referee.tournament.store import ScheduledMatch
from tests.helpers import BOTS, run_referee


def test_a_match_line_names_seats_ranks_scores_and_unusual_ends() -> None:
    seats = (
        SeatResult(0, "greedy", rank=1, score=41.0, termination=Termination.NORMAL),
        SeatResult(1, "random", rank=2, score=17.5, termination=Termination.TIMEOUT),
        SeatResult(2, "other", rank=13, score=0.0, termination=Termination.ADJUDICATED),
    )
    result = StoredResult(match_id="m", steps=9, seats=seats)
    match = ScheduledMatch(12, 1, 3, 3, ("greedy", "random", "other"), 7, "done", 1, None, result)
    assert match_line(match) == (
        "#12 seed 7: greedy 1st (41), random 2nd (17.5, timeout), other 13th (0, adjudicated)"
    )


@pytest.mark.slow
def test_piped_output_has_a_line_per_match_and_standings_every_n(tmp_path: Path) -> None:
    done = run_referee(
        "tournament", "--game", "land", "--bot", str(BOTS / "random_bot.py"),
        "--bot", str(BOTS / "land_greedy.py"), "--games", "2", "--standings-every", "2",
        "--out", str(tmp_path / "t"),
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    logged = [line for line in lines if line.startswith("[")]
    assert [line.split("]")[0] for line in logged] == ["[1/4", "[2/4", "[3/4", "[4/4"]
    assert all("random" in line and "land-greedy" in line for line in logged)
    assert sum("standings after" in line for line in lines) == 2


def test_standings_every_is_bounded() -> None:
    refused = run_referee("tournament", "--standings-every", "-1")
    assert refused.returncode == 2
    assert "expected 0 to" in refused.stderr


@pytest.mark.slow
def test_a_match_says_where_its_record_and_logs_went_and_leaves_no_stray_folder(
    tmp_path: Path,
) -> None:
    random_bot = str(BOTS / "random_bot.py")
    record = tmp_path / "m.jsonl"
    kept = run_referee("match", "land", "--bot", random_bot, "--bot", random_bot,
                       "--record", str(record))  # fmt: skip
    assert kept.returncode == 0, kept.stderr
    assert f"Bot logs: {record}.logs/" in kept.stdout
    assert f"View it: referee replay {record} --html m.html" in kept.stdout
    assert list(Path(f"{record}.logs").glob("*.stderr"))

    # Under pytest's deep tmp_path: the referee's socket then goes to /tmp, not TMPDIR.
    scratch = tmp_path / ("scratch-" + "x" * 60)
    scratch.mkdir()
    unkept = subprocess.run(
        [sys.executable, "-m", "referee.cli", "match", "land", "--bot", random_bot,
         "--bot", random_bot],
        capture_output=True, text=True, timeout=300, check=False,
        env={**os.environ, "TMPDIR": str(scratch)},
    )  # fmt: skip
    assert unkept.returncode == 0, unkept.stderr
    assert "--record PATH keeps both" in unkept.stdout
    assert not any(path.name.startswith("landgrave-bots-") for path in scratch.iterdir())


@pytest.mark.slow
def test_a_tournament_says_where_its_files_are(tmp_path: Path) -> None:
    done = run_referee(
        "tournament", "--game", "land", "--bot", str(BOTS / "random_bot.py"),
        "--bot", str(BOTS / "land_greedy.py"), "--games", "1",
        "--out", str(tmp_path / "t"), "--no-progress",
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    folder = tmp_path / "t"
    assert f"Records: {folder / 'records'}/" in done.stdout
    assert f"Bot logs: {folder / 'logs'}/" in done.stdout
    assert f"View one: referee replay {folder / 'records'}" in done.stdout
