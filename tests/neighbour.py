"""A busy neighbour for congestion tests: many short-lived processes and large allocations.

``python tests/neighbour.py SECONDS``: for at most SECONDS, keeps ``WORKERS``
children alive, each of which allocates and touches ``MB`` megabytes,
forks a few grandchildren that do the same, and exits; then starts the
next. No network. It stops itself at the deadline, and its children die
with its process group when the test ends it.
"""

from __future__ import annotations

import os
import sys
import time

WORKERS = 4
MB = 64
GRANDCHILDREN = 2
PAUSE_S = 0.02
"""Between one child's end and the next's start: heavy, but other tests on the machine live."""


def churn() -> None:
    """Touch every page of a fresh allocation, fork a few that do the same, then exit."""
    for _ in range(GRANDCHILDREN):
        if os.fork() == 0:
            bytearray(MB * 2**20)[::4096] = b"x" * (MB * 256)
            os._exit(0)
    block = bytearray(MB * 2**20)
    block[::4096] = b"x" * (MB * 256)
    while True:
        try:
            os.wait()
        except ChildProcessError:
            break
    os._exit(0)


def main(seconds: float) -> None:
    deadline = time.monotonic() + seconds
    alive = 0
    while time.monotonic() < deadline:
        while alive < WORKERS:
            if os.fork() == 0:
                churn()
            alive += 1
        os.wait()
        alive -= 1
        time.sleep(PAUSE_S)


if __name__ == "__main__":
    main(float(sys.argv[1]))
