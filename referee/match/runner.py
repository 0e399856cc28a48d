"""The match loop: one game between players, refereed, timed and recorded.

``run_match`` is the only place where the engine, the players, the clock,
the penalty policy and the record meet. Everything it decides lands in the
record, so a match can be verified and replayed from the record alone.
"""

from __future__ import annotations

import logging
import math
import time
import uuid
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import structlog
import trio
from google.protobuf.any_pb2 import Any as AnyMessage
from google.protobuf.descriptor_pb2 import FileDescriptorSet
from google.protobuf.message import Message

from referee.engine import CHANCE, Engine, SeatOutcome, State
from referee.errors import ConfigError
from referee.match import starvation
from referee.match.chance import ChanceStream, commitment, match_key, new_secret, sample_outcome
from referee.match.clock import SeatClock, TimeControl
from referee.match.events import EventLog
from referee.match.inprocess import InProcessPlayer
from referee.match.payloads import ActionPayloads
from referee.match.penalties import GONE, PenaltyPolicy, Resolution
from referee.match.player import Player, SeatGone
from referee.match.replies import ReplyFault, chosen_action
from referee.match.result import Fault, MatchResult, Overhead, SeatResult, rank_match
from referee.match.termination import Termination
from referee.record.format import FORMAT_VERSION
from referee.record.writer import RecordWriter
from sdk.messages import files_of, pack
from sdk.pb.landgrave.v1 import bot_pb2, record_pb2

LOGGER_NAME = "referee.match"
logger = structlog.get_logger(LOGGER_NAME)

DEFAULT_MAX_STEPS = 100_000

IN_PROCESS_SECRET = b"landgrave in-process matches"
"""The public chance secret of ``play_in_process``: its bots share the referee's
memory, so no secret could be kept from them, and tests want a seed to replay."""


@dataclass(frozen=True)
class Prefix:
    """Steps already played, replayed before the players take over (branching a record)."""

    history: Sequence[tuple[int, Any]]
    """(seat or CHANCE, action) in the order they were applied."""
    parent_record: str
    parent_step: int


@dataclass(frozen=True)
class MatchSpec:
    """Everything that decides a match except the players."""

    engine: Engine[Any]
    seed: int
    config: Message | None = None
    """The game's Config message; the engine's defaults when None."""
    time_control: TimeControl = field(default_factory=TimeControl)
    penalties: PenaltyPolicy = field(default_factory=PenaltyPolicy)
    match_id: str = ""
    """A fresh id when empty."""
    max_steps: int = DEFAULT_MAX_STEPS
    """A game still running after this many steps ends as a stall."""
    record_path: Path | None = None
    prefix: Prefix | None = None
    chance_key: bytes | None = None
    """The key of the match's chance stream (``match_key(secret, seed)``); a fresh
    random one when None, so nobody can predict or repeat the match's chance."""
    signing_key: bytes | None = None
    """The organiser's key to sign the record with; unsigned when None."""


@dataclass
class _Turn:
    """What one seat chose for one step, and what it cost."""

    action: Any
    index: int = -1
    think_ms: float = 0.0
    by_referee: bool = False


@dataclass
class _Asked:
    """One request's outcome: a reply, a departure, or neither by the deadline."""

    allowance: float
    reply: bot_pb2.Reply | None = None
    fault: Fault | None = None
    think_s: float = 0.0
    starved: str | None = None
    """When the deadline passed: why the machine, not the bot, is to blame (starvation.py)."""


@dataclass
class _SeatState:
    player: Player
    clock: SeatClock
    faults: list[Termination] = field(default_factory=list)
    """Every fault penalised so far; their count is the seat's strikes."""
    gone: Fault | None = None
    """Set when the bot can no longer play: the referee plays default actions for it."""


