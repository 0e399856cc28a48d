"""bench/landover_openings.py: what a Landover start is worth, fitted to who wins."""

from __future__ import annotations

import importlib
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

OPENINGS: Any = importlib.import_module("bench.landover_openings")


@pytest.mark.parametrize(
    "args", [["--games", "3"], ["--top", "0"], ["--jobs", "0"]], ids=["games", "top", "jobs"]
)
def test_an_out_of_range_flag_is_one_line_and_nothing_is_played(args: list[str]) -> None:
    bench = Path(OPENINGS.__file__)
    done = subprocess.run(
        [sys.executable, str(bench), *args], capture_output=True, text=True, check=False
    )
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert done.stderr.count("\n") == 1 and "--games must be at least 8" in done.stderr


def test_the_fit_finds_the_weights_that_made_the_winners() -> None:
    """Winners drawn from known log odds: the fit recovers the intercept and the weights."""
    np = pytest.importorskip("numpy")
    rng = random.Random(5)
    truth = [0.3, 0.8, -0.5]
    x = np.array([[rng.gauss(0, 1) for _ in range(2)] for _ in range(20_000)])
    odds = truth[0] + x @ np.array(truth[1:])
    y = np.array([float(rng.random() < 1 / (1 + np.exp(-z))) for z in odds])
    assert OPENINGS.fit(x, y) == pytest.approx(truth, abs=0.06)


def test_a_short_run_prints_a_weight_for_every_feature_of_a_start(
    capsys: pytest.CaptureFixture[str],
) -> None:
    pytest.importorskip("numpy")
    OPENINGS.main(["--games", "8", "--jobs", "1"])
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("8 decided games of 8; held-out log loss ")
    names = [line.split()[0] for line in out[2:]]
    assert names == list(OPENINGS.greedy.OPENING_FIT)
