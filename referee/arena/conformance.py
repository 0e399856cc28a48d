"""The conformance check: does a bot connect, answer in time, play legally and leave cleanly?

Run by ``referee check-bot PATH`` for authors and on every arena submission.
The bot runs as matches run it: the same server, launcher, rlimits and
sandbox, and one process for all its matches, as the arena reuses a bot.
Its opponents are a uniform random bot in the referee's own process, so
only the checked bot can fault (an opponent process on a loaded machine
could time out, and a check must not fail for what the bot did not do).

The checks, in the order of the report (each a pass/fail line with its reason):

- ``bot.toml``: the manifest reads and its command names a program that exists;
- ``game (G)``: each game asked is declared in ``bot.toml`` and installed here;
- ``handshake``: it connects and says hello with our protocol version, its name and games;
- ``answers in time (G)``, ``legal moves (G)``: seeded matches against the random
  bot, seats rotating, with no timeout and no illegal, malformed or missing reply;
- ``survives a penalty loss``: told it lost a match by a timeout, it plays the next;
- ``exits when told``: when the referee closes its stream it exits, code 0, in the grace
  (longer for a bot the machine starved of CPU while it exited).

A check that cannot run after an earlier failure fails with "skipped: why".

One module for one concept, the check, at some 500 lines: its three small
players (a timed seat, an overruled seat, the random opponent) serve it alone.
"""

from __future__ import annotations

import dataclasses
import random
import shutil
from collections.abc import Sequence
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any

import trio

import sdk
from referee.arena.package import BotPackage, PackageError, open_package
from referee.engine import Engine
from referee.errors import LandgraveError
from referee.games import get_engine
from referee.match import starvation
from referee.match.chance import match_key
from referee.match.clock import TimeControl
from referee.match.inprocess import InProcessPlayer
from referee.match.player import Player, SeatGone
from referee.match.result import MatchResult, SeatResult
from referee.match.runner import IN_PROCESS_SECRET, MatchSpec, run_match
from referee.match.termination import Termination
from referee.transport.fleet import DEFAULT_STARTUP_TIMEOUT_S, BotFleet
from referee.transport.process import EXIT_GRACE_S, BotProcess, Limits
from referee.transport.sandbox import require_bubblewrap
from referee.transport.server import BotServer
from sdk.pb.landgrave.v1 import bot_pb2

LATER_CHECKS = ("handshake", "survives a penalty loss", "exits when told")
"""The checks that do not depend on a game, after ``bot.toml`` and the game lines."""


@dataclass(frozen=True)
class CheckResult:
    """One line of the report."""

    name: str
    """What was checked: ``handshake``, ``legal moves (land)``, ..."""
    passed: bool
    reason: str
    """Why it failed, or a short fact when it passed."""

    @classmethod
    def skipped(cls, name: str, why: str) -> CheckResult:
        """A check that could not run: a failure, since nothing was shown."""
        return cls(name, False, f"skipped: {why}")

    def render(self) -> str:
        return f"{'PASS' if self.passed else 'FAIL'} {self.name}: {self.reason}"


@dataclass(frozen=True)
class CheckReport:
    """Every check of one package, in order."""

    results: tuple[CheckResult, ...]

    @property
    def passed(self) -> bool:
        """Whether there were checks and each passed."""
        return bool(self.results) and all(result.passed for result in self.results)

    def render(self) -> str:
        """One ``PASS name: reason`` or ``FAIL name: reason`` line per check."""
        return "\n".join(result.render() for result in self.results)


def check_path(
    path: Path,
    games: Sequence[str] | None,
    work_dir: Path,
    *,
    sandbox: bool | None = None,
    decision_ms: int = 1000,
    matches_per_game: int = 2,
    startup_timeout_s: float = DEFAULT_STARTUP_TIMEOUT_S,
) -> CheckReport:
    """Open the package at ``path`` (a folder or an archive) and check it.

    A package that cannot be opened (no or a wrong ``bot.toml``, a bad
    archive) is a failed ``bot.toml`` check, not an exception.

    Raises:
        ConfigError: ``sandbox=True`` without bubblewrap installed.
    """
    try:
        package = open_package(path, work_dir / "package")
    except PackageError as error:
        return CheckReport(_unusable(str(error), games))
    return trio.run(
        partial(
            check_package,
            package,
            games,
            work_dir,
            sandbox=sandbox,
            decision_ms=decision_ms,
            matches_per_game=matches_per_game,
            startup_timeout_s=startup_timeout_s,
        )
    )


