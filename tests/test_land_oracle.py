"""bench/land_oracle.py: how far the dice let a Land bot get past the greedy bot."""

from __future__ import annotations

import importlib
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

from referee.engine import CHANCE
from referee.match.chance import sample_outcome

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
        (["--clairvoyant", "-1"], "--margins and --guesses must be at least 0"),
        (["--clairvoyant", "2", "--jobs", "0"], "--depth and --jobs must be at least 1"),
    ):
        done = subprocess.run(
            [sys.executable, str(bench), *args], capture_output=True, text=True, check=False
        )
        assert done.returncode == 2 and done.stdout == ""
        assert done.stderr.count("\n") == 1 and message in done.stderr


def test_a_seat_that_guesses_the_dice_chooses_the_same_whatever_they_will_be() -> None:
    """With ``guesses`` the seat's choices while chance remains come from dice of its own,
    not the game's, so its mark is one a fair bot could reach (the test would fail on a
    seat that sees them: for one of these starts, its choice follows the game's dice)."""
    seen_differ = False
    for seed in (0, 6, 9):
        state, rng = ORACLE.new_game(), random.Random(seed)
        while not state.is_terminal():
            seat = state.to_act()[0]
            if seat != CHANCE and ORACLE.kind_of(state, seat) == "start":
                break
            if seat == CHANCE:
                state.apply(CHANCE, sample_outcome(state.chance_outcomes(), rng))
            else:
                state.apply(seat, state.legal_actions(seat)[ORACLE.greedy_index(state, seat)])
        futures = [random.Random(f"future-{n}") for n in range(4)]
        guessed = {
            ORACLE.foreseer(seat, future, 1, 4, random.Random("own"))(state, seat)
            for future in futures
        }
        assert len(guessed) == 1
        seen = {ORACLE.foreseer(seat, future, 1)(state, seat) for future in futures}
        seen_differ = seen_differ or len(seen) > 1
    assert seen_differ
