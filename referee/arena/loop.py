"""``arena run``: play without end, through the tournament's lanes, pool and runner.

Each lane takes the oldest pending match, or, when none is pending, asks
the scheduler for the next table and writes its matches to the store
first. A match is played by the tournament's ``play_scheduled`` (bots
borrowed from a shared pool and reused, the sandbox and rlimits of the
match settings, one record file per attempt). Its result, the ladder it
moves and any quarantine it triggers are stored in one transaction. A
publisher process beside the lanes renders the site pages new results
changed (site.py).

A match cut short (Ctrl-C, a crash, ``kill -9``) is put back to pending,
now or at the next start, and played again from the start: its result
was never stored, so nothing is counted twice.
"""

from __future__ import annotations

import dataclasses
import math
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import structlog
import trio

from referee.arena import ladder, site
from referee.arena.package import PackageError, read_package
from referee.arena.registry import PACKAGES, arena_spec
from referee.arena.remote import RemoteDoor
from referee.arena.scheduler import schedule_next
from referee.arena.spec import ArenaSpec
from referee.arena.store import ArenaMatch, ArenaStore
from referee.database import OffLoop
from referee.settings import MatchSettings
from referee.tournament.execute import BotPool, match_settings, play_scheduled
from referee.tournament.results import StoredResult
from referee.tournament.store import MatchStatus, ScheduledMatch
from referee.transport.fleet import BotFleet
from referee.transport.process import BotCommand
from referee.transport.server import BotServer, TlsIdentity

logger = structlog.get_logger("referee.arena")

IDLE_S = 1.0
"""How long a lane waits when no game has enough active bots (remote bots may come)."""
QUARANTINE_MIN_MATCHES = 4


@dataclass(frozen=True)
class RunOptions:
    """How one ``arena run`` plays."""

    matches: int = 0
    """Stop after this many finished matches (0: until stopped)."""
    concurrency: int = 0
    """Matches at once; 0 means the arena's setting."""
    listen: str | None = None
    """Where remote bots connect (``host:port``); None: no remote entry."""
    tls: TlsIdentity | None = None
    publish: bool = True
    """Keep the site up to date while playing (a publisher process)."""
    worker: str = "w1"
    dask: str | None = None
    """Play on a Dask cluster: ``local`` (``dask_workers`` processes here) or its address."""
    dask_workers: int = 1


class UnstartablePackage(PackageError):
    """A version's package cannot start where it is to play: the version is at fault,
    not the match, which is put back and skipped with the version's other matches."""

    def __init__(self, version_id: int, reason: str) -> None:
        super().__init__(reason)
        self.version_id = version_id


class PackageCommands(dict[str, BotCommand]):
    """Each version's start command, read from its stored package when first asked for."""

    def __init__(self, store: ArenaStore) -> None:
        super().__init__()
        self._store = store

    def __missing__(self, key: str) -> BotCommand:
        version = self._store.version(int(key))
        try:
            package = read_package(self._store.folder / PACKAGES / version.content_hash)
            command = package.command()
        except PackageError as error:
            raise UnstartablePackage(version.id, f"its stored package is broken: {error}") from None
        self[key] = BotCommand(command.argv, version.label)
        return self[key]