async def check_package(
    package: BotPackage,
    games: Sequence[str] | None,
    work_dir: Path,
    *,
    sandbox: bool | None = None,
    decision_ms: int = 1000,
    limits: Limits | None = None,
    matches_per_game: int = 2,
    startup_timeout_s: float = DEFAULT_STARTUP_TIMEOUT_S,
) -> CheckReport:
    """Run every check on an opened package; bot logs and match records go to ``work_dir``.

    Args:
        games: the games to check; None for every game the package declares.
        sandbox: run the bot under bubblewrap; None for "when installed", as matches do.
        limits: what the bot may use, as in the matches it will play (an arena's); None
            for what its ``bot.toml`` asks, or the defaults.
        decision_ms: the clock of every decision.
        matches_per_game: seeded matches per game against the random bot.
        startup_timeout_s: how long the bot may take to connect and say hello.

    Raises:
        ConfigError: ``sandbox=True`` without bubblewrap installed.
    """
    if sandbox is None:
        sandbox = shutil.which("bwrap") is not None
    elif sandbox:
        require_bubblewrap()
    try:
        command = package.command()
    except PackageError as error:
        return CheckReport(_unusable(str(error), games or package.manifest.games))
    manifest = package.manifest
    if limits is None:
        limits = Limits(
            data_mb=manifest.resources.memory_mb or Limits.data_mb, cpu_s=manifest.resources.cpu_s
        )
    limits = dataclasses.replace(limits, sandbox=sandbox)
    check = _Check(
        TimeControl(decision_s=decision_ms / 1000), max(1, matches_per_game), work_dir / "records"
    )
    where = "in a sandbox" if sandbox else "without a sandbox"
    check.add(
        "bot.toml",
        True,
        f"{manifest.name} {manifest.version} by {manifest.author}, runs {where}, "
        f"content {package.content_hash[:12]}",
    )
    engines = check.choose_games(games, manifest.games)
    async with (
        BotServer() as server,
        BotFleet(server, work_dir / "logs", limits, startup_timeout_s) as fleet,
    ):
        started = trio.current_time()
        process = await fleet.launch(command)
        await check.run(process, engines, manifest.games, trio.current_time() - started)
    return CheckReport(tuple(check.results))


def _unusable(reason: str, games: Sequence[str] | None) -> tuple[CheckResult, ...]:
    """The report of a package that cannot run at all."""
    names = [name for game in games or () for name in _game_checks(game)]
    return (
        CheckResult("bot.toml", False, reason),
        *(CheckResult.skipped(name, "no usable bot.toml") for name in [*names, *LATER_CHECKS]),
    )


def _game_checks(game: str) -> tuple[str, str]:
    return f"answers in time ({game})", f"legal moves ({game})"


@dataclass
class _Tally:
    """One game's matches so far, as far as the checked bot is concerned."""

    matches: int = 0
    decisions: int = 0
    slowest_s: float = 0.0
    fault: str = ""
    """The first match the bot faulted in, and how; empty while it has not."""
    timed_out: bool = False


