"""``arena run --dask ADDRESS``: the arena's matches on a Dask cluster, no shared folder needed.

The coordinator alone touches the store: it claims matches (scheduling
tables as the lanes do), and sends them in small batches to Dask workers
with the packages they seat. A package travels once per worker as a
``.tar.gz`` named by its content hash (``client.scatter``); a worker
unpacks it into its own cache (``$TMPDIR/landgrave-packages/HASH``),
checks that the files hash to that name, and starts the bot from there; a
package not started there for a week is removed.
Each batch plays in the tournament's lanes (``run_lanes``) and sends back,
per match, the result, the record's text and the bots' stderr logs; the
coordinator writes them into the arena's folder and stores the results.
A batch that fails, or is cut short, puts its matches back to pending. A
worker whose batches fail ``WORKER_STRIKES`` times in a row is sent no more,
and the others play on; when none is left, or ``MAX_FAILED_BATCHES`` in a row
are lost with no worker to blame, the run stops. A package that cannot start
on a worker fails only the matches that seat it: its version is quarantined,
as a broken stored package is in local play.
"""

from __future__ import annotations

import contextlib
import fcntl
import io
import os
import shutil
import tarfile
import tempfile
import time
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any, NamedTuple

import structlog
import trio

from referee.arena.loop import ArenaRun, quarantine_unstartable, store_result
from referee.arena.package import PackageError, read_package, unpack
from referee.arena.registry import PACKAGES
from referee.arena.scheduler import schedule_next
from referee.arena.spec import ArenaSpec
from referee.arena.store import ArenaMatch
from referee.errors import LandgraveError
from referee.tournament.distributed import (
    _connect,
    _disconnect,
    _wait_first,
    batch_logs,
    quiet_worker_logs,
)
from referee.tournament.execute import (
    BotPool,
    match_settings,
    play_scheduled,
    run_lanes,
)
from referee.tournament.results import StoredResult
from referee.tournament.store import MatchStatus, ScheduledMatch
from referee.transport.process import BotCommand

logger = structlog.get_logger("referee.arena")

CACHE_KEEP_S = 7 * 24 * 3600
"""A worker removes a cached package it has not started for this long."""
LOCK_FILE = ".lock"
MAX_FAILED_BATCHES = 5
"""Batches lost in a row (none played between) with no worker to blame, the worker died
say, after which a run stops: trying on would only go round."""
WORKER_STRIKES = 3
"""Batches failed in a row on one worker after which it is sent no more in this run (a
full disk, say): a broken worker among working ones would otherwise fail every batch it
takes, for ever. When every worker is left out, the run stops."""

Outcome = tuple[int, StoredResult, str, dict[str, str]]
"""A played match: its id, its result, its record's text and its batch's bot logs by file."""


class Batch(NamedTuple):
    """What a worker sends back for a batch."""

    worker: str
    outcomes: list[Outcome]
    unstartable: dict[str, str]
    """Why, by version id, a package could not start there (its matches were not played)."""


class BatchFailed(Exception):
    """A batch raised on a worker: it carries the worker's address back to the coordinator,
    which counts the worker's failures."""

    def __init__(self, worker: str, error: str) -> None:
        super().__init__(worker, error)  # as args: the exception travels pickled
        self.worker = worker
        self.error = error

    def __reduce__(self) -> tuple[type[BatchFailed], tuple[str, str]]:
        return BatchFailed, (self.worker, self.error)


# -- on a worker ----------------------------------------------------------------


def play_batch(
    spec_json: str, matches: list[dict[str, Any]], packages: dict[str, tuple[str, str, bytes]]
) -> Batch:
    """Runs on a Dask worker: these matches, with packages as {version: (label, hash, tar.gz)}.

    A package that cannot start here (it does not unpack, hash or name a program this
    worker has) is that version's fault: the matches seating it are not played, and the
    reason comes back, so the others of the batch still are.
    """
    worker = _worker()
    quiet_worker_logs()
    try:
        spec = ArenaSpec.from_json(spec_json)
        commands: dict[str, BotCommand] = {}
        unstartable: dict[str, str] = {}
        for version, (label, digest, data) in packages.items():
            try:
                commands[version] = _command(label, digest, data)
            except PackageError as error:
                unstartable[version] = f"its package cannot start on Dask worker {worker}: {error}"
        playable = [m for m in matches if not unstartable.keys() & {str(v) for v in m["seats"]}]
        outcomes = trio.run(_play_batch, spec, playable, commands) if playable else []
    except Exception as error:  # this worker's fault (its disk, its install), or the batch's
        raise BatchFailed(worker, repr(error)) from None
    return Batch(worker, outcomes, unstartable)


def _worker() -> str:
    try:
        from distributed import get_worker

        return str(get_worker().address)
    except (ImportError, ValueError):  # not in a Dask task
        return "here"


