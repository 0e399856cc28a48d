"""The example bot of docs/bots.md runs: it searches with the forward model and plays legally."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path
from typing import Any

import pytest

from referee.games import get_engine
from referee.match import TimeControl, play_in_process
from referee.match.termination import Termination

DOC = Path(__file__).resolve().parent.parent / "docs" / "bots.md"
NIM_INSTALLED = importlib.util.find_spec("landgrave_nim") is not None


def doc_example() -> dict[str, Any]:
    """The first Python block of docs/bots.md, run as a module not named __main__."""
    code = re.search(r"```python\n(.*?)```", DOC.read_text(), re.DOTALL)
    assert code is not None
    namespace: dict[str, Any] = {"__name__": "bots_doc"}
    exec(compile(code.group(1), str(DOC), "exec"), namespace)
    return namespace


@pytest.mark.skipif(not NIM_INSTALLED, reason="examples/nim is not installed (pip install -e)")
def test_the_lookahead_bot_of_the_docs_plays_a_third_party_game() -> None:
    bot_class = doc_example()["LookaheadBot"]
    result = play_in_process(
        get_engine("nim"), [bot_class(), bot_class()], seed=1, time_control=TimeControl(0.2)
    )
    assert [seat.termination for seat in result.seats] == [Termination.NORMAL] * 2
    assert sorted(seat.rank for seat in result.seats) == [1, 2]


def test_the_lookahead_bot_of_the_docs_keeps_to_the_clock_in_a_long_game() -> None:
    """Carcassonne's random playouts are long: it stops when its share of the time is
    spent, where twenty samples of every placement took several seconds."""
    bot_class = doc_example()["LookaheadBot"]
    result = play_in_process(
        get_engine("carcassonne"),
        [bot_class(), bot_class()],
        seed=1,
        time_control=TimeControl(decision_s=0.2),
    )
    assert [seat.termination for seat in result.seats] == [Termination.NORMAL] * 2


def test_the_lookahead_bot_of_the_docs_judges_a_solo_game_by_its_score() -> None:
    """LAND 6 ranks its one seat first, won or lost: judged by rank, every action was worth
    the same and the bot always kept the first."""
    bot_class = doc_example()["LookaheadBot"]
    chosen: list[int] = []

    class Watched(bot_class):  # type: ignore[misc, valid-type]
        def decide(self, decision: Any) -> int:
            chosen.append(super().decide(decision))
            return chosen[-1]

    result = play_in_process(
        get_engine("land6"), [Watched()], seed=3, time_control=TimeControl(decision_s=0.1)
    )
    assert result.seats[0].termination == Termination.NORMAL
    assert any(index > 0 for index in chosen), chosen
