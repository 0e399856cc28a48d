"""Faults of real bot processes: each is recorded, and no process outlives its match."""

from __future__ import annotations

import sys
import time
from pathlib import Path
from typing import Any

import pytest

from referee.match import (
    MatchResult,
    MatchSpec,
    PenaltyPolicy,
    Termination,
    TimeControl,
    run_match,
)
from referee.record.format import decode_line
from referee.transport.fleet import BotFleet
from referee.transport.process import BotCommand, BotProcess
from referee.transport.server import BotServer
from tests.helpers import BOTS, TEST_BOTS, live_processes_in_group

pytestmark = pytest.mark.slow

RANDOM = BotCommand.parse(str(BOTS / "random_bot.py"))


def faulty(mode: str, after: int = 0) -> BotCommand:
    return BotCommand.parse(f"{TEST_BOTS / 'faulty.py'} {mode} {after}")


async def play(
    land: Any,
    tmp_path: Path,
    commands: list[BotCommand],
    decision_s: float = 2.0,
    startup_timeout_s: float = 10.0,
    **spec_options: Any,
) -> tuple[MatchResult, list[BotProcess], float]:
    """Play one match; return its result, the processes (all ended) and run_match's duration."""
    spec = MatchSpec(
        land, 11, time_control=TimeControl(decision_s), match_id="faults", **spec_options
    )
    async with (
        BotServer() as server,
        BotFleet(server, tmp_path, startup_timeout_s=startup_timeout_s) as fleet,
    ):
        processes = await fleet.launch_all(commands)
        started = time.monotonic()
        result = await run_match(spec, [p.player for p in processes])
        elapsed = time.monotonic() - started
    for process in processes:
        if process.pid is not None:
            assert live_processes_in_group(process.pid) == [], "a bot process was left running"
    return result, processes, elapsed


async def test_a_bot_sleeping_past_its_deadline_times_out_on_time(
    land: Any, tmp_path: Path
) -> None:
    result, _, elapsed = await play(land, tmp_path, [faulty("sleep"), RANDOM], decision_s=0.3)
    sleeper, other = result.seats
    assert sleeper.termination is Termination.TIMEOUT
    assert other.termination is Termination.ADJUDICATED
    # The sleeper sleeps 30 s: the referee did not wait for it. (How soon it moved on is
    # a benchmark's, bench/deadline_precision.py, and test_runner's on a virtual clock.)
    assert elapsed < 15


async def test_each_timed_out_decision_is_recorded_with_the_time_waited_for_it(
    land: Any, tmp_path: Path
) -> None:
    """Never less than the allowance; how little more is measured, not asserted (a busy
    machine wakes the referee late: bench/deadline_precision.py)."""
    record = tmp_path / "m.jsonl"
    result, _, _ = await play(
        land,
        tmp_path,
        [faulty("sleep"), RANDOM],
        decision_s=0.3,
        penalties=PenaltyPolicy.lenient(max_strikes=3),
        record_path=record,
    )
    sleeper = result.seats[0]
    lines = [decode_line(text) for text in record.read_text().splitlines()]
    waited = [
        ln.decision.think_ms
        for ln in lines
        if ln.WhichOneof("kind") == "decision" and ln.decision.by_referee
    ]
    forfeited = sleeper.termination is not Termination.NORMAL
    assert waited and len(sleeper.faults) == len(waited) + forfeited
    assert set(sleeper.faults) == {Termination.TIMEOUT}
    assert all(300 <= ms < 15_000 for ms in waited), waited  # the sleeper sleeps 30 s


async def test_a_bot_that_exits_mid_match_is_a_crash(land: Any, tmp_path: Path) -> None:
    result, _, _ = await play(land, tmp_path, [faulty("exit", after=2), RANDOM])
    assert result.seats[0].termination is Termination.CRASH
    assert "exited with code 3" in result.seats[0].detail
    assert result.seats[1].rank == 1


async def test_an_out_of_range_index_is_an_illegal_action(land: Any, tmp_path: Path) -> None:
    result, _, _ = await play(land, tmp_path, [RANDOM, faulty("bad-index")])
    assert result.seats[1].termination is Termination.ILLEGAL_ACTION
    assert "out of range" in result.seats[1].detail


