"""The bot processes of a match or a tournament, launched together and all ended together."""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import trio

from referee.match.result import MatchResult
from referee.match.runner import MatchSpec, run_match
from referee.transport.process import BotCommand, BotProcess, Limits
from referee.transport.server import BotServer

DEFAULT_STARTUP_TIMEOUT_S = 10.0


class BotFleet:
    """Starts bot processes on one server and guarantees none outlives ``async with``."""

    def __init__(
        self,
        server: BotServer,
        log_dir: Path,
        limits: Limits | None = None,
        startup_timeout_s: float = DEFAULT_STARTUP_TIMEOUT_S,
    ) -> None:
        self.server = server
        self.log_dir = log_dir
        self.limits = limits or Limits()
        self.startup_timeout_s = startup_timeout_s
        self._processes: list[BotProcess] = []
        self._numbers = itertools.count()

    async def launch(self, command: BotCommand) -> BotProcess:
        """Start one bot; a bot that fails to start is returned too, its player failing."""
        stderr = self.log_dir / f"{command.label}-{next(self._numbers)}.stderr"
        process = BotProcess(self.server, command, self.limits, stderr)
        self._processes.append(process)
        await process.start(self.startup_timeout_s)
        return process

    async def launch_all(self, commands: Sequence[BotCommand]) -> list[BotProcess]:
        """Start bots side by side, so slow starters do not add up."""
        started: list[Any] = [None] * len(commands)

        async def launch(index: int) -> None:
            started[index] = await self.launch(commands[index])

        async with trio.open_nursery() as nursery:
            for index in range(len(commands)):
                nursery.start_soon(launch, index)
        return started

    async def retire(self, process: BotProcess) -> None:
        """End one bot now."""
        if process in self._processes:
            self._processes.remove(process)
        await process.aclose()

    async def __aenter__(self) -> BotFleet:
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        with trio.CancelScope(shield=True):
            async with trio.open_nursery() as nursery:
                for process in self._processes:
                    nursery.start_soon(process.aclose)
        self._processes.clear()


async def play_match(
    spec: MatchSpec,
    commands: Sequence[BotCommand],
    log_dir: Path,
    limits: Limits | None = None,
    startup_timeout_s: float = DEFAULT_STARTUP_TIMEOUT_S,
) -> MatchResult:
    """Start one process per seat, play the match, and end every process."""
    async with BotServer() as server, BotFleet(server, log_dir, limits, startup_timeout_s) as fleet:
        processes = await fleet.launch_all(commands)
        return await run_match(spec, [p.player for p in processes])
