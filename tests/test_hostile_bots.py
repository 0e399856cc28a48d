"""Bots that send what no honest bot would: each is its own seat's fault, never the referee's.

Every test here uses real bot processes over the real server.
"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from referee.games import registered
from referee.tournament.store import DATABASE_NAME
from tests.helpers import BOTS, TEST_BOTS, run_referee

pytestmark = pytest.mark.slow


def garbage(mode: str) -> str:
    return f"garbage={TEST_BOTS / 'garbage.py'} {mode}"


def finished_matches(folder: Path) -> list[list[dict[str, object]]]:
    """Each match's seats as the database stores them; every match must be done."""
    with sqlite3.connect(folder / DATABASE_NAME) as db:
        rows = db.execute("SELECT status, result FROM matches ORDER BY id").fetchall()
    assert rows and all(status == "done" for status, _ in rows), rows
    return [json.loads(result)["seats"] for _, result in rows]


def tournament(tmp_path: Path, game: str, bot: str) -> list[dict[str, object]]:
    """A tournament of the hostile bot and the random bot: the hostile bot's seats, once done."""
    out = tmp_path / game
    bots = ["--bot", bot, "--bot", f"random={BOTS / 'random_bot.py'}"]
    done = run_referee(
        "tournament", "--game", game, *bots, "--games", "1", "--out", str(out), "--no-progress"
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "Traceback" not in done.stderr
    seats = [seat for match in finished_matches(out) for seat in match]
    return [seat for seat in seats if seat["name"] == "garbage"]


@pytest.mark.parametrize("game", sorted(registered()))
def test_undecodable_action_bytes_are_a_protocol_error_in_every_game(
    tmp_path: Path, game: str
) -> None:
    hostile = tournament(tmp_path, game, garbage("action-bytes"))
    assert hostile
    for seat in hostile:
        assert seat["termination"] == "protocol_error", seat
        assert "are not a valid" in str(seat["detail"])


def test_raw_bytes_on_the_stream_are_a_protocol_error(tmp_path: Path) -> None:
    hostile = tournament(tmp_path, "land", garbage("stream-bytes"))
    assert hostile
    for seat in hostile:
        assert seat["termination"] == "protocol_error", seat
        assert "not a BotMessage" in str(seat["detail"])
