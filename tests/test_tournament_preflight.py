"""Pre-flight: a bot that cannot start stops the tournament before its first match."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from referee.tournament.store import DATABASE_NAME
from tests.helpers import BOTS, run_referee

pytestmark = pytest.mark.slow


def test_a_bot_with_a_syntax_error_stops_the_tournament_with_its_name_and_error(
    tmp_path: Path,
) -> None:
    broken = tmp_path / "broken_bot.py"
    broken.write_text("import sdk\ndef broken(:\n")
    out = tmp_path / "t"
    done = run_referee(
        "tournament", "--game", "land", "--bot", f"broken={broken}",
        "--bot", str(BOTS / "random_bot.py"), "--out", str(out),
    )  # fmt: skip
    assert done.returncode == 2
    error = done.stderr.strip().splitlines()[-1]
    assert error.startswith("referee: error: bot broken cannot start: exited with code 1")
    assert "SyntaxError" in error
    assert "Traceback" not in done.stderr
    with sqlite3.connect(out / DATABASE_NAME) as db:  # nothing was played, nothing lost
        statuses = {row[0] for row in db.execute("SELECT status FROM matches")}
    db.close()
    assert statuses <= {"pending"}


def test_a_bot_for_another_game_stops_the_tournament_before_it_is_rated(tmp_path: Path) -> None:
    """It started, and said in its hello which games it plays: every match would have
    been its startup failure, and the ladder would have rated it."""
    out = tmp_path / "t"
    done = run_referee(
        "tournament", "--game", "land", "--bot", "land-greedy", "--bot", "land6-heuristic",
        "--out", str(out),
    )  # fmt: skip
    assert done.returncode == 2
    error = done.stderr.strip().splitlines()[-1]
    assert error == "referee: error: bot land6-heuristic cannot start: it plays land6, not land"
    with sqlite3.connect(out / DATABASE_NAME) as db:
        statuses = {row[0] for row in db.execute("SELECT status FROM matches")}
    db.close()
    assert statuses <= {"pending"}
