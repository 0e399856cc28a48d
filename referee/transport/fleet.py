"""The bot processes of a match or a tournament, launched at a pace and all ended together.

Starting an interpreter is CPU-bound: a burst of 128 at once on two cores
makes every one of them miss its startup timeout, and that would be the
referee's doing. So at most ``launches_at_once`` bots start at a time (the
startup timeout runs from a bot's own launch, not from its wait in line),
and a start that failed while the machine was congested is tried once more
before it counts (referee/transport/congestion.py).
"""

from __future__ import annotations

import contextlib
import itertools
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import structlog
import trio

from referee.match.result import MatchResult
from referee.match.runner import MatchSpec, run_match
from referee.transport import congestion
from referee.transport.accounts import BotAccounts
from referee.transport.process import BotCommand, BotProcess, Limits
from referee.transport.remote import DEFAULT_LISTEN, Announce, RemoteBot, invite
from referee.transport.server import BotServer, TlsIdentity
from referee.transport.watch import watch_memory

DEFAULT_STARTUP_TIMEOUT_S = 10.0


def default_launches_at_once() -> int:
    """Bots starting at once: one per core (at least two, so a slow starter does not block)."""
    return max(2, congestion.cores())


logger = structlog.get_logger("referee.transport")


class BotFleet:
    """Starts bot processes on one server and guarantees none outlives ``async with``."""

    def __init__(
        self,
        server: BotServer,
        log_dir: Path,
        limits: Limits | None = None,
        startup_timeout_s: float = DEFAULT_STARTUP_TIMEOUT_S,
        launches_at_once: int | None = None,
    ) -> None:
        self.server = server
        self.log_dir = log_dir
        self.limits = limits or Limits()
        self.startup_timeout_s = startup_timeout_s
        self.first_start: tuple[float, float | None] | None = None
        """The first good start's seconds from launch to hello, and the bot's MB then."""
        self._launching = trio.CapacityLimiter(launches_at_once or default_launches_at_once())
        self._processes: list[BotProcess] = []
        self._numbers = itertools.count()
        self._accounts = BotAccounts()
        self._watch = contextlib.AsyncExitStack()
        """Holds the nursery of the memory watch, which ends with the fleet."""
        self._stop_watch = trio.CancelScope()

    async def launch(self, command: BotCommand) -> BotProcess:
        """Start one bot; a bot that fails to start is returned too, its player failing."""
        async with self._launching:
            watch = congestion.Watch.start()
            process, started = await self._start(command)
            if not started and watch.congested():
                # The machine, not the bot, may be to blame: once more before it counts.
                logger.warning("bot start retried on a congested machine", bot=command.label)
                self._processes.remove(process)
                process, _ = await self._start(command)
            return process

    async def _start(self, command: BotCommand) -> tuple[BotProcess, bool]:
        stderr = self._new_log(command.label)
        process = BotProcess(self.server, command, self.limits, stderr, self._accounts)
        self._processes.append(process)
        launched = trio.current_time()
        started = await process.start(self.startup_timeout_s)
        if started and self.first_start is None:
            pid = process.pid
            size = congestion.resident_mb(pid) if pid is not None else None
            self.first_start = (trio.current_time() - launched, size)
        return process, started

    def _new_log(self, label: str) -> Path:
        """A log file no bot has written: a resumed tournament's bots get their own, so a
        fault's stderr tail never quotes an earlier run's process."""
        while (path := self.log_dir / f"{label}-{next(self._numbers)}.stderr").exists():
            pass
        return path

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
        # Logs are the organiser's: no bot running under another user reads them.
        self.log_dir.mkdir(mode=0o700, parents=True, exist_ok=True)
        nursery = await self._watch.enter_async_context(trio.open_nursery())
        nursery.start_soon(watch_memory, lambda: self._processes)
        self._stop_watch = nursery.cancel_scope
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        with trio.CancelScope(shield=True):
            async with trio.open_nursery() as nursery:
                for process in self._processes:
                    nursery.start_soon(process.aclose)
        self._processes.clear()
        self._stop_watch.cancel()
        await self._watch.aclose()  # outside the shield: the nursery opened before it


async def play_match(
    spec: MatchSpec,
    seats: Sequence[BotCommand | RemoteBot],
    log_dir: Path,
    limits: Limits | None = None,
    startup_timeout_s: float = DEFAULT_STARTUP_TIMEOUT_S,
    *,
    listen: str = DEFAULT_LISTEN,
    remote_timeout_s: float = 300.0,
    announce: Announce | None = None,
    tls: TlsIdentity | None = None,
) -> MatchResult:
    """Start a process per seat (or wait for its remote bot), play the match, end every process."""
    remote = [seat for seat in seats if isinstance(seat, RemoteBot)]
    async with (
        BotServer(tcp=listen if remote else None, tls=tls) as server,
        BotFleet(server, log_dir, limits, startup_timeout_s) as fleet,
    ):
        commands = [seat for seat in seats if isinstance(seat, BotCommand)]
        processes = iter(await fleet.launch_all(commands))
        invited = iter(
            [await invite(server, bot, remote_timeout_s, announce or _say) for bot in remote]
        )
        players = [
            next(processes).player if isinstance(seat, BotCommand) else next(invited)
            for seat in seats
        ]
        return await run_match(spec, players)


def _say(bot: RemoteBot, address: str, token: str) -> None:
    logger.warning("waiting for a remote bot", seat=bot.name, address=address, token=token)
