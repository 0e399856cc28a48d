"""Whether a bot that missed its deadline was starved by the machine, from what Linux counts.

A decision's deadline is wall time, and wall time passes whether or not
the bot gets a CPU. On a machine the referee has crowded (many matches,
a busy neighbour), a healthy bot can spend its whole allowance runnable
but not running. That is the referee's congestion, not the bot's fault.

Three cheap readings tell the cases apart:

- ``/proc/PID/stat``: the CPU time the bot used, over its process tree
  (the launcher, bubblewrap, the bot and what it started: the player's
  pid is the launcher's, which forks the bot);
- ``/proc/PID/task/*/stat`` at the deadline: whether any thread of the
  tree is running, runnable or blocked in the kernel (R or D), that is,
  wants to make progress, rather than asleep (a Python bot reads its
  requests on a gRPC thread, so every thread counts);
- ``/proc/pressure/cpu`` and ``memory`` (PSI): the share of the wait in
  which some task on the machine waited for a CPU or stalled on memory.

The rule (docs/tournaments.md, "Congestion"): a bot that missed its
deadline was *starved* when it used less than half the wait in CPU, is
busy at the deadline, and the machine was congested for at least a
quarter of the wait. The referee can be starved too: when it wakes long
after a deadline, a reply may have waited unread in its own queues,
whatever bot (local or remote) sent it (one it finds there as it wakes
counts: ``Connection.request``); and when it could not even read the bot's
CPU time in the wait, it cannot judge the bot. Either way the runner asks again
with a fresh allowance instead of recording a timeout, at most
``MAX_REGRANTS`` times per decision. A bot that hangs (asleep), computes
past its time (on a CPU), or is slow on a quiet machine is not starved.
"""

from __future__ import annotations

import os
import time
from dataclasses import dataclass
from pathlib import Path

MAX_REGRANTS = 2
"""Fresh allowances one decision may get for starvation; past them a timeout is a timeout."""

CONGESTED_SHARE = 0.25
"""The machine was congested when tasks stalled on CPU or memory this share of the wait."""

LATE_SHARE = 0.25
"""The referee is starved when it wakes this share of the allowance after a deadline..."""
LATE_MIN_S = 0.1
"""...and at least this late (its deadlines are normally met within milliseconds)."""

METER_SHARE = 0.1
"""Below this share of stalled time lately, decisions are not metered at all (see ``meter``)."""

BASELINE_DELAY_S = 0.005
"""A metered decision reads the bot's CPU only once it has lasted this long, or
``BASELINE_SHARE`` of its allowance when that is longer: most replies come first, and
then no /proc read (nor a worker thread for it) is spent at all."""
BASELINE_SHARE = 0.05
"""On a crowded machine many replies take over 5 ms, few a twentieth of their allowance;
the CPU and the wait counted from there on still cover 95% of the allowance."""

UNREAD_BASELINE_S = 0.05
"""A baseline still unread this long after it came due shows the referee starved: reading
it is one small file in a worker thread (the bot's CPU cannot be judged then)."""

SHARED_READING_S = 0.05
"""Decisions asked within this long of each other share one reading of the machine's stalls."""

_TICK_S = 1 / os.sysconf("SC_CLK_TCK")


MAX_PROCESSES = 8
"""Processes of a bot's tree that are read: the launcher, bwrap's two, the bot, a few more."""
TREE_TTL_S = 1.0
"""How long a bot's tree is reused before its children are listed again."""

_trees: dict[int, tuple[float, tuple[int, ...]]] = {}


def process_tree(pid: int) -> tuple[int, ...]:
    """``pid`` and its descendants (children of each main thread), at most ``MAX_PROCESSES``."""
    now = time.monotonic()
    cached = _trees.get(pid)
    if cached is not None and now - cached[0] < TREE_TTL_S:
        return cached[1]
    tree, queue = [pid], [pid]
    while queue and len(tree) < MAX_PROCESSES:
        parent = queue.pop(0)
        try:
            children = Path(f"/proc/{parent}/task/{parent}/children").read_text().split()
        except OSError:
            continue
        for child in children[: MAX_PROCESSES - len(tree)]:
            tree.append(int(child))
            queue.append(int(child))
    if len(_trees) > 4096:  # bots come and go: forget the old ones
        _trees.clear()
    _trees[pid] = (now, tuple(tree))
    return tuple(tree)


