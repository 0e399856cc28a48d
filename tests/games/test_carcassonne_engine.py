"""The Carcassonne engine against the contract: random games, codec, config, views, speed."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.engine import CHANCE
from referee.errors import ConfigError, MalformedAction
from referee.games import get_engine
from referee.games.carcassonne import ENGINE
from referee.games.carcassonne import svg as svg_module
from referee.games.carcassonne.actions import (
    CarcassonneAction,
    DrawTile,
    PlaceFollower,
    PlaceTile,
    ShuffleStack,
    SkipFollower,
)
from referee.games.carcassonne.rules import FOLLOWERS
from referee.games.carcassonne.scoring import ScoringTile
from referee.games.carcassonne.state import CarcassonneState
from referee.games.carcassonne.svg import render_svg
from referee.games.carcassonne.tiles import Kind
from referee.match.chance import sample_outcome
from referee.testing import check_engine, random_playout
from sdk.pb.landgrave.games.carcassonne.v1 import carcassonne_pb2


def new_game(players: int = 2, base_game: bool = False) -> CarcassonneState:
    config = ENGINE.default_config()
    config.base_game_only = base_game  # type: ignore[attr-defined]
    state = ENGINE.new_game(config, players)
    assert isinstance(state, CarcassonneState)
    return state


def test_the_engine_is_registered() -> None:
    assert get_engine("carcassonne") is ENGINE
    assert (ENGINE.min_players, ENGINE.max_players) == (2, 5)


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 5])
def test_the_engine_keeps_the_contract(players: int) -> None:
    check_engine(ENGINE, players, seeds=range(3))


@pytest.mark.slow
def test_the_base_game_keeps_the_contract() -> None:
    config = ENGINE.default_config()
    config.base_game_only = True  # type: ignore[attr-defined]
    check_engine(ENGINE, 3, seeds=range(2), config=config)


def step_randomly(state: CarcassonneState, rng: random.Random) -> None:
    (seat,) = state.to_act()
    if seat == CHANCE:
        state.apply(seat, sample_outcome(state.chance_outcomes(), rng))
    else:
        state.apply(seat, rng.choice(state.legal_actions(seat)))


@pytest.mark.slow
@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.integers(2, 5), base_game=st.booleans())
def test_random_play_places_or_removes_every_tile_and_keeps_seven_followers(
    seed: int, players: int, base_game: bool
) -> None:
    """Every step: hand + board = 7 per seat; at the end all 72 tiles are down or removed."""
    state = new_game(players, base_game)
    rng = random.Random(seed)
    while not state.is_terminal():
        step_randomly(state, rng)
        on_board = [0] * players
        for spot in state.followers():
            on_board[spot.seat] += 1
        assert [h + b for h, b in zip(state.hands, on_board, strict=True)] == [FOLLOWERS] * players
    assert len(state.board.placed) + len(state.discarded) == 72
    assert not state.pile
    for score in state.scores:
        assert score.total == score.road + score.city + score.monastery + score.farm


# -- codec ------------------------------------------------------------------------


ACTIONS: list[CarcassonneAction] = [
    PlaceTile(-3, 4, 1),
    PlaceFollower(Kind.CITY, "NW"),
    PlaceFollower(Kind.FIELD, "EL.SR"),
    PlaceFollower(Kind.MONASTERY, "MONASTERY"),
    SkipFollower(),
    DrawTile("RFr", True),
    ShuffleStack(Kind.ROAD, (ScoringTile.HIGHWAY, ScoringTile.STREET_FAIR)),
]


@pytest.mark.parametrize("action", ACTIONS)
def test_actions_survive_the_codec(action: CarcassonneAction) -> None:
    assert ENGINE.action_from_proto(ENGINE.action_to_proto(action)) == action


def test_the_codec_puts_locations_in_one_order() -> None:
    message = carcassonne_pb2.Action(
        place_follower=carcassonne_pb2.PlaceFollower(
            kind=carcassonne_pb2.FEATURE_KIND_ROAD, location="se"
        )
    )
    assert ENGINE.action_from_proto(message) == PlaceFollower(Kind.ROAD, "ES")


@pytest.mark.parametrize(
    "message",
    [
        carcassonne_pb2.Action(),
        carcassonne_pb2.Action(place_tile=carcassonne_pb2.PlaceTile(rotation=4)),
        carcassonne_pb2.Action(place_follower=carcassonne_pb2.PlaceFollower(location="N")),
        carcassonne_pb2.Action(
            place_follower=carcassonne_pb2.PlaceFollower(
                kind=carcassonne_pb2.FEATURE_KIND_FIELD, location="N"
            )
        ),
        carcassonne_pb2.Action(
            place_follower=carcassonne_pb2.PlaceFollower(
                kind=carcassonne_pb2.FEATURE_KIND_CITY, location="NL"
            )
        ),
        carcassonne_pb2.Action(
            draw_tile=carcassonne_pb2.DrawTile(tile=carcassonne_pb2.Tile(tile="nope"))
        ),
        carcassonne_pb2.ActionList(),
    ],
)
def test_malformed_actions_are_refused(message: carcassonne_pb2.Action) -> None:
    with pytest.raises(MalformedAction):
        ENGINE.action_from_proto(message)


# -- config -----------------------------------------------------------------------


def test_the_default_config_documents_every_option() -> None:
    config = ENGINE.default_config()
    fields = {f.name for f in config.DESCRIPTOR.fields}
    assert {o.name for o in ENGINE.options} == fields
    assert [(f.tile, f.copies) for f in config.farmhouses] == [("RCr", 4), ("RFr", 4)]


@pytest.mark.parametrize(
    ("tile", "copies", "message"),
    [("Nope", 1, "expected a tile type id"), ("RFr", 9, "expected 0 to 8 copies of RFr")],
)
def test_bad_farmhouse_options_are_refused(tile: str, copies: int, message: str) -> None:
    config = ENGINE.default_config()
    del config.farmhouses[:]  # type: ignore[attr-defined]
    config.farmhouses.add(tile=tile, copies=copies)  # type: ignore[attr-defined]
    with pytest.raises(ConfigError, match=message):
        ENGINE.new_game(config, 2)


def test_a_repeated_farmhouse_entry_is_refused() -> None:
    config = ENGINE.default_config()
    config.farmhouses.add(tile="RFr", copies=1)  # type: ignore[attr-defined]
    with pytest.raises(ConfigError, match="each tile type once"):
        ENGINE.new_game(config, 2)


@pytest.mark.parametrize("players", [1, 6])
def test_player_counts_outside_two_to_five_are_refused(players: int) -> None:
    with pytest.raises(ConfigError, match=f"expected 2 to 5 players, got {players}"):
        ENGINE.new_game(ENGINE.default_config(), players)


def test_farmhouse_copies_split_the_pile() -> None:
    """CARC-23: 4 D (the start tile one of them) and 4 of the 8 U show a farmhouse."""
    state = new_game()
    assert state.board.placed[(0, 0)].tile.farmhouse
    pile = {(t.jcz_id, t.farmhouse): n for t, n in state.pile.items()}
    assert pile[("RCr", True)] == 3
    assert ("RCr", False) not in pile
    assert pile[("RFr", True)] == pile[("RFr", False)] == 4
    assert sum(state.pile.values()) == 71


# -- what a seat sees --------------------------------------------------------------


def shuffled(state: CarcassonneState, city_order: tuple[ScoringTile, ...]) -> None:
    state.apply(CHANCE, ShuffleStack(Kind.CITY, city_order))
    for _ in (Kind.ROAD, Kind.MONASTERY):
        state.apply(CHANCE, state.chance_outcomes()[0][0])
    state.apply(CHANCE, DrawTile("RFr", False))


def test_the_observation_hides_the_order_of_the_stacks() -> None:
    """CARC-22: two stacks differing below their top tile look the same."""
    one, two = new_game(), new_game()
    tiles = tuple(ScoringTile(i) for i in range(1, 6))
    shuffled(one, tiles)
    shuffled(two, (tiles[0], *reversed(tiles[1:])))
    assert one.digest() != two.digest()
    assert one.observation(0) == two.observation(0)


def test_the_observation_shows_the_table() -> None:
    state = new_game(3)
    shuffled(state, tuple(ScoringTile(i) for i in range(1, 6)))
    observation = state.observation(1)
    assert isinstance(observation, carcassonne_pb2.Observation)
    assert observation.seat == 1
    assert observation.phase == carcassonne_pb2.PHASE_PLACE_TILE
    assert observation.tile_to_place.tile == "RFr"
    assert observation.tile_to_place.letter == "U"
    assert observation.tiles_remaining == 70
    assert sum(c.count for c in observation.remaining) == 70
    assert [(t.tile.tile, t.x, t.y) for t in observation.board] == [("RCr", 0, 0)]
    assert list(observation.followers_in_hand) == [7, 7, 7]
    assert observation.active_scoring.city == carcassonne_pb2.SCORING_TILE_CITIZENS_JURY
    assert len(observation.scores) == 3


def test_the_observation_shows_followers_where_they_stand() -> None:
    state = new_game(base_game=True)
    state.apply(CHANCE, DrawTile("RFr", False))
    state.apply(0, PlaceTile(1, 0, 0))
    state.apply(0, PlaceFollower(Kind.ROAD, "EW"))
    (follower,) = state.observation(1).followers
    assert (follower.seat, follower.x, follower.y, follower.location) == (0, 1, 0, "EW")
    assert follower.kind == carcassonne_pb2.FEATURE_KIND_ROAD


def test_outcome_before_the_end_ranks_the_current_scores() -> None:
    state = new_game(3)
    state.scores[2].city = 4
    assert [o.rank for o in state.outcome()] == [2, 2, 1]


# -- pictures ---------------------------------------------------------------------


def test_render_and_svg_show_the_board_and_the_scores() -> None:
    state, _ = random_playout(ENGINE, 3, seed=3)
    assert isinstance(state, CarcassonneState)
    text = state.render()
    assert "Game over." in text
    for seat, score in enumerate(state.scores):
        assert f"seat {seat}: {score.total} points" in text
    svg = render_svg(state)
    root = ET.fromstring(svg)
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    assert "href" not in svg
    assert svg.count("<title>RCr (D) at 0,0</title>") == 1
    assert len(state.board.placed) == svg.count("<g><title>")


def _rgb(colour: str) -> tuple[int, int, int]:
    return int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16)


def test_monastery_and_pennant_markers_use_colours_no_seat_uses() -> None:
    """A marker must never be read as a follower: far from every seat colour, and named."""
    state, _ = random_playout(ENGINE, 5, seed=3)
    assert isinstance(state, CarcassonneState)
    root = ET.fromstring(render_svg(state))
    ns = "{http://www.w3.org/2000/svg}"
    markers = {
        title.text: shape.get("fill")
        for shape in root.iter(f"{ns}rect")
        for title in shape.iter(f"{ns}title")
        if title.text in ("monastery", "pennant")
    }
    assert markers == {"monastery": svg_module.MONASTERY, "pennant": svg_module.PENNANT}
    for colour in markers.values():
        for seat_colour in svg_module.SEAT_COLOURS:
            pairs = zip(_rgb(colour), _rgb(seat_colour), strict=True)
            assert sum((a - b) ** 2 for a, b in pairs) ** 0.5 > 120, (colour, seat_colour)
    legend = [t.text for t in root.iter(f"{ns}text")]
    assert "monastery" in legend and "pennant (coat of arms)" in legend
