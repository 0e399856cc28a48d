"""Landover's rules, one case each (docs/rules/landover.md ids in the test names' docstrings).

Land tiles of the beginner board, by index: 0 mountains 10, 1 pasture 2, 2 forest 9,
3 fields 12, 4 hills 6, 5 pasture 4, 6 hills 10, 7 fields 9, 8 forest 11, 9 desert,
10 forest 3, 11 mountains 8, 12 forest 8, 13 mountains 3, 14 fields 4, 15 pasture 5,
16 hills 5, 17 fields 6, 18 pasture 11.
"""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest

from referee.engine import CHANCE
from referee.errors import IllegalAction
from referee.games.landover import ENGINE
from referee.games.landover import rules as R
from referee.games.landover.actions import (
    BankTrade,
    BuildBoat,
    BuildCity,
    BuildRoad,
    BuildVillage,
    BuildWall,
    BuyMilitary,
    ChooseDice,
    DiceRoll,
    DrawCard,
    EndTurn,
    EventRoll,
    ImproveCulture,
    Raid,
    RandomCity,
    RandomKind,
    RollDice,
)
from referee.games.landover.board import EDGE_COAST, EDGE_LAND, EDGE_SEA, GOLD
from referee.games.landover.state import CITY, VILLAGE, LandoverState, Phase
from sdk.pb.landgrave.games.landover.v1 import landover_pb2

NOTHING = 3
"""An event face (politics gate) that does nothing while nobody has politics culture."""


def config(**changes: object) -> landover_pb2.Config:
    message = ENGINE.default_config()
    for name, value in changes.items():
        setattr(message, name, value)
    return message


def blank(players: int = 2, **changes: object) -> LandoverState:
    """A game past setup with an empty beginner board: seat 0 to act in its main phase."""
    state = ENGINE.new_game(config(**{"map": "beginner", **changes}), players)
    assert isinstance(state, LandoverState)
    state.setup_step = 2 * players
    state.phase = Phase.MAIN
    for player in state.seats:
        player.islands = {0}  # the home island, as after setup
    return state


def corner(state: LandoverState, *tiles: int) -> int:
    """The first vertex touching all the given tiles."""
    board = state.board
    return next(v for v in range(len(board.vertex_xy)) if set(tiles) <= set(board.vertex_tiles[v]))


def edge(state: LandoverState, a: int, b: int) -> int:
    return state.board.edges.index((min(a, b), max(a, b)))


def put(state: LandoverState, seat: int, vertex: int, kind: int = VILLAGE) -> None:
    state.pieces.build(vertex, seat, kind)
    state._update_awards()


def road(state: LandoverState, seat: int, e: int, piece: int = 0) -> None:
    state.pieces.lay(e, seat, piece)
    state._update_awards()


def roll(state: LandoverState, red: int, white: int, event: int = NOTHING) -> None:
    state.phase = Phase.ROLL
    state.tasks = []
    state.apply(CHANCE, DiceRoll(event, red, white))


def give(state: LandoverState, seat: int, **cards: int) -> None:
    for name, count in cards.items():
        state.seats[seat].hand[R.KIND_NAMES.index(name)] = count


def set_military(state: LandoverState, military: list[int]) -> None:
    for player, power in zip(state.seats, military, strict=True):
        player.military = power


def resolve_chance(state: LandoverState, pick: int = 0) -> None:
    """Apply chance's ``pick``-th outcome until a seat must act."""
    while state.to_act() == (CHANCE,) and state.tasks:
        state.apply(CHANCE, state.chance_outcomes()[pick][0])


# -- setup ---------------------------------------------------------------------


