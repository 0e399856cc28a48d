"""Bot processes: start one under limits, wait for its hello, end it and all it started.

Each bot runs under a launcher (``launcher.py``), in its own process group
(not a new session: under kernel autogroup a session per bot starves the
referee, measured p99 3-4x worse). The launcher is a child subreaper: it
ends whatever the bot started, whatever its group or session. The bot's
secret token comes through an inherited pipe, never the environment, and
as root each bot gets a user id of its own (``accounts.py``); see
docs/security.md for what holds where.
"""

from __future__ import annotations

import contextlib
import os
import re
import shlex
import shutil
import signal
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import structlog
import trio

from referee import builtin_bots
from referee.entrant import name_from_command
from referee.errors import ConfigError
from referee.match.player import BotIdentity, Player, SeatGone, check_plays
from referee.match.termination import Termination
from referee.transport import launcher
from referee.transport.accounts import BotAccounts, is_root, others_can_run
from referee.transport.connection import Connection, ConnectionGone
from referee.transport.environment import bot_environment
from referee.transport.sandbox import python_folders, sandbox_prefix
from referee.transport.server import BotServer
from sdk.pb.landgrave.v1 import bot_pb2

logger = structlog.get_logger("referee.transport")

ERROR_LINE = re.compile(
    r"^\s*(?:[\w.]*(?:Error|Exception)\b|panic:|thread '.*' panicked|fatal\b|error\b)",
    re.IGNORECASE,
)
"""A line that names an error, as Python, Node.js, Go, Rust and most tools write one."""
TAIL_LINES = 3
EXIT_GRACE_S = 1.0
"""How long a bot may take to exit after its stream is closed, before SIGTERM."""
TERM_GRACE_S = 0.5
"""How long after SIGTERM before the launcher kills everything the bot started."""
KILL_AFTER_S = 2.0
"""How long after SIGTERM before the referee kills the launcher's group itself."""
DEFAULT_OUTPUT_MB = 4
BOT_NPROC = 256
"""Processes a bot with a uid of its own may run at once (a fork bomb stops there)."""


@dataclass(frozen=True)
class BotCommand:
    """How to start a bot: a Python file, or any command line."""

    argv: tuple[str, ...]
    label: str
    """The organiser's name for the bot (referee/entrant.py): its identity everywhere."""

    @classmethod
    def parse(cls, text: str, name: str = "") -> BotCommand:
        """``bots/random_bot.py`` runs with this Python; anything else is a command line.

        Args:
            name: the organiser's name for the bot; by default, named after its program.

        Raises:
            ConfigError: the file or program does not exist.
        """
        words = builtin_bots.expand(shlex.split(text))
        if not words:
            raise ConfigError("empty bot command")
        program = words[0]
        name = name or name_from_command(text)
        if program.endswith(".py"):
            if not Path(program).is_file():
                raise ConfigError(f"bot file not found: {program}")
            return cls((sys.executable, *words), name)
        if shutil.which(program) is None:
            raise ConfigError(f"bot program not found: {program}")
        return cls(tuple(words), name)


@dataclass(frozen=True)
class Limits:
    """Resource limits for each bot; 0 means no limit."""

    data_mb: int = 2048
    """Memory in MB: each process's heap, and all the bot's processes' resident memory together."""
    cpu_s: int = 0
    """CPU seconds per bot process."""
    nofile: int = 1024
    sandbox: bool = False
    """Run the bot under bubblewrap: it sees only its own files, no network, its own pids."""
    output_mb: int = DEFAULT_OUTPUT_MB
    """Stdout and stderr kept per bot process in its log; the cut is marked there."""
    env: tuple[str, ...] = ()
    """The organiser's environment variables bots may see, beyond the allow-list."""

    def launcher_args(self) -> list[str]:
        return [
            f"--data-mb={self.data_mb}",
            f"--cpu-s={self.cpu_s}",
            f"--nofile={self.nofile}",
            f"--output-bytes={self.output_mb * 1024 * 1024}",
            f"--term-grace-s={TERM_GRACE_S}",
        ]


