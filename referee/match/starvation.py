"""Whether a bot that missed its deadline was starved by the machine, from what Linux counts.

A decision's deadline is wall time, and wall time passes whether or not
the bot gets a CPU. On a machine the referee has crowded (many matches,
a busy neighbour), a healthy bot can spend its whole allowance runnable
but not running. That is the referee's congestion, not the bot's fault.

Linux counts both sides cheaply:

- ``/proc/PID/task/TID/schedstat``: per thread, nanoseconds on a CPU and
  nanoseconds runnable but waiting on a run queue;
- ``/proc/pressure/memory`` (PSI): microseconds in which some task was
  stalled on memory (reclaim, refaults), which no run queue shows.

The rule (docs/tournaments.md, "Congestion"): a bot that missed its
deadline is *starved* when it spent less than half the wait on a CPU and
at least half of it waiting for one or stalled on memory. The runner then
asks again with a fresh allowance instead of recording a timeout, at most
``MAX_REGRANTS`` times per decision. A bot that hangs (asleep, not
runnable) or computes past its time (on a CPU) is not starved.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

MAX_REGRANTS = 2
"""Fresh allowances one decision may get for starvation; past them a timeout is a timeout."""

MAX_PROCESSES = 16
"""How many processes of a bot's tree are read (the bot, or bwrap and the bot under it)."""

_PSI_MEMORY = Path("/proc/pressure/memory")


@dataclass(frozen=True)
class CpuTimes:
    """What a bot's threads (and the processes under it) got from the scheduler, so far."""

    running_s: float
    """On a CPU."""
    waiting_s: float
    """Runnable, waiting on a run queue for a CPU."""


def cpu_times(pid: int) -> CpuTimes | None:
    """The summed schedstat of every thread of ``pid`` and its descendants; None if unreadable."""
    running = waiting = 0
    pids, seen = [pid], 0
    try:
        while pids and seen < MAX_PROCESSES:
            current = pids.pop()
            seen += 1
            for thread in Path(f"/proc/{current}/task").iterdir():
                fields = (thread / "schedstat").read_text().split()
                running += int(fields[0])
                waiting += int(fields[1])
            children = Path(f"/proc/{current}/task/{current}/children")
            pids.extend(int(child) for child in children.read_text().split())
    except (OSError, ValueError, IndexError):
        if seen <= 1:  # the bot itself is gone or /proc is not Linux's: no evidence
            return None
    return CpuTimes(running / 1e9, waiting / 1e9)


def memory_stall_s() -> float | None:
    """Seconds, since boot, in which some task was stalled on memory (PSI); None without PSI."""
    try:
        some = _PSI_MEMORY.read_text().splitlines()[0]
        return int(some.rpartition("total=")[2]) / 1e6
    except (OSError, ValueError, IndexError):
        return None


class DecisionMeter:
    """Started when a decision is asked; says at the deadline if the machine is to blame."""

    def __init__(self, pid: int) -> None:
        self._pid = pid
        self._cpu = cpu_times(pid)
        self._memory = memory_stall_s()

    def starved(self, waited_s: float) -> str | None:
        """Why the bot was denied its time over ``waited_s``, or None if it was not."""
        now = cpu_times(self._pid)
        if self._cpu is None or now is None or waited_s <= 0:
            return None
        running = now.running_s - self._cpu.running_s
        queued = now.waiting_s - self._cpu.waiting_s
        memory = memory_stall_s()
        stalled = memory - self._memory if memory is not None and self._memory is not None else 0
        if running >= waited_s / 2 or queued + stalled < waited_s / 2:
            return None
        return (
            f"in {waited_s:.3f} s the bot ran {running:.3f} s, waited {queued:.3f} s "
            f"for a CPU, and the machine stalled {stalled:.3f} s on memory"
        )


def meter(pid: int | None) -> DecisionMeter | None:
    """A meter for a bot running here as ``pid``; None for in-process or remote players."""
    return DecisionMeter(pid) if pid is not None else None