def test_setup_order_village_then_city_in_reverse_and_city_gives_resources() -> None:
    """LANDOVER-04."""
    state = ENGINE.new_game(config(map="beginner"), 2)
    assert isinstance(state, LandoverState)
    order = []
    spots = [corner(state, 0, 1, 4), corner(state, 12, 13, 16), corner(state, 5, 6, 10)]
    spots.append(corner(state, 14, 15, 18))
    for step in range(4):
        (seat,) = state.to_act()
        order.append(seat)
        legal = state.legal_actions(seat)
        build = BuildVillage(spots[step]) if step < 2 else BuildCity(spots[step])
        assert build in legal
        assert all(isinstance(a, type(build)) for a in legal)
        state.apply(seat, build)
        roads = state.legal_actions(seat)
        ends = {v for a in roads for v in state.board.edges[a.edge]}  # type: ignore[union-attr]
        assert spots[step] in ends and all(
            spots[step] in state.board.edges[a.edge]  # type: ignore[union-attr]
            for a in roads
        )
        state.apply(seat, roads[0])
    assert order == [0, 1, 1, 0]
    # seat 1's city touches pasture 4, hills 10, forest 3; seat 0's touches fields 4, pasture 5/11
    assert state.seats[1].hand == [1, 1, 1, 0, 0, 0, 0, 0]
    assert state.seats[0].hand == [0, 0, 1, 1, 0, 0, 0, 0]  # one wool for two pastures
    assert state.phase is Phase.ROLL and state.current == 0
    assert [state.victory_points(s) for s in range(2)] == [3, 3]


def setup_city(state: LandoverState, vertex: int) -> int:
    """Skip to the first city of setup and build it on ``vertex``; return its seat."""
    state.tasks = []
    state.setup_step = state.players
    (seat,) = state.to_act()
    state.apply(seat, BuildCity(vertex))
    return seat


def test_a_setup_city_gives_one_resource_per_terrain_it_touches_not_per_hex() -> None:
    """LANDOVER-04: the seed's "one resource for each of the tile types"."""
    state = ENGINE.new_game(config(map="beginner"), 2)
    assert isinstance(state, LandoverState)
    seat = setup_city(state, corner(state, 14, 15, 18))  # fields 4, pasture 5, pasture 11
    assert state.seats[seat].hand == [0, 0, 1, 1, 0, 0, 0, 0]
    gold = ENGINE.new_game(config(map="beginner"), 2)
    assert isinstance(gold, LandoverState)
    gold.board.terrain[14] = gold.board.terrain[15] = GOLD
    seat = setup_city(gold, corner(gold, 14, 15, 18))  # two golds and a pasture
    assert gold.seats[seat].hand == [0, 0, 1, 0, 0, 0, 0, 0]
    assert gold.to_act() == (CHANCE,)
    gold.apply(CHANCE, RandomKind(R.ORE))  # one random resource for the gold, not two
    assert gold.seats[seat].hand == [0, 0, 1, 0, 1, 0, 0, 0]
    assert gold.to_act() == (seat,) and gold.setup_vertex >= 0  # its road is due


def test_option_setup_resources_per_hex_gives_one_per_hex_as_in_catan() -> None:
    """LANDOVER-04, ``setup_resources_per_hex``: two pastures give two wool, two golds two
    random resources."""
    state = ENGINE.new_game(config(map="beginner", setup_resources_per_hex=True), 2)
    assert isinstance(state, LandoverState)
    seat = setup_city(state, corner(state, 14, 15, 18))  # fields 4, pasture 5, pasture 11
    assert state.seats[seat].hand == [0, 0, 2, 1, 0, 0, 0, 0]
    gold = ENGINE.new_game(config(map="beginner", setup_resources_per_hex=True), 2)
    assert isinstance(gold, LandoverState)
    gold.board.terrain[14] = gold.board.terrain[15] = GOLD
    seat = setup_city(gold, corner(gold, 14, 15, 18))
    for kind in (R.ORE, R.WOOD):
        assert gold.to_act() == (CHANCE,)
        gold.apply(CHANCE, RandomKind(kind))
    assert gold.seats[seat].hand == [1, 0, 1, 0, 1, 0, 0, 0]
    assert gold.to_act() == (seat,)


def test_setup_distance_rule() -> None:
    """LANDOVER-04: no building next to another."""
    state = ENGINE.new_game(config(map="beginner"), 2)
    assert isinstance(state, LandoverState)
    v = corner(state, 0, 1, 4)
    state.apply(0, BuildVillage(v))
    state.apply(0, state.legal_actions(0)[0])
    legal = state.legal_actions(1)
    assert BuildVillage(v) not in legal
    for n in state.board.vertex_neighbours[v]:
        assert BuildVillage(n) not in legal


