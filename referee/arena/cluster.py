"""``arena run --dask ADDRESS``: the arena's matches on a Dask cluster, no shared folder needed.

The coordinator alone touches the store: it claims matches (scheduling
tables as the lanes do), and sends them in small batches to Dask workers
with the packages they seat. A package travels once per worker as a
``.tar.gz`` named by its content hash (``client.scatter``); a worker
unpacks it into its own cache (``$TMPDIR/landgrave-packages/HASH``),
checks that the files hash to that name, and starts the bot from there.
Each batch plays in the tournament's lanes (``run_lanes``) and sends back,
per match, the result, the record's text and the bots' stderr logs; the
coordinator writes them into the arena's folder and stores the results.
A batch that fails, or is cut short, puts its matches back to pending.
"""

from __future__ import annotations

import contextlib
import io
import shutil
import tarfile
import tempfile
from pathlib import Path
from typing import Any

import structlog
import trio

from referee.arena.loop import ArenaRun, store_result
from referee.arena.package import PackageError, read_package, unpack
from referee.arena.registry import PACKAGES
from referee.arena.scheduler import schedule_next
from referee.arena.spec import ArenaSpec
from referee.arena.store import ArenaMatch
from referee.tournament.distributed import _connect, _disconnect, _wait_first
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

MAX_LOG_BYTES = 64 * 1024
"""Of each bot log a worker sends back, the last this many bytes."""

Outcome = tuple[int, StoredResult, str, dict[str, str]]
"""A played match: its id, its result, its record's text and its batch's bot logs by file."""


# -- on a worker ----------------------------------------------------------------


def play_batch(
    spec_json: str, matches: list[dict[str, Any]], packages: dict[str, tuple[str, str, bytes]]
) -> list[Outcome]:
    """Runs on a Dask worker: these matches, with packages as {version: (label, hash, tar.gz)}."""
    spec = ArenaSpec.from_json(spec_json)
    commands = {version: _command(label, digest, data) for version, (label, digest, data)
                in packages.items()}  # fmt: skip
    return trio.run(_play_batch, spec, matches, commands)


def _command(label: str, digest: str, data: bytes) -> BotCommand:
    """The start command of a package, unpacked into this worker's cache if not there yet."""
    cache = Path(tempfile.gettempdir()) / "landgrave-packages"
    folder = cache / digest
    if not folder.is_dir():
        scratch = Path(tempfile.mkdtemp(prefix=".incoming-", dir=_made(cache)))
        archive = scratch / "package.tar.gz"
        archive.write_bytes(data)
        unpacked = unpack(archive, scratch / "files")
        package = read_package(unpacked)
        if package.content_hash != digest:
            shutil.rmtree(scratch, ignore_errors=True)
            raise PackageError(f"{label}: the package sent does not hash to {digest}")
        with contextlib.suppress(OSError):  # another batch put it there first
            unpacked.rename(folder)
        shutil.rmtree(scratch, ignore_errors=True)
    command = read_package(folder).command()
    return BotCommand(command.argv, label)


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
        logs = _logs(folder / "logs")
    return [(match_id, summary, text, logs) for match_id, summary, text in played]


def _scheduled(match: dict[str, Any]) -> ScheduledMatch:
    seats = tuple(str(v) for v in match["seats"])
    return ScheduledMatch(match["id"], 0, match["table"], 0, seats, match["seed"],
                          MatchStatus.RUNNING, match["attempts"], None, None)  # fmt: skip


def _logs(folder: Path) -> dict[str, str]:
    logs = {}
    for path in sorted(folder.glob("*.stderr")) if folder.is_dir() else []:
        data = path.read_bytes()[-MAX_LOG_BYTES:]
        logs[path.name] = data.decode("utf-8", errors="replace")
    return logs


# -- on the coordinator -----------------------------------------------------------


class DaskCoordinator:
    """Feeds an arena's matches to a Dask cluster and stores what comes back."""

    def __init__(self, run: ArenaRun, address: str, workers: int) -> None:
        self.run = run
        self.address = address
        self.workers = workers
        self._archives: dict[str, Any] = {}
        self._batches = 0

    async def play(self) -> None:
        client, cluster = await trio.to_thread.run_sync(_connect, self.address, self.workers)
        in_flight: dict[Any, list[ArenaMatch]] = {}
        try:
            slots = sum(client.nthreads().values())
            while True:
                while len(in_flight) < slots and (batch := self._claim()):
                    in_flight[self._submit(client, batch)] = batch
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

    def _submit(self, client: Any, batch: list[ArenaMatch]) -> Any:
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
        return client.submit(play_batch, self.run.spec.to_json(), payload, packages, pure=False)

    def _archive(self, client: Any, digest: str) -> Any:
        """The package as a .tar.gz on the cluster, sent once per content hash."""
        if digest not in self._archives:
            buffer = io.BytesIO()
            with tarfile.open(fileobj=buffer, mode="w:gz") as tar:
                folder = self.run.store.folder / PACKAGES / digest
                for path in sorted(folder.rglob("*")):
                    tar.add(path, arcname=path.relative_to(folder).as_posix(), recursive=False)
            self._archives[digest] = client.scatter(buffer.getvalue(), broadcast=False)
        return self._archives[digest]

    def _store(self, batch: list[ArenaMatch], future: Any) -> None:
        """Write a batch's records, logs and results; a failed batch's matches go back."""
        store = self.run.store
        try:
            outcomes: list[Outcome] = future.result()
        except Exception as error:  # a worker died, or the batch raised: none of it counts
            logger.warning("dask batch failed", matches=[m.id for m in batch], error=repr(error))
            for match in batch:
                store.put_back(match.id)
            return
        self._batches += 1
        logs = _made(store.folder / "logs" / f"dask-{self._batches:05d}")
        for name, log in (outcomes[0][3] if outcomes else {}).items():
            (logs / name).write_text(log, encoding="utf-8")
        by_id = {match.id: match for match in batch}
        for match_id, result, text, _ in outcomes:
            match = by_id[match_id]
            record = _made(self.run.records) / f"{match.id:07d}-{match.attempts}.jsonl"
            record.write_text(text, encoding="utf-8")
            store_result(store, self.run.spec, match, result, str(record))
            self.run.played += 1
