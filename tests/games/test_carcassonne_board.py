"""The board's features: a preview of a placement agrees with making it."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from referee.engine import CHANCE
from referee.games.carcassonne import ENGINE
from referee.games.carcassonne.actions import PlaceTile
from referee.games.carcassonne.board import Feature
from referee.games.carcassonne.state import CarcassonneState, Phase
from referee.match.chance import sample_outcome


def totals(feature: Feature) -> tuple[object, ...]:
    return (
        feature.kind,
        sorted(feature.tiles),
        feature.open_edges,
        feature.pennants,
        sorted(feature.farmhouse_tiles),
        sorted(feature.full_tiles),
    )


@settings(max_examples=4, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_previews_agree_with_placing_the_tile(seed: int) -> None:
    """Bots weigh placements by previews; every placement of a random game must match."""
    rng = random.Random(seed)
    state = ENGINE.new_game(ENGINE.default_config(), 2)
    assert isinstance(state, CarcassonneState)
    while not state.is_terminal():
        (seat,) = state.to_act()
        if seat == CHANCE:
            state.apply(seat, sample_outcome(state.chance_outcomes(), rng))
            continue
        action = rng.choice(state.legal_actions(seat))
        if state.phase is not Phase.PLACE_TILE:
            state.apply(seat, action)
            continue
        assert isinstance(action, PlaceTile) and state.tile is not None
        pos = (action.x, action.y)
        previews = state.board.preview(pos, state.tile, action.rotation)
        state.apply(seat, action)
        placed = state.board.placed[pos]
        assert sorted(i for p in previews for i in p.segments) == list(range(len(placed.nodes)))
        for preview in previews:
            node = placed.nodes[preview.segments[0]]
            assert totals(preview.feature) == totals(state.board.feature(node))
            assert preview.complete == state.board.is_complete(node)
            roots = {state.board.root(placed.nodes[i]) for i in preview.segments}
            assert roots == {state.board.root(node)}
        distinct = {state.board.root(placed.nodes[p.segments[0]]) for p in previews}
        assert len(distinct) == len(previews)
