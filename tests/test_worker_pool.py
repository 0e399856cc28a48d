"""bench/worker_pool.py: every task's result from worker processes, and failures passed on.

How a stop ends a run is tested through bench/sparring.py, in a process of its own
(tests/test_sparring.py): a signal here would reach the test runner.
"""

from __future__ import annotations

import functools
import importlib
import os
from typing import Any

import pytest

WORKER_POOL: Any = importlib.import_module("bench.worker_pool")


def square_in_a_worker(number: int, parent: int) -> tuple[int, bool]:
    if number == 13:
        raise ValueError("thirteen")
    return number * number, os.getpid() != parent


def test_every_task_is_done_once_in_a_worker_process() -> None:
    work = functools.partial(square_in_a_worker, parent=os.getpid())
    results = list(WORKER_POOL.finished(work, range(10), 2))
    assert sorted(square for square, _ in results) == [n * n for n in range(10)]
    assert all(elsewhere for _, elsewhere in results)


def test_a_failed_task_stops_the_run_with_its_error() -> None:
    work = functools.partial(square_in_a_worker, parent=os.getpid())
    with pytest.raises(ValueError, match="thirteen"):
        list(WORKER_POOL.finished(work, range(20), 2))