class BotProcess:
    """One bot process and its connection; a ``Player`` for as many matches as it lives."""

    def __init__(
        self,
        server: BotServer,
        command: BotCommand,
        limits: Limits,
        stderr_path: Path,
        accounts: BotAccounts | None = None,
    ) -> None:
        self.command = command
        self.limits = limits
        self.stderr_path = stderr_path
        self.connection = server.expect(command.label)
        self._server = server
        self._accounts = accounts
        self.uid: int | None = None
        """The user id the bot runs as, when it has one of its own."""
        self.limit_breach: str | None = None
        """Why the referee ended the bot for passing a limit the kernel does not enforce."""
        self._process: trio.Process | None = None
        self.player = RemotePlayer(self.connection, self)

    async def start(self, startup_timeout_s: float) -> bool:
        """Launch the bot and wait for its hello; False (and the process gone) if it fails."""
        token_fd = _token_pipe(self.connection.token)
        try:
            self._process = await self._spawn(token_fd)
        finally:
            os.close(token_fd)
        with trio.move_on_after(startup_timeout_s):
            while not self.connection.ready.is_set() and self._process.poll() is None:
                with trio.move_on_after(0.05):
                    await self.connection.ready.wait()
        if self.connection.ready.is_set() and self.connection.gone is None:
            hello = self.connection.hello
            assert hello is not None
            self.player.identity = BotIdentity(
                self.command.label, hello.name, hello.version, shlex.join(self.command.argv)
            )
            return True
        reason = self._startup_failure(startup_timeout_s)
        logger.warning("bot failed to start", bot=self.command.label, reason=reason)
        self.connection.detach(reason)
        await self.aclose()
        return False

    async def _spawn(self, token_fd: int) -> trio.Process:
        told = {
            "LANDGRAVE_ADDRESS": self._server.address,
            "LANDGRAVE_SOCKET": str(self._server.framed_path),
            "LANDGRAVE_TOKEN_FD": str(token_fd),
        }
        env = bot_environment(self.limits.env, told)
        self.stderr_path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        log = os.open(self.stderr_path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
        try:
            return await trio.lowlevel.open_process(
                self._launch_argv(token_fd),
                env=env,
                stdin=subprocess.DEVNULL,
                stdout=log,
                stderr=log,
                process_group=0,
                pass_fds=(token_fd,),
            )
        finally:
            os.close(log)

    def _launch_argv(self, token_fd: int) -> list[str]:
        # -I -S: the launcher needs the standard library only; site's start-up (every
        # installed package's .pth file) and the script's folder on sys.path are skipped.
        argv = [sys.executable, "-I", "-S", launcher.__file__, *self.limits.launcher_args()]
        argv.append(f"--close-fd={token_fd}")
        self.uid = self._claim_uid()
        if self.uid is not None:
            argv.append(f"--nproc={BOT_NPROC}")
        # Only a process running as the bot's uid may use its token on the framed socket.
        self.connection.expected_uid = self.uid if self.uid is not None else os.geteuid()
        bot = list(self.command.argv)
        if self.limits.sandbox:  # private /dev and pids; bwrap itself becomes the uid
            bot = [*sandbox_prefix(self._server.socket_folder, bot, self.uid), *bot]
        else:
            argv += [f"--uid={self.uid}"] if self.uid is not None else []
            argv += ["--private-shm"] if is_root() else []
        return [*argv, "--", *bot]

    def _claim_uid(self) -> int | None:
        """A uid of the bot's own, when the referee is root and the uid can run the bot."""
        if self._accounts is None or not is_root():
            return None
        if not self.limits.sandbox and not others_can_run(_needed_paths(self.command)):
            _warn_shared_uid(self.command)
            return None
        return self._accounts.claim()

    def _startup_failure(self, startup_timeout_s: float) -> str:
        assert self._process is not None
        code = self._process.poll()
        if code is not None:
            return f"exited with code {code} before saying hello{self.stderr_tail()}"
        if self.connection.gone is not None:
            return f"refused: {self.connection.gone}"
        in_time = f"within {startup_timeout_s:g} s (--startup-timeout)"
        if self.connection.refused_peer is not None:
            return (
                f"did not connect and say hello {in_time} (another process came with its "
                f"token and was refused: {self.connection.refused_peer})"
            )
        return f"did not connect and say hello {in_time}"

    def stderr_tail(self) -> str:
        """What the bot's stderr says last, for fault details (': ...' or ''): see
        ``stderr_summary``."""
        try:
            text = self.stderr_path.read_text(errors="replace")
        except OSError:
            return ""
        summary = stderr_summary(text)
        return f": {summary}" if summary else ""

    async def termination_after_loss(self) -> tuple[Termination, str]:
        """Why the stream ended, from the process's exit (waited for briefly)."""
        if self._process is None:
            return Termination.CRASH, self.connection.gone or "gone"
        # Shielded: a crash found just before the deadline is still a crash.
        with trio.CancelScope(shield=True), trio.move_on_after(0.5):
            await self._process.wait()
        code = self._process.poll()
        tail = self.stderr_tail()
        if self.limit_breach is not None:
            return Termination.RESOURCE_LIMIT, self.limit_breach
        if code is None:
            return Termination.CRASH, f"stream ended: {self.connection.gone}"
        if code == -signal.SIGXCPU or "MemoryError" in tail:
            return Termination.RESOURCE_LIMIT, f"exited with code {code}{tail}"
        return Termination.CRASH, f"exited with code {code}{tail}"

    def breach(self, reason: str, pids: list[int]) -> None:
        """End the bot's processes ``pids`` now for passing a limit; its fault says which."""
        if self.limit_breach is None:
            self.limit_breach = reason
            logger.warning("bot over its limit", bot=self.command.label, reason=reason)
        for pid in pids:  # the launcher stays, to end whatever these leave behind
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.kill(pid, signal.SIGKILL)

    async def aclose(self) -> None:
        """End the bot: close its stream, let it exit, then have its launcher end the rest."""
        self._server.forget(self.connection)
        process = self._process
        if process is None:
            return
        with trio.CancelScope(shield=True):
            with trio.move_on_after(EXIT_GRACE_S):
                await process.wait()
            if process.poll() is None:
                # The launcher passes SIGTERM on, and after its grace kills all the bot started.
                _signal_group(process.pid, signal.SIGTERM)
                with trio.move_on_after(KILL_AFTER_S):
                    await process.wait()
            # Whatever is left in the group (the launcher itself, if it hung) ends now.
            _signal_group(process.pid, signal.SIGKILL)
            await process.wait()
        if self.uid is not None and self._accounts is not None:
            self._accounts.release(self.uid)

    @property
    def pid(self) -> int | None:
        """The launcher's pid, which is also the bot's process group id."""
        return self._process.pid if self._process is not None else None

    @property
    def alive(self) -> bool:
        return self._process is not None and self._process.poll() is None


def _token_pipe(token: str) -> int:
    """A pipe's read end holding the token (and then end of file), for the bot to inherit."""
    read_end, write_end = os.pipe()
    os.write(write_end, token.encode())  # far below a pipe's buffer: never blocks
    os.close(write_end)
    return read_end


def _needed_paths(command: BotCommand) -> list[Path]:
    """The files a bot's own user must reach to run it."""
    program = shutil.which(command.argv[0]) or command.argv[0]
    paths = [Path(program), *(Path(w) for w in command.argv[1:] if Path(w).is_file())]
    if command.argv[0] == sys.executable:
        paths += python_folders()
    return paths


_warned: set[str] = set()


def _warn_shared_uid(command: BotCommand) -> None:
    """Said once per program: every bot it runs (all Python bots, say) shares the reason."""
    program = command.argv[0]
    if program not in _warned:
        _warned.add(program)
        logger.warning(
            "bots run as the referee's user",
            bots=f"{command.label} and every other bot {program} runs",
            why="the program or its Python is not readable by other users (chmod o+rx), "
            "or use --sandbox; see docs/security.md",
        )


def _signal_group(pgid: int, signum: int) -> None:
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(pgid, signum)


class RemotePlayer(Player):
    """A seat played over a bot's gRPC stream."""

    def __init__(self, connection: Connection, process: BotProcess | None = None) -> None:
        self.connection = connection
        self.process = process
        label = process.command.label if process else connection.name
        launch = shlex.join(process.command.argv) if process else ""
        self.identity = BotIdentity(label, launch=launch)

    @property
    def pid(self) -> int | None:
        return self.process.pid if self.process is not None else None

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

    async def request(
        self, request: bot_pb2.DecisionRequest, deadline: float
    ) -> bot_pb2.Reply | None:
        try:
            return await self.connection.request(request, deadline)
        except ConnectionGone:
            raise await self._gone() from None

    async def end_match(self, end: bot_pb2.MatchEnd) -> None:
        with contextlib.suppress(ConnectionGone):
            self.connection.send(match_end=end)


def stderr_summary(text: str) -> str:
    """A bot's stderr in one line: its last ``TAIL_LINES`` lines, after the last line that
    names an error when that comes earlier (Node.js prints its error, then a stack and
    its version), so the cause is not cut off."""
    lines = [_clipped(line.strip()) for line in text.splitlines() if line.strip()]
    tail = lines[-TAIL_LINES:]
    errors = [line for line in lines if ERROR_LINE.match(line)]
    if errors and errors[-1] not in tail:
        return f"{errors[-1]} ... {' | '.join(tail)}"
    return " | ".join(tail)


def _clipped(line: str, most: int = 200) -> str:
    return line if len(line) <= most else f"{line[: most - 3]}..."