class _Check:
    """The checks of one bot process; ``results`` grows as they run."""

    def __init__(self, time_control: TimeControl, matches_per_game: int, records: Path) -> None:
        self.time_control = time_control
        self.matches_per_game = matches_per_game
        self.records = records
        self.results: list[CheckResult] = []
        self.match_count = 0

    def add(self, name: str, passed: bool, reason: str) -> None:
        self.results.append(CheckResult(name, passed, reason))

    def choose_games(
        self, asked: Sequence[str] | None, declared: Sequence[str]
    ) -> list[Engine[Any]]:
        """The engines to play: one ``game (G)`` line per game, failing when it cannot be."""
        engines = []
        for game in dict.fromkeys(asked if asked is not None else declared):
            name = f"game ({game})"
            if game not in declared:
                self.add(name, False, f"not declared in bot.toml (it lists {', '.join(declared)})")
                continue
            try:
                engine = get_engine(game)
            except LandgraveError as error:
                self.add(name, False, f"declared in bot.toml but not playable here: {error}")
                continue
            self.add(name, True, f"declared in bot.toml, engine {engine.version} installed")
            engines.append(engine)
        return engines

    async def run(
        self,
        process: BotProcess,
        engines: Sequence[Engine[Any]],
        declared: Sequence[str],
        ready_s: float,
    ) -> None:
        handshake = self._handshake(process, declared, ready_s)
        self.results.append(handshake)
        if not handshake.passed:
            for engine in engines:
                for name in _game_checks(engine.name):
                    self.results.append(CheckResult.skipped(name, "the handshake failed"))
            self.results.append(
                CheckResult.skipped("survives a penalty loss", "the handshake failed")
            )
            if process.connection.hello is None:
                self.results.append(CheckResult.skipped("exits when told", "it never connected"))
            else:  # connected, but with a hello we refuse: it can still be told to go
                self.results.append(await self._exit(process))
            return
        for engine in engines:
            await self._play_game(process, engine)
        self.results.append(await self._penalty_loss(process, engines))
        self.results.append(await self._exit(process))

    # -- handshake ------------------------------------------------------------

    @staticmethod
    def _handshake(process: BotProcess, declared: Sequence[str], ready_s: float) -> CheckResult:
        hello = process.connection.hello
        if hello is None or process.connection.gone is not None:
            reason = process.connection.gone or "did not connect and say hello"
            return CheckResult("handshake", False, reason)
        if not hello.name.strip():
            return CheckResult(
                "handshake", False, "its hello gives no name (records and standings show it)"
            )
        plays = list(hello.games)
        missing = [game for game in declared if plays and game not in plays]
        if missing:
            return CheckResult(
                "handshake",
                False,
                f"its hello says it plays {_shown(', '.join(plays))}, but bot.toml declares "
                f"{', '.join(missing)} too",
            )
        return CheckResult(
            "handshake",
            True,
            f"protocol version {hello.protocol_version}, says it is {_shown(hello.name)!r} "
            f"version {_shown(hello.version) or '(none)'}, "
            f"plays {_shown(', '.join(plays)) or 'any game'}, ready in {ready_s:.2f} s",
        )

    # -- matches against the random bot ---------------------------------------

    async def _play_game(self, process: BotProcess, engine: Engine[Any]) -> None:
        in_time, legal = _game_checks(engine.name)
        if not process.alive:
            for name in (in_time, legal):
                self.results.append(CheckResult.skipped(name, "the bot's process is gone"))
            return
        tally = _Tally()
        seats = _seats(engine)
        for number in range(self.matches_per_game):
            seat = number % seats
            watched = _Watched(process.player)
            result = await self._match(engine, watched, seat, seats)
            tally.matches += 1
            tally.decisions += watched.answered
            tally.slowest_s = max(tally.slowest_s, watched.slowest_s)
            mine = result.seats[seat]
            if mine.is_faulty:
                tally.fault = f"match {result.match_id} (seed {result.seed}, seat {seat}): " + (
                    _fault_text(mine)
                )
                tally.timed_out = mine.termination is Termination.TIMEOUT
                break
        self.results.append(self._timing(in_time, tally))
        self.results.append(self._legality(legal, tally, against_random=seats > 1))

    def _timing(self, name: str, tally: _Tally) -> CheckResult:
        if tally.timed_out:
            return CheckResult(name, False, tally.fault)
        if tally.decisions == 0:
            return CheckResult.skipped(
                name, f"it answered no decision ({tally.fault or 'none asked'})"
            )
        clock_ms = self.time_control.decision_s * 1000
        return CheckResult(
            name,
            True,
            f"{_count(tally.decisions, 'decision', 'decisions')}, "
            f"the slowest {tally.slowest_s * 1000:.0f} ms (clock {clock_ms:.0f} ms)",
        )

    @staticmethod
    def _legality(name: str, tally: _Tally, *, against_random: bool) -> CheckResult:
        if tally.timed_out:
            return CheckResult.skipped(name, f"no match played to its end; {tally.fault}")
        if tally.fault:
            return CheckResult(name, False, tally.fault)
        return CheckResult(
            name,
            True,
            f"{_count(tally.matches, 'seeded match', 'seeded matches')}"
            f"{' against the random bot' if against_random else ''}, every reply legal",
        )

    async def _match(
        self, engine: Engine[Any], player: Player, seat: int, seats: int
    ) -> MatchResult:
        """One seeded match: ``player`` in ``seat``, random bots in the others."""
        self.match_count += 1
        match_id = f"check-{engine.name}-{self.match_count}"
        spec = MatchSpec(
            engine,
            seed=self.match_count,
            time_control=self.time_control,
            match_id=match_id,
            record_path=self.records / f"{match_id}.jsonl",
            # Public chance, as in-process matches draw it: a seed the report names
            # replays the same match for the author (nothing rides on a check).
            chance_key=match_key(IN_PROCESS_SECRET, self.match_count),
        )
        players: list[Player] = [InProcessPlayer(_RandomOpponent()) for _ in range(seats)]
        players[seat] = player
        return await run_match(spec, players)

    # -- a loss by penalty, then the next match ------------------------------

    async def _penalty_loss(
        self, process: BotProcess, engines: Sequence[Engine[Any]]
    ) -> CheckResult:
        name = "survives a penalty loss"
        if not engines:
            return CheckResult.skipped(name, "no game to play")
        if not process.alive:
            return CheckResult.skipped(name, "the bot's process is gone")
        engine = engines[0]
        overruled = _Overruled(process.player)
        lost = (await self._match(engine, overruled, 0, _seats(engine))).seats[0]
        if lost.termination is not Termination.TIMEOUT and lost.is_faulty:
            return CheckResult(name, False, f"before its penalty: {_fault_text(lost)}")
        if not overruled.asked:
            return CheckResult.skipped(name, f"the bot was never asked to decide in {engine.name}")
        watched = _Watched(process.player)
        after = (await self._match(engine, watched, 0, _seats(engine))).seats[0]
        if after.is_faulty:
            return CheckResult(
                name,
                False,
                f"told it lost by a timeout, the next match ended: {_fault_text(after)}",
            )
        return CheckResult(
            name,
            True,
            f"told it lost a {engine.name} match by a timeout, it played the next one to its "
            f"end ({_count(watched.answered, 'decision', 'decisions')})",
        )

    # -- leaving --------------------------------------------------------------

    @staticmethod
    async def _exit(process: BotProcess) -> CheckResult:
        name = "exits when told"
        if not process.alive:
            return CheckResult.skipped(name, "the bot's process was already gone")
        started = trio.current_time()
        process.connection.close()
        code, graces = await _wait_exit(process, EXIT_GRACE_S)
        waited = trio.current_time() - started
        if code is None:
            return CheckResult(
                name,
                False,
                f"still running {graces * EXIT_GRACE_S:.1f} s after the referee closed its "
                "stream (a bot must exit when its stream ends; it was killed)",
            )
        if code != 0:
            return CheckResult(
                name,
                False,
                f"exited with code {code} when the referee closed its stream"
                f"{process.stderr_tail()}",
            )
        return CheckResult(
            name, True, f"exited with code 0, {waited:.2f} s after its stream closed"
        )


