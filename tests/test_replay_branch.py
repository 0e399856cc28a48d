"""Branching: continuing a recorded match from any step with new players."""

from __future__ import annotations

import hashlib
import sys
import tempfile
from pathlib import Path
from typing import Any

import pytest
import trio

import sdk
from referee.cli import main
from referee.errors import ConfigError
from referee.match import play_in_process, run_match
from referee.match.inprocess import InProcessPlayer
from referee.match.runner import IN_PROCESS_SECRET
from referee.record.reader import read_record
from referee.replay import Replay, verify_record
from referee.replay.branch import branch_spec
from tests.helpers import BOTS, load_bot


class PositionBot(sdk.Bot):
    """Chooses by a hash of what it sees, so the same position always gets the same move."""

    name = "position"
    version = "1"

    def decide(self, decision: sdk.Decision) -> int:
        seen = decision.observation.SerializeToString(deterministic=True)
        number = int.from_bytes(hashlib.sha256(seen).digest()[:4], "big")
        return number % len(decision.legal_actions)


def original(land: Any, path: Path, seed: int = 4) -> Path:
    play_in_process(land, [PositionBot(), PositionBot()], seed, record_path=path)
    return path


def digests(path: Path) -> list[str]:
    record = read_record(path)
    return [record.digests[n] for n in range(len(record.steps))]


@pytest.mark.parametrize("fraction", [0.0, 0.3, 0.7, 1.0])
def test_a_branch_with_the_same_bots_and_seed_replays_the_original(
    land: Any, tmp_path: Path, fraction: float
) -> None:
    """The chance stream skips replayed chance steps, so later dice fall as they did."""
    first = original(land, tmp_path / "original.jsonl")
    replay = Replay.from_path(first)
    step = int(fraction * len(replay.record.steps))
    branched = tmp_path / "branch.jsonl"
    spec = branch_spec(replay, step, 2, record_path=branched)
    players = [InProcessPlayer(PositionBot()), InProcessPlayer(PositionBot())]
    result = trio.run(run_match, spec, players)

    assert digests(branched) == digests(first)
    record = read_record(branched)
    assert record.header.parent_record == str(first)
    assert record.header.parent_step == step
    assert record.header.seed == replay.record.header.seed
    assert record.footer is not None and replay.record.footer is not None
    assert list(record.footer.results) == list(replay.record.footer.results)
    assert result.steps == len(replay.record.steps)
    verify_record(branched)


def test_a_branch_with_other_bots_keeps_the_prefix_only(land: Any, tmp_path: Path) -> None:
    first = original(land, tmp_path / "original.jsonl")
    replay = Replay.from_path(first)
    branched = tmp_path / "branch.jsonl"
    spec = branch_spec(replay, 30, 2, record_path=branched)
    bots = [load_bot("random_bot.py", "RandomBot") for _ in range(2)]
    trio.run(run_match, spec, [InProcessPlayer(bot) for bot in bots])
    assert digests(branched)[:30] == digests(first)[:30]
    assert read_record(branched).history()[:30] == replay.record.history()[:30]
    verify_record(branched)


def test_a_branch_of_an_interrupted_record_finishes_the_match(land: Any, tmp_path: Path) -> None:
    """Continuing a match the referee lost half-way is what branching is for, too."""
    first = original(land, tmp_path / "original.jsonl")
    lines = first.read_text().splitlines(keepends=True)
    cut = tmp_path / "cut.jsonl"
    cut.write_text("".join(lines[:40]) + lines[40][:10])
    replay = Replay.from_path(cut)
    assert replay.record.is_interrupted
    kept = len(replay.record.steps)
    # An interrupted record never revealed its key: the organiser's secret gives it.
    spec = branch_spec(
        replay, kept, 2, record_path=tmp_path / "b.jsonl", chance_secret=IN_PROCESS_SECRET
    )
    trio.run(run_match, spec, [InProcessPlayer(PositionBot()), InProcessPlayer(PositionBot())])
    finished = read_record(tmp_path / "b.jsonl")
    assert finished.footer is not None and finished.header.parent_step == kept
    assert digests(tmp_path / "b.jsonl") == digests(first)
    verify_record(tmp_path / "b.jsonl")


def test_a_branch_step_or_seat_count_out_of_range_is_refused(land: Any, tmp_path: Path) -> None:
    replay = Replay.from_path(original(land, tmp_path / "original.jsonl"))
    with pytest.raises(ConfigError, match="branch step"):
        branch_spec(replay, len(replay.record.steps) + 1, 2)
    with pytest.raises(ConfigError, match="2 seats, got 3"):
        branch_spec(replay, 0, 3)


@pytest.mark.slow
def test_the_cli_branches_with_bot_processes(
    land: Any, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`referee replay --from` plays on with real processes and names its parent."""
    greedy = load_bot("land_greedy.py", "LandGreedyBot")
    first = tmp_path / "original.jsonl"
    play_in_process(
        land, [greedy, load_bot("land_greedy.py", "LandGreedyBot")], 4, record_path=first
    )
    branched = tmp_path / "branch.jsonl"
    bot = str(BOTS / "land_greedy.py")
    code = main(
        [
            "replay",
            str(first),
            "--from",
            "25",
            "--bot",
            bot,
            "--bot",
            bot,
            "--record",
            str(branched),
            "--decision-ms",
            "5000",
        ]
    )
    assert code == 0, capsys.readouterr()
    assert f"branched from {first} at step 25" in capsys.readouterr().out
    record = read_record(branched)
    assert record.header.parent_record == str(first) and record.header.parent_step == 25
    assert record.header.seats[0].launch.startswith(sys.executable)
    # The greedy bot decides by the position alone: the whole match comes out the same.
    assert digests(branched) == digests(first)
    verify_record(branched)


@pytest.mark.slow
def test_a_branch_without_a_record_leaves_no_bot_logs_behind(
    land: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    first = original(land, tmp_path / "original.jsonl")
    scratch = tmp_path / "tmp"
    scratch.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(scratch))
    bot = str(BOTS / "random_bot.py")
    assert main(["replay", str(first), "--from", "3", "--bot", bot, "--bot", bot]) == 0
    assert [path.name for path in scratch.iterdir() if "landgrave-bots" in path.name] == []


def test_bot_flags_without_from_are_refused(land: Any, tmp_path: Path) -> None:
    first = original(land, tmp_path / "original.jsonl")
    assert main(["replay", str(first), "--verify", "--bot", "bots/random_bot.py"]) == 2
