"""Bot processes: start one under limits, wait for its hello, kill its whole group.

Each bot runs in its own process group (not a new session: under kernel
autogroup a session per bot starves the referee, measured p99 3-4x worse),
so the referee can end the bot and anything it started with one signal.
"""

from __future__ import annotations

import contextlib
import os
import shlex
import shutil
import signal
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import structlog
import trio

from referee.errors import ConfigError
from referee.match.player import BotIdentity, Player, SeatGone, check_plays
from referee.match.termination import Termination
from referee.transport.connection import Connection, ConnectionGone
from referee.transport.sandbox import sandbox_prefix
from referee.transport.server import BotServer
from sdk.pb.landgrave.v1 import bot_pb2

logger = structlog.get_logger("referee.transport")

EXIT_GRACE_S = 1.0
"""How long a bot may take to exit after its stream is closed, before SIGTERM."""
TERM_GRACE_S = 0.5
"""How long after SIGTERM before SIGKILL."""


@dataclass(frozen=True)
class BotCommand:
    """How to start a bot: a Python file, or any command line."""

    argv: tuple[str, ...]
    label: str
    """What to call the bot until it says its name."""

    @classmethod
    def parse(cls, text: str) -> BotCommand:
        """``bots/random_bot.py`` runs with this Python; anything else is a command line.

        Raises:
            ConfigError: the file or program does not exist.
        """
        words = shlex.split(text)
        if not words:
            raise ConfigError("empty bot command")
        program = words[0]
        if program.endswith(".py"):
            if not Path(program).is_file():
                raise ConfigError(f"bot file not found: {program}")
            return cls((sys.executable, *words), Path(program).stem)
        if shutil.which(program) is None:
            raise ConfigError(f"bot program not found: {program}")
        return cls(tuple(words), Path(program).name)


@dataclass(frozen=True)
class Limits:
    """Resource limits for each bot process; 0 means no limit."""

    data_mb: int = 2048
    cpu_s: int = 0
    nofile: int = 1024
    sandbox: bool = False
    """Run the bot under bubblewrap: no network, read-only files, private /tmp and pids."""

    def launcher_args(self) -> list[str]:
        return [f"--data-mb={self.data_mb}", f"--cpu-s={self.cpu_s}", f"--nofile={self.nofile}"]


