"""Playing a tournament's pending matches: lanes on one trio loop, bots reused.

A worker (this process, or one of ``--workers N`` processes) runs
``concurrency`` lanes; each lane claims the next pending match from the
database, borrows a bot process per seat from the pool, plays, and records
the result. A bot process serves one match at a time, so its think time is
never spent queueing behind another match, and goes back to the pool after
a clean match; after a fault it is replaced by a fresh one.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass
from functools import partial
from pathlib import Path

import structlog
import trio
from google.protobuf.message import Message

from referee.config import build_config
from referee.database import OffLoop
from referee.match.result import MatchResult
from referee.match.runner import MatchSpec, run_match
from referee.settings import MatchSettings
from referee.tournament.keys import MatchKeys
from referee.tournament.quarantine import Played, verdict
from referee.tournament.results import StoredResult
from referee.tournament.spec import TournamentSpec
from referee.tournament.store import ScheduledMatch, SeatsCost, Store
from referee.transport.congestion import Capacity, cores
from referee.transport.fleet import BotFleet
from referee.transport.process import BotCommand, BotProcess
from referee.transport.server import BotServer

logger = structlog.get_logger("referee.tournament")


@dataclass(frozen=True)
class Demand:
    """Bots started and seats claimed per entrant, when a worker chooses its next match."""

    processes: Mapping[str, int]
    """Bot processes per entrant, idle or playing."""
    claimed: Mapping[str, int]
    """Seats per entrant in the matches claimed and not over yet."""

    def cost(self, seats: tuple[str, ...]) -> tuple[int, int]:
        """The bots a match with these seats would start, then how busy its entrants are.

        Least starts first keeps a reused bot busy; least busy first spreads the
        first matches over the entrants, so each needs fewer processes at once.
        """
        starts = sum(
            max(0, self.claimed.get(name, 0) + count - self.processes.get(name, 0))
            for name, count in Counter(seats).items()
        )
        return starts, sum(self.claimed.get(name, 0) for name in seats)


class BotPool:
    """Idle bot processes per entrant, lent to one match at a time.

    At most ``concurrency x seats`` processes run at once, what the lanes can
    use together. A match that would start a process past that waits for a
    lent process of its entrants to come back, when one is out, instead of
    starting another: a start costs about what two reused Land matches cost.
    """

    def __init__(
        self,
        fleet: BotFleet,
        spec: TournamentSpec,
        seats: int = 2,
        commands: Mapping[str, BotCommand] | None = None,
    ) -> None:
        """``commands`` (by entrant name) replaces the spec's entrants: the arena's packages."""
        self._fleet = fleet
        self._reuse = spec.reuse_bots
        self._concurrency = spec.concurrency
        self._seats = seats
        self._capacity_checked = False
        if commands is None:
            commands = {e.name: BotCommand.parse(e.command, e.name) for e in spec.entrants}
        self._commands = commands
        self._idle: dict[str, list[BotProcess]] = defaultdict(list)
        self._processes: Counter[str] = Counter()
        """Bot processes per entrant, idle or lent (the ones being launched too)."""
        self._claimed: Counter[str] = Counter()
        """Seats per entrant of the matches claimed and not yet over (``reserve``)."""
        self._most = spec.concurrency * seats
        """Processes kept at most: every lane's seats."""
        self._returned = trio.Event()
        """Set (and replaced) whenever a process comes back or is retired."""

    async def borrow_all(self, names: tuple[str, ...]) -> list[BotProcess]:
        """A process for each seat of a match, lent together (given back with ``give_back``).

        Past the most processes kept, this waits while a lent process of a missing
        entrant is out, then makes room by ending idle processes of other entrants.
        Taken together, so two matches never each hold what the other waits for.
        """
        while self._waits(names):
            await self._returned.wait()
        await self._make_room(names)
        taken: list[BotProcess] = []
        try:
            for name in names:
                taken.append(await self.borrow(name))
        except BaseException:
            with trio.CancelScope(shield=True):
                for name, process in zip(names, taken, strict=False):
                    await self.give_back(name, process, faulted=True)
            raise
        return taken

    def started_here(self, name: str) -> bool:
        """Whether this pool starts ``name``'s processes (the arena lends remote bots)."""
        return True

    def _missing(self, names: tuple[str, ...]) -> Counter[str]:
        """Processes each entrant of these seats lacks among its idle ones."""
        wanted = Counter(name for name in names if self.started_here(name))
        return Counter(
            {
                name: count - len(self._idle[name])
                for name, count in wanted.items()
                if count > len(self._idle[name])
            }
        )

    def _waits(self, names: tuple[str, ...]) -> bool:
        missing = self._missing(names)
        if sum(self._processes.values()) + missing.total() <= self._most:
            return False
        return any(self._processes[name] > len(self._idle[name]) for name in missing)

    async def _make_room(self, names: tuple[str, ...]) -> None:
        """End idle processes of other entrants until the missing ones fit under the most."""
        over = sum(self._processes.values()) + self._missing(names).total() - self._most
        others = sorted(
            (name for name in self._idle if name not in names and self._idle[name]),
            key=lambda name: -len(self._idle[name]),
        )
        for name in others:
            while over > 0 and self._idle[name]:
                await self._retire(name, self._idle[name].pop())
                over -= 1

    async def borrow(self, name: str) -> BotProcess:
        idle = self._idle[name]
        while idle:
            process = idle.pop()
            if process.alive and process.connection.gone is None:
                return process
            await self._retire(name, process)
        command = self._commands[name]  # first: a package that cannot start counts no process
        self._processes[name] += 1
        process = await self._fleet.launch(command)
        self._check_capacity()
        return process

    def demand(self) -> Demand:
        """A snapshot of the bots started and the seats claimed, to choose the next match by."""
        return Demand(dict(self._processes), dict(self._claimed))

    def reserve(self, seats: tuple[str, ...]) -> None:
        """Count the seats of a match just claimed until ``release``, so claims see them."""
        self._claimed.update(seats)

    def release(self, seats: tuple[str, ...]) -> None:
        self._claimed.subtract(seats)

    async def _retire(self, name: str, process: BotProcess) -> None:
        self._processes[name] -= 1
        self._wake_waiters()
        await self._fleet.retire(process)

    def _wake_waiters(self) -> None:
        self._returned.set()
        self._returned = trio.Event()

    def _check_capacity(self) -> None:
        """Warn, once, when more matches are asked at once than this machine serves."""
        if self._capacity_checked or self._fleet.first_start is None:
            return
        self._capacity_checked = True
        start_s, bot_mb = self._fleet.first_start
        capacity = Capacity.measure(start_s, bot_mb, self._fleet.startup_timeout_s, self._seats)
        if self._concurrency > capacity.matches:
            logger.warning(
                "concurrency over what this machine serves",
                concurrency=self._concurrency,
                serves=capacity.matches,
                cores=cores(),
                bot_start_s=round(start_s, 3),
                bot_mb=None if bot_mb is None else round(bot_mb),
                by_memory=capacity.by_memory,
            )

    async def give_back(self, name: str, process: BotProcess, faulted: bool) -> None:
        healthy = process.alive and process.connection.gone is None
        if self._reuse and healthy and not faulted:
            self._idle[name].append(process)
            self._wake_waiters()
        else:
            await self._retire(name, process)


