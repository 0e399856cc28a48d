"""Helpers for the tests: the repository's bots, in-process and as processes."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
BOTS = ROOT / "bots"
TEST_BOTS = ROOT / "tests" / "bots"


def load_bot(filename: str, class_name: str, *args: Any) -> Any:
    """An instance of a bot class defined in bots/FILENAME, for in-process play."""
    return getattr(load_bot_module(filename), class_name)(*args)


def load_bot_module(filename: str) -> Any:
    """The module bots/FILENAME, loaded afresh (this checkout's, whatever is installed)."""
    path = BOTS / filename
    spec = importlib.util.spec_from_file_location(f"bots_{path.stem}", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def live_processes_in_group(pgid: int) -> list[int]:
    """Pids still running (not zombies awaiting their reaper) in a process group."""
    alive = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            text = stat.read_text()
        except OSError:
            continue
        # Fields after the parenthesised command: state, ppid, pgrp, ...
        state, _ppid, pgrp = text.rpartition(")")[2].split()[:3]
        if int(pgrp) == pgid and state != "Z":
            alive.append(int(stat.parent.name))
    return alive


def duel_wins(engine: Any, bot: Any, opponent: Any, games: int) -> int:
    """Two-player matches won outright by ``bot``, seats alternating, seeds 0..games-1.

    A shared first place does not count as a win.
    """
    from referee.match import play_in_process

    wins = 0
    for seed in range(games):
        seat = seed % 2
        bots = [bot, opponent] if seat == 0 else [opponent, bot]
        result = play_in_process(engine, bots, seed=seed)
        wins += result.seats[seat].rank == 1 and result.seats[1 - seat].rank == 2
    return wins


def run_referee(*args: str, timeout: float = 300) -> subprocess.CompletedProcess[str]:
    """The ``referee`` command in a fresh process, as a user runs it; output captured."""
    return subprocess.run(
        [sys.executable, "-m", "referee.cli", *args],
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
    )


async def play_processes(
    engine: Any,
    log_dir: Path,
    commands: list[Any],
    limits: Any = None,
    decision_s: float = 2.0,
    **spec_options: Any,
) -> tuple[Any, list[Any]]:
    """Play one match between real bot processes; its result and the (ended) processes."""
    from referee.match import MatchSpec, TimeControl, run_match
    from referee.transport.fleet import BotFleet
    from referee.transport.server import BotServer

    spec = MatchSpec(engine, 5, time_control=TimeControl(decision_s), **spec_options)
    async with BotServer() as server, BotFleet(server, log_dir, limits) as fleet:
        processes = await fleet.launch_all(commands)
        result = await run_match(spec, [p.player for p in processes])
    return result, processes


def pid_is_running(pid: int) -> bool:
    """Whether a process lives (a zombie awaiting its reaper does not count)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()[0]
    except OSError:
        return False
    return state != "Z"