def _command(label: str, digest: str, data: bytes) -> BotCommand:
    """The start command of a package, unpacked into this worker's cache if not there yet.

    Starting a package marks its folder used (its time stamp); after unpacking a new
    one, packages unused for ``CACHE_KEEP_S`` (retired versions, mostly) are removed.
    """
    cache = _made(Path(tempfile.gettempdir()) / "landgrave-packages")
    with _locked(cache, fcntl.LOCK_SH):  # no pruning meanwhile
        folder = cache / digest
        try:
            os.utime(folder)
            unpacked_now = False
        except FileNotFoundError:
            _unpack_into(folder, label, data)
            unpacked_now = True
        command = read_package(folder).command()
    if unpacked_now:
        prune_cache(cache, time.time() - CACHE_KEEP_S)
    return BotCommand(command.argv, label)


def _unpack_into(folder: Path, label: str, data: bytes) -> None:
    """Unpack a package's archive as ``folder``, if its files hash to the folder's name."""
    scratch = Path(tempfile.mkdtemp(prefix=".incoming-", dir=folder.parent))
    try:
        archive = scratch / "package.tar.gz"
        archive.write_bytes(data)
        unpacked = unpack(archive, scratch / "files")
        if read_package(unpacked).content_hash != folder.name:
            raise PackageError(f"{label}: the package sent does not hash to {folder.name}")
        with contextlib.suppress(OSError):  # another batch put it there first
            unpacked.rename(folder)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


def prune_cache(cache: Path, unused_since: float) -> list[str]:
    """Remove the cached packages not started since ``unused_since`` (a time stamp), and
    unpacking leftovers of a worker that died; the names removed."""
    removed = []
    with _locked(cache, fcntl.LOCK_EX):  # nobody is unpacking or starting a package now
        for path in cache.iterdir():
            if path.name == LOCK_FILE:
                continue
            if path.name.startswith(".incoming-") or path.stat().st_mtime < unused_since:
                shutil.rmtree(path, ignore_errors=True)
                removed.append(path.name)
    return removed


@contextlib.contextmanager
def _locked(cache: Path, kind: int) -> Iterator[None]:
    """The cache's lock, shared or exclusive, across this machine's worker processes."""
    with (cache / LOCK_FILE).open("a") as lock:
        fcntl.flock(lock, kind)
        yield


def _made(folder: Path) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    return folder


async def _play_batch(
    spec: ArenaSpec, matches: list[dict[str, Any]], commands: dict[str, BotCommand]
) -> list[Outcome]:
    played: list[tuple[int, StoredResult, str]] = []
    queue = iter(matches)
    with tempfile.TemporaryDirectory(prefix="landgrave-arena-batch-") as scratch:
        folder = Path(scratch)
        first = spec.tournament_spec(spec.games[0])

        async def lane(pool: BotPool) -> None:
            for match in queue:
                game_spec = spec.tournament_spec(match["game"])
                scheduled = _scheduled(match)
                record = folder / f"{match['id']}.jsonl"
                settings = match_settings(game_spec)
                result = await play_scheduled(settings, game_spec, scheduled, pool, record)
                summary = StoredResult.of(result, scheduled.seats)
                played.append((match["id"], summary, record.read_text("utf-8")))

        await run_lanes(first, match_settings(first), folder / "logs", lane, commands)
        logs = batch_logs(folder / "logs")
    return [(match_id, summary, text, logs) for match_id, summary, text in played]


def _scheduled(match: dict[str, Any]) -> ScheduledMatch:
    seats = tuple(str(v) for v in match["seats"])
    return ScheduledMatch(match["id"], 0, match["table"], 0, seats, match["seed"],
                          MatchStatus.RUNNING, match["attempts"], None, None)  # fmt: skip


# -- on the coordinator -----------------------------------------------------------


def package_archive(folder: Path) -> bytes:
    """A stored package's files as the ``.tar.gz`` a worker unpacks."""
    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode="w:gz") as tar:
        for path in sorted(folder.rglob("*")):
            tar.add(path, arcname=path.relative_to(folder).as_posix(), recursive=False)
    return buffer.getvalue()


