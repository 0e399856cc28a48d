"""Stepping through a record at the terminal, and printing one step for scripts."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import pytest

from referee.cli import main
from referee.engine import CHANCE
from referee.games.land.state import LandState
from referee.match import play_in_process
from referee.replay import Cursor, Replay
from referee.replay.game import observation_text
from referee.replay.stepper import step_through
from tests.helpers import load_bot


@pytest.fixture
def record(land: Any, tmp_path: Path) -> Path:
    path = tmp_path / "m.jsonl"
    bots = [load_bot("random_bot.py", "RandomBot") for _ in range(2)]
    play_in_process(land, bots, 4, record_path=path)
    return path


def state_after(path: Path, steps: int) -> Any:
    cursor = Cursor(Replay.from_path(path))
    cursor.goto(steps)
    return cursor


def test_step_prints_the_board_the_action_and_the_scores(
    record: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    cursor = state_after(record, 30)
    assert main(["replay", str(record), "--step", "30"]) == 0
    out = capsys.readouterr().out
    before = state_after(record, 29).state
    last = cursor.last_step
    assert out.startswith(f"step 30/{cursor.replay.num_positions - 1}: ")
    assert f"{before.describe(last.seat, last.action)} (step 29)" in out
    assert type(last.action).__name__ + "(" not in out
    assert cursor.state.render().rstrip() in out
    assert "scores:" in out and "seat 0 random (1): " in out


@pytest.mark.parametrize("hidden", [False, True])
def test_step_for_one_seat_shows_its_observation_and_the_others_moves_as_it_was_told(
    record: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, hidden: bool
) -> None:
    """Only what the seat could see: no full board; another seat's move in words
    unless the engine hides it from this seat (then only that it acted)."""
    if hidden:
        monkeypatch.setattr(LandState, "hides", lambda self, viewer, seat, action: seat != viewer)
    replay = Replay.from_path(record)
    other = next(
        s for s in replay.record.steps[5:] if s.seat not in (CHANCE, 0)
    )  # a step of seat 1
    position = other.number + 1
    assert main(["replay", str(record), "--step", str(position), "--seat", "0"]) == 0
    out = capsys.readouterr().out
    cursor = state_after(record, position)
    assert observation_text(cursor.state, 0).rstrip() in out
    assert cursor.state.render().rstrip() not in out
    assert (f"seat 1 acted (step {other.number})" in out) == hidden
    assert (f"{cursor.last_step_text} (step {other.number})" in out) != hidden
    assert repr(other.action) not in out
    assert main(["replay", str(record), "--step", "3", "--seat", "2"]) == 2


def test_the_prompt_steps_forward_back_and_jumps(
    record: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("n\n\np\nj 40\nb\nwhat\nj 100000\nq\n"))
    assert main(["replay", str(record)]) == 0
    out = capsys.readouterr().out
    last = Replay.from_path(record).num_positions - 1
    lines = [line.removeprefix("replay> ") for line in out.splitlines()]
    headings = [line.split(":")[0] for line in lines if line.startswith("step ")]
    shown = [int(h.split()[1].split("/")[0]) for h in headings]
    assert shown == [0, 1, 2, 1, 40, 40, last]
    assert out.count("commands: ") == 2  # once at the start, once for "what"


def test_stepping_ends_at_the_end_of_input(record: Path) -> None:
    shown: list[str] = []

    def read(prompt: str) -> str:
        raise EOFError

    step_through(Replay.from_path(record), read, shown.append, start=5)
    assert shown[0].startswith("step 5/")


def test_going_back_replays_to_the_same_state(record: Path) -> None:
    cursor = state_after(record, 50)
    digest = cursor.state.digest()
    cursor.goto(10)
    cursor.goto(50)
    assert cursor.state.digest() == digest
    assert cursor.replay.record.digests[49] == digest