class BotProcess:
    """One bot process and its connection; a ``Player`` for as many matches as it lives."""

    def __init__(
        self, server: BotServer, command: BotCommand, limits: Limits, stderr_path: Path
    ) -> None:
        self.command = command
        self.limits = limits
        self.stderr_path = stderr_path
        self.connection = server.expect(command.label)
        self._server = server
        self._process: trio.Process | None = None
        self.player = RemotePlayer(self.connection, self)

    async def start(self, startup_timeout_s: float) -> bool:
        """Launch the bot and wait for its hello; False (and the process gone) if it fails."""
        env = dict(os.environ)
        env["LANDGRAVE_ADDRESS"] = self._server.address
        env["LANDGRAVE_TOKEN"] = self.connection.token
        argv = [
            sys.executable,
            "-m",
            "referee.transport.launcher",
            *self.limits.launcher_args(),
            "--",
            *self.command.argv,
        ]
        if self.limits.sandbox:
            argv = [*sandbox_prefix(self._server.socket_folder, self.command.argv), *argv]
        self.stderr_path.parent.mkdir(parents=True, exist_ok=True)
        with self.stderr_path.open("ab") as stderr:
            self._process = await trio.lowlevel.open_process(
                argv,
                env=env,
                stdin=subprocess.DEVNULL,
                stdout=stderr,
                stderr=stderr,
                process_group=0,
            )
        with trio.move_on_after(startup_timeout_s):
            while not self.connection.ready.is_set() and self._process.poll() is None:
                with trio.move_on_after(0.05):
                    await self.connection.ready.wait()
        if self.connection.ready.is_set() and self.connection.gone is None:
            hello = self.connection.hello
            assert hello is not None
            self.player.identity = BotIdentity(
                hello.name or self.command.label, hello.version, shlex.join(self.command.argv)
            )
            return True
        reason = self._startup_failure()
        logger.warning("bot failed to start", bot=self.command.label, reason=reason)
        self.connection.detach(reason)
        await self.aclose()
        return False

    def _startup_failure(self) -> str:
        assert self._process is not None
        code = self._process.poll()
        if code is not None:
            return f"exited with code {code} before saying hello{self.stderr_tail()}"
        if self.connection.gone is not None:
            return f"refused: {self.connection.gone}"
        return "did not connect and say hello in time"

    def stderr_tail(self, lines: int = 3) -> str:
        """The bot's last stderr lines, for fault details (': ...' or '')."""
        try:
            text = self.stderr_path.read_text(errors="replace").strip()
        except OSError:
            return ""
        tail = " | ".join(text.splitlines()[-lines:])
        return f": {tail[-500:]}" if tail else ""

    async def termination_after_loss(self) -> tuple[Termination, str]:
        """Why the stream ended, from the process's exit (waited for briefly)."""
        if self._process is None:
            return Termination.CRASH, self.connection.gone or "gone"
        # Shielded: a crash found just before the deadline is still a crash.
        with trio.CancelScope(shield=True), trio.move_on_after(0.5):
            await self._process.wait()
        code = self._process.poll()
        tail = self.stderr_tail()
        if code is None:
            return Termination.CRASH, f"stream ended: {self.connection.gone}"
        if code == -signal.SIGXCPU or "MemoryError" in tail:
            return Termination.RESOURCE_LIMIT, f"exited with code {code}{tail}"
        return Termination.CRASH, f"exited with code {code}{tail}"

    async def aclose(self) -> None:
        """End the bot: close its stream, let it exit, then signal its whole group."""
        self._server.forget(self.connection)
        process = self._process
        if process is None:
            return
        with trio.CancelScope(shield=True):
            with trio.move_on_after(EXIT_GRACE_S):
                await process.wait()
            if process.poll() is None:
                _signal_group(process.pid, signal.SIGTERM)
                with trio.move_on_after(TERM_GRACE_S):
                    await process.wait()
            # Whatever the bot started lives in its group: end it too.
            _signal_group(process.pid, signal.SIGKILL)
            await process.wait()

    @property
    def pid(self) -> int | None:
        """The bot's pid, which is also its process group id."""
        return self._process.pid if self._process is not None else None

    @property
    def alive(self) -> bool:
        return self._process is not None and self._process.poll() is None


def _signal_group(pgid: int, signum: int) -> None:
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(pgid, signum)


class RemotePlayer(Player):
    """A seat played over a bot's gRPC stream."""

    def __init__(self, connection: Connection, process: BotProcess | None = None) -> None:
        self.connection = connection
        self.process = process
        label = process.command.label if process else connection.name
        self.identity = BotIdentity(label, "", shlex.join(process.command.argv) if process else "")

    async def _gone(self) -> SeatGone:
        if self.connection.violation is not None:
            return SeatGone(Termination.PROTOCOL_ERROR, self.connection.violation)
        if self.connection.hello is None:
            reason = self.connection.gone or "did not connect"
            return SeatGone(Termination.STARTUP_FAILURE, reason)
        if self.process is not None:
            return SeatGone(*await self.process.termination_after_loss())
        return SeatGone(Termination.CRASH, f"stream ended: {self.connection.gone}")

    async def start_match(self, start: bot_pb2.MatchStart) -> None:
        if self.connection.hello is not None:
            check_plays(self.connection.hello.games, start.game)
        try:
            self.connection.send(match_start=start)
        except ConnectionGone:
            raise await self._gone() from None

    async def request(self, request: bot_pb2.DecisionRequest) -> bot_pb2.Reply:
        try:
            return await self.connection.request(request)
        except ConnectionGone:
            raise await self._gone() from None

    async def end_match(self, end: bot_pb2.MatchEnd) -> None:
        with contextlib.suppress(ConnectionGone):
            self.connection.send(match_end=end)