# -- production ------------------------------------------------------------------


def test_village_and_city_yields_with_commodities() -> None:
    """LANDOVER-10."""
    state = blank()
    put(state, 0, corner(state, 11), CITY)  # mountains 8
    put(state, 1, corner(state, 12), CITY)  # forest 8
    roll(state, 4, 4)
    assert state.seats[0].hand[R.ORE] == 1 and state.seats[0].hand[R.COIN] == 1
    assert state.seats[1].hand[R.WOOD] == 1 and state.seats[1].hand[R.PAPER] == 1
    state = blank()
    put(state, 0, corner(state, 17), CITY)  # fields 6
    put(state, 1, corner(state, 4), CITY)  # hills 6
    roll(state, 3, 3)
    assert state.seats[0].hand[R.WHEAT] == 2 and sum(state.seats[0].hand) == 2
    assert state.seats[1].hand[R.CLAY] == 2 and sum(state.seats[1].hand) == 2
    state = blank()
    put(state, 0, corner(state, 15), CITY)  # pasture 5
    put(state, 1, corner(state, 16), VILLAGE)  # hills 5
    roll(state, 1, 4)
    assert state.seats[0].hand[R.WOOL] == 1 and state.seats[0].hand[R.CLOTH] == 1
    assert state.seats[1].hand == [0, 1, 0, 0, 0, 0, 0, 0]


def test_desert_produces_nothing_and_catapult_blocks_a_tile() -> None:
    """LANDOVER-10, LANDOVER-20."""
    state = blank()
    v = corner(state, 4, 8, 9)  # hills 6, forest 11, desert
    put(state, 0, v)
    state.seats[1].catapult = 4
    roll(state, 3, 3)
    assert sum(state.seats[0].hand) == 0
    roll(state, 5, 6)
    assert state.seats[0].hand[R.WOOD] == 1


def test_gold_gives_random_resources_through_chance() -> None:
    """LANDOVER-11."""
    state = blank()
    state.board.terrain[0] = GOLD
    put(state, 0, corner(state, 0), CITY)
    roll(state, 5, 5)
    assert state.to_act() == (CHANCE,)
    outcomes = state.chance_outcomes()
    assert outcomes == [(RandomKind(k), Fraction(1, 5)) for k in range(5)]
    state.apply(CHANCE, RandomKind(R.ORE))
    state.apply(CHANCE, RandomKind(R.WOOL))
    assert state.seats[0].hand == [0, 0, 1, 0, 1, 0, 0, 0]
    assert state.to_act() == (0,)


# -- building --------------------------------------------------------------------


def test_road_costs_and_needs_connection() -> None:
    """LANDOVER-07, LANDOVER-09."""
    state = blank()
    v = corner(state, 4, 8, 9)
    put(state, 0, v)
    give(state, 0, wood=1, clay=1)
    legal = state.legal_actions(0)
    roads = [a for a in legal if isinstance(a, BuildRoad)]
    assert {a.edge for a in roads} == set(state.board.vertex_edges[v])
    state.apply(0, roads[0])
    assert sum(state.seats[0].hand) == 0
    assert not [a for a in state.legal_actions(0) if isinstance(a, BuildRoad)]


def test_boats_on_water_roads_on_land_and_no_road_boat_link() -> None:
    """LANDOVER-09."""
    state = blank()
    v = corner(state, 0)  # the top corner of mountains 10: on the coast
    assert state.board.vertex_tiles[v] == (0, 19, 20)
    put(state, 0, v)
    give(state, 0, wood=5, clay=5, wool=5)
    legal = state.legal_actions(0)
    kinds = {e: state.board.edge_kind[e] for e in state.board.vertex_edges[v]}
    for e, kind in kinds.items():
        assert (BuildRoad(e) in legal) == (kind != EDGE_SEA)
        assert (BuildBoat(e) in legal) == (kind != EDGE_LAND)
    sea = next(e for e, k in kinds.items() if k == EDGE_SEA)
    state.apply(0, BuildBoat(sea))
    far = next(u for u in state.board.edges[sea] if u != v)
    legal = state.legal_actions(0)
    for e in state.board.vertex_edges[far]:
        assert BuildRoad(e) not in legal  # a road does not grow from a boat
        if e != sea and state.board.edge_kind[e] != EDGE_LAND:
            assert BuildBoat(e) in legal
    assert EDGE_COAST in kinds.values()


