"""Telling a bot starved by the machine from a bot that hangs, with real processes."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path

import pytest

from referee.match import starvation
from referee.match.starvation import DecisionMeter, Stalls, excuse, process_cpu_s


def needs_real_processes(test: Callable[[], None]) -> Callable[[], None]:
    """Slow, and only where Linux keeps schedstat."""
    skip = pytest.mark.skipif(not Path("/proc/self/schedstat").exists(), reason="no schedstat")
    return pytest.mark.slow(skip(test))


SPIN = "import time\nend = time.monotonic() + 4\nwhile time.monotonic() < end: pass"
SLEEP = "import time; time.sleep(4)"
UNDER_A_LAUNCHER = (
    "import os, time\ntime.sleep(0.1)\nif os.fork() == 0:\n"
    "    end = time.monotonic() + 4\n    while time.monotonic() < end: pass\n"
    "    os._exit(0)\nos.wait()"
)
HOGS = 4
"""Busy processes sharing the bot's one CPU: the bot gets at most a fifth of it."""


@contextmanager
def process(code: str, *, cpu: int) -> Iterator[subprocess.Popen[bytes]]:
    """A Python process pinned to one CPU, gone when the block ends (it stops itself anyway)."""
    child = subprocess.Popen([sys.executable, "-c", code])
    try:
        os.sched_setaffinity(child.pid, {cpu})
        yield child
    finally:
        child.kill()
        child.wait()


@needs_real_processes
@pytest.mark.parametrize("code", [SPIN, UNDER_A_LAUNCHER], ids=["bot", "bot-under-launcher"])
def test_a_bot_runnable_but_given_no_cpu_is_starved(code: str) -> None:
    """A bot behind busy processes on its CPU waits on the run queue: the machine is to blame.

    The player's pid is the launcher's, which forks the bot and waits: the tree counts.
    """
    cpu = min(os.sched_getaffinity(0))
    with ExitStack() as hogs:
        for _ in range(HOGS):
            hogs.enter_context(process(SPIN, cpu=cpu))
        bot = hogs.enter_context(process(code, cpu=cpu))
        time.sleep(0.3)  # all started
        if code is UNDER_A_LAUNCHER:  # as a bot has, before its first decision
            children = Path(f"/proc/{bot.pid}/task/{bot.pid}/children")
            deadline = time.monotonic() + 5
            while not children.read_text().split() and time.monotonic() < deadline:
                time.sleep(0.05)
        meter = DecisionMeter(bot.pid)
        meter.take_baseline()
        time.sleep(0.6)
        reason = meter.starved(0.6)
    assert reason is not None and "congested" in reason


@needs_real_processes
def test_a_bot_that_sleeps_through_its_time_is_not_starved() -> None:
    """A hanging bot asked for no CPU: its timeout is its own."""
    cpu = min(os.sched_getaffinity(0))
    with process(SLEEP, cpu=cpu) as bot:
        time.sleep(0.2)
        meter = DecisionMeter(bot.pid)
        meter.take_baseline()
        time.sleep(0.4)
        assert meter.starved(0.4) is None


@needs_real_processes
def test_no_evidence_without_the_process() -> None:
    """A bot already gone cannot be read: no excuse is made up for it."""
    with process(SLEEP, cpu=min(os.sched_getaffinity(0))) as bot:
        pid = bot.pid
    assert process_cpu_s(pid) is None
    meter = DecisionMeter(pid)
    meter.take_baseline()
    assert meter.starved(1.0) is None


def test_a_quiet_machine_meters_no_decision(monkeypatch: pytest.MonkeyPatch) -> None:
    """Reading bots' CPU costs the referee's loop: skipped while nothing stalls."""
    quiet = [
        Stalls(cpu_s=10.0, memory_s=0.0, at=100.0),
        Stalls(cpu_s=10.01, memory_s=0.0, at=101.0),
    ]
    busy = [Stalls(cpu_s=10.0, memory_s=0.0, at=100.0), Stalls(cpu_s=10.5, memory_s=0.0, at=101.0)]
    for (previous, latest), metered in ((quiet, False), (busy, True)):
        monkeypatch.setattr(starvation, "_shared", {"previous": previous, "stalls": latest})
        monkeypatch.setattr(Stalls, "recent", classmethod(lambda cls, latest=latest: latest))
        assert (starvation.meter(os.getpid()) is not None) is metered
    assert starvation.meter(None) is None


def test_a_referee_that_woke_long_after_the_deadline_excuses_any_bot() -> None:
    """A reply may sit unread in the referee's own queues: even a remote bot is not to blame."""
    assert excuse(None, waited_s=1.6, allowance_s=1.0) is not None
    assert excuse(None, waited_s=1.01, allowance_s=1.0) is None
    assert excuse(None, waited_s=0.35, allowance_s=0.2) is not None
    assert excuse(None, waited_s=0.25, allowance_s=0.2) is None  # 50 ms is on time


def test_a_referee_that_could_not_read_the_bots_cpu_in_time_cannot_blame_the_bot() -> None:
    """The baseline is one small file read in a worker thread 10 ms into a 0.2 s wait.

    Still unread at the deadline, the referee itself had no CPU: it cannot
    tell a hanging bot from a starved one, and asks again.
    """
    meter = DecisionMeter(os.getpid(), allowance_s=0.2)
    assert excuse(meter, waited_s=0.2, allowance_s=0.2) is not None
    assert excuse(meter, waited_s=0.02, allowance_s=0.02) is None  # thread start-up, no more
    meter.take_baseline()
    assert not meter.unread(0.2)  # read: the bot's CPU time judges it (the tests above)


@pytest.mark.parametrize(("allowance_s", "delay_s"), [(1.0, 0.05), (0.2, 0.01), (0.02, 0.005)])
def test_a_baseline_comes_due_a_twentieth_into_the_allowance_and_5_ms_at_least(
    allowance_s: float, delay_s: float
) -> None:
    """A reply quicker than that costs no /proc read: on a crowded machine most are."""
    meter = DecisionMeter(os.getpid(), allowance_s)
    assert meter.delay_s == pytest.approx(delay_s)
    assert not meter.unread(delay_s + starvation.UNREAD_BASELINE_S - 0.001)
    assert meter.unread(delay_s + starvation.UNREAD_BASELINE_S)
