"""``arena run --workers K``: K processes play from the one store, each with its lanes.

The store is the queue: workers claim matches and schedule tables in
single transactions, as tournament workers do. Only the first worker
listens for remote bots and runs the site's publisher. Matches left running by a crash are put back
once, here, before any worker starts (a worker must not put back what
another has just claimed).
"""

from __future__ import annotations

import argparse
import contextlib
import fcntl
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import structlog

from referee.arena import site
from referee.arena.loop import RunOptions, run_arena, worker_budgets
from referee.arena.registry import arena_spec, keep_private
from referee.arena.remote import all_offline
from referee.arena.store import DATABASE_NAME, ArenaStore
from referee.errors import ConfigError
from referee.transport.server import TlsIdentity

logger = structlog.get_logger("referee.arena")


def run_workers(folder: Path, args: argparse.Namespace, tls: TlsIdentity | None) -> int:
    """Prepare the store, then play here (one worker) or in worker processes; matches played.

    Raises:
        ConfigError: another ``arena run`` plays in this folder.
    """
    with _only_run(folder):
        return _run_workers(folder, args, tls)


@contextlib.contextmanager
def _only_run(folder: Path) -> Iterator[None]:
    """Hold the arena's run lock: a second run would put back the first one's matches."""
    if not (folder / DATABASE_NAME).is_file():
        raise ConfigError(f"{folder} holds no arena: make one with 'referee arena init'")
    with (folder / "run.lock").open("w") as lock:
        try:
            fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            raise ConfigError(f"another 'arena run' is playing in {folder}") from None
        yield


def _run_workers(folder: Path, args: argparse.Namespace, tls: TlsIdentity | None) -> int:
    store = ArenaStore(folder)
    try:
        spec = arena_spec(store)
        keep_private(folder)
        reset = store.reset_unfinished()
        if reset:
            logger.warning("replaying matches a stopped run left unfinished", matches=reset)
        all_offline(store)
        if not args.no_site:
            site.publish_start(store, spec)
    finally:
        store.close()
    budgets = worker_budgets(args.matches, args.workers)
    options = RunOptions(
        concurrency=args.concurrency, listen=args.listen, tls=tls, publish=not args.no_site
    )
    if args.dask:
        on_dask = RunOptions(
            matches=args.matches,
            concurrency=args.concurrency,
            publish=not args.no_site,
            dask=args.dask,
            dask_workers=args.workers,
        )
        return run_arena(folder, on_dask)
    if args.workers == 1:
        return run_arena(folder, _for(options, budgets[0], "w1", listen=True))
    return _spawn(folder, options, budgets)


def _for(options: RunOptions, budget: int, name: str, *, listen: bool) -> RunOptions:
    return RunOptions(
        matches=budget,
        concurrency=options.concurrency,
        listen=options.listen if listen else None,
        tls=options.tls,
        publish=options.publish and listen,
        worker=name,
    )


def _spawn(folder: Path, options: RunOptions, budgets: list[int]) -> int:
    before = _done(folder)
    processes = []
    for number, budget in enumerate(budgets, start=1):
        command = [sys.executable, "-m", "referee.arena.workers", str(folder), f"w{number}",
                   str(budget), str(options.concurrency), str(int(options.publish))]  # fmt: skip
        if number > 1:
            command[-1] = "0"  # one publisher is enough
        if number == 1 and options.listen:
            command.append(options.listen)
        processes.append(subprocess.Popen(command))
    try:
        for process in processes:
            process.wait()
    finally:
        for process in processes:  # Ctrl-C reached them too: wait for their clean stop
            process.wait()
    return _done(folder) - before


def _done(folder: Path) -> int:
    store = ArenaStore(folder)
    try:
        return len(store.matches("done"))
    finally:
        store.close()


def main(argv: list[str]) -> None:
    """A worker process: ``DIR NAME BUDGET CONCURRENCY PUBLISH [LISTEN]``."""
    from referee import logs

    logs.configure(0, None)
    folder, name, budget, concurrency, publish, *listen = argv
    options = RunOptions(
        matches=int(budget),
        concurrency=int(concurrency),
        listen=listen[0] if listen else None,
        publish=publish == "1",
        worker=name,
    )
    try:
        run_arena(Path(folder), options)
    except KeyboardInterrupt:
        sys.exit(130)


if __name__ == "__main__":
    main(sys.argv[1:])