def test_village_needs_own_route_distance_and_cost() -> None:
    """LANDOVER-07, LANDOVER-09."""
    state = blank()
    a = corner(state, 4, 8, 9)
    put(state, 0, a)
    b = state.board.vertex_neighbours[a][0]
    c = next(n for n in state.board.vertex_neighbours[b] if n != a)
    road(state, 0, edge(state, a, b))
    give(state, 0, wood=1, clay=1, wool=1, wheat=1)
    assert not [x for x in state.legal_actions(0) if isinstance(x, BuildVillage)]
    road(state, 0, edge(state, b, c))
    assert BuildVillage(c) in state.legal_actions(0)
    assert BuildVillage(b) not in state.legal_actions(0)  # next to a
    state.apply(0, BuildVillage(c))
    assert sum(state.seats[0].hand) == 0 and state.victory_points(0) == 2


def test_city_wall_and_military_costs_and_limits() -> None:
    """LANDOVER-07, LANDOVER-08, LANDOVER-18."""
    state = blank()
    v = corner(state, 4, 8, 9)
    put(state, 0, v)
    give(state, 0, wheat=2, ore=3)
    state.apply(0, BuildCity(v))
    assert state.pieces.building[v] == CITY and sum(state.seats[0].hand) == 0
    assert state.victory_points(0) == 2
    give(state, 0, clay=2)
    state.apply(0, BuildWall(v))
    assert state.safe_hand(0) == 9 and BuildWall(v) not in state.legal_actions(0)
    give(state, 0, wool=9, ore=9, wheat=9)
    for _ in range(5):
        state.apply(0, BuyMilitary())
    assert state.seats[0].military == 5 and BuyMilitary() not in state.legal_actions(0)
    assert state.seats[0].hand[R.WOOL] == 4


def test_five_villages_at_most() -> None:
    """LANDOVER-08."""
    state = blank()
    spots = [corner(state, t) for t in (0, 2, 7, 16, 18)]
    for s in spots:
        put(state, 0, s)
    v = corner(state, 11)
    road(state, 0, state.board.vertex_edges[v][0])
    give(state, 0, wood=1, clay=1, wool=1, wheat=1)
    assert not [a for a in state.legal_actions(0) if isinstance(a, BuildVillage)]


# -- trade -------------------------------------------------------------------------


def test_bank_four_to_one_and_harbors() -> None:
    """LANDOVER-16."""
    state = blank()
    give(state, 0, wood=4)
    legal = state.legal_actions(0)
    assert BankTrade(R.WOOD, R.COIN) in legal and BankTrade(R.WOOD, R.WOOD) not in legal
    state.apply(0, BankTrade(R.WOOD, R.ORE))
    assert state.seats[0].hand == [0, 0, 0, 0, 1, 0, 0, 0]
    generic = state.board.harbor.index(8)
    put(state, 0, generic)
    assert state.trade_ratio(0, R.CLAY) == 3 and state.trade_ratio(0, R.PAPER) == 3
    wood_harbor = state.board.harbor.index(R.WOOD)
    put(state, 0, wood_harbor)
    assert state.trade_ratio(0, R.WOOD) == 2 and state.trade_ratio(0, R.CLAY) == 3
    assert state.trade_ratio(1, R.WOOD) == 4


def test_merchant_token_commerce_level_three_and_fleet_ratios() -> None:
    """LANDOVER-16, LANDOVER-23, LANDOVER-12."""
    state = blank()
    state.awards.merchant_seat, state.awards.merchant_tile = 0, 3  # fields 12
    assert state.trade_ratio(0, R.WHEAT) == 2 and state.victory_points(0) == 1
    state.seats[0].culture[R.COMMERCE] = 3
    assert state.trade_ratio(0, R.CLOTH) == 2 and state.trade_ratio(0, R.ORE) == 4
    state.perks.fleet = R.ORE
    assert state.trade_ratio(0, R.ORE) == 2


