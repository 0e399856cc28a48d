"""Bots under bubblewrap: they play as usual, but reach no network and write no files."""

from __future__ import annotations

import os
import shutil
from pathlib import Path
from typing import Any

import pytest

from referee.builtin_bots import BUILTIN_BOTS, BuiltinBot
from referee.match import MatchSpec, Termination, run_match
from referee.transport.fleet import BotFleet
from referee.transport.process import BotCommand, Limits
from referee.transport.server import BotServer
from tests.helpers import BOTS, ROOT, TEST_BOTS, play_processes

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(
        shutil.which("bwrap") is None, reason="needs bubblewrap (.ci/run installs it)"
    ),
]


async def play(land: Any, tmp_path: Path, commands: list[BotCommand]) -> Any:
    async with (
        BotServer() as server,
        BotFleet(server, tmp_path, Limits(sandbox=True)) as fleet,
    ):
        processes = await fleet.launch_all(commands)
        return await run_match(MatchSpec(land, 3), [p.player for p in processes])


async def test_sandboxed_bots_play_a_whole_match(land: Any, tmp_path: Path) -> None:
    random = BotCommand.parse(str(BOTS / "random_bot.py"))
    result = await play(land, tmp_path, [random, BotCommand.parse(str(BOTS / "land_greedy.py"))])
    assert {s.termination for s in result.seats} == {Termination.NORMAL}


@pytest.mark.parametrize("bot", BUILTIN_BOTS, ids=lambda bot: bot.name)
async def test_every_builtin_bot_starts_in_the_sandbox(bot: BuiltinBot, tmp_path: Path) -> None:
    """A built-in bot finds what it imports inside the sandbox (the SDK, and the engines
    for the bots that search or read the engine's actions) and says hello, from this
    clone's editable install as from a wheel."""
    async with (
        BotServer() as server,
        BotFleet(server, tmp_path, Limits(sandbox=True)) as fleet,
    ):
        (process,) = await fleet.launch_all([BotCommand.parse(bot.name)])
        assert process.connection.hello is not None
        assert process.connection.hello.name == bot.name


async def test_the_mcts_bot_searches_with_the_forward_model_in_the_sandbox(
    land: Any, tmp_path: Path
) -> None:
    """It samples and steps Land's own engine inside the sandbox, for a whole match."""
    mcts = BotCommand.parse("mcts --iterations 30")
    result = await play(land, tmp_path, [mcts, BotCommand.parse(str(BOTS / "random_bot.py"))])
    assert [s.termination for s in result.seats] == [Termination.NORMAL] * 2


async def test_a_sandboxed_bot_reaches_no_network_and_writes_no_files(
    land: Any, tmp_path: Path
) -> None:
    probe = BotCommand.parse(f"{TEST_BOTS / 'faulty.py'} probe")
    result = await play(land, tmp_path, [probe, BotCommand.parse(str(BOTS / "random_bot.py"))])
    assert "network blocked, write blocked" in result.seats[0].detail


async def test_without_the_sandbox_the_probe_can_write(land: Any, tmp_path: Path) -> None:
    """The probe itself works: outside the sandbox it writes (so the test above can fail)."""
    probe = BotCommand.parse(f"{TEST_BOTS / 'faulty.py'} probe")
    async with BotServer() as server, BotFleet(server, tmp_path) as fleet:
        processes = await fleet.launch_all([probe, BotCommand.parse(str(BOTS / "random_bot.py"))])
        result = await run_match(MatchSpec(land, 3), [p.player for p in processes])
    assert "write open" in result.seats[0].detail


async def test_a_sandboxed_bot_sees_no_records_logs_home_or_other_sockets(
    land: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """What it may read (its own program) it reads; the organiser's files are not there."""
    import socket

    record = tmp_path / "live.jsonl"
    other_log = tmp_path / "logs" / "random_bot-1.stderr"
    elsewhere = tmp_path / "other.sock"
    probe = TEST_BOTS / "faulty.py"
    paths = [probe, record, other_log, ROOT / "pyproject.toml", f"/proc/{os.getpid()}/environ"]
    monkeypatch.setenv("PROBE_PATHS", " ".join(map(str, paths)))
    monkeypatch.setenv("PROBE_SOCKETS", str(elsewhere))
    with socket.socket(socket.AF_UNIX) as listener:
        listener.bind(str(elsewhere))
        listener.listen()
        result, _ = await play_processes(
            land,
            tmp_path / "logs",
            [BotCommand.parse(f"{probe} snoop"), BotCommand.parse(str(BOTS / "random_bot.py"))],
            Limits(sandbox=True, env=("PROBE_PATHS", "PROBE_SOCKETS")),
            decision_s=5.0,
            record_path=record,
        )
    seen = result.seats[0].detail
    assert f"read {probe}" in seen  # the probe works: it reads its own folder
    for path in paths[1:]:
        assert f"no {path}" in seen
    assert f"no {elsewhere}" in seen
    assert record.read_text()  # the record was there, live, while the bot looked
