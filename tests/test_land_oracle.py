"""bench/land_oracle.py: how far the dice let a Land bot get past the greedy bot."""

from __future__ import annotations

import importlib
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

ORACLE: Any = importlib.import_module("bench.land_oracle")


def test_a_seat_that_sees_the_dice_never_ends_worse_than_greedy_in_its_seat() -> None:
    """Each choice's foreseen end is at least the last plan's, so the game's end is at
    least greedy's own from that seat with those dice: a mark for any bot to beat."""
    gained = 0
    for seed in range(3):
        greedy = ORACLE.play_on(ORACLE.new_game(), random.Random(seed))
        for seat in (0, 1):
            greedy_margin = greedy[seat] - greedy[1 - seat]
            assert ORACLE.clairvoyant_game(seed, seat, depth=0) == greedy_margin
            margin = ORACLE.clairvoyant_game(seed, seat)
            assert margin >= greedy_margin
            gained += margin > greedy_margin
    assert gained


def test_an_out_of_range_flag_is_one_line() -> None:
    bench = Path(ORACLE.__file__)
    for args, message in (
        (["--clairvoyant", "-1"], "--clairvoyant, --starts and --margins must be at least 0"),
        (["--clairvoyant", "2", "--jobs", "0"], "--depth and --jobs must be at least 1"),
    ):
        done = subprocess.run(
            [sys.executable, str(bench), *args], capture_output=True, text=True, check=False
        )
        assert done.returncode == 2 and done.stdout == ""
        assert done.stderr.count("\n") == 1 and message in done.stderr
