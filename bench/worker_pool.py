"""Long tasks in worker processes, each result as it finishes, and a stop that stops.

Ctrl-C or ``kill`` (SIGINT, SIGTERM) stops a run of a bench in seconds: the
tasks in play end where they are, and none starts after. A plain
``ProcessPoolExecutor`` does not: its workers take the tasks already queued
to them and play each to its end (a Landover game at 1 s a move is minutes),
a worker waiting for work prints a traceback when a terminal's Ctrl-C reaches
it, and a KeyboardInterrupt raised inside the executor's waiting can leave one
of its locks held. So here the run's process only notes a stop request and
acts on it between waits, passing it on to the workers, and a worker breaks
off the task in hand and refuses any after it.
"""

from __future__ import annotations

import contextlib
import itertools
import multiprocessing
import os
import signal
import sys
import threading
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from typing import Any, TypeVar

T = TypeVar("T")
R = TypeVar("R")

STOP_SIGNALS = (signal.SIGINT, signal.SIGTERM)
POLL_S = 0.25
"""How often the run's process looks for a stop request while tasks run."""


def stop_on_sigterm() -> None:
    """SIGTERM stops a process as Ctrl-C does: a run left in the background (``nohup ...
    &``) ignores SIGINT, so ``kill`` is how it is stopped."""
    signal.signal(signal.SIGTERM, signal.default_int_handler)


@contextlib.contextmanager
def stops_in_one_line(program: str) -> Iterator[None]:
    """Ctrl-C or ``kill`` ends the run with one line on stderr and exit status 130, no
    traceback: for a bench that prints its figures only at the end."""
    stop_on_sigterm()
    try:
        yield
    except KeyboardInterrupt:
        print(f"{program}: stopped before the end: nothing to print", file=sys.stderr)
        raise SystemExit(130) from None


def finished(work: Callable[[T], R], tasks: Iterable[T], jobs: int) -> Iterator[R]:
    """``work(task)`` for every task, in ``jobs`` worker processes, each result as it is
    ready. A stop request raises KeyboardInterrupt here once the workers were told."""
    with _stop_requests() as stop, ProcessPoolExecutor(jobs, initializer=_Worker.start) as pool:
        try:
            yield from _as_ready(pool, work, iter(tasks), jobs, stop)
        except BaseException:
            _tell_workers()  # stopped, failed or closed early: the tasks in hand are not wanted
            raise
        finally:
            pool.shutdown(cancel_futures=True)


def _as_ready(
    pool: ProcessPoolExecutor,
    work: Callable[[T], R],
    pending: Iterator[T],
    jobs: int,
    stop: threading.Event,
) -> Iterator[R]:
    # Only a few queued at a time: the rest are never handed to a worker.
    running = {pool.submit(_Worker.run, work, task) for task in itertools.islice(pending, 2 * jobs)}
    while running:
        done, running = wait(running, timeout=POLL_S, return_when=FIRST_COMPLETED)
        if stop.is_set():
            raise KeyboardInterrupt
        for future in done:
            yield future.result()
            running.update(
                pool.submit(_Worker.run, work, task) for task in itertools.islice(pending, 1)
            )


@contextlib.contextmanager
def _stop_requests() -> Iterator[threading.Event]:
    """SIGINT and SIGTERM set an event instead of raising wherever the process is; a
    second request, while the first is acted on, raises as usual."""
    stop = threading.Event()

    def request(signum: int, frame: Any) -> None:
        if stop.is_set():
            raise KeyboardInterrupt
        stop.set()

    previous = {number: signal.signal(number, request) for number in STOP_SIGNALS}
    try:
        yield stop
    finally:
        for number, handler in previous.items():
            signal.signal(number, handler)


def _tell_workers() -> None:
    """Pass the stop on: ``kill PID`` reaches the run's process alone."""
    for child in multiprocessing.active_children():
        with contextlib.suppress(ProcessLookupError):
            os.kill(child.pid or 0, signal.SIGTERM)


class _Worker:
    """A worker process's state: once asked to stop, it breaks off its task and runs no
    other; while it waits for a task, the request is only noted (no traceback)."""

    busy = False
    stopping = False

    @classmethod
    def start(cls) -> None:
        for number in STOP_SIGNALS:
            signal.signal(number, cls.request_stop)

    @classmethod
    def request_stop(cls, signum: int, frame: Any) -> None:
        cls.stopping = True
        if cls.busy:
            raise KeyboardInterrupt

    @classmethod
    def run(cls, work: Callable[[T], R], task: T) -> R:
        cls.busy = True  # before the check: a request from here on raises in the task
        try:
            if cls.stopping:
                raise KeyboardInterrupt
            return work(task)
        finally:
            cls.busy = False
