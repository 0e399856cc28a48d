"""The examples in the ratings docstrings and in docs/ladder.md run and say true things."""

from __future__ import annotations

import doctest
import importlib
import re
from pathlib import Path
from typing import Any

import pytest

MODULES = [
    "results",
    "elo",
    "bradley_terry",
    "sprt",
    "score_counts",
    "plackett_luce",
    "landover_ladder",
    "landover_season",
]

LADDER_DOC = Path(__file__).parent.parent / "docs" / "ladder.md"
SPRT_DOC = Path(__file__).parent.parent / "docs" / "sprt.md"


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    """Every ``>>>`` example in a ratings module gives the output it shows."""
    module = importlib.import_module(f"referee.ratings.{name}")
    failures, _ = doctest.testmod(module)
    assert failures == 0


def test_ladder_page_example() -> None:
    """The example at the top of docs/ladder.md runs and its comments are right."""
    block = re.search(r"```python\n(.*?)```", LADDER_DOC.read_text(), re.DOTALL)
    assert block is not None
    namespace: dict[str, Any] = {}
    exec(block.group(1), namespace)
    assert namespace["ladder"].players["ada"].rank.label == "Iron I, 23 RP"
    assert namespace["table"].points == {"ada": 18.0, "bob": 6.75, "cy": 0.0}


def test_sprt_page_example() -> None:
    """The Python example in docs/sprt.md runs and its assertions hold."""
    block = re.search(r"```python\n(.*?)```", SPRT_DOC.read_text(), re.DOTALL)
    assert block is not None
    exec(compile(block.group(1), str(SPRT_DOC), "exec"), {})