class DaskCoordinator:
    """Feeds an arena's matches to a Dask cluster and stores what comes back."""

    def __init__(self, run: ArenaRun, address: str, workers: int) -> None:
        self.run = run
        self.address = address
        self.workers = workers
        self._archives: dict[str, Any] = {}
        self._batches = 0
        self._failed_in_a_row = 0
        self._strikes: Counter[str] = Counter()
        """Per worker, its batches failed in a row."""
        self._left_out: set[str] = set()
        """Workers sent no more batches: ``WORKER_STRIKES`` failed in a row."""
        self._last_error = ""

    async def play(self) -> None:
        client, cluster = await trio.to_thread.run_sync(_connect, self.address, self.workers)
        in_flight: dict[Any, list[ArenaMatch]] = {}
        try:
            slots = sum(client.nthreads().values())
            while True:
                placement = self._placement(client)
                while len(in_flight) < slots and (batch := self._claim()):
                    in_flight[self._submit(client, batch, placement)] = batch
                if not in_flight:
                    return
                done = await trio.to_thread.run_sync(
                    _wait_first, list(in_flight), abandon_on_cancel=True
                )
                for future in done:
                    self._store(in_flight.pop(future), future)
        finally:
            with trio.CancelScope(shield=True):
                for future, batch in in_flight.items():
                    future.cancel()
                    for match in batch:
                        self.run.store.put_back(match.id)
                await trio.to_thread.run_sync(_disconnect, client, cluster)

    def _claim(self) -> list[ArenaMatch]:
        batch: list[ArenaMatch] = []
        store, size = (
            self.run.store,
            2 * (self.run.options.concurrency or self.run.spec.concurrency),
        )
        while len(batch) < size and self.run.wants_more():
            match = store.claim(self.run.options.worker)
            if match is None and schedule_next(store, self.run.spec) is not None:
                match = store.claim(self.run.options.worker)
            if match is None:
                break
            self.run.started += 1
            batch.append(match)
        return batch

    def _submit(self, client: Any, batch: list[ArenaMatch], placement: dict[str, Any]) -> Any:
        payload = [
            {"id": m.id, "game": m.game, "table": m.table, "seats": list(m.seats),
             "seed": m.seed, "attempts": m.attempts}
            for m in batch
        ]  # fmt: skip
        packages = {}
        for version_id in {v for m in batch for v in m.seats}:
            version = self.run.store.version(version_id)
            packages[str(version_id)] = (
                version.label,
                version.content_hash,
                self._archive(client, version.content_hash),
            )
        return client.submit(
            play_batch, self.run.spec.to_json(), payload, packages, pure=False, **placement
        )

    def _placement(self, client: Any) -> dict[str, Any]:
        """Where a batch may run: anywhere, or on the workers not left out.

        Raises:
            LandgraveError: every worker of the cluster is left out.
        """
        if not self._left_out:
            return {}
        workers = [w for w in client.scheduler_info()["workers"] if w not in self._left_out]
        if not workers:
            raise LandgraveError(
                f"every Dask worker failed {WORKER_STRIKES} batches in a row, the last with "
                f"{self._last_error}: check the workers; their matches are pending again"
            )
        return {"workers": workers, "allow_other_workers": False}

    def _archive(self, client: Any, digest: str) -> Any:
        """The package as a .tar.gz on the cluster, sent once per content hash."""
        if digest not in self._archives:
            archive = package_archive(self.run.store.folder / PACKAGES / digest)
            self._archives[digest] = client.scatter(archive, broadcast=False)
        return self._archives[digest]

    def _store(self, batch: list[ArenaMatch], future: Any) -> None:
        """Write a batch's records, logs and results; a failed batch's matches go back, and
        a version whose package could not start on the worker is quarantined."""
        store = self.run.store
        try:
            worker, outcomes, unstartable = future.result()
        except Exception as error:  # a worker died, or the batch raised: none of it counts
            for match in batch:
                store.put_back(match.id)
            self.run.started -= len(batch)  # not played: --matches counts finished ones
            self._failed(batch, error)
            return
        self._failed_in_a_row = 0
        self._strikes.pop(worker, None)
        played = {outcome[0] for outcome in outcomes}
        for match in batch:
            broken = [v for v in match.seats if str(v) in unstartable]
            if match.id not in played and broken:
                quarantine_unstartable(store, match.id, broken[0], unstartable[str(broken[0])])
                self.run.started -= 1
        if not outcomes:
            return
        self._batches += 1
        logs = _made(store.folder / "logs" / f"dask-{self._batches:05d}")
        for name, log in outcomes[0][3].items():
            (logs / name).write_text(log, encoding="utf-8")
        by_id = {match.id: match for match in batch}
        for match_id, result, text, _ in outcomes:
            match = by_id[match_id]
            record = _made(self.run.records) / f"{match.id:07d}-{match.attempts}.jsonl"
            record.write_text(text, encoding="utf-8")
            store_result(store, self.run.spec, match, result, str(record))
            self.run.played += 1

    def _failed(self, batch: list[ArenaMatch], error: Exception) -> None:
        """Count a failed batch against its worker, or, where the worker is not known (it
        died, the batch was lost), against the run.

        Raises:
            LandgraveError: ``MAX_FAILED_BATCHES`` in a row failed with no worker known.
        """
        if not isinstance(error, BatchFailed):
            logger.warning("dask batch failed", matches=[m.id for m in batch], error=repr(error))
            self._failed_in_a_row += 1
            if self._failed_in_a_row >= MAX_FAILED_BATCHES:
                raise LandgraveError(
                    f"{self._failed_in_a_row} Dask batches in a row failed, the last with "
                    f"{error!r}: check the workers; their matches are pending again"
                ) from None
            return
        worker = error.worker
        logger.warning(
            "dask batch failed", matches=[m.id for m in batch], worker=worker, error=error.error
        )
        self._strikes[worker] += 1
        self._last_error = error.error
        if self._strikes[worker] >= WORKER_STRIKES and worker not in self._left_out:
            self._left_out.add(worker)
            logger.warning(
                "dask worker left out: its batches keep failing; mend it, then run again",
                worker=worker,
                error=error.error,
            )
