"""How crowded the machine is: for retrying a bot start, and for warning about concurrency.

The referee crowds its own machine when it starts more bots or matches than
the cores and memory serve; a neighbour can crowd it too. Either way a bot
that fails to start in time is not to blame. Linux's pressure stall
information (PSI, ``/proc/pressure/cpu`` and ``memory``) counts the
microseconds in which some task waited for a CPU or for memory; where it
is missing, the load average stands in. See docs/tournaments.md, "Congestion".
"""

from __future__ import annotations

import os
import time
from dataclasses import dataclass
from pathlib import Path

CONGESTED_SHARE = 0.25
"""A window in which tasks stalled on CPU or memory for this share of the time was congested."""

STARTUP_SHARE = 0.5
"""If every bot of every match started at once, the last should be up within this share
of the startup timeout (the rest is room for the matches already playing)."""


def cores() -> int:
    """CPUs this process may run on."""
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1


def _stall_s(resource: str) -> float | None:
    """Seconds since boot in which some task stalled on ``resource``; None without PSI."""
    try:
        some = Path(f"/proc/pressure/{resource}").read_text().splitlines()[0]
        return int(some.rpartition("total=")[2]) / 1e6
    except (OSError, ValueError, IndexError):
        return None


@dataclass(frozen=True)
class Watch:
    """Started before something that takes time; says afterwards if the machine was crowded."""

    started: float
    cpu_s: float | None
    memory_s: float | None

    @classmethod
    def start(cls) -> Watch:
        return cls(time.monotonic(), _stall_s("cpu"), _stall_s("memory"))

    def congested(self) -> bool:
        """Whether tasks stalled on CPU or memory for a good share of the time since the start."""
        elapsed = time.monotonic() - self.started
        cpu, memory = _stall_s("cpu"), _stall_s("memory")
        if self.cpu_s is None or cpu is None or elapsed <= 0:
            return os.getloadavg()[0] > cores()
        stalled = max(cpu - self.cpu_s, (memory or 0) - (self.memory_s or 0))
        return stalled >= CONGESTED_SHARE * elapsed


def available_mb() -> float | None:
    """Memory the kernel could give without swapping (MemAvailable), in MB."""
    try:
        for line in Path("/proc/meminfo").read_text().splitlines():
            if line.startswith("MemAvailable:"):
                return int(line.split()[1]) / 1024
    except (OSError, ValueError, IndexError):
        pass
    return None


def resident_mb(pid: int) -> float | None:
    """A process's resident memory (VmRSS), in MB."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except (OSError, ValueError, IndexError):
        pass
    return None


@dataclass(frozen=True)
class Capacity:
    """How many matches at once this machine serves, from what one bot start cost."""

    by_cpu: int
    """Matches whose bots, all started at once, say hello within half the startup timeout."""
    by_memory: int | None
    """Matches whose bots fit in the memory available now; None when unknown."""

    @classmethod
    def measure(
        cls, start_s: float, bot_mb: float | None, startup_timeout_s: float, seats: int
    ) -> Capacity:
        """Args: ``start_s`` one bot's wall time from launch to hello; ``bot_mb`` its size."""
        per_core = STARTUP_SHARE * startup_timeout_s / max(start_s, 1e-3)
        by_cpu = max(1, int(cores() * per_core / seats))
        free = available_mb()
        by_memory = None
        if bot_mb and free is not None:
            by_memory = max(1, int(free / (bot_mb * seats)))
        return cls(by_cpu, by_memory)

    @property
    def matches(self) -> int:
        return min(self.by_cpu, self.by_memory or self.by_cpu)