# -- the 7 -------------------------------------------------------------------------


def test_seven_clears_catapults_makes_tiles_immune_and_discards_half() -> None:
    """LANDOVER-17."""
    state = blank(3)
    state.seats[1].catapult = 4
    give(state, 0, wood=9)  # 9 > 7: loses 4
    give(state, 1, wood=8)  # one wall: safe hand 9
    v = corner(state, 12)
    put(state, 1, v, CITY)
    state.pieces.add_wall(v)
    give(state, 2, wood=7)
    roll(state, 3, 4)
    assert [p.catapult for p in state.seats] == [-1, -1, -1] and 4 in state.pieces.cleared
    assert state.to_act() == (CHANCE,)
    assert state.chance_outcomes() == [(RandomKind(R.WOOD), Fraction(1))]
    resolve_chance(state)
    assert [state.seats[s].hand[R.WOOD] for s in range(3)] == [5, 8, 7]


# -- culture and metros -------------------------------------------------------------


def test_culture_costs_level_commodities_and_needs_a_city() -> None:
    """LANDOVER-12, LANDOVER-14."""
    state = blank()
    give(state, 0, paper=9)
    assert ImproveCulture(R.SCIENCE) not in state.legal_actions(0)
    put(state, 0, corner(state, 12), CITY)
    for level in range(1, 4):
        state.apply(0, ImproveCulture(R.SCIENCE))
        assert state.seats[0].culture[R.SCIENCE] == level
    assert state.seats[0].hand[R.PAPER] == 9 - 1 - 2 - 3
    assert ImproveCulture(R.SCIENCE) not in state.legal_actions(0)  # 4 papers needed
    free = blank(culture_needs_city=False)
    give(free, 0, cloth=1)
    assert ImproveCulture(R.COMMERCE) in free.legal_actions(0)


def test_science_three_aqueduct_when_a_roll_gives_nothing() -> None:
    """LANDOVER-12."""
    state = blank()
    put(state, 0, corner(state, 12), CITY)
    state.seats[0].culture[R.SCIENCE] = 3
    roll(state, 1, 1)  # 2: pasture 2 (no building there)
    assert state.to_act() == (0,) and state.tasks[0].purpose == "aqueduct"
    state.apply(0, state.legal_actions(0)[R.ORE])
    assert state.seats[0].hand[R.ORE] == 1
    roll(state, 4, 4)  # forest 8 produces: no aqueduct
    assert not state.tasks


def test_politics_three_raises_military_cap() -> None:
    """LANDOVER-12, LANDOVER-18."""
    state = blank()
    state.seats[0].military = 5
    give(state, 0, wool=1, ore=1, wheat=1)
    assert BuyMilitary() not in state.legal_actions(0)
    state.seats[0].culture[R.POLITICS] = 3
    assert state.military_cap(0) == 9 and BuyMilitary() in state.legal_actions(0)


def test_metro_first_at_four_stolen_at_five_then_kept() -> None:
    """LANDOVER-15."""
    state = blank()
    a, b = corner(state, 12), corner(state, 0)
    put(state, 0, a, CITY)
    put(state, 1, b, CITY)
    state.seats[0].culture[R.SCIENCE] = 3
    state.seats[1].culture[R.SCIENCE] = 3
    give(state, 0, paper=4)
    state.apply(0, ImproveCulture(R.SCIENCE))
    assert state.awards.metro_owner[R.SCIENCE] == 0
    assert state.legal_actions(0) == [state.legal_actions(0)[0]]  # one city to choose
    state.apply(0, state.legal_actions(0)[0])
    assert state.pieces.metro_at[a] == R.SCIENCE and state.victory_points(0) == 4
    state.current = 1
    give(state, 1, paper=9)
    state.apply(1, ImproveCulture(R.SCIENCE))  # level 4: no metro for the second
    assert state.awards.metro_owner[R.SCIENCE] == 0
    state.apply(1, ImproveCulture(R.SCIENCE))  # level 5 first: takes it
    assert state.awards.metro_owner[R.SCIENCE] == 1 and state.pieces.metro_at[a] == -1
    state.apply(1, state.legal_actions(1)[0])
    assert state.pieces.metro_at[b] == R.SCIENCE and state.awards.metro_locked[R.SCIENCE]
    assert state.victory_points(1) == 4 and state.victory_points(0) == 2
    state.current = 0
    give(state, 0, paper=5)
    state.apply(0, ImproveCulture(R.SCIENCE))
    assert state.awards.metro_owner[R.SCIENCE] == 1