async def _wait_exit(process: BotProcess, grace_s: float) -> tuple[int | None, int]:
    """The bot's exit code once it exits by itself (None if it does not), and the graces given.

    A bot still running after the grace because the machine gave it no CPU (busy,
    little CPU used, a congested machine: referee/match/starvation.py) gets another
    grace, at most ``MAX_REGRANTS`` more, as a starved decision does: a healthy bot
    is not refused because the machine is busy. A bot asleep or computing is not.
    """
    # BotProcess keeps its trio.Process private; the check needs the code it exited with.
    running = process._process
    if running is None:
        return None, 0
    for grace in range(1, starvation.MAX_REGRANTS + 2):
        meter = starvation.DecisionMeter(running.pid)
        await trio.to_thread.run_sync(meter.take_baseline)
        started = trio.current_time()
        with trio.move_on_after(grace_s):
            await running.wait()
        if running.poll() is not None:
            return running.poll(), grace
        waited = trio.current_time() - started
        if await trio.to_thread.run_sync(meter.starved, waited) is None:
            return None, grace
    return None, starvation.MAX_REGRANTS + 1


def _shown(text: str, limit: int = 80) -> str:
    """What the bot said, cut short: a report line is no place for a bot's megabytes."""
    return text if len(text) <= limit else f"{text[:limit]}..."


