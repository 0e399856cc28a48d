"""Containment without the sandbox: nothing a bot starts outlives it, memory counts as a whole.

Every test here uses real bot processes over the real server.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import trio

from referee.match import Termination
from referee.transport.accounts import is_root
from referee.transport.launcher import CUT_MARK
from referee.transport.process import BotCommand, Limits
from tests.helpers import BOTS, TEST_BOTS, pid_is_running, play_processes

pytestmark = pytest.mark.slow

RANDOM = BotCommand.parse(str(BOTS / "random_bot.py"))


def faulty(mode: str) -> BotCommand:
    return BotCommand.parse(f"{TEST_BOTS / 'faulty.py'} {mode}")


async def test_children_that_setsid_double_fork_or_leave_the_group_are_ended(
    land: Any, tmp_path: Path
) -> None:
    """The launcher is a subreaper: escaping the process group does not escape the match."""
    result, _ = await play_processes(land, tmp_path, [faulty("escape"), RANDOM])
    escaper = result.seats[0]
    assert escaper.termination is Termination.CRASH
    pids = [int(word) for word in escaper.detail.partition("escaped ")[2].split()[:3]]
    assert len(pids) == 3
    assert [pid for pid in pids if pid_is_running(pid)] == []


async def test_a_bots_output_is_capped_and_the_cut_is_marked(land: Any, tmp_path: Path) -> None:
    """3 MB of chatter under a 1 MB cap: the log keeps 1 MB and says where it was cut."""
    result, processes = await play_processes(
        land, tmp_path, [faulty("chatter"), RANDOM], Limits(output_mb=1)
    )
    assert result.seats[0].termination is Termination.NORMAL  # chatter is no fault
    log = processes[0].stderr_path.read_text()
    assert CUT_MARK.format(cap=1024 * 1024) in log
    assert 1024 * 1024 <= len(log) < 1024 * 1024 + 4096


async def test_a_bots_processes_together_are_held_to_its_memory_limit(
    land: Any, tmp_path: Path
) -> None:
    """Three children of 150 MB each pass a 256 MB limit no single process reaches."""
    result, _ = await play_processes(
        land, tmp_path, [faulty("fork-hog"), RANDOM], Limits(data_mb=256), decision_s=20.0
    )
    hog = result.seats[0]
    assert hog.termination is Termination.RESOURCE_LIMIT, hog.detail
    assert "over its limit of 256 MB" in hog.detail


@pytest.mark.skipif(not is_root(), reason="a private /dev/shm needs a root referee (or --sandbox)")
async def test_files_a_bot_leaves_in_dev_shm_are_gone(land: Any, tmp_path: Path) -> None:
    result, _ = await play_processes(land, tmp_path, [faulty("shm"), RANDOM])
    left = Path(result.seats[0].detail.partition("shm ")[2].strip())
    assert left.name.startswith("landgrave-probe-")
    assert not await trio.Path(left).exists()