def match_settings(spec: TournamentSpec) -> MatchSettings:
    """How every match of the tournament is played."""
    return MatchSettings.build(spec.game, spec.config, spec.match)


def match_config(settings: MatchSettings, spec: TournamentSpec, group: int) -> Message:
    """The game config of a seed group: the settings' own, or with its map from ``spec.maps``.

    Raises:
        ConfigError: the game has no ``map`` option.
    """
    if not spec.maps:
        return settings.config
    return build_config(settings.engine, spec.options_for(group))


def check_maps(settings: MatchSettings, spec: TournamentSpec, players: int) -> None:
    """Refuse, before anything runs, a map list the game cannot play (its engine says).

    Raises:
        ConfigError: the game has no ``map`` option, or not one of the maps.
    """
    for group in range(len(spec.maps)):
        settings.engine.new_game(match_config(settings, spec, group), players)


def record_path(records: Path, scheduled: ScheduledMatch) -> Path:
    """Where a match attempt's record goes: one file per attempt, so none is overwritten."""
    return records / f"{scheduled.id:06d}-{scheduled.attempts}.jsonl"


async def play_scheduled(
    settings: MatchSettings,
    spec: TournamentSpec,
    scheduled: ScheduledMatch,
    pool: BotPool,
    record: Path,
    *,
    keys: MatchKeys | None = None,
) -> MatchResult:
    """Play one scheduled match with bots borrowed from the pool, and give them back.

    Args:
        keys: the tournament's keys; without them, the match's chance comes from a
            fresh secret (unpredictable, but the seat orders of a seed then differ).
    """
    keys = keys or MatchKeys.fresh(spec)
    match = MatchSpec(
        settings.engine,
        scheduled.seed,
        match_config(settings, spec, scheduled.group),
        time_control=settings.time_control,
        penalties=settings.penalties,
        match_id=f"{spec.name}-{scheduled.id}",
        record_path=record,
        chance_key=keys.chance_key(scheduled.seed),
        signing_key=keys.signing_key,
    )
    processes = await pool.borrow_all(scheduled.seats)
    try:
        result = await run_match(match, [p.player for p in processes])
    except BaseException:
        with trio.CancelScope(shield=True):
            for name, process in zip(scheduled.seats, processes, strict=True):
                await pool.give_back(name, process, faulted=True)
        raise
    for name, process, seat in zip(scheduled.seats, processes, result.seats, strict=True):
        await pool.give_back(name, process, faulted=seat.is_faulty)
    return result


def finish_match(
    store: Store, spec: TournamentSpec, match_id: int, result: StoredResult, record: str
) -> None:
    """Store a match's result, then judge the health of every bot that faulted in it."""
    store.finish(match_id, result, record)
    for seat in result.seats:
        if seat.fault_labels():
            _judge(store, spec, seat.name)