class _Match:
    """One running match. Created and driven by ``run_match``."""

    def __init__(self, spec: MatchSpec, players: Sequence[Player], record: RecordWriter | None):
        self.spec = spec
        self.engine = spec.engine
        self.match_id = spec.match_id or uuid.uuid4().hex[:12]
        self.config = spec.config if spec.config is not None else spec.engine.default_config()
        self.state: State[Any] = spec.engine.new_game(self.config, len(players))
        self.seats = [_SeatState(p, SeatClock(spec.time_control)) for p in players]
        self.record = record
        self.chance_key = spec.chance_key or new_secret()
        self.chance = ChanceStream(self.chance_key)
        self.events = EventLog(len(players), self.state)
        self.payloads = ActionPayloads(spec.engine)
        self.step = 0
        self.seq = 0
        self.faults: dict[int, Fault] = {}
        self.overheads: list[float] = []
        """The referee's own ms for each decision a bot made (not the referee's defaults)."""
        self.baselines = _Baselines()
        self.log = logger.bind(match_id=self.match_id, game=self.engine.name)

    # -- record -------------------------------------------------------------

    def _write(self, line: record_pb2.RecordLine) -> None:
        """Append a line to the record and flush it."""
        if self.record is not None:
            self.record.write(line)

    def _write_step(self, kind: str, *, flush: bool = False, **values: Any) -> None:
        """Append a step's line from its values; a step's lines are flushed with its digest."""
        if self.record is not None:
            self.record.write_step(kind, flush=flush, **values)

    def _write_header(self) -> None:
        tc = self.spec.time_control
        prefix = self.spec.prefix
        header = record_pb2.Header(
            format_version=FORMAT_VERSION,
            match_id=self.match_id,
            game=self.engine.name,
            engine_version=self.engine.version,
            config=pack(self.config),
            seats=[
                record_pb2.SeatInfo(
                    seat=seat,
                    bot_name=s.player.identity.bot_name,
                    bot_version=s.player.identity.version,
                    launch=s.player.identity.launch,
                    entrant=s.player.identity.name,
                )
                for seat, s in enumerate(self.seats)
            ],
            seed=self.spec.seed,
            time_control=_time_control_proto(tc),
            started_at=_now(),
            parent_record=prefix.parent_record if prefix else "",
            parent_step=prefix.parent_step if prefix else 0,
            initial_digest=self.state.digest(),
            chance_commitment=commitment(self.chance_key),
        )
        self._write(record_pb2.RecordLine(header=header))

    def _write_turn(self, seat: int, turn: _Turn, payload: AnyMessage, overhead_ms: float) -> None:
        self._write_step(
            "decision",
            step=self.step,
            seat=seat,
            action=payload,
            index=turn.index,
            think_ms=round(turn.think_ms, 3),
            overhead_ms=round(overhead_ms, 3),
            by_referee=turn.by_referee,
        )

    def _log_move(self, seat: int, action: Any) -> None:
        """The move in words, at debug level: described only when someone reads it."""
        if not _moves_logged():
            return
        try:
            text = self.state.describe(seat, action)
        except Exception as error:  # an engine's wording bug must not end the match
            text = f"(no description: {error!r})"
        self.log.debug("move", step=self.step, text=text)

    def _apply(self, seat: int, action: Any, by_referee: bool = False) -> AnyMessage:
        """Apply one step to the state and log it; the action's message, for the record."""
        payload = self.payloads.action(action)
        self.events.add(self.state, self.step, seat, action, payload, by_referee=by_referee)
        self._log_move(seat, action)
        self.state.apply(seat, action)
        return payload

    def _apply_chance(self) -> None:
        outcome = sample_outcome(self.state.chance_outcomes(), self.chance)
        self._write_step("chance", step=self.step, outcome=self._apply(CHANCE, outcome))
        self._finish_step()

    def _finish_step(self) -> None:
        self._write_step("digest", flush=True, step=self.step, sha256=self.state.digest())
        self.step += 1

    # -- play ---------------------------------------------------------------

    def _replay_prefix(self) -> None:
        """Apply the steps of a branched record; each chance step skips a draw of the stream."""
        if self.spec.prefix is None:
            return
        for seat, action in self.spec.prefix.history:
            if seat == CHANCE:
                self.chance.skip()
                self._write_step("chance", step=self.step, outcome=self._apply(CHANCE, action))
            else:
                payload = self._apply(seat, action)
                self._write_turn(seat, _Turn(action, by_referee=False), payload, 0.0)
            self._finish_step()

    async def play(self) -> MatchResult:
        self._write_header()
        await self._start_players()
        self._replay_prefix()
        stalled = False
        async with trio.open_nursery() as nursery:
            nursery.start_soon(self.baselines.serve)
            while not self.faults and not self.state.is_terminal():
                if self.step >= self.spec.max_steps:
                    stalled = True
                    break
                # A checkpoint per step: in-process matches share the loop and can be cancelled.
                await trio.lowlevel.checkpoint()
                actors = self.state.to_act()
                if actors == (CHANCE,):
                    self._apply_chance()
                else:
                    await self._play_decisions(actors)
            nursery.cancel_scope.cancel()
        return await self._finish(stalled)

    async def _start_players(self) -> None:
        players = [
            bot_pb2.PlayerInfo(seat=seat, name=s.player.identity.name)
            for seat, s in enumerate(self.seats)
        ]
        for seat, s in enumerate(self.seats):
            start = bot_pb2.MatchStart(
                match_id=self.match_id,
                game=self.engine.name,
                engine_version=self.engine.version,
                config=pack(self.config),
                seat=seat,
                players=players,
                time_control=_time_control_proto(self.spec.time_control),
                game_files=_game_files(self.engine.action_type),
            )
            try:
                await s.player.start_match(start)
            except SeatGone as gone:
                # A player that cannot be told of the match cannot play in it.
                s.gone = Fault(gone.termination, gone.detail)
                self._penalise(seat, s.gone, 0.0)

    async def _play_decisions(self, actors: tuple[int, ...]) -> None:
        """Ask every seat to act (at once when simultaneous), then apply in seat order."""
        started = time.perf_counter()
        turns: dict[int, _Turn] = {}

        async def decide(seat: int) -> None:
            turn = await self._decide(seat)
            if turn is not None:
                turns[seat] = turn

        if len(actors) == 1:
            await decide(actors[0])
        else:
            async with trio.open_nursery() as nursery:
                for seat in actors:
                    nursery.start_soon(decide, seat)
        if self.faults:
            return
        for seat in actors:
            turn = turns[seat]
            payload = self._apply(seat, turn.action, turn.by_referee)
            overhead_ms = max(0.0, (time.perf_counter() - started) * 1000 - turn.think_ms)
            self._write_turn(seat, turn, payload, overhead_ms)
            if not turn.by_referee:
                self.overheads.append(overhead_ms)
            self._finish_step()

    async def _decide(self, seat: int) -> _Turn | None:
        """One seat's choice for this step; None when the seat forfeits."""
        s = self.seats[seat]
        if s.gone is not None:
            return _Turn(self.state.default_action(seat), by_referee=True)
        legal = self.state.legal_actions(seat)
        events = self.events.tell(seat)
        self.seq += 1
        seq = self.seq  # seats deciding at once each have their own
        for regrant in range(starvation.MAX_REGRANTS + 1):
            asked = await self._ask(seat, seq, legal, events)
            if asked.starved is None or regrant == starvation.MAX_REGRANTS:
                break
            # The machine, not the bot, spent its time: ask again, as the same request
            # (same seq), so the bot's reply to it counts whenever it comes, and the bot
            # answers it once (docs/protocol.md): a re-grant never changes a result.
            self.log.warning("decision_regranted", seat=seat, why=asked.starved)
        s.clock.charge(asked.think_s)
        fault = asked.fault
        if asked.reply is not None:
            try:
                action, index = chosen_action(self.engine, asked.reply, legal)
            except ReplyFault as error:
                fault = error.fault
            else:
                return _Turn(action, index, asked.think_s * 1000)
        elif fault is None:  # neither a reply nor a departure: the deadline passed
            detail = f"no reply within {asked.allowance:.3f} s"
            if asked.starved:
                detail += f" ({asked.starved})"
            fault = Fault(Termination.TIMEOUT, detail)
        return self._penalise(seat, fault, asked.think_s)

    async def _ask(
        self, seat: int, seq: int, legal: Sequence[Any], events: Sequence[bot_pb2.Event]
    ) -> _Asked:
        """Send decision request ``seq`` and wait for its reply until the deadline."""
        s = self.seats[seat]
        allowance = s.clock.allowance()
        request = bot_pb2.DecisionRequest(
            match_id=self.match_id,
            seq=seq,
            observation=pack(self.state.observation(seat)),
            legal_actions=self.payloads.legal(legal),
            clock=bot_pb2.Clock(
                deadline_unix_ns=time.time_ns() + int(allowance * 1e9),
                remaining_ms=int(allowance * 1000),
                bank_ms=int(s.clock.bank_s * 1000),
            ),
            events=events,
        )
        meter = starvation.meter(s.player.pid, allowance)
        asked = trio.current_time()
        result = _Asked(allowance)
        if meter is not None:
            self.baselines.take_at(asked + meter.delay_s, meter)
        await _wait_for_reply(s.player, request, asked + allowance, result)
        if meter is not None:
            self.baselines.drop(meter)
        result.think_s = trio.current_time() - asked
        if result.reply is None and result.fault is None:
            result.starved = starvation.excuse(meter, result.think_s, allowance)
        return result

    def _penalise(self, seat: int, fault: Fault, think_s: float) -> _Turn | None:
        """Record a fault and apply the policy: a default action, or a forfeit (None)."""
        s = self.seats[seat]
        s.faults.append(fault.termination)
        resolution = self.spec.penalties.resolve(fault.termination, len(s.faults))
        self.log.warning(
            "seat fault",
            seat=seat,
            reason=fault.termination.label,
            detail=fault.detail,
            resolution=resolution.value,
            strikes=len(s.faults),
        )
        penalty = record_pb2.Penalty(
            step=self.step,
            seat=seat,
            reason=f"TERMINATION_{fault.termination.name}",
            detail=fault.detail,
            resolution=resolution.value,
            strikes=len(s.faults),
        )
        self._write(record_pb2.RecordLine(penalty=penalty))
        if resolution is Resolution.FORFEIT:
            self.faults[seat] = fault
            return None
        if fault.termination in GONE:
            s.gone = fault
            self.events.retire(seat)
        return _Turn(self.state.default_action(seat), think_ms=think_s * 1000, by_referee=True)

    # -- end ----------------------------------------------------------------

    async def _finish(self, stalled: bool) -> MatchResult:
        gone = {seat: s.gone for seat, s in enumerate(self.seats) if s.gone is not None}
        ranked = rank_match(self.state.outcome(), self.faults, gone, self.step if stalled else None)
        seats = [
            _seat_result(seat, self.seats[seat], outcome, termination, detail)
            for seat, (outcome, termination, detail) in enumerate(ranked)
        ]
        results = [s.to_proto() for s in seats]
        footer = record_pb2.Footer(
            results=results,
            finished_at=_now(),
            steps=self.step,
            final_digest=self.state.digest(),
            chance_key=self.chance_key.hex(),
        )
        self._write(record_pb2.RecordLine(footer=footer))
        end = bot_pb2.MatchEnd(match_id=self.match_id, results=results)
        with trio.CancelScope(shield=True):
            for s in self.seats:
                await s.player.end_match(end)
        self.log.info(
            "match over",
            steps=self.step,
            ranks=[s.rank for s in seats],
            terminations=[s.termination.label for s in seats],
        )
        return MatchResult(
            match_id=self.match_id,
            game=self.engine.name,
            seed=self.spec.seed,
            seats=seats,
            steps=self.step,
            record_path=self.spec.record_path,
            final_board=self.state.render(),
            overhead=Overhead.of(self.overheads),
        )