# -- barbarians --------------------------------------------------------------------


def barbarian_attack(state: LandoverState) -> None:
    state.pieces.barbarian = 6
    roll(state, 1, 1, event=0)


def test_barbarians_win_and_raze_a_city_of_the_weakest_not_a_metro() -> None:
    """LANDOVER-19."""
    state = blank(3)
    cities = [corner(state, t) for t in (0, 11, 16)]
    put(state, 0, cities[0], CITY)
    put(state, 0, cities[1], CITY)
    put(state, 1, cities[2], CITY)
    state.pieces.metro_at[cities[1]] = R.SCIENCE
    state.awards.metro_owner[R.SCIENCE] = 0
    state.pieces.add_wall(cities[0])
    set_military(state, [0, 1, 0])  # strength 3 > defence 1; seats 0 and 2 weakest
    barbarian_attack(state)
    assert state.pieces.barbarian == 0
    assert state.chance_outcomes() == [(RandomCity(cities[0]), Fraction(1))]
    state.apply(CHANCE, RandomCity(cities[0]))
    assert state.pieces.building[cities[0]] == VILLAGE and not state.pieces.wall[cities[0]]
    assert state.pieces.building[cities[1]] == CITY and state.pieces.building[cities[2]] == CITY
    assert [p.military for p in state.seats] == [0, 0, 0]


def test_barbarians_lose_strongest_gets_a_point_and_ties_draw_cards() -> None:
    """LANDOVER-19."""
    state = blank(3)
    put(state, 0, corner(state, 0), CITY)
    set_military(state, [2, 1, 0])
    barbarian_attack(state)
    assert [p.defender for p in state.seats] == [1, 0, 0] and [p.military for p in state.seats] == [
        1,
        0,
        0,
    ]
    assert state.victory_points(0) == 3
    set_military(state, [2, 2, 1])
    barbarian_attack(state)
    assert [t.kind for t in state.tasks[:2]] == ["draw", "draw"]
    assert {t.seat for t in state.tasks[:2]} == {0, 1}
    assert state.chance_outcomes()[0][0] == DrawCard(0)  # from all decks
    resolve_chance(state)
    assert state.dev_hand(0) + state.seats[0].vp_cards == 1
    assert state.dev_hand(1) + state.seats[1].vp_cards == 1
    assert [p.military for p in state.seats] == [1, 1, 0]


def test_barbarians_win_against_players_without_cities_do_nothing() -> None:
    """LANDOVER-19: seed, "if the player has no cities then no action"."""
    state = blank()
    put(state, 0, corner(state, 0), CITY)
    set_military(state, [1, 0])  # seat 1 weakest, without a city; 1 city vs 1 MP: defended
    state.pieces.metro_at[corner(state, 0)] = R.POLITICS  # seat 0 is safe anyway
    put(state, 0, corner(state, 11), CITY)  # strength 2 > 1
    state.pieces.metro_at[corner(state, 11)] = R.SCIENCE
    barbarian_attack(state)
    assert not state.tasks and state.pieces.count_buildings(0, CITY) == 2


# -- raids -------------------------------------------------------------------------


def test_raid_costs_military_once_per_turn_and_steals() -> None:
    """LANDOVER-20."""
    state = blank()
    v = corner(state, 4, 8, 9)
    put(state, 1, v)
    give(state, 1, ore=2)
    assert not [a for a in state.legal_actions(0) if isinstance(a, Raid)]
    state.seats[0].military = 2
    raids = [a for a in state.legal_actions(0) if isinstance(a, Raid)]
    assert {a.tile for a in raids} == {4, 8}  # not the desert
    state.apply(0, Raid(4, 1))
    assert state.seats[0].military == 1 and state.seats[0].catapult == 4
    state.apply(CHANCE, RandomKind(R.ORE))
    assert [p.hand for p in state.seats] == [[0, 0, 0, 0, 1, 0, 0, 0], [0, 0, 0, 0, 1, 0, 0, 0]]
    assert not [a for a in state.legal_actions(0) if isinstance(a, Raid)]
    roll(state, 3, 3)  # hills 6 has the catapult
    assert state.seats[1].hand[R.CLAY] == 0


