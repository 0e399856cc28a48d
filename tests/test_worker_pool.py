"""bench/worker_pool.py: every task's result from worker processes, and failures passed on.

How a stop ends a run is tested through the benches, each in a process of its own (here
and in tests/test_sparring.py): a signal sent in this process would reach the test runner.
"""

from __future__ import annotations

import functools
import importlib
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
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


@pytest.mark.parametrize(
    ("bench", "args"),
    [
        ("tuning", ["landover", "--games", "500", "--jobs", "2"]),
        ("land_oracle", ["--clairvoyant", "500", "--jobs", "2"]),
    ],
)
def test_a_bench_that_prints_at_the_end_stops_in_one_line(bench: str, args: list[str]) -> None:
    """Ctrl-C (SIGINT to the run's process group, as a terminal sends it) in the middle
    of a tuning or oracle run: exit 130 at once, one line, no worker's traceback."""
    path = Path(WORKER_POOL.__file__).with_name(f"{bench}.py")
    run = subprocess.Popen(
        [sys.executable, str(path), *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    time.sleep(3)  # past the start, into the games
    os.killpg(run.pid, signal.SIGINT)
    try:
        output, error = run.communicate(timeout=60)
    except subprocess.TimeoutExpired:
        os.killpg(run.pid, signal.SIGKILL)
        raise
    assert (run.returncode, output) == (130, "")
    assert error == f"{bench}: stopped before the end: nothing to print\n"