async def run_match(spec: MatchSpec, players: Sequence[Player]) -> MatchResult:
    """Play one match to its end and return the result; write the record if asked.

    Faults of the players are results, not exceptions. Exceptions are the
    referee's own trouble (a bad config: ConfigError) or a cancellation; on a
    cancellation the record stays without footer, which marks it interrupted.
    """
    engine = spec.engine
    if not engine.min_players <= len(players) <= engine.max_players:
        raise ConfigError(
            f"{engine.name} needs {engine.min_players}-{engine.max_players} players, "
            f"got {len(players)}"
        )
    if spec.record_path is None:
        return await _Match(spec, players, None).play()
    with RecordWriter(spec.record_path, spec.signing_key) as record:
        return await _Match(spec, players, record).play()


def play_in_process(
    engine: Engine[Any],
    bots: Sequence[Any],
    seed: int,
    config: Message | None = None,
    *,
    record_path: Path | None = None,
    time_control: TimeControl | None = None,
) -> MatchResult:
    """Play one match between ``sdk.Bot`` objects in this process (tests, benchmarks).

    Its chance comes from the public ``IN_PROCESS_SECRET``: the same seed, the same chance.
    """
    spec = MatchSpec(
        engine,
        seed,
        config,
        time_control=time_control or TimeControl(decision_s=3600.0),
        match_id=f"{engine.name}-{seed}",
        record_path=record_path,
        chance_key=match_key(IN_PROCESS_SECRET, seed),
    )
    players = [InProcessPlayer(bot) for bot in bots]
    return trio.run(run_match, spec, players)


