"""The match loop with in-process bots: results, records, penalties, determinism."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest
import trio
import trio.testing

import sdk
from referee.errors import ConfigError
from referee.match import (
    MatchSpec,
    PenaltyPolicy,
    Termination,
    TimeControl,
    play_in_process,
    run_match,
    starvation,
)
from referee.match.inprocess import InProcessPlayer
from referee.match.player import BotIdentity, Player
from referee.match.result import Overhead
from referee.record.format import decode_line
from sdk.pb.landgrave.v1 import bot_pb2
from tests.helpers import load_bot


class RaisingBot(sdk.Bot):
    """Plays legally for a while, then its code breaks."""

    name = "raising"

    def __init__(self, after: int) -> None:
        self.left = after

    def decide(self, decision: sdk.Decision) -> int:
        self.left -= 1
        if self.left < 0:
            raise RuntimeError("bug in my bot")
        return 0


def random_bot() -> Any:
    return load_bot("random_bot.py", "RandomBot")


def record_lines(path: Path) -> list[Any]:
    return [decode_line(line) for line in path.read_text().splitlines()]


def test_a_match_plays_to_the_end_and_ranks_every_seat(land: Any) -> None:
    result = play_in_process(land, [random_bot(), random_bot()], seed=3)
    assert [s.termination for s in result.seats] == [Termination.NORMAL] * 2
    assert sorted(s.rank for s in result.seats)[0] == 1
    assert result.steps > 0
    assert result.final_board


def test_the_record_holds_header_steps_digests_and_footer(land: Any, tmp_path: Path) -> None:
    path = tmp_path / "m.jsonl"
    result = play_in_process(land, [random_bot(), random_bot()], seed=4, record_path=path)
    lines = record_lines(path)
    kinds = [line.WhichOneof("kind") for line in lines]
    assert kinds[0] == "header" and kinds[-1] == "footer"
    steps = [ln for ln in lines if ln.WhichOneof("kind") in ("decision", "chance")]
    digests = [ln.digest for ln in lines if ln.WhichOneof("kind") == "digest"]
    assert len(steps) == len(digests) == result.steps
    assert [d.step for d in digests] == list(range(result.steps))
    decisions = [ln.decision for ln in lines if ln.WhichOneof("kind") == "decision"]
    assert all(d.think_ms >= 0 and d.overhead_ms >= 0 for d in decisions)
    header, footer = lines[0].header, lines[-1].footer
    assert header.game == "land" and header.seed == 4
    assert footer.steps == result.steps
    assert [r.rank for r in footer.results] == [s.rank for s in result.seats]
    assert footer.final_digest == digests[-1].sha256


def test_the_record_on_disk_holds_every_finished_step_when_a_bot_is_asked(
    land: Any, tmp_path: Path
) -> None:
    """What a killed referee leaves: whole steps up to the one being decided, no half lines."""
    path = tmp_path / "m.jsonl"
    last_lines: list[str] = []

    class Peeker(sdk.Bot):
        def decide(self, decision: sdk.Decision) -> int:
            text = path.read_text()
            assert text.endswith("\n")
            last_lines.append(text.splitlines()[-1])
            return 0

    play_in_process(land, [Peeker(), random_bot()], seed=4, record_path=path)
    kinds = [decode_line(line).WhichOneof("kind") for line in last_lines]
    assert len(kinds) > 10 and set(kinds) <= {"header", "digest"}  # a step ends with its digest


def test_equal_seeds_give_equal_matches(land: Any, tmp_path: Path) -> None:
    def moves(path: Path) -> list[str]:
        lines = record_lines(path)
        return [
            json.dumps([ln.WhichOneof("kind"), str(getattr(ln, ln.WhichOneof("kind")).step)])
            + (ln.digest.sha256 if ln.WhichOneof("kind") == "digest" else "")
            for ln in lines[1:-1]
        ]

    for name in ("a", "b"):
        play_in_process(land, [random_bot(), random_bot()], seed=9, record_path=tmp_path / name)
    other = tmp_path / "c"
    play_in_process(land, [random_bot(), random_bot()], seed=10, record_path=other)
    assert moves(tmp_path / "a") == moves(tmp_path / "b")
    assert moves(tmp_path / "a") != moves(other)


def test_a_bot_that_raises_forfeits_and_the_other_is_adjudicated(land: Any) -> None:
    result = play_in_process(land, [RaisingBot(after=1), random_bot()], seed=5)
    broken, other = result.seats
    assert broken.termination is Termination.CRASH
    assert "bug in my bot" in broken.detail
    assert broken.rank == 2
    assert other.termination is Termination.ADJUDICATED
    assert other.rank == 1


async def test_lenient_policy_plays_on_for_a_crashed_bot(land: Any, tmp_path: Path) -> None:
    path = tmp_path / "m.jsonl"
    spec = MatchSpec(land, 5, penalties=PenaltyPolicy.lenient(), record_path=path)
    players = [InProcessPlayer(RaisingBot(after=1)), InProcessPlayer(random_bot())]
    result = await run_match(spec, players)
    assert result.seats[0].termination is Termination.CRASH
    assert "the referee played on" in result.seats[0].detail
    assert result.seats[1].termination is Termination.NORMAL
    lines = record_lines(path)
    penalties = [ln.penalty for ln in lines if ln.WhichOneof("kind") == "penalty"]
    assert len(penalties) == 1 and penalties[0].resolution == "default_action"
    by_referee = [
        ln.decision
        for ln in lines
        if ln.WhichOneof("kind") == "decision" and ln.decision.by_referee
    ]
    assert by_referee and all(d.seat == 0 for d in by_referee)


async def test_a_game_past_its_step_limit_is_a_stall(land: Any) -> None:
    spec = MatchSpec(land, 1, max_steps=5)
    players = [InProcessPlayer(random_bot()), InProcessPlayer(random_bot())]
    result = await run_match(spec, players)
    assert result.steps == 5
    assert {s.termination for s in result.seats} == {Termination.STALL}


async def test_too_many_players_is_a_config_error(land: Any) -> None:
    players = [InProcessPlayer(random_bot()) for _ in range(land.max_players + 1)]
    with pytest.raises(ConfigError, match="players"):
        await run_match(MatchSpec(land, 1), players)


async def test_a_cancelled_match_leaves_a_record_without_footer(land: Any, tmp_path: Path) -> None:
    class SlowBot(sdk.Bot):
        def decide(self, decision: sdk.Decision) -> int:
            return 0

    path = tmp_path / "m.jsonl"
    with trio.move_on_after(0):
        await run_match(
            MatchSpec(land, 1, record_path=path),
            [InProcessPlayer(SlowBot()), InProcessPlayer(SlowBot())],
        )
    lines = record_lines(path)
    assert lines[0].WhichOneof("kind") == "header"
    assert lines[-1].WhichOneof("kind") != "footer"


def test_the_referee_measures_its_own_time_per_bot_decision(land: Any, tmp_path: Path) -> None:
    path = tmp_path / "m.jsonl"
    result = play_in_process(land, [random_bot(), random_bot()], seed=6, record_path=path)
    decisions = [ln.decision for ln in record_lines(path) if ln.WhichOneof("kind") == "decision"]
    assert result.overhead is not None
    assert result.overhead.decisions == len(decisions)
    recorded = sorted(d.overhead_ms for d in decisions)
    assert result.overhead.max_ms == pytest.approx(recorded[-1], abs=0.001)
    assert 0 <= result.overhead.median_ms <= result.overhead.p99_ms <= result.overhead.max_ms


def test_overhead_percentiles() -> None:
    summary = Overhead.of([float(n) for n in range(1, 101)])
    assert summary == Overhead(decisions=100, median_ms=50.5, p99_ms=100.0, max_ms=100.0)
    assert Overhead.of([]) is None


def test_a_bot_is_not_seated_at_a_game_it_says_it_does_not_play(land: Any) -> None:
    carcassonne_only = load_bot("carcassonne_greedy.py", "CarcassonneGreedyBot")
    result = play_in_process(land, [carcassonne_only, random_bot()], seed=1)
    assert result.seats[0].termination is Termination.STARTUP_FAILURE
    assert "plays carcassonne, not land" in result.seats[0].detail
    assert result.seats[1].termination is Termination.ADJUDICATED


class SilentPlayer(Player):
    """A seat whose bot never answers (as a hung process's would not)."""

    identity = BotIdentity("silent")

    async def start_match(self, start: bot_pb2.MatchStart) -> None:
        pass

    async def request(
        self, request: bot_pb2.DecisionRequest, deadline: float
    ) -> bot_pb2.Reply | None:
        await trio.sleep_until(deadline)
        return None

    async def end_match(self, end: bot_pb2.MatchEnd) -> None:
        pass


async def test_a_silent_seat_is_timed_out_at_its_deadline_exactly(
    land: Any, tmp_path: Path, autojump_clock: trio.testing.MockClock
) -> None:
    """On a virtual clock the referee moves on at the deadline, not a moment later.

    (On a real machine, how close it comes is measured by bench/deadline_precision.py.)
    """
    path = tmp_path / "m.jsonl"
    spec = MatchSpec(
        land,
        1,
        time_control=TimeControl(0.3),
        penalties=PenaltyPolicy.lenient(max_strikes=3),
        record_path=path,
    )
    result = await run_match(spec, [SilentPlayer(), InProcessPlayer(random_bot())])
    waited = [
        ln.decision.think_ms
        for ln in record_lines(path)
        if ln.WhichOneof("kind") == "decision" and ln.decision.seat == 0
    ]
    assert set(result.seats[0].faults) == {Termination.TIMEOUT}
    assert waited and set(waited) == {300.0}


class SlowOnSomeTurnsPlayer(InProcessPlayer):
    """An in-process random bot that says it is this process, and on every other turn
    thinks until the referee has read a baseline for it."""

    def __init__(self, baselines: list[starvation.DecisionMeter]) -> None:
        super().__init__(random_bot())
        self.asked = 0
        self.baselines = baselines
        self.read = trio.Event()

    @property
    def pid(self) -> int | None:
        return os.getpid()

    async def request(self, request: Any, deadline: float) -> Any:
        self.asked += 1
        if self.asked % 2 == 0:
            before = len(self.baselines)
            with trio.fail_after(10):  # the referee reads a baseline while it waits
                while len(self.baselines) == before:
                    self.read = trio.Event()
                    await self.read.wait()
        return await super().request(request, deadline)


@pytest.mark.slow
async def test_a_busy_machine_meters_the_decisions_that_outlast_the_baseline_delay(
    land: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(starvation, "quiet_lately", lambda latest: False)
    baselines: list[starvation.DecisionMeter] = []
    players = [SlowOnSomeTurnsPlayer(baselines), SlowOnSomeTurnsPlayer(baselines)]

    def take_baseline(meter: starvation.DecisionMeter) -> None:  # in a worker thread
        baselines.append(meter)
        for player in players:
            trio.from_thread.run_sync(player.read.set)

    monkeypatch.setattr(starvation.DecisionMeter, "take_baseline", take_baseline)
    result = await run_match(MatchSpec(land, seed=5), players)
    assert [s.termination for s in result.seats] == [Termination.NORMAL] * 2
    slow = sum(player.asked // 2 for player in players)
    assert slow > 0
    assert len(baselines) == len(set(map(id, baselines))) == slow  # no quick decision's
