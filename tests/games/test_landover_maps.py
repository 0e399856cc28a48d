"""Landover's maps: dealt boards, map files, islands, gold and mystery hexes (LANDOVER-02, -22)."""

from __future__ import annotations

import random
from fractions import Fraction
from pathlib import Path

import pytest

from referee.engine import CHANCE
from referee.errors import ConfigError
from referee.games.landover import ENGINE, board
from referee.games.landover.actions import (
    BuildBoat,
    BuildVillage,
    DealHarbor,
    DealNumber,
    DealTerrain,
    Raid,
)
from referee.games.landover.board import (
    DESERT,
    GOLD,
    MYSTERY,
    SEA,
    TERRAIN_NAMES,
    beginner_board,
    make_board,
)
from referee.games.landover.building import is_producing
from referee.games.landover.state import LandoverState, Phase
from referee.match.chance import sample_outcome
from tests.games.test_landover_rules import config, give, put, road


def dealt(map_name: str, seed: int, players: int = 2) -> LandoverState:
    """A new game whose start deal chance has made with ``seed``."""
    state = ENGINE.new_game(config(map=map_name), players)
    assert isinstance(state, LandoverState)
    rng = random.Random(seed)
    while state.to_act() == (CHANCE,):
        state.apply(CHANCE, sample_outcome(state.chance_outcomes(), rng))
    return state


def in_main_phase(state: LandoverState) -> LandoverState:
    """Skip setup: seat 0 to act in its main phase on the dealt board."""
    state.setup_step = 2 * state.players
    state.phase = Phase.MAIN
    for player in state.seats:
        player.islands = {0}
    return state


def tile_at(state: LandoverState, q: int, r: int) -> int:
    return state.board.coords.index((q, r))


def neighbours(state: LandoverState, tile: int) -> set[int]:
    b = state.board
    return {u for v in b.tile_vertices[tile] for u in b.vertex_tiles[v]} - {tile}


def test_the_default_board_is_dealt_by_chance_and_differs_by_seed() -> None:
    """LANDOVER-02: the base game's terrains and numbers, placed at random before setup."""
    boards = [dealt("standard", seed) for seed in range(4)]
    reference = beginner_board()
    land = sorted(t for t in reference.terrain if t != SEA)
    numbers = sorted(n for n in reference.numbers if n)
    for state in boards:
        assert state.phase is Phase.SETUP and state.to_act() == (0,)
        assert sorted(t for t in state.board.terrain if t != SEA) == land
        assert sorted(n for n in state.board.numbers if n) == numbers
        for tile, terrain in enumerate(state.board.terrain):
            assert (state.board.numbers[tile] == 0) == (terrain in (SEA, DESERT))
    assert len({tuple(s.board.terrain) for s in boards}) == 4
    assert len({tuple(s.board.numbers) for s in boards}) == 4


def test_the_default_boards_harbors_are_dealt_by_chance_and_differ_by_seed() -> None:
    """LANDOVER-02: the beginner board's nine harbor places, their types dealt before setup."""
    reference = beginner_board()
    places = sorted(v for v, _ in reference.harbor_spots)
    types = sorted(h for _, h in reference.harbor_spots)
    boards = [dealt("standard", seed) for seed in range(6)]
    for state in boards:
        assert sorted(v for v, _ in state.board.harbor_spots) == places
        assert sorted(h for _, h in state.board.harbor_spots) == types
        assert not any(state.bank.harbors_left)
        shown = state.observation(0).vertices
        assert [shown[v].harbor for v in range(len(shown))] == state.board.harbor
    assert len({tuple(s.board.harbor) for s in boards}) == 6


def test_a_harbor_deal_is_a_public_chance_step_in_proportion_to_what_is_left() -> None:
    state = ENGINE.new_game(config(map="standard"), 3)
    assert isinstance(state, LandoverState)
    while state.tasks[0].purpose != "harbor":
        state.apply(CHANCE, state.chance_outcomes()[0][0])
    before = state.board.harbor
    assert all(before[v] < 0 for slot in state.board.harbor_deal for v in slot)
    outcomes = state.chance_outcomes()
    assert [(o.harbor, p) for o, p in outcomes] == [
        *((kind, Fraction(1, 9)) for kind in range(5)),
        (board.GENERIC_HARBOR, Fraction(4, 9)),
    ]
    slot = state.board.harbor_deal[0]
    text = state.describe(CHANCE, DealHarbor(board.GENERIC_HARBOR))
    assert text == f"chance deals a 3:1 harbor to vertices {slot[0]} and {slot[1]}"
    state.apply(CHANCE, DealHarbor(board.GENERIC_HARBOR))
    assert [state.board.harbor[v] for v in slot] == [board.GENERIC_HARBOR] * 2
    assert state.bank.harbors_left[board.GENERIC_HARBOR] == 3


def test_six_and_eight_are_dealt_apart_while_anything_else_is_left() -> None:
    """LANDOVER-02: the Catan habit of keeping the red numbers apart."""
    for seed in range(8):
        state = dealt("standard", seed)
        hot = [t for t, n in enumerate(state.board.numbers) if n in (6, 8)]
        assert not any(neighbours(state, t) & set(hot) for t in hot)


def test_the_beginner_board_stays_fixed_and_needs_no_deal() -> None:
    """LANDOVER-02: map = "beginner" is the fixed board of the reference data."""
    state = ENGINE.new_game(config(map="beginner"), 2)
    assert isinstance(state, LandoverState)
    assert state.to_act() == (0,) and state.board.terrain == beginner_board().terrain
    assert state.board.harbor == beginner_board().harbor and not state.board.harbor_deal


