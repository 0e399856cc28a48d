"""Game options from people: ``--config key=value`` as ``referee games`` shows the values."""

from __future__ import annotations

from typing import Any

import pytest

from referee.config import build_config, parse_assignments
from referee.engine import Engine
from referee.games import get_engine


def nim() -> Engine[Any]:
    pytest.importorskip("landgrave_nim")
    return get_engine("nim")


@pytest.mark.parametrize("text", ["heaps=3,4,5", "heaps=[3,4,5]", "heaps=3, 4, 5"])
def test_a_list_option_reads_as_referee_games_shows_it_or_as_json(text: str) -> None:
    config: Any = build_config(nim(), parse_assignments([text]))
    assert list(config.heaps) == [3, 4, 5]


def test_one_value_of_a_list_option_is_a_list_of_one() -> None:
    config: Any = build_config(nim(), parse_assignments(["heaps=7"]))
    assert list(config.heaps) == [7]


def test_a_list_of_messages_given_as_json_is_read_as_it_is() -> None:
    engine: Any = get_engine("carcassonne")
    default = list(engine.default_config().farmhouses)
    assert default, "the test needs a default to change"
    first = {"tile": default[0].tile, "copies": default[0].copies + 1}
    config: Any = build_config(engine, {"farmhouses": [first]})
    assert [(f.tile, f.copies) for f in config.farmhouses] == [(first["tile"], first["copies"])]