def test_raid_forbidden_on_catapult_or_cleared_tiles_and_immune_players() -> None:
    """LANDOVER-20, LANDOVER-21."""
    state = blank()
    put(state, 1, corner(state, 4, 8, 9))
    state.seats[0].military = 1
    state.seats[1].catapult = 8
    state.pieces.cleared.add(4)
    assert not [a for a in state.legal_actions(0) if isinstance(a, Raid)]
    immune = blank(raid_immunity_vp=2)
    put(immune, 1, corner(immune, 4, 8, 9))
    immune.seats[0].military = 1
    assert not [a for a in immune.legal_actions(0) if isinstance(a, Raid)]
    put(immune, 1, corner(immune, 0), CITY)  # 3 VP: no longer immune
    assert [a for a in immune.legal_actions(0) if isinstance(a, Raid)]


# -- longest route and port authority ------------------------------------------------


def land_path(state: LandoverState, start: int, length: int) -> list[int]:
    """Vertices of a simple path of land edges from ``start``."""

    def grow(path: list[int]) -> list[int] | None:
        if len(path) == length + 1:
            return path
        for n in state.board.vertex_neighbours[path[-1]]:
            e = edge(state, path[-1], n)
            if n not in path and state.board.edge_kind[e] == EDGE_LAND:
                found = grow([*path, n])
                if found:
                    return found
        return None

    found = grow([start])
    assert found is not None
    return found


def test_longest_route_needs_five_and_breaks_on_an_opponent_village() -> None:
    """LANDOVER-24."""
    state = blank()
    path = land_path(state, corner(state, 4, 8, 9), 5)
    put(state, 0, path[0])
    for a, b in itertools.pairwise(path[:5]):
        road(state, 0, edge(state, a, b))
    assert state.awards.route_lengths[0] == 4 and state.awards.longest == -1
    road(state, 0, edge(state, path[4], path[5]))
    assert state.awards.longest == 0 and state.victory_points(0) == 3
    put(state, 1, path[2])
    assert state.awards.route_lengths[0] == 3 and state.awards.longest == -1


def test_longest_route_holder_keeps_it_on_a_tie() -> None:
    """LANDOVER-24."""
    state = blank()
    mine = land_path(state, corner(state, 4, 8, 9), 5)
    theirs = land_path(state, state.board.tile_vertices[15][3], 5)  # corner 46
    assert not set(mine) & set(theirs)
    for a, b in itertools.pairwise(mine):
        road(state, 0, edge(state, a, b))
    for a, b in itertools.pairwise(theirs):
        road(state, 1, edge(state, a, b))
    assert state.awards.route_lengths == [5, 5] and state.awards.longest == 0


def test_port_authority_needs_three_harbors() -> None:
    """LANDOVER-25."""
    state = blank()
    corners = [v for v, h in enumerate(state.board.harbor) if h >= 0]
    spread = [corners[0], corners[4], corners[8]]
    put(state, 0, spread[0])
    put(state, 0, spread[1])
    assert state.awards.port == -1
    put(state, 0, spread[2])
    assert state.awards.port == 0 and state.victory_points(0) == 5


# -- dev card draws, the alchemist, the end ------------------------------------------