async def test_a_negative_index_is_an_illegal_action_not_a_crash(land: Any, tmp_path: Path) -> None:
    result, _, _ = await play(land, tmp_path, [RANDOM, faulty("negative-index")])
    assert result.seats[1].termination is Termination.ILLEGAL_ACTION
    assert "negative or huge index" in result.seats[1].detail


async def test_an_action_of_the_wrong_type_is_a_protocol_error(land: Any, tmp_path: Path) -> None:
    result, _, _ = await play(land, tmp_path, [faulty("wrong-type"), RANDOM])
    assert result.seats[0].termination is Termination.PROTOCOL_ERROR
    assert "landgrave.v1.Hello" in result.seats[0].detail


async def test_an_exception_in_the_bot_is_reported_as_its_crash(land: Any, tmp_path: Path) -> None:
    result, _, _ = await play(land, tmp_path, [faulty("raise", after=1), RANDOM])
    assert result.seats[0].termination is Termination.CRASH
    assert "RuntimeError: my strategy has a bug" in result.seats[0].detail


async def test_a_bot_that_never_says_hello_is_a_startup_failure(land: Any, tmp_path: Path) -> None:
    started = time.monotonic()
    # Long enough for the healthy bot to start on a loaded machine, far short of 60 s.
    result, _, _ = await play(
        land, tmp_path, [RANDOM, faulty("never-ready")], startup_timeout_s=4.0
    )
    # The bot sleeps 60 s before it would exit: the referee gave up on it well before,
    # after its startup timeout (twice, when a start on a congested machine is retried).
    assert time.monotonic() - started < 45
    assert result.seats[1].termination is Termination.STARTUP_FAILURE
    assert "did not connect and say hello within 4 s (--startup-timeout)" in result.seats[1].detail
    assert result.seats[0].termination is Termination.ADJUDICATED


async def test_an_old_protocol_version_is_refused_with_a_clear_error(
    land: Any, tmp_path: Path
) -> None:
    result, processes, _ = await play(
        land, tmp_path, [faulty("old-protocol"), RANDOM], startup_timeout_s=5.0
    )
    assert result.seats[0].termination is Termination.STARTUP_FAILURE
    stderr = processes[0].stderr_path.read_text()
    assert "protocol version 99 is not supported" in stderr


async def test_a_bots_children_are_killed_with_it(land: Any, tmp_path: Path) -> None:
    result, _, _ = await play(land, tmp_path, [faulty("fork-sleep"), RANDOM], decision_s=0.5)
    assert result.seats[0].termination is Termination.TIMEOUT  # and `play` checked the group


def test_a_missing_bot_file_is_refused_before_anything_starts() -> None:
    from referee.errors import ConfigError

    with pytest.raises(ConfigError, match=r"bot file not found: nope\.py"):
        BotCommand.parse("nope.py")
    with pytest.raises(ConfigError, match="bot program not found"):
        BotCommand.parse("no-such-program --fast")
    assert BotCommand.parse(str(BOTS / "random_bot.py")).argv[0] == sys.executable


async def test_a_flooding_bot_is_cut_off_as_a_protocol_error(land: Any, tmp_path: Path) -> None:
    flood = BotCommand.parse(str(TEST_BOTS / "flood.py"))
    result, _, _ = await play(land, tmp_path, [flood, RANDOM])
    assert result.seats[0].termination is Termination.PROTOCOL_ERROR
    assert "flood" in result.seats[0].detail
    assert result.seats[1].termination is Termination.ADJUDICATED


async def test_a_bot_process_for_another_game_is_refused_its_seat(
    land: Any, tmp_path: Path
) -> None:
    carcassonne_only = BotCommand.parse(str(BOTS / "carcassonne_greedy.py"))
    result, _, _ = await play(land, tmp_path, [RANDOM, carcassonne_only])
    assert result.seats[1].termination is Termination.STARTUP_FAILURE
    assert "plays carcassonne, not land" in result.seats[1].detail