def _judge(store: Store, spec: TournamentSpec, name: str) -> None:
    """Quarantine a bot whose own faults keep coming back (referee/tournament/quarantine.py)."""
    if name in store.quarantined():
        return
    history = [
        Played(started, finished, len(seat.fault_labels()))
        for started, finished, seat in store.history(name)
    ]
    reason = verdict(history, spec.max_fault_rate)
    if reason is None:
        return
    skipped = store.quarantine(name, reason)
    if skipped is not None:  # said once, by the worker that quarantined it
        logger.warning("bot quarantined", bot=name, reason=reason, skipped=skipped)


async def run_lanes(
    spec: TournamentSpec,
    settings: MatchSettings,
    logs: Path,
    lane: Callable[[BotPool], Awaitable[None]],
    commands: Mapping[str, BotCommand] | None = None,
) -> None:
    """Run ``spec.concurrency`` lanes at once, sharing one referee server and pool of bots.

    ``commands`` (by entrant name) replaces the spec's entrants, as for ``BotPool``.
    """
    # Records (with their seeds) and logs are the organiser's: bots under their own
    # user ids must not read them while they play (docs/security.md).
    logs.parent.mkdir(parents=True, exist_ok=True)
    logs.parent.chmod(0o700)
    async with (
        BotServer() as server,
        BotFleet(server, logs, settings.limits, spec.match.startup_timeout_s) as fleet,
        trio.open_nursery() as nursery,
    ):
        seats = spec.table_size or settings.engine.min_players
        pool = BotPool(fleet, spec, seats, commands)
        for _ in range(spec.concurrency):
            nursery.start_soon(lane, pool)


class Worker:
    """Plays pending matches from the store until none is left.

    Its database calls run off the trio loop (``Store.off_loop``): a claim that
    waits for another worker's write lock must not hold up the deadlines of the
    matches this worker is playing.
    """

    def __init__(self, store: Store, spec: TournamentSpec, name: str) -> None:
        self.store = store
        self.spec = spec
        self.name = name
        self.settings = match_settings(spec)
        self.records = store.folder / "records"
        self.keys = MatchKeys.of_tournament(store, spec)

    async def run(self) -> None:
        db = Store.off_loop(self.store.folder)
        try:
            lane = partial(self._lane, db, trio.Lock())
            await run_lanes(self.spec, self.settings, self._logs(), lane)
        finally:
            db.close()

    def _logs(self) -> Path:
        """Where this worker's bots log: ``logs/``, or ``logs/NAME/`` beside other workers
        (each worker numbers its bots' logs from 0: in one folder they would share files)."""
        logs = self.store.folder / "logs"
        return logs / self.name if self.spec.workers > 1 else logs

    # Ctrl-C reaches a lane as a cancellation at a checkpoint, never as a KeyboardInterrupt
    # raised between two lines (trio's default), such as between a claim and the ``try``
    # that marks the claimed match interrupted: CI saw one left running that way.
    @trio.lowlevel.enable_ki_protection
    async def _lane(self, db: OffLoop[Store], claiming: trio.Lock, pool: BotPool) -> None:
        while (scheduled := await self._claim(db, claiming, pool)) is not None:
            try:
                await self._play(db, scheduled, pool)
            finally:
                pool.release(scheduled.seats)

    async def _claim(
        self, db: OffLoop[Store], claiming: trio.Lock, pool: BotPool
    ) -> ScheduledMatch | None:
        """The next match, for the bots the pool has idle: one lane claims at a time, so
        each sees the seats the others took."""
        async with claiming:
            cost = pool.demand().cost
            scheduled = await db.run(lambda store: self._claim_named(store, cost))
            if scheduled is not None:
                pool.reserve(scheduled.seats)
            return scheduled

    def _claim_named(self, store: Store, cost: SeatsCost) -> ScheduledMatch | None:
        """Claim a match and name its record, in one trip to a database thread."""
        scheduled = store.claim(self.name, cost)
        if scheduled is not None:
            store.set_record_path(scheduled.id, str(record_path(self.records, scheduled)))
        return scheduled

    async def _play(self, db: OffLoop[Store], scheduled: ScheduledMatch, pool: BotPool) -> None:
        record = record_path(self.records, scheduled)
        try:  # from the claim to its result stored, a stop marks the match interrupted
            result = await play_scheduled(
                self.settings, self.spec, scheduled, pool, record, keys=self.keys
            )
            summary = StoredResult.of(result, scheduled.seats)
            await db.run(
                lambda store: finish_match(store, self.spec, scheduled.id, summary, str(record))
            )
        except BaseException:
            with trio.CancelScope(shield=True):  # said even when the lane is cancelled
                note = "the referee was stopped"
                await db.run(lambda store: store.interrupt(scheduled.id, note))
            raise


def run_worker_process(folder: Path, name: str) -> None:
    """The entry of a ``--workers`` process: play until the queue is empty."""
    store = Store(folder)
    try:
        trio.run(Worker(store, store.spec(), name).run)
    finally:
        store.close()
