"""Many matches at once beside a busy neighbour: healthy bots record no fault.

The issue this answers: a round robin of four Land bots at concurrency 64 and 1 s per
decision, on two cores beside a process- and memory-heavy neighbour, recorded 42
startup failures and 3 crashes and quarantined three healthy bots. The referee's own
crowding (a burst of interpreters) and a neighbour's are never a bot's fault.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
import trio
from structlog.testing import capture_logs

from referee.entrant import Entrant
from referee.tournament.coordinator import open_tournament, run_tournament
from referee.tournament.spec import TournamentSpec
from referee.transport import congestion
from tests.helpers import BOTS, ROOT

pytestmark = pytest.mark.slow

NEIGHBOUR_S = 90.0
"""The neighbour stops itself after this long, whatever happens to the test."""


def test_many_matches_beside_a_busy_neighbour_record_no_fault_for_healthy_bots(
    tmp_path: Path,
) -> None:
    spec = TournamentSpec(
        game="land",
        name="crowded",
        entrants=(
            Entrant("random-a", str(BOTS / "random_bot.py")),
            Entrant("random-b", str(BOTS / "random_bot.py")),
            Entrant("greedy", str(BOTS / "land_greedy.py")),
            Entrant("frontier", str(BOTS / "land_frontier.py")),
        ),
        games_per_table=6,
        concurrency=64,
    )
    neighbour = subprocess.Popen(
        [sys.executable, str(ROOT / "tests" / "neighbour.py"), str(NEIGHBOUR_S)],
        start_new_session=True,  # other work on the machine: its own session
    )
    try:
        time.sleep(0.5)  # the neighbour is busy before the first bot starts
        store, spec = open_tournament(tmp_path / "t", spec)
        with capture_logs() as logs:
            rows = trio.run(run_tournament, store, spec)
        matches = store.matches()
        store.close()
    finally:
        os.killpg(neighbour.pid, signal.SIGKILL)
        neighbour.wait()
    assert len(matches) == 72 and all(m.status == "done" for m in matches)
    faults = [
        (m.id, seat.name, seat.termination.label, seat.detail)
        for m in matches
        for seat in (m.result.seats if m.result else ())
        if seat.fault_labels() or seat.termination.label != "normal"
    ]
    assert faults == [], "\n".join(map(str, faults))
    assert not any(row.quarantined for row in rows)
    warnings = {e["event"] for e in logs if e["log_level"] == "warning"}
    assert "bot quarantined" not in warnings


def test_the_capacity_follows_cores_start_time_and_memory(monkeypatch: pytest.MonkeyPatch) -> None:
    """Whether the warning comes depends on this machine; the rule behind it does not."""
    monkeypatch.setattr(congestion, "cores", lambda: 2)
    monkeypatch.setattr(congestion, "available_mb", lambda: 4000.0)
    # Two seats a match, 0.25 s to start, half of a 10 s startup timeout: 20 per core.
    quick = congestion.Capacity.measure(0.25, 50.0, 10.0, seats=2)
    assert (quick.by_cpu, quick.by_memory, quick.matches) == (20, 40, 20)
    slow = congestion.Capacity.measure(1.0, 50.0, 10.0, seats=2)
    assert slow.matches == 5
    heavy = congestion.Capacity.measure(0.25, 1000.0, 10.0, seats=2)
    assert heavy.matches == heavy.by_memory == 2
    monkeypatch.setattr(congestion, "available_mb", lambda: None)
    assert congestion.Capacity.measure(0.25, 1000.0, 10.0, seats=2).matches == 20