@dataclass
class ArenaRun:
    """One ``arena run``: its store, settings and what it has played so far."""

    store: ArenaStore
    options: RunOptions
    spec: ArenaSpec = field(init=False)
    played: int = 0
    started: int = 0
    door: RemoteDoor | None = None
    db: OffLoop[ArenaStore] = field(init=False)
    """The store for the lanes' calls, each in a worker thread (set by ``run``)."""

    def __post_init__(self) -> None:
        self.spec = arena_spec(self.store)
        self.settings: dict[str, MatchSettings] = {
            game: match_settings(self.spec.tournament_spec(game)) for game in self.spec.games
        }
        self.records = self.store.folder / "records"
        self._scheduling = trio.Lock()
        self._said_idle = False

    async def run(self) -> None:
        publisher = await _start_publisher(self.store.folder) if self.options.publish else None
        self.db = ArenaStore.off_loop(self.store.folder)
        try:
            if self.options.dask:
                from referee.arena.cluster import DaskCoordinator

                await DaskCoordinator(self, self.options.dask, self.options.dask_workers).play()
            else:
                await self._play_lanes()
        finally:
            # Whatever stopped us (Ctrl-C may come between two statements), nothing stays
            # running: an unfinished match is played again from its start.
            self.store.put_back_all(self.options.worker)
            self.db.close()
            if publisher is not None:
                with trio.CancelScope(shield=True):
                    publisher.terminate()
                    await publisher.wait()

    async def _play_lanes(self) -> None:
        concurrency = self.options.concurrency or self.spec.concurrency
        first = self.settings[self.spec.games[0]]
        async with (
            BotServer(tcp=self.options.listen, tls=self.options.tls, admit=self._admit) as server,
            BotFleet(server, self.store.folder / "logs", first.limits) as fleet,
            trio.open_nursery() as nursery,
        ):
            if self.options.listen:
                self.door = RemoteDoor(self.store, self.spec, server)
                logger.warning("remote bots may connect", address=server.tcp_address)
            pool = ArenaPool(fleet, self.spec.tournament_spec(self.spec.games[0]), self)
            for _ in range(concurrency):
                nursery.start_soon(self._lane, pool)
        if self.door is not None:
            self.door.close()

    def _admit(self, hello: Any) -> Any:
        return None if self.door is None else self.door.admit(hello)

    def wants_more(self) -> bool:
        return not self.options.matches or self.started < self.options.matches

    async def _lane(self, pool: BotPool) -> None:
        while self.wants_more():
            match = await self._next_match()
            if match is None:
                if not self.wants_more():
                    return  # another lane took the budget's last match
                if not self._said_idle:
                    logger.warning("waiting: no game has enough active bots for a table")
                    self._said_idle = True
                await trio.sleep(IDLE_S)
                continue
            self._said_idle = False
            await self._play(match, pool)

    async def _next_match(self) -> ArenaMatch | None:
        """The next match to play; None when there is none, or the budget is spent.

        The budget is checked under the lock: a claim waits for the database in a
        thread, and another lane must not claim past ``--matches`` meanwhile.
        """
        async with self._scheduling:
            if not self.wants_more():
                return None
            if self.door is not None:
                self.door.refresh()
            match = await self.db.run(self._claim)
            if match is not None:
                self.started += 1
            return match

    def _claim(self, store: ArenaStore) -> ArenaMatch | None:
        """The next pending match, scheduling a table first if none is. Runs in a worker thread."""
        match = store.claim(self.options.worker)
        if match is None and schedule_next(store, self.spec) is not None:
            match = store.claim(self.options.worker)
        return match

    async def _play(self, match: ArenaMatch, pool: BotPool) -> None:
        scheduled = ScheduledMatch(
            match.id, 0, match.table, 0, tuple(str(v) for v in match.seats), match.seed,
            MatchStatus(match.status), match.attempts, None, None,
        )  # fmt: skip
        record = self.records / f"{match.id:07d}-{match.attempts}.jsonl"
        tspec = self.spec.tournament_spec(match.game)
        try:  # from the claim on, a stop puts the match back
            await self.db.run(lambda store: store.set_record_path(match.id, str(record)))
            result = await play_scheduled(self.settings[match.game], tspec, scheduled, pool, record)
        except UnstartablePackage as broken:
            version_id, reason = broken.version_id, str(broken)
            await self.db.run(
                lambda store: quarantine_unstartable(store, match.id, version_id, reason)
            )
            self.started -= 1  # skipped, not played: the budget counts finished matches
            return
        except BaseException:
            with trio.CancelScope(shield=True):  # put back even when the lane is cancelled
                await self.db.run(lambda store: store.put_back(match.id))
            raise
        summary = StoredResult.of(result, scheduled.seats)
        await self.db.run(lambda store: store_result(store, self.spec, match, summary, str(record)))
        self.played += 1


