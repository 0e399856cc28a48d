"""bench/overrules.py: do the MCTS bot's overrules of its heuristic win when played on?"""

from __future__ import annotations

import importlib
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

OVERRULES: Any = importlib.import_module("bench.overrules")


@pytest.mark.parametrize(
    ("flag", "value", "message"),
    [
        ("--iterations", "0", "--iterations must be at least 1"),
        ("--continuations", "0", "--continuations must be at least 1"),
        ("--continuations", "1001", "--continuations must be at most 1000"),
        ("--decisions", "0", "--decisions must be at least 1"),
    ],
)
def test_an_out_of_range_flag_is_one_line_and_nothing_is_played(
    flag: str, value: str, message: str
) -> None:
    bench = Path(OVERRULES.__file__)
    done = subprocess.run(
        [sys.executable, str(bench), "--game", "land", flag, value],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 2 and done.stderr == f"overrules: {message}\n"


def test_each_overrule_is_judged_by_both_choices_played_on(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """A few thin Landover searches overrule their heuristic; both choices are played on."""
    args = ["--game", "landover", "--iterations", "50", "--continuations", "3"]
    OVERRULES.main([*args, "--decisions", "20"])
    out = capsys.readouterr().out
    assert "20 decisions searched" in out
    judged = [line for line in out.splitlines() if line.startswith("  ") and " -> " in line]
    assert judged, out
    for line in judged:  # points a game after each choice, over 3 games each
        for points in line.rsplit(": ", 1)[1].split(" -> "):
            assert 0.0 <= float(points) <= 1.0
            assert float(points) * 6 == pytest.approx(round(float(points) * 6), abs=0.01)
    assert "search's choice against the heuristic's:" in out.splitlines()[-1]


def test_points_after_a_choice_are_seat_0s_over_the_games_played_on() -> None:
    """A Landover position played on: seat 0's mean points, the same for the same chance."""
    game = OVERRULES.state_duels.Game("landover")
    judge = OVERRULES.Judge(game)
    state = game.start(2)
    rng = OVERRULES.random.Random(1)
    while state.to_act() == (OVERRULES.CHANCE,):  # the map is dealt
        state.apply(OVERRULES.CHANCE, OVERRULES.sample_outcome(state.chance_outcomes(), rng))
    assert state.to_act() == (0,)
    action = state.legal_actions(0)[0]
    share = judge.points_after(state, action, range(4))
    assert share * 8 == round(share * 8) and 0.0 <= share <= 1.0
    assert judge.points_after(state, action, range(4)) == share
