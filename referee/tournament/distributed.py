"""Playing a tournament on a Dask cluster: matches on other machines, results here.

The coordinator alone touches the database: it claims matches, sends them
in small batches to Dask workers, and stores what comes back (each match's
result and the text of its record). A worker needs this package and the
bots at the same paths as the coordinator; each batch starts its own
referee server and bot processes on the worker, plays its matches in
``concurrency`` lanes with bots reused between clean matches, and ends them.

``dask_scheduler = "local"`` starts a cluster of ``workers`` processes on
this machine (a rehearsal of the real thing); any other value is the
address of a running scheduler (``tcp://host:8786``).
"""

from __future__ import annotations

import dataclasses
import logging
import tempfile
from pathlib import Path
from typing import Any

import structlog
import trio

from referee.errors import ConfigError
from referee.tournament.execute import (
    BotPool,
    finish_match,
    match_settings,
    play_scheduled,
    record_path,
    run_lanes,
)
from referee.tournament.keys import MatchKeys
from referee.tournament.results import StoredResult
from referee.tournament.spec import TournamentSpec
from referee.tournament.store import ScheduledMatch, Store

logger = structlog.get_logger("referee.tournament")

Outcome = tuple[int, StoredResult, str]
"""A played match as a worker returns it: its id, its result and its record's text."""
MAX_LOG_BYTES = 64 * 1024
"""Of each bot log a worker sends back, the last this many bytes."""


def play_batch(
    spec_json: str, matches: list[dict[str, Any]], chance_secret: str, signing_key: str
) -> tuple[list[Outcome], dict[str, str]]:
    """Runs on a Dask worker: play these scheduled matches; their outcomes, and the
    batch's bot logs by file name.

    The tournament's keys come as hex (empty: no signing), not from key files:
    a worker need not share the coordinator's files.
    """
    quiet_worker_logs()
    spec = TournamentSpec.from_json(spec_json)
    scheduled = [ScheduledMatch(**{**m, "seats": tuple(m["seats"])}) for m in matches]
    keys = MatchKeys(bytes.fromhex(chance_secret), bytes.fromhex(signing_key) or None)
    return trio.run(_play_batch, spec, scheduled, keys)


async def _play_batch(
    spec: TournamentSpec, scheduled: list[ScheduledMatch], keys: MatchKeys
) -> tuple[list[Outcome], dict[str, str]]:
    settings = match_settings(spec)
    outcomes: list[Outcome] = []
    queue = iter(scheduled)
    with tempfile.TemporaryDirectory(prefix="landgrave-batch-") as scratch:
        folder = Path(scratch)

        async def lane(pool: BotPool) -> None:
            for match in queue:
                record = folder / f"{match.id}.jsonl"
                result = await play_scheduled(settings, spec, match, pool, record, keys=keys)
                summary = StoredResult.of(result, match.seats)
                outcomes.append((match.id, summary, record.read_text(encoding="utf-8")))

        await run_lanes(spec, settings, folder / "logs", lane)
        return outcomes, batch_logs(folder / "logs")


def batch_logs(folder: Path) -> dict[str, str]:
    """The bots' stderr logs a batch left in ``folder``, the last ``MAX_LOG_BYTES`` of each,
    to send back from the worker (whose scratch folder goes with the batch)."""
    logs = {}
    for path in sorted(folder.glob("*.stderr")) if folder.is_dir() else []:
        data = path.read_bytes()[-MAX_LOG_BYTES:]
        logs[path.name] = data.decode("utf-8", errors="replace")
    return logs


def quiet_worker_logs() -> None:
    """On a Dask worker, which never ran our command line's logging setup, keep our
    events to warnings: structlog's default prints every event, a line per match."""
    if not structlog.is_configured():
        structlog.configure(wrapper_class=structlog.make_filtering_bound_logger(logging.WARNING))


async def play_on_dask(store: Store, spec: TournamentSpec) -> None:
    """Play every pending match on the spec's Dask cluster, storing results as they come."""
    client, cluster = await trio.to_thread.run_sync(_connect, spec.dask_scheduler, spec.workers)
    in_flight: dict[Any, list[ScheduledMatch]] = {}
    keys = MatchKeys.of_tournament(store, spec)
    secrets = (keys.chance_secret.hex(), (keys.signing_key or b"").hex())
    try:
        slots = sum(client.nthreads().values())
        batch_size = 2 * spec.concurrency
        while True:
            while len(in_flight) < slots and (batch := _claim(store, batch_size)):
                payload = [dataclasses.asdict(m) for m in batch]
                future = client.submit(play_batch, spec.to_json(), payload, *secrets, pure=False)
                in_flight[future] = batch
            if not in_flight:
                return
            done = await trio.to_thread.run_sync(
                _wait_first, list(in_flight), abandon_on_cancel=True
            )
            for future in done:
                _store_batch(store, spec, in_flight.pop(future), future)
    finally:
        with trio.CancelScope(shield=True):
            for future, batch in in_flight.items():
                future.cancel()
                for match in batch:
                    store.interrupt(match.id, "the coordinator was stopped")
            await trio.to_thread.run_sync(_disconnect, client, cluster)


def _claim(store: Store, size: int) -> list[ScheduledMatch]:
    batch: list[ScheduledMatch] = []
    while len(batch) < size and (match := store.claim("dask")) is not None:
        batch.append(match)
    return batch


def _store_batch(
    store: Store, spec: TournamentSpec, batch: list[ScheduledMatch], future: Any
) -> None:
    """Write a finished batch's records and results; a failed batch's matches wait for a resume."""
    try:
        outcomes, logs = future.result()
    except Exception as error:  # a worker died or the batch raised: nothing of it counts
        logger.warning("dask batch failed", matches=[m.id for m in batch], error=repr(error))
        for match in batch:
            store.interrupt(match.id, f"dask batch failed: {error!r}")
        return
    by_id = {match.id: match for match in batch}
    records = store.folder / "records"
    records.mkdir(parents=True, exist_ok=True)
    if logs:  # each batch's own folder: its bots' logs carry the batch's numbering
        kept = store.folder / "logs" / f"dask-{min(by_id):06d}"
        kept.mkdir(parents=True, exist_ok=True)
        for name, text in logs.items():
            (kept / name).write_text(text, encoding="utf-8")
    for match_id, result, text in outcomes:
        path = record_path(records, by_id[match_id])
        path.write_text(text, encoding="utf-8")
        finish_match(store, spec, match_id, result, str(path))


def _connect(scheduler: str, workers: int) -> tuple[Any, Any]:
    from distributed import Client, LocalCluster

    if scheduler == "local":
        cluster = LocalCluster(
            n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=None
        )
        return Client(cluster), cluster
    try:
        return Client(scheduler), None
    except (OSError, ValueError, TypeError) as error:  # a bad address, nobody there, a timeout
        raise ConfigError(f"cannot reach the Dask scheduler {scheduler!r}: {error}") from None


def _wait_first(futures: list[Any]) -> set[Any]:
    from distributed import wait

    return set(wait(futures, return_when="FIRST_COMPLETED").done)


def _disconnect(client: Any, cluster: Any) -> None:
    client.close()
    if cluster is not None:
        cluster.close()