def store_result(
    store: ArenaStore, spec: ArenaSpec, match: ArenaMatch, result: StoredResult, record: str
) -> ArenaMatch | None:
    """Store a result, move the ladder and judge the faulty, all in one transaction.

    Returns the finished match, or None if it was no longer running (a run
    that put it back owns it now): a result is never counted twice.
    """
    with store.transaction():
        seq = store.mark_done(match.id, result, record)
        if seq is None:
            return None
        done = dataclasses.replace(
            match, status="done", record_path=record, result=result, done_seq=seq
        )
        rows = ladder.apply_result(store, done, spec.rating)
        by_seat = {seat.seat: seat for seat in result.seats}
        for index, row in enumerate(rows):  # rows come in seat order
            if by_seat[index].fault_labels():
                judge(store, spec, row.version_id, row.matches, row.faults)
    return done


def judge(store: ArenaStore, spec: ArenaSpec, version_id: int, played: int, faults: int) -> None:
    """Quarantine a version whose faults per match pass the arena's limit; say why, once."""
    rate = faults / played if played else 0.0
    if played < QUARANTINE_MIN_MATCHES or rate <= spec.max_fault_rate:
        return
    reason = (
        f"{faults} faults in {played} matches ({rate:.0%}) is over the limit of "
        f"{spec.max_fault_rate:.0%}"
    )
    quarantine(store, version_id, reason)


def quarantine_unstartable(store: ArenaStore, match_id: int, version_id: int, reason: str) -> None:
    """A match did not start because a version's package cannot: put the match back, then
    quarantine the version, which skips it with the version's other pending matches (a
    stop between the two leaves the match pending, to find the package broken again)."""
    store.put_back(match_id)
    with store.transaction():
        quarantine(store, version_id, reason)


def quarantine(store: ArenaStore, version_id: int, reason: str) -> None:
    """Stop a version playing: it leaves the ladders and its pending matches are skipped;
    the log says why, once. Call within a transaction.

    Its matches that were in play meanwhile and came back pending are skipped too, when
    it is quarantined again (a batch on a Dask worker can hold several).
    """
    version = store.version(version_id)
    skipped = store.skip_pending(version_id, f"{version.label} quarantined")
    if version.quarantine:
        return
    store.execute("UPDATE versions SET quarantine = ? WHERE id = ?", (reason, version_id))
    store.set_active(version_id, False)
    logger.warning("bot quarantined", bot=version.label, reason=reason, skipped=skipped)


class ArenaPool(BotPool):
    """The tournament's pool, its commands read from stored packages, remote bots lent too."""

    def __init__(self, fleet: BotFleet, spec: Any, run: ArenaRun) -> None:
        seats = run.spec.table_size(run.spec.games[0])
        super().__init__(fleet, spec, seats, commands=PackageCommands(run.store))
        self._run = run

    def _door_of(self, name: str) -> RemoteDoor | None:
        """The door a remote bot came through; None for a bot this pool starts."""
        door = self._run.door
        return door if door is not None and door.is_remote(int(name)) else None

    def started_here(self, name: str) -> bool:
        return self._door_of(name) is None

    async def borrow(self, name: str) -> Any:
        door = self._door_of(name)
        if door is not None:
            return door.lend(int(name))
        return await super().borrow(name)

    async def give_back(self, name: str, process: Any, faulted: bool) -> None:
        if self._door_of(name) is None:
            await super().give_back(name, process, faulted)


async def _start_publisher(folder: Path) -> trio.Process:
    """The publisher, in a session of its own: Ctrl-C reaches the run, which ends it."""
    command = [sys.executable, "-m", "referee.arena.publisher", str(folder)]
    return await trio.lowlevel.open_process(command, start_new_session=True)


def worker_budgets(matches: int, workers: int) -> list[int]:
    """How many matches each of ``workers`` processes plays, for ``--matches`` in all."""
    if not matches:
        return [0] * workers
    share = math.floor(matches / workers)
    return [share + (i < matches - share * workers) for i in range(workers)]


def run_arena(folder: Path, options: RunOptions) -> int:
    """Play (in this process) until stopped or the budget is spent; matches finished."""
    store = ArenaStore(folder)
    try:
        arena = ArenaRun(store, options)
        try:
            trio.run(arena.run)
        finally:
            if options.publish:  # what the publisher had yet to show
                site.publish_since(store, arena.spec)
        return arena.played
    finally:
        store.close()
