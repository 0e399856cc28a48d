"""Determinization, the forward model's base: every engine builds states from what a seat saw.

Bots that search (bots/mcts_bot.py, and any author's) sample full states
from their observation and play them forward with the game's own engine.
A sample must show the seat exactly what it saw, offer the same legal
actions, and play on; where the game hides something, samples must differ
(else search would cheat or see one fixed world); where it hides nothing,
the sample is the true state itself.
"""

from __future__ import annotations

from typing import Any

import pytest

from referee.engine import Engine
from referee.games import registered
from referee.testing import check_determinize

ENGINES = registered()
HIDDEN_INFORMATION = {"carcassonne", "landover", "farlanthia"}
"""Games where a seat does not see everything: their samples must vary."""


def players(engine: Engine[Any]) -> int:
    return max(engine.min_players, min(3, engine.max_players))


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(ENGINES))
def test_samples_show_the_seat_what_it_saw_and_vary_where_hidden(name: str) -> None:
    engine = ENGINES[name]
    report = check_determinize(engine, players(engine), seeds=range(2))
    assert report.positions > 0
    if name in HIDDEN_INFORMATION:
        assert report.varied > 0, f"{name}: hidden parts never varied between samples"
    else:
        assert report.exact == report.positions, f"{name}: a sample is not the one true state"
