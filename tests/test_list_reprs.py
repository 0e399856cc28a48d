"""Kept list texts: a canonical() that keeps them writes exactly what repr writes."""

from __future__ import annotations

import copy
import enum
from typing import Any

import pytest

from referee.engine import State
from referee.games import registered
from referee.games.reprs import ListReprs
from referee.testing import random_playout


class Colour(enum.IntEnum):
    RED = 1


def test_a_kept_text_is_remade_when_a_value_or_its_type_changes() -> None:
    """``True == 1 == Colour.RED``, but their reprs differ: the type of each item counts."""
    reprs = ListReprs()
    values: list[Any] = [1, 0, -1]
    assert repr(reprs.of(0, values)) == "[1, 0, -1]"
    values[1] = 5  # changed in place
    assert repr(reprs.of(0, values)) == "[1, 5, -1]"
    values[0] = True
    assert repr(reprs.of(0, values)) == "[True, 5, -1]"
    values[0] = Colour.RED
    assert repr(reprs.of(0, values)) == repr(values)
    assert repr(reprs.of(0, (Colour.RED, 5, -1))) == repr((Colour.RED, 5, -1))
    assert repr(reprs.of(1, [])) == "[]" and repr(reprs.of(0, values)) == repr(values)


def fresh_canonical(state: State[Any]) -> bytes:
    """The state's canonical bytes with no text kept from earlier digests."""
    twin = copy.deepcopy(state)
    for name, value in list(vars(twin).items()):
        if isinstance(value, ListReprs):
            delattr(twin, name)
    return twin.canonical()


@pytest.mark.slow
@pytest.mark.parametrize("game", sorted(registered()))
def test_canonical_bytes_are_the_same_with_texts_kept_along_a_game(game: str) -> None:
    engine = registered()[game]
    for seed in range(2):
        _, history = random_playout(engine, engine.min_players, seed)
        state = engine.new_game(engine.default_config(), engine.min_players)
        for number, (seat, action) in enumerate(history):
            state.apply(seat, action)
            kept = state.canonical()
            if number % 7 == 0 or number == len(history) - 1:
                assert kept == fresh_canonical(state)
