"""bench/tuning.py: a greedy bot's numbers against its own (Land, Farlanthia, Landover)."""

from __future__ import annotations

import functools
import importlib
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

TUNING: Any = importlib.import_module("bench.tuning")
SHORT = ["--config", "years=1", "--config", "map_radius=4"]


def run(*args: str) -> subprocess.CompletedProcess[str]:
    bench = Path(TUNING.__file__)
    return subprocess.run(
        [sys.executable, str(bench), *args], capture_output=True, text=True, check=False
    )


@pytest.mark.parametrize(
    ("game", "options"),
    [("land", ()), ("farlanthia", ("years=1", "map_radius=4")), ("landover", ())],
)
def test_the_candidate_against_its_own_numbers_takes_half_of_each_seed(
    game: str, options: tuple[str, ...]
) -> None:
    """The same numbers in both seats: a seed's two games are one game, seats swapped."""
    own = TUNING.player(game, TUNING.bot_module(game).WEIGHTS)
    played = TUNING.state_duels.Game(game, options)
    (first, second) = TUNING.state_duels.duel(played, 3, own, own)
    assert first[0] + second[0] == 1.0 and first[1] == -second[1]


@pytest.mark.slow
@pytest.mark.parametrize(("game", "floor"), [("farlanthia", 0.65), ("landover", 0.58)])
def test_the_tuned_numbers_beat_the_greedy_bots_own_over_paired_seeds(
    game: str, floor: float
) -> None:
    """``TUNED`` (the tuned built-in bot's, the MCTS bot's heuristic) plays better than the
    greedy bot's own numbers: 40 seeds, each played with both seatings and the same luck,
    on the engine's states (about 10 s each). On other seeds: Farlanthia 0.79 in 600
    games, Landover 0.69 in 2,000."""
    numbers = TUNING.bot_module(game)
    own, tuned = (TUNING.player(game, w) for w in (numbers.WEIGHTS, numbers.TUNED))
    duel = functools.partial(TUNING.state_duels.duel, TUNING.state_duels.Game(game))
    points = sum(p for seed in range(40) for p, _ in duel(seed, own, tuned))
    assert points / 80 > floor


def test_the_gain_is_measured_on_the_bases_own_margin_from_the_same_seat_and_seed() -> None:
    """Land, the tuned numbers against the greedy bot's own: each game's level is the
    greedy bot's margin from that seat in its game against itself on the same seed, so
    the same numbers in both seats gain exactly nothing, and the tuned numbers are
    measured against the same levels."""
    numbers = TUNING.bot_module("land")
    own, tuned = (TUNING.player("land", w) for w in (numbers.WEIGHTS, numbers.TUNED))
    land = TUNING.state_duels.Game("land")
    level = TUNING.state_duels.duels(land, range(4), own, own, jobs=1, gain=True)
    assert level.levels == [m for _, m in level.games]
    assert "gain +0.0 [+0.0, +0.0] on the base's own margin" in level.summary()
    standing = TUNING.state_duels.duels(land, range(4), own, tuned, jobs=1, gain=True)
    assert standing.levels == level.levels


def test_the_standing_is_printed_with_its_intervals(capsys: pytest.CaptureFixture[str]) -> None:
    TUNING.main(["farlanthia", "--tuned", "guard=4", "--games", "1", "--jobs", "1", *SHORT])
    out = capsys.readouterr().out
    assert out.startswith("tuned guard=4 vs own: ") and "in 2 games, margin " in out


@pytest.mark.parametrize(
    ("args", "complaint"),
    [
        (["farlanthia", "gaurd=5"], "'gaurd=5' is not KEY=VALUE with KEY one of: guard"),
        (["farlanthia", "guard=many"], "'guard=many': 'many' is not a number"),
        (["farlanthia", "--config", "yeers=1"], "farlanthia has no option 'yeers'"),
        (["farlanthia", "--config", "years=0"], "years"),
        (["farlanthia", "--games", "0"], "--games and --jobs must be at least 1"),
        (["chess", "x=1"], "no numbers to tune for 'chess'; games: land, farlanthia, landover"),
    ],
)
def test_a_wrong_game_number_or_option_is_one_line_and_nothing_is_played(
    args: list[str], complaint: str
) -> None:
    done = run(*args)
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert done.stderr.count("\n") == 1 and complaint in done.stderr
