"""bench/carcassonne_tuning.py: two sets of Carcassonne weights played against each other."""

from __future__ import annotations

import importlib
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

TUNING: Any = importlib.import_module("bench.carcassonne_tuning")


def test_a_seed_is_played_with_both_seatings_and_the_same_draws() -> None:
    """Weights against themselves: each seed's two games are the same game, seats swapped,
    so the candidate takes exactly what the base does (the first seat's edge cancels)."""
    own = TUNING.Player(TUNING.greedy.WEIGHTS)
    for seed in range(3):
        (first, second) = TUNING.duel(seed, own, own)
        assert first[0] + second[0] == 1.0 and first[1] == -second[1]


@pytest.mark.slow
def test_the_tuned_weights_beat_the_bots_own_over_paired_seeds() -> None:
    """``TUNED`` is the MCTS bot's heuristic's because it plays better: 100 seeds, each
    played with both seatings and the same draws (about 20 s)."""
    own = TUNING.Player(TUNING.greedy.WEIGHTS)
    tuned = TUNING.Player(TUNING.greedy.TUNED)
    points = sum(p for seed in range(100) for p, _ in TUNING.duel(seed, own, tuned))
    assert points / 200 > 0.55


def test_the_standing_of_the_candidate_is_printed_with_its_intervals(
    capsys: pytest.CaptureFixture[str],
) -> None:
    TUNING.main(["--games", "2", "--jobs", "1", "--tuned", "follower=0.3"])
    out = capsys.readouterr().out
    assert out.startswith("tuned follower=0.3 vs own: ") and "in 4 games, margin " in out


def test_a_weight_that_is_none_is_one_line_and_nothing_is_played() -> None:
    bench = Path(TUNING.__file__)
    done = subprocess.run(
        [sys.executable, str(bench), "followers=0.3"], capture_output=True, text=True, check=False
    )
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert done.stderr.count("\n") == 1 and "'followers=0.3' is not KEY=VALUE" in done.stderr