def test_gate_draws_for_level_at_least_red_and_hand_limit() -> None:
    """LANDOVER-13, LANDOVER-31."""
    state = blank(3)
    state.seats[0].culture[R.COMMERCE] = 2
    state.seats[1].culture[R.COMMERCE] = 1
    state.seats[2].culture[R.COMMERCE] = 2
    state.seats[2].dev[R.SPY] = 5
    roll(state, 2, 3, event=2)  # commerce gate, red 2
    assert state.to_act() == (CHANCE,)
    outcomes = state.chance_outcomes()
    assert {R.CARDS[o.card][1] for o, _ in outcomes} == {R.COMMERCE}  # type: ignore[union-attr]
    assert sum(p for _, p in outcomes) == 1
    state.apply(CHANCE, DrawCard(R.MERCHANT))
    assert state.seats[0].dev[R.MERCHANT] == 1 and state.bank.deck[R.MERCHANT] == 5
    assert not state.tasks  # seat 1's level is too low, seat 2's hand is full
    state.seats[0].culture[R.SCIENCE] = 1
    roll(state, 1, 3, event=1)
    state.apply(CHANCE, DrawCard(R.PRINTER))
    assert state.seats[0].vp_cards == 1 and state.seats[0].dev[R.PRINTER] == 0


def test_alchemist_sets_the_dice_before_the_event_roll() -> None:
    """LANDOVER-05."""
    state = blank()
    state.seats[0].dev[R.ALCHEMIST] = 1
    put(state, 0, corner(state, 12), VILLAGE)
    state.current = 1
    state.apply(1, EndTurn())
    assert state.phase is Phase.PRE_ROLL and state.to_act() == (0,)
    legal = state.legal_actions(0)
    assert legal[0] == RollDice() and len(legal) == 37
    state.apply(0, ChooseDice(5, 3))
    assert state.to_act() == (CHANCE,)
    assert [o for o, _ in state.chance_outcomes()] == [EventRoll(e) for e in range(4)]
    state.apply(CHANCE, EventRoll(NOTHING))
    assert state.seats[0].hand[R.WOOD] == 1 and state.seats[0].dev[R.ALCHEMIST] == 0


def test_nothing_but_the_alchemist_comes_before_the_roll() -> None:
    """LANDOVER-05, LANDOVER-18: building and military wait for the automatic roll."""
    state = blank()
    put(state, 0, corner(state, 12), CITY)
    road(state, 0, state.board.vertex_edges[corner(state, 12)][0])
    give(state, 0, wood=5, clay=5, wool=5, wheat=5, ore=5)
    state.current = 1
    state.apply(1, EndTurn())
    assert state.phase is Phase.ROLL and state.to_act() == (CHANCE,)
    assert not state.legal_actions(0)  # no seat acts before the roll
    state.seats[0].dev[R.ALCHEMIST] = 1
    state._start_turn()  # the same turn again, now with an Alchemist to play or not
    assert state.to_act() == (0,)
    assert {type(a) for a in state.legal_actions(0)} == {RollDice, ChooseDice}
    state.apply(0, RollDice())
    state.apply(CHANCE, DiceRoll(NOTHING, 1, 1))
    legal = state.legal_actions(0)
    assert BuyMilitary() in legal and any(isinstance(a, BuildRoad) for a in legal)


def test_victory_at_the_target_on_own_turn() -> None:
    """LANDOVER-01."""
    state = blank(victory_points=5)
    for t in (0, 11):
        put(state, 0, corner(state, t), CITY)
    v = corner(state, 16)
    put(state, 0, v)
    give(state, 0, wheat=2, ore=3)
    state.apply(0, BuildCity(v))
    assert state.is_terminal() and state.winner == 0
    assert [(o.rank, o.score) for o in state.outcome()] == [(1, 6.0), (2, 0.0)]
    with pytest.raises(IllegalAction):
        state.apply(0, EndTurn())


def test_points_won_on_another_turn_count_at_the_start_of_own_turn() -> None:
    """LANDOVER-01."""
    state = blank(victory_points=5)
    state.current = 1
    state.seats[0].defender = 5
    state.apply(1, EndTurn())
    assert state.is_terminal() and state.winner == 0


def test_turn_limit_ranks_by_points() -> None:
    """LANDOVER-03."""
    state = blank(turn_limit=3)
    put(state, 1, corner(state, 0))
    for _ in range(3):
        assert not state.is_terminal()
        state.apply(state.current, EndTurn())
        if not state.is_terminal():
            roll(state, 1, 1)
    assert state.is_terminal() and state.winner == -1
    assert [o.rank for o in state.outcome()] == [2, 1]