async def _wait_for_reply(
    player: Player, request: bot_pb2.DecisionRequest, deadline: float, result: _Asked
) -> None:
    """The reply or the departure, into ``result``; neither when the deadline passes first."""
    try:
        result.reply = await player.request(request, deadline)
    except SeatGone as gone:
        result.fault = Fault(gone.termination, gone.detail)


class _Baselines:
    """The baselines of one match's metered decisions, read by one task.

    A meter's baseline is read off the loop once its decision has lasted the
    meter's ``delay_s``, unless the reply came first (it mostly does). One
    task for the match does it, asleep under an alarm (a cancel scope's
    deadline) set to the earliest baseline due: a decision moves the alarm
    and, when its reply comes first, moves it back, and the task never wakes
    for it. A task per decision cost a nursery, a spawn and a cancellation
    each time; a task woken per decision, two task switches.
    """

    def __init__(self) -> None:
        self._due: dict[starvation.DecisionMeter, float] = {}
        """Meters whose decision still waits for its reply, and when their baseline is due."""
        self._alarm = trio.CancelScope()
        """Wakes ``serve`` when the first baseline is due (replaced by ``serve``)."""
        self._reading: tuple[starvation.DecisionMeter, trio.CancelScope] | None = None

    def take_at(self, when: float, meter: starvation.DecisionMeter) -> None:
        """Read ``meter``'s baseline at trio time ``when`` if its reply has not come by then."""
        self._due[meter] = when
        self._alarm.deadline = min(self._alarm.deadline, when)

    def drop(self, meter: starvation.DecisionMeter) -> None:
        """The decision is over: its baseline is not needed (one being read is abandoned)."""
        if self._due.pop(meter, None) is not None:
            self._alarm.deadline = self._first_due()
        if self._reading is not None and self._reading[0] is meter:
            self._reading[1].cancel()

    def _first_due(self) -> float:
        return min(self._due.values(), default=math.inf)

    async def serve(self) -> None:
        """Read the baselines that come due, earliest first, until cancelled."""
        while True:
            with trio.CancelScope(deadline=self._first_due()) as self._alarm:
                await trio.sleep_forever()
            now = trio.current_time()
            for meter in [meter for meter, when in self._due.items() if when <= now]:
                if self._due.pop(meter, None) is None:  # its reply came while another was read
                    continue
                with trio.CancelScope() as scope:
                    self._reading = (meter, scope)
                    await trio.to_thread.run_sync(meter.take_baseline, abandon_on_cancel=True)
                self._reading = None


