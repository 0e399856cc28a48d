"""A decision asked again because the machine starved the bot changes nothing of the match."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import structlog.testing

from referee.match import MatchSpec, Termination, TimeControl, run_match, starvation
from referee.match.chance import match_key
from referee.record.format import decode_line
from referee.transport.fleet import BotFleet
from referee.transport.process import BotCommand
from referee.transport.server import BotServer
from tests.helpers import BOTS, TEST_BOTS

pytestmark = pytest.mark.slow

RANDOM = BotCommand.parse(str(BOTS / "random_bot.py"))


def late_random(late_s: float) -> BotCommand:
    return BotCommand.parse(f"{TEST_BOTS / 'late_random.py'} {late_s}")


async def play(land: Any, folder: Path, late: BotCommand) -> tuple[list[tuple[int, int]], Any, int]:
    """One seeded match, late bot first: its decisions (seat, index), result, the bot's decides."""
    record = folder / "match.jsonl"
    spec = MatchSpec(
        land,
        5,
        time_control=TimeControl(0.3),
        match_id="regrant",
        record_path=record,
        chance_key=match_key(b"the tests' secret", 5),
    )
    async with BotServer() as server, BotFleet(server, folder / "logs") as fleet:
        processes = await fleet.launch_all([late, RANDOM])
        result = await run_match(spec, [p.player for p in processes])
    lines = [decode_line(text) for text in record.read_text().splitlines()]
    decisions = [
        (line.decision.seat, line.decision.index)
        for line in lines
        if line.WhichOneof("kind") == "decision"
    ]
    decides = processes[0].stderr_path.read_text().split().count("decided")
    return decisions, result, decides


async def test_a_regranted_decision_is_answered_once_and_the_match_plays_as_if_on_time(
    land: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The bot's late reply to the request asked again counts, and the bot does not decide twice.

    Re-grants come with load, so a match must not depend on them: else a resumed
    tournament, or one on more workers, could differ from the same one played quietly.
    """
    # Every missed deadline is the machine's fault, as often as it takes: on a busy
    # machine the random bot may be late too, and must change nothing either.
    monkeypatch.setattr(starvation, "excuse", lambda *_: "starved (the test says so)")
    monkeypatch.setattr(starvation, "MAX_REGRANTS", 1000)
    with structlog.testing.capture_logs() as logs:
        regranted = await play(land, tmp_path / "late", late_random(0.8))
    on_time = await play(land, tmp_path / "on-time", late_random(0.0))

    assert any(entry["event"] == "decision_regranted" for entry in logs)
    decisions, result, decides = regranted
    assert [s.termination for s in result.seats] == [Termination.NORMAL] * 2
    assert decisions == on_time[0]
    assert [s.rank for s in result.seats] == [s.rank for s in on_time[1].seats]
    assert decides == sum(seat == 0 for seat, _ in decisions)  # once per decision
