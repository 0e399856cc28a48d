"""The example bot of docs/bots.md runs: it searches with the forward model and plays legally."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path
from typing import Any

import pytest

from referee.games import get_engine
from referee.match import play_in_process
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
    result = play_in_process(get_engine("nim"), [bot_class(), bot_class()], seed=1)
    assert [seat.termination for seat in result.seats] == [Termination.NORMAL] * 2
    assert sorted(seat.rank for seat in result.seats) == [1, 2]
