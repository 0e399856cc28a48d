"""Seats belong to their bots: no bot takes another's seat, signals it or reads its secrets.

Every test here uses real bot processes over the real server.
"""

from __future__ import annotations

import shutil
import sys
from pathlib import Path
from typing import Any

import pytest
import trio

from referee.match import Termination
from referee.transport.accounts import is_root
from referee.transport.fleet import BotFleet
from referee.transport.process import BotCommand, Limits
from referee.transport.server import BotServer
from tests.helpers import BOTS, TEST_BOTS, play_processes

pytestmark = pytest.mark.slow

RANDOM = BotCommand.parse(str(BOTS / "random_bot.py"))
needs_bwrap = pytest.mark.skipif(shutil.which("bwrap") is None, reason="needs bubblewrap")


def faulty(mode: str) -> BotCommand:
    return BotCommand.parse(f"{TEST_BOTS / 'faulty.py'} {mode}")


async def test_a_bot_finds_no_other_bots_token_to_steal(land: Any, tmp_path: Path) -> None:
    """Tokens travel through a pipe the bot reads and closes: /proc shows none of them."""
    result, processes = await play_processes(land, tmp_path, [faulty("thief"), RANDOM])
    assert [s.termination for s in result.seats] == [Termination.NORMAL] * 2
    log = processes[0].stderr_path.read_text()
    assert "thief: found [], 0 seats stolen" in log


async def test_a_stolen_token_is_refused_and_the_victim_plays_on(land: Any, tmp_path: Path) -> None:
    """Whoever holds a seat's token after its bot connected cannot take the seat."""
    from referee.match import MatchSpec, TimeControl, run_match

    async with BotServer() as server, BotFleet(server, tmp_path) as fleet:
        victim, other = await fleet.launch_all([RANDOM, RANDOM])
        thief_argv = [sys.executable, str(TEST_BOTS / "thief.py")]
        with trio.fail_after(60):
            thief = await trio.run_process(
                [*thief_argv, server.address, victim.connection.token],
                capture_stdout=True,
                check=False,
            )
        spec = MatchSpec(land, 3, time_control=TimeControl(2.0))
        result = await run_match(spec, [victim.player, other.player])
    assert thief.stdout.decode().strip() == "refused: this token is already connected"
    assert [s.termination for s in result.seats] == [Termination.NORMAL] * 2


async def test_bots_start_with_a_clean_environment(
    land: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The organiser's secrets stay with the organiser; named variables pass."""
    monkeypatch.setenv("ORGANISER_SECRET", "hunter2")
    monkeypatch.setenv("BOT_WEIGHTS", "/models/w.bin")
    limits = Limits(env=("BOT_WEIGHTS",))
    result, _ = await play_processes(land, tmp_path, [faulty("env"), RANDOM], limits)
    names = set(result.seats[0].detail.partition("env ")[2].split())
    assert "PATH" in names
    assert "BOT_WEIGHTS" in names
    assert "ORGANISER_SECRET" not in names
    assert "LANDGRAVE_TOKEN" not in names
    assert "LANDGRAVE_TOKEN_FD" in names


@needs_bwrap
async def test_a_sandboxed_bot_cannot_stop_another_bot(land: Any, tmp_path: Path) -> None:
    """Its own pid namespace (and, as root, its own uid) keeps other bots out of reach."""
    limits = Limits(sandbox=True)
    result, processes = await play_processes(land, tmp_path, [faulty("stopper"), RANDOM], limits)
    assert [s.termination for s in result.seats] == [Termination.NORMAL] * 2
    assert "stopper: 0 stopped" in processes[0].stderr_path.read_text()


@pytest.mark.skipif(not is_root(), reason="bots get their own uids only under a root referee")
async def test_as_root_each_bot_runs_under_its_own_user_id(land: Any, tmp_path: Path) -> None:
    """Under the sandbox a uid of its own always works; the two bots' uids differ."""
    if shutil.which("bwrap") is None:
        pytest.skip("needs bubblewrap")
    result, processes = await play_processes(land, tmp_path, [RANDOM, RANDOM], Limits(sandbox=True))
    assert [s.termination for s in result.seats] == [Termination.NORMAL] * 2
    uids = [p.uid for p in processes]
    assert None not in uids and uids[0] != uids[1] and 0 not in uids


async def test_a_bots_log_is_private_to_the_organiser(land: Any, tmp_path: Path) -> None:
    logs = tmp_path / "logs"
    _, processes = await play_processes(land, logs, [RANDOM, RANDOM])
    assert logs.stat().st_mode & 0o777 == 0o700
    assert processes[0].stderr_path.stat().st_mode & 0o777 == 0o600