def _count(number: int, one: str, many: str) -> str:
    return f"{number} {one if number == 1 else many}"


def _seats(engine: Engine[Any]) -> int:
    """Seats per check match: two where the game allows, one in a solo game."""
    return max(engine.min_players, min(2, engine.max_players))


def _fault_text(seat: SeatResult) -> str:
    """How a seat's match ended, for a report line."""
    if seat.termination.is_fault:
        return f"{seat.termination.label}: {seat.detail}" if seat.detail else seat.termination.label
    faults = ", ".join(fault.label for fault in seat.faults)
    return f"penalised for {faults}"


class _Watched(Player):
    """The checked bot's seat, counting the replies it gives and timing the slowest."""

    def __init__(self, inner: Player) -> None:
        self.inner = inner
        self.identity = inner.identity
        self.answered = 0
        self.slowest_s = 0.0

    @property
    def pid(self) -> int | None:  # the referee judges a starved bot by its process
        return self.inner.pid

    async def start_match(self, start: bot_pb2.MatchStart) -> None:
        await self.inner.start_match(start)

    async def request(
        self, request: bot_pb2.DecisionRequest, deadline: float
    ) -> bot_pb2.Reply | None:
        asked = trio.current_time()
        reply = await self.inner.request(request, deadline)
        if reply is not None:
            self.slowest_s = max(self.slowest_s, trio.current_time() - asked)
            self.answered += 1
        return reply

    async def end_match(self, end: bot_pb2.MatchEnd) -> None:
        await self.inner.end_match(end)


class _Overruled(Player):
    """The checked bot's seat, timed out at its first decision whatever it does.

    The request does reach the bot, so it lives what a real timeout is: its
    reply comes too late and is dropped, and the match ends with its loss.
    """

    def __init__(self, inner: Player) -> None:
        self.inner = inner
        self.identity = inner.identity
        self.asked = False

    async def start_match(self, start: bot_pb2.MatchStart) -> None:
        await self.inner.start_match(start)

    async def request(
        self, request: bot_pb2.DecisionRequest, deadline: float
    ) -> bot_pb2.Reply | None:
        self.asked = True
        await self.inner.request(request, trio.current_time())  # sent; no wait for the reply
        raise SeatGone(Termination.TIMEOUT, "no reply within 0 s (the check's penalty loss)")

    async def end_match(self, end: bot_pb2.MatchEnd) -> None:
        await self.inner.end_match(end)


class _RandomOpponent(sdk.Bot):
    """The other seats: a uniform choice among the legal actions, seeded by match and seat.

    The same play as ``bots/random_bot.py``, in the referee's process so it cannot fault.
    """

    name = "random"
    version = "1"

    def __init__(self) -> None:
        self._rng = random.Random()

    def match_started(self, match: sdk.MatchInfo) -> None:
        self._rng = random.Random(f"{match.match_id}/{match.seat}")

    def decide(self, decision: sdk.Decision) -> int:
        return self._rng.randrange(len(decision.legal_actions))