_STDLIB_LOGGER = logging.getLogger(LOGGER_NAME)


def _moves_logged() -> bool:
    return _STDLIB_LOGGER.isEnabledFor(logging.DEBUG)  # cached by logging, unlike getLogger


_GAME_FILES: dict[str, FileDescriptorSet] = {}


def _game_files(action_type: type[Message]) -> FileDescriptorSet:
    """The game's compiled files for MatchStart, made once per game (MatchStart copies them)."""
    name = action_type.DESCRIPTOR.full_name
    if name not in _GAME_FILES:
        _GAME_FILES[name] = files_of(action_type)
    return _GAME_FILES[name]


def _seat_result(
    seat: int, state: _SeatState, outcome: SeatOutcome, termination: Termination, detail: str
) -> SeatResult:
    return SeatResult(
        seat=seat,
        name=state.player.identity.name,
        score=outcome.score,
        rank=outcome.rank,
        termination=termination,
        titles=outcome.titles,
        detail=detail,
        faults=tuple(state.faults),
        bot_name=state.player.identity.bot_name,
        bot_version=state.player.identity.version,
    )


def _time_control_proto(tc: TimeControl) -> bot_pb2.TimeControl:
    return bot_pb2.TimeControl(
        decision_ms=int(tc.decision_s * 1000),
        bank_ms=int(tc.bank_s * 1000),
        increment_ms=int(tc.increment_s * 1000),
    )


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="milliseconds")