def test_the_islands_map_has_three_islands_gold_mystery_hexes_and_coastal_harbors() -> None:
    """LANDOVER-02: a shipped multi-island map in the map-file format."""
    b = make_board("islands", 0)
    assert set(b.island) - {-1} == {0, 1, 2}
    assert b.terrain.count(GOLD) == 2 and len(b.mystery) == 4
    assert all(b.terrain[t] == MYSTERY and b.numbers[t] == 0 for t in b.mystery)
    for t in b.mystery:  # the mystery hexes lie off the home island
        assert b.island[t] != b.island[b.deal[0]]
    for v, harbor in enumerate(b.harbor):
        if harbor >= 0:
            terrains = {b.terrain[t] for t in b.vertex_tiles[v]}
            assert SEA in terrains and terrains != {SEA}


def test_starting_corners_never_touch_a_mystery_hex() -> None:
    """LANDOVER-02: the seed's "starting hex corners"."""
    state = dealt("islands", 1)
    spots = [a.vertex for a in state.legal_actions(0) if isinstance(a, BuildVillage)]
    touching = {v for t in state.board.mystery for v in state.board.tile_vertices[t]}
    assert spots and not touching & set(spots)
    gold = state.board.terrain.index(GOLD)
    assert set(state.board.tile_vertices[gold]) - touching & set(spots)  # gold corners are open


def test_a_boat_reveals_a_mystery_hex_dealt_from_what_is_left() -> None:
    """LANDOVER-02: the hex stays hidden until a boat touches it, then chance deals it."""
    state = in_main_phase(dealt("islands", 2))
    hidden = tile_at(state, 3, -1)
    assert hidden in state.board.mystery
    shown = state.observation(1).tiles[hidden]
    assert (shown.terrain, shown.number, shown.mystery) == ("mystery", 0, True)
    b = state.board
    gold = tile_at(state, 3, -2)
    shared = set(b.tile_vertices[gold]) & set(b.tile_vertices[hidden])
    start = next(
        v for v in b.tile_vertices[gold] if v not in shared and set(b.vertex_neighbours[v]) & shared
    )
    put(state, 0, start)
    boat = next(e for e in b.vertex_edges[start] if set(b.edges[e]) & shared)
    give(state, 0, wood=1, wool=1)
    assert BuildBoat(boat) in state.legal_actions(0)
    state.apply(0, BuildBoat(boat))
    assert state.to_act() == (CHANCE,)
    terrains = state.chance_outcomes()
    assert [o for o, _ in terrains] == [
        DealTerrain(t) for t, q in enumerate(state.bank.mystery_left[0]) if q
    ]
    state.apply(CHANCE, DealTerrain(board.HILLS))
    assert state.to_act() == (CHANCE,)
    state.apply(CHANCE, DealNumber(9))
    assert state.to_act() == (0,)
    shown = state.observation(1).tiles[hidden]
    assert (shown.terrain, shown.number) == ("hills", 9)
    assert state.bank.mystery_left[0][board.HILLS] == 0 and state.bank.mystery_left[1][9] == 0
    assert list(state.observation(1).mystery_numbers_left) == state.bank.mystery_left[1]


def test_an_unrevealed_hex_produces_nothing_and_cannot_be_raided() -> None:
    state = in_main_phase(dealt("islands", 3))
    """LANDOVER-02: it has no terrain and no number until dealt."""
    hidden, gold = tile_at(state, 1, 3), tile_at(state, 0, 3)
    b = state.board
    put(state, 1, next(v for v in b.tile_vertices[hidden] if gold in b.vertex_tiles[v]))
    state.seats[0].military = 1
    raids = [a for a in state.legal_actions(0) if isinstance(a, Raid)]
    assert [a.tile for a in raids] == [gold]
    assert not is_producing(state, hidden) and b.numbers[hidden] == 0


def test_a_village_on_another_island_scores_island_explored() -> None:
    """LANDOVER-22: +1 VP for the first village on each island beyond the home one."""
    state = in_main_phase(dealt("islands", 4))
    gold = tile_at(state, 3, -2)
    corners = state.board.tile_vertices[gold]
    v = next(
        c
        for c in corners
        if all(state.board.terrain[t] != MYSTERY for t in state.board.vertex_tiles[c])
    )
    boat = next(e for e in state.board.vertex_edges[v] if state.board.edge_kind[e] != 0)
    road(state, 0, boat, piece=1)
    give(state, 0, wood=2, clay=2, wool=2, wheat=2)
    before = state.victory_points(0)
    state.apply(0, BuildVillage(v))
    assert state.seats[0].explored == 1 and state.victory_points(0) == before + 2
    assert state.observation(1).players[0].islands_explored == 1


def test_a_map_file_whose_pools_do_not_fit_is_a_config_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "islands.json").write_text(
        '{"hexes": [[0, 0, "deal"], [1, 0, "deal"]], "harbors": [],'
        ' "deal": {"terrain": {"forest": 2}, "numbers": [5]}}'
    )
    monkeypatch.setattr(board, "DATA", tmp_path)
    with pytest.raises(ConfigError, match=r"deal pool must hold a terrain for each of its 2 hexes"):
        make_board("islands", 0)


def test_a_map_file_without_a_type_for_each_harbor_to_deal_is_a_config_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "islands.json").write_text(
        '{"hexes": [[0, 0, "forest", 5]], "harbors": [[0, 0, "E", "deal"], [0, 0, "W", "deal"]],'
        ' "harbor_pool": {"3:1": 1}}'
    )
    monkeypatch.setattr(board, "DATA", tmp_path)
    with pytest.raises(ConfigError, match=r"harbor pool must hold a type for each harbor"):
        make_board("islands", 0)


def test_terrain_names_cover_every_terrain() -> None:
    assert TERRAIN_NAMES[MYSTERY] == "mystery" and len(TERRAIN_NAMES) == board.TERRAINS