def process_cpu_s(pid: int) -> float | None:
    """CPU seconds (user and system) used by every thread of ``pid``; None if unreadable."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
        return (int(fields[11]) + int(fields[12])) * _TICK_S  # utime, stime
    except (OSError, ValueError, IndexError):
        return None


def tree_cpu_s(tree: tuple[int, ...]) -> float | None:
    """CPU seconds used by a process tree (those still there); None if its root is gone."""
    root = process_cpu_s(tree[0])
    if root is None:
        return None
    return root + sum(process_cpu_s(pid) or 0.0 for pid in tree[1:])


def is_busy(tree: tuple[int, ...]) -> bool:
    """Whether a thread of the tree is running, runnable or blocked in the kernel (R or D)."""
    for pid in tree:
        try:
            for thread in Path(f"/proc/{pid}/task").iterdir():
                state = (thread / "stat").read_text().rpartition(")")[2].split()[0]
                if state in ("R", "D"):
                    return True
        except (OSError, IndexError):
            continue
    return False


@dataclass(frozen=True)
class Stalls:
    """The machine's stall counters (PSI), in seconds since boot, and when they were read."""

    cpu_s: float
    memory_s: float
    at: float
    """``time.monotonic()`` of the reading."""

    @classmethod
    def read(cls) -> Stalls | None:
        """None where the kernel keeps no pressure stall information."""
        try:
            return cls(_stall_total("cpu"), _stall_total("memory"), time.monotonic())
        except (OSError, ValueError, IndexError):
            return None

    @classmethod
    def recent(cls) -> Stalls | None:
        """A reading at most ``SHARED_READING_S`` old: many decisions start within one."""
        last = _shared.get("stalls")
        if last is None or time.monotonic() - last.at > SHARED_READING_S:
            fresh = cls.read()
            if fresh is None:
                return None
            if last is not None:
                _shared["previous"] = last
            _shared["stalls"] = last = fresh
        return last


_shared: dict[str, Stalls] = {}
"""The latest reading (and the one before it), shared by the decisions of this process."""


def quiet_lately(latest: Stalls | None) -> bool:
    """Whether tasks stalled less than ``METER_SHARE`` of the time between the last two readings.

    False when unknown (no pressure information, or a single reading so far).
    """
    previous = _shared.get("previous")
    if latest is None or previous is None or latest.at <= previous.at:
        return False
    stalled = max(latest.cpu_s - previous.cpu_s, latest.memory_s - previous.memory_s)
    return stalled / (latest.at - previous.at) < METER_SHARE


def _stall_total(resource: str) -> float:
    some = Path(f"/proc/pressure/{resource}").read_text().splitlines()[0]
    return int(some.rpartition("total=")[2]) / 1e6


def _congested(since: Stalls | None) -> float:
    """The share of the time since ``since`` the machine was congested (or the load average)."""
    now = Stalls.read()
    if since is None or now is None or now.at <= since.at:
        cores = len(os.sched_getaffinity(0))
        return 1.0 if os.getloadavg()[0] > cores else 0.0
    return max(now.cpu_s - since.cpu_s, now.memory_s - since.memory_s) / (now.at - since.at)


class DecisionMeter:
    """Started when a decision is asked; says at the deadline if the machine is to blame."""

    def __init__(self, pid: int, allowance_s: float = 0.0) -> None:
        self._pid = pid
        self.delay_s = max(BASELINE_DELAY_S, BASELINE_SHARE * allowance_s)
        """How long into the decision its baseline is read (``BASELINE_DELAY_S``)."""
        self._tree: tuple[int, ...] = (pid,)
        self._cpu_s: float | None = None
        self._taken_at = 0.0
        self._stalls = Stalls.recent()

    def take_baseline(self) -> None:
        """Read the bot's CPU time so far: in a worker thread, off the referee's loop.

        Each read of /proc lets the gRPC thread take the interpreter lock; on the
        loop that more than doubled the referee's overhead per decision.
        """
        self._tree = process_tree(self._pid)
        self._cpu_s = tree_cpu_s(self._tree)
        self._taken_at = time.monotonic()

    def unread(self, waited_s: float) -> bool:
        """Whether the baseline was still unread ``UNREAD_BASELINE_S`` after it came due."""
        return not self._taken_at and waited_s >= self.delay_s + UNREAD_BASELINE_S

    def starved(self, waited_s: float) -> str | None:
        """Why the bot was denied its time over ``waited_s``, or None if it was not."""
        if self._cpu_s is None or waited_s <= 0:  # no baseline: no excuse
            return None
        now = tree_cpu_s(self._tree)
        if now is None:
            return None
        used = now - self._cpu_s
        # The CPU is counted from the baseline on (taken after ``delay_s``): so is the wait.
        metered_s = min(waited_s, time.monotonic() - self._taken_at)
        if used >= metered_s / 2 or not is_busy(process_tree(self._pid)):
            return None
        congested = _congested(self._stalls)
        if congested < CONGESTED_SHARE:
            return None
        return (
            f"in {waited_s:.3f} s the bot, busy, used {used:.2f} s of CPU while the machine "
            f"was congested {min(congested, 1):.0%} of the time"
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
    if meter is None:
        return None
    if meter.unread(waited_s):
        return f"in {waited_s:.3f} s the referee could not read the bot's CPU time"
    return meter.starved(waited_s)


def meter(pid: int | None, allowance_s: float = 0.0) -> DecisionMeter | None:
    """A meter for a decision of ``allowance_s`` by a bot running here as ``pid``; None for
    in-process or remote players.

    None too while the machine is quiet: a quiet machine starves no bot, and the rule
    for a late referee still holds. The caller runs ``take_baseline`` off its loop.
    """
    if pid is None or quiet_lately(Stalls.recent()):
        return None
    return DecisionMeter(pid, allowance_s)
