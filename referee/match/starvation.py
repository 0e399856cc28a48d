"""Whether a bot that missed its deadline was starved by the machine, from what Linux counts.

A decision's deadline is wall time, and wall time passes whether or not
the bot gets a CPU. On a machine the referee has crowded (many matches,
a busy neighbour), a healthy bot can spend its whole allowance runnable
but not running. That is the referee's congestion, not the bot's fault.

Linux counts both sides cheaply:

- ``/proc/PID/schedstat``: for the bot's main thread, nanoseconds on a CPU
  and nanoseconds runnable but waiting on a run queue. One small read
  when a decision is asked (the SDK decides on the main thread; a bot
  that computes on other threads, or runs under bwrap, is judged by a
  main thread that looks idle, so it gets no excuse: as before);
- ``/proc/pressure/memory`` (PSI): the share of recent time in which some
  task was stalled on memory (reclaim, refaults), which no run queue
  shows. It is the machine's, so it counts only for a bot found busy
  (running, runnable or blocked in the kernel) at its deadline, never
  for one asleep.

The rule (docs/tournaments.md, "Congestion"): a bot that missed its
deadline is *starved* when it spent less than half the wait on a CPU and
at least half of it waiting for one or stalled on memory. The referee can
be starved too: when it wakes long after a deadline, a reply may be
waiting unread in its own queues, whatever bot (local or remote) sent it.
Either way the runner asks again with a fresh allowance instead of
recording a timeout, at most ``MAX_REGRANTS`` times per decision. A bot
that hangs (asleep, not runnable) or computes past its time (on a CPU) is
not starved.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

MAX_REGRANTS = 2
"""Fresh allowances one decision may get for starvation; past them a timeout is a timeout."""

LATE_SHARE = 0.25
"""The referee is starved when it wakes this share of the allowance after a deadline..."""
LATE_MIN_S = 0.1
"""...and at least this late (its deadlines are normally met within milliseconds)."""

_PSI_MEMORY = Path("/proc/pressure/memory")


@dataclass(frozen=True)
class CpuTimes:
    """What a bot's main thread got from the scheduler, so far."""

    running_s: float
    """On a CPU."""
    waiting_s: float
    """Runnable, waiting on a run queue for a CPU: counted only once the wait is over."""
    slices: int
    """Times it was put on a CPU."""


def cpu_times(pid: int) -> CpuTimes | None:
    """The main thread's schedstat; None if the process is gone or /proc is not Linux's."""
    try:
        fields = Path(f"/proc/{pid}/schedstat").read_text().split()
        return CpuTimes(int(fields[0]) / 1e9, int(fields[1]) / 1e9, int(fields[2]))
    except (OSError, ValueError, IndexError):
        return None


def thread_state(pid: int) -> str:
    """The main thread's state: R running or runnable, D blocked in the kernel, S asleep..."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()[0]
    except (OSError, IndexError):
        return "?"


def memory_stall_share() -> float:
    """The share of the last 10 s in which some task stalled on memory (PSI); 0 without PSI."""
    try:
        some = _PSI_MEMORY.read_text().splitlines()[0]
        return float(some.split()[1].partition("=")[2]) / 100
    except (OSError, ValueError, IndexError):
        return 0.0


class DecisionMeter:
    """Started when a decision is asked; says at the deadline if the machine is to blame."""

    def __init__(self, pid: int) -> None:
        self._pid = pid
        self._start = cpu_times(pid)

    def starved(self, waited_s: float) -> str | None:
        """Why the bot was denied its time over ``waited_s``, or None if it was not."""
        now = cpu_times(self._pid)
        if self._start is None or now is None or waited_s <= 0:
            return None
        running = now.running_s - self._start.running_s
        queued = now.waiting_s - self._start.waiting_s
        state = thread_state(self._pid)
        if state == "R" and now.slices == self._start.slices:
            # Runnable and never put on a CPU since asked: the whole wait was in the queue
            # (Linux adds a wait to the count only when it ends).
            queued = waited_s
        stalled = memory_stall_share() * waited_s if state in ("R", "D") else 0.0
        if running >= waited_s / 2 or queued + stalled < waited_s / 2:
            return None
        return (
            f"in {waited_s:.3f} s the bot ran {running:.3f} s, waited {queued:.3f} s "
            f"for a CPU, and the machine stalled about {stalled:.3f} s on memory"
        )


def excuse(meter: DecisionMeter | None, waited_s: float, allowance_s: float) -> str | None:
    """Why a missed deadline is the machine's fault and not the bot's, or None if it is the bot's.

    Args:
        meter: the bot's meter, None for a bot whose process is not here.
        waited_s: from the request to when the referee saw the deadline pass.
        allowance_s: the time the bot was given.
    """
    late = waited_s - allowance_s
    if late >= max(LATE_MIN_S, LATE_SHARE * allowance_s):
        return f"the referee itself woke {late:.3f} s after the deadline"
    return meter.starved(waited_s) if meter is not None else None


def meter(pid: int | None) -> DecisionMeter | None:
    """A meter for a bot running here as ``pid``; None for in-process or remote players."""
    return DecisionMeter(pid) if pid is not None else None
