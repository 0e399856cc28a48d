"""Farlanthia rules: map, economy, troops, movement, combat, conquest, diplomacy and the end."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

import pytest

from referee.engine import CHANCE
from referee.errors import IllegalAction
from referee.games.farlanthia import ENGINE
from referee.games.farlanthia.actions import (
    Build,
    CaravanTrade,
    Continue,
    DealTerrain,
    Done,
    DrawAdventure,
    DrawCard,
    LeadershipRoll,
    Move,
    Muster,
    Propose,
    Requisition,
    Respond,
    RevealTile,
    ScoutWithDie,
)
from referee.games.farlanthia.board import (
    TERRAIN_MIX,
    Terrain,
    capitol_tiles,
    generate_map,
    geometry,
    terrain_mix,
)
from referee.games.farlanthia.cards import Card
from referee.games.farlanthia.course import Phase
from referee.games.farlanthia.diplomacy import Negotiation
from referee.games.farlanthia.pending import Ask
from referee.games.farlanthia.rules import Rules
from referee.games.farlanthia.state import FarlanthiaState
from referee.games.farlanthia.structures import COST, Res, Structure
from referee.testing import check_engine

GEO = geometry()
HOME, AWAY = capitol_tiles(2)
"""Seat 0's and seat 1's capitols in a two-player game."""


def game(players: int = 2, **options: object) -> FarlanthiaState:
    """A revealed map (seed 7) at seat 0's realm phase of season 1, cards off, order 0, 1, ..."""
    settings: dict[str, object] = {
        "map_seed": 7,
        "reveal_map": True,
        "events": False,
        "adventures": False,
    }
    settings.update(options)
    state = ENGINE.new_game(Rules(**settings).to_config(), players)  # type: ignore[arg-type]
    for seat in range(players):
        state.apply(CHANCE, LeadershipRoll((seat + 1,) * 3))
    return state


def drafted(rules: Rules, players: int = 2) -> FarlanthiaState:
    """A hidden map after a setup draft where chance and every seat take the first choice."""
    state = ENGINE.new_game(rules.to_config(), players)
    while state.course.phase is Phase.DRAFT:
        seat = state.to_act()[0]
        if seat == CHANCE:
            state.apply(CHANCE, state.chance_outcomes()[0][0])
        else:
            state.apply(seat, state.legal_actions(seat)[0])
    return state


def to_conflict(state: FarlanthiaState) -> None:
    """Finish every realm phase: seat 0's conflict phase starts."""
    while state.course.phase is Phase.REALM:
        state.apply(state.current, Done())


def neighbour(tile: int, skip: tuple[int, ...] = ()) -> int:
    """A neighbour of a tile that is neither the volcano nor a capitol."""
    return next(
        n
        for n in GEO.neighbours[tile]
        if n != GEO.centre and n not in skip and n not in capitol_tiles(2)
    )


def clear(state: FarlanthiaState, tile: int, terrain: Terrain = Terrain.FIELDS) -> int:
    state.tiles.terrain[tile] = terrain
    state.tiles.set_structure(tile, Structure.NONE, -1)
    state.tiles.remove_troops(tile, state.tiles.troops[tile])
    return tile


# -- map ------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_generated_maps_have_127_tiles_in_the_terrain_mix(players: int) -> None:
    """FARL-01, FARL-02: a hexagon of side 7, volcano in the centre, capitols on fields."""
    for seed in (1, 2, 99):
        terrain = generate_map(seed, players)
        assert len(terrain) == 127
        assert Counter(terrain) == TERRAIN_MIX
        assert terrain[GEO.centre] is Terrain.VOLCANO
        assert all(terrain[t] is Terrain.FIELDS for t in capitol_tiles(players))


@pytest.mark.parametrize(("radius", "tiles"), [(4, 61), (5, 91)])
def test_smaller_maps_scale_the_mix_down(radius: int, tiles: int) -> None:
    """FARL-34: one volcano, the rest in proportion, capitols two tiles in from the edge."""
    mix = terrain_mix(radius)
    assert sum(mix.values()) == tiles == len(geometry(radius).coords)
    assert mix[Terrain.VOLCANO] == 1
    assert mix[Terrain.FIELDS] > mix[Terrain.FOREST] > mix[Terrain.MOUNTAIN] > mix[Terrain.LAKE]
    assert Counter(generate_map(4, 6, radius)) == mix
    centre = geometry(radius).centre
    assert all(geometry(radius).distance(t, centre) == radius - 2 for t in capitol_tiles(6, radius))


def test_a_small_map_game_plays_to_the_end() -> None:
    config = Rules(years=1, map_radius=4).to_config()
    check_engine(ENGINE, 6, seeds=range(1), config=config)


def test_a_map_seed_makes_the_same_map_and_another_seed_another() -> None:
    assert generate_map(5, 4) == generate_map(5, 4)
    assert generate_map(5, 4) != generate_map(6, 4)


def test_the_hexagon_has_side_7_and_six_neighbours_inside() -> None:
    assert len(GEO.coords) == 127
    assert all(max(abs(q), abs(r), abs(q + r)) <= 6 for q, r in GEO.coords)
    assert len(GEO.neighbours[GEO.centre]) == 6
    assert min(len(n) for n in GEO.neighbours) == 3  # the six corners


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_capitols_are_spread_on_the_ring_at_distance_4(players: int) -> None:
    """FARL-04."""
    tiles = capitol_tiles(players)
    assert len(set(tiles)) == players
    assert all(GEO.distance(t, GEO.centre) == 4 for t in tiles)
    assert min(GEO.distance(a, b) for a in tiles for b in tiles if a != b) >= 4
    if players == 2:
        assert GEO.distance(*tiles) == 8


def test_without_the_draft_terrain_is_dealt_by_chance_on_reveal() -> None:
    """FARL-02: a face-down tile gets its terrain from the remaining mix when scouted."""
    state = ENGINE.new_game(Rules(draft=False).to_config(), 2)
    assert state.tiles.terrain.count(Terrain.UNKNOWN) == 124  # all but the volcano and 2 capitols
    state.apply(CHANCE, LeadershipRoll((2, 1, 1)))
    state.apply(CHANCE, LeadershipRoll((6, 6, 6)))
    assert (state.course.phase, state.current) == (Phase.SCOUT, 0)
    target = state.legal_actions(0)[0]
    assert isinstance(target, RevealTile)
    state.apply(0, target)
    assert state.to_act() == (CHANCE,)
    outcomes = dict(state.chance_outcomes())
    assert outcomes[DealTerrain(target.tile, Terrain.LAKE)] == Fraction(12, 124)
    assert outcomes[DealTerrain(target.tile, Terrain.FIELDS)] == Fraction(40, 124)
    state.apply(CHANCE, DealTerrain(target.tile, Terrain.LAKE))
    assert state.tiles.terrain[target.tile] is Terrain.LAKE
    assert state.tiles.terrain_left[Terrain.LAKE] == 11


def test_scouting_with_a_die_reveals_that_many_more_tiles() -> None:
    """FARL-06: one free reveal, then a die showing 2 gives two more from the same frontier."""
    state = drafted(Rules(events=False))
    state.apply(CHANCE, LeadershipRoll((2, 1, 1)))
    state.apply(CHANCE, LeadershipRoll((6, 6, 6)))
    frontier = set(state.course.scout_frontier)
    assert frontier == set(GEO.neighbours[HOME])
    state.apply(0, ScoutWithDie(2))
    reveals = [a for a in state.legal_actions(0) if isinstance(a, RevealTile)]
    assert {a.tile for a in reveals} == frontier
    for action in reveals[:3]:
        state.apply(0, action)
    assert sum(state.tiles.revealed[t] for t in frontier) == 3
    assert state.realms[0].dice == (1, 1)
    assert state.current == 1  # seat 0's scouting ended by itself


def test_leadership_ties_roll_again() -> None:
    """FARL-07."""
    state = ENGINE.new_game(Rules(map_seed=3, reveal_map=True).to_config(), 3)
    state.apply(CHANCE, LeadershipRoll((3, 2, 1)))
    state.apply(CHANCE, LeadershipRoll((2, 2, 2)))
    state.apply(CHANCE, LeadershipRoll((6, 6, 6)))
    assert state.course.phase is Phase.LEADERSHIP and state.course.to_roll == (0, 1)
    state.apply(CHANCE, LeadershipRoll((5, 5, 5)))
    state.apply(CHANCE, LeadershipRoll((1, 1, 1)))
    assert state.course.order == (1, 0, 2)
    assert state.realms[0].dice == (5, 5, 5)


# -- production and building -------------------------------------------------


def test_production_by_structure_and_terrain() -> None:
    """FARL-11: capitol 2 + 2 gold; village 1; town 1 + 1 gold; city on badlands 2 gold; mine 1."""
    state = game()
    state.realms[0].resources = [0, 0, 0, 0]
    forest, mountain, badlands, mine = [n for n in GEO.neighbours[HOME] if n != GEO.centre][:4]
    clear(state, forest, Terrain.FOREST)
    clear(state, mountain, Terrain.MOUNTAIN)
    clear(state, badlands, Terrain.BADLANDS)
    clear(state, mine, Terrain.MOUNTAIN)
    state.tiles.set_structure(forest, Structure.VILLAGE, 0)
    state.tiles.set_structure(mountain, Structure.TOWN, 0)
    state.tiles.set_structure(badlands, Structure.CITY, 0)
    state.tiles.set_structure(mine, Structure.MINE, 0)
    state.produce(0)
    assert state.realms[0].resources == [1, 1, 2, 2 + 1 + 2 + 1]


def test_an_occupied_structure_produces_nothing() -> None:
    state = game()
    state.realms[0].resources = [0, 0, 0, 0]
    state.tiles.remove_troops(HOME, 3)
    state.add_troops(1, HOME, 1)
    state.produce(0)
    assert state.realms[0].resources == [0, 0, 0, 0]


@pytest.mark.parametrize("kind", list(COST), ids=lambda k: k.name.lower())
def test_each_structure_costs_what_the_rules_say_and_ends_the_realm_phase(
    kind: Structure,
) -> None:
    """FARL-09."""
    state = game()
    tile = clear(state, neighbour(HOME), Terrain.MOUNTAIN)
    if kind in (Structure.TOWN, Structure.CITY):
        state.tiles.set_structure(
            tile, Structure.TOWN if kind is Structure.CITY else Structure.VILLAGE, 0
        )
    state.realms[0].resources = [5, 5, 5, 5]
    state.apply(0, Build(tile, int(kind)))
    assert state.tiles.structure[tile] is kind and state.tiles.owner[tile] == 0
    assert state.realms[0].resources == [5 - c for c in COST[kind]]
    assert state.current == 1


def test_building_needs_the_goods_and_a_neighbouring_own_structure() -> None:
    state = game()
    near = clear(state, neighbour(HOME))
    far = clear(state, next(t for t in range(127) if GEO.distance(t, HOME) == 3))
    state.realms[0].resources = [0, 0, 1, 0]
    assert Build(near, int(Structure.VILLAGE)) not in state.legal_actions(0)
    state.realms[0].resources = [1, 0, 1, 0]
    assert Build(near, int(Structure.VILLAGE)) in state.legal_actions(0)
    with pytest.raises(IllegalAction):
        state.apply(0, Build(far, int(Structure.VILLAGE)))


def test_terrain_limits_what_may_be_built() -> None:
    """FARL-10: no villages or walls on lakes, mines only on mountains, forts may stand on lakes."""
    state = game()
    lake = clear(state, neighbour(HOME), Terrain.LAKE)
    state.realms[0].resources = [9, 9, 9, 9]
    kinds = {a.structure for a in state.legal_actions(0) if isinstance(a, Build) and a.tile == lake}
    assert kinds == {Structure.GARRISON, Structure.FORT}
    state.tiles.terrain[lake] = Terrain.FIELDS
    kinds = {a.structure for a in state.legal_actions(0) if isinstance(a, Build) and a.tile == lake}
    assert Structure.MINE not in kinds and Structure.VILLAGE in kinds


def test_upgrades_go_village_town_city_and_a_capitol_cannot_be_built() -> None:
    state = game()
    tile = clear(state, neighbour(HOME))
    state.tiles.set_structure(tile, Structure.VILLAGE, 0)
    state.realms[0].resources = [9, 9, 9, 9]
    kinds = {a.structure for a in state.legal_actions(0) if isinstance(a, Build) and a.tile == tile}
    assert kinds == {Structure.TOWN}
    assert all(
        a.structure != Structure.CAPITOL for a in state.legal_actions(0) if isinstance(a, Build)
    )


def test_token_limits_stop_a_fourth_fort() -> None:
    state = game()
    for tile in [n for n in GEO.neighbours[HOME] if n != GEO.centre][:3]:
        clear(state, tile)
        state.tiles.set_structure(tile, Structure.FORT, 0)
    state.realms[0].resources = [9, 9, 9, 9]
    assert not any(
        isinstance(a, Build) and a.structure == Structure.FORT for a in state.legal_actions(0)
    )


# -- troops and movement -----------------------------------------------------


def test_mustering_costs_2_gold_and_1_food_on_muster_points_only() -> None:
    """FARL-13."""
    state = game()
    to_conflict(state)
    state.realms[0].resources = [0, 0, 3, 7]
    musters = [a for a in state.legal_actions(0) if isinstance(a, Muster)]
    assert musters == [Muster(HOME, n) for n in (1, 2, 3)]
    state.apply(0, Muster(HOME, 3))
    assert state.tiles.troops[HOME] == 6
    assert state.realms[0].resources == [0, 0, 0, 1]


def test_moving_pays_terrain_costs_from_three_points() -> None:
    """FARL-12: fields 1, forest 2; a stack stops when the next step costs too much."""
    state = game()
    to_conflict(state)
    a = clear(state, neighbour(HOME), Terrain.FIELDS)
    b = clear(state, neighbour(a, skip=(HOME,)), Terrain.FOREST)
    c = clear(state, neighbour(b, skip=(HOME, a)), Terrain.FIELDS)
    state.apply(0, Move(HOME, a, 2))
    assert state.course.active == (a, 2, 2)
    state.apply(0, Continue(b))
    assert state.course.active is None  # no movement left
    assert state.tiles.troops[b] == 2 and Continue(c) not in state.legal_actions(0)
    assert not any(isinstance(x, Move) and x.source == b for x in state.legal_actions(0))


def test_roads_cost_1_walls_3_and_lakes_3() -> None:
    state = game()
    tile = clear(state, neighbour(HOME), Terrain.MOUNTAIN)
    assert state.tiles.move_cost(tile) == 3
    state.tiles.set_structure(tile, Structure.ROAD, 0)
    assert state.tiles.move_cost(tile) == 1
    state.tiles.set_structure(tile, Structure.WALL, 0)
    state.tiles.terrain[tile] = Terrain.FIELDS
    assert state.tiles.move_cost(tile) == 3
    state.tiles.set_structure(tile, Structure.NONE, -1)
    state.tiles.terrain[tile] = Terrain.LAKE
    assert state.tiles.move_cost(tile) == 3


def test_unrevealed_tiles_and_the_volcano_cannot_be_entered() -> None:
    state = game()
    tile = neighbour(HOME)
    state.tiles.revealed[tile] = False
    assert state.tiles.move_cost(tile) > 3
    assert state.tiles.move_cost(GEO.centre) > 3
    to_conflict(state)
    assert not any(isinstance(a, Move) and a.target == tile for a in state.legal_actions(0))


def test_a_stack_cannot_move_again_once_another_starts() -> None:
    state = game()
    to_conflict(state)
    a = clear(state, neighbour(HOME))
    state.apply(0, Move(HOME, a, 1))
    state.apply(0, Move(HOME, a, 1))
    assert state.course.active == (a, 1, 2)
    assert state.tiles.exhausted[a] == 2
    assert not any(isinstance(x, Move) and x.source == a for x in state.legal_actions(0))


def battle_setup(
    defenders: int, attackers: int = 3, fort: bool = False
) -> tuple[FarlanthiaState, int]:
    """Seat 0 in its conflict phase with attackers next to a tile of seat 1's defenders."""
    state = game()
    to_conflict(state)
    start = clear(state, neighbour(HOME))
    target = clear(state, neighbour(start, skip=(HOME,)))
    state.tiles.remove_troops(HOME, 3)
    state.add_troops(0, start, attackers)
    state.add_troops(1, target, defenders)
    if fort:
        state.tiles.set_structure(target, Structure.FORT, 1)
    return state, target


def at_conflict_with_diplomacy() -> FarlanthiaState:
    state = game(diplomacy=True)
    to_conflict(state)
    state.realms[0].dice = ()
    state.realms[1].dice = ()
    return state


# -- scores and the end ------------------------------------------------------


def test_ten_valor_or_honor_make_one_renown() -> None:
    """FARL-19."""
    state = game()
    state.realms[0].add_valor(12)
    state.realms[0].add_honor(9)
    assert (state.realms[0].renown, state.realms[0].valor, state.realms[0].honor) == (1, 2, 9)
    state.realms[0].add_valor(-5)
    assert state.realms[0].valor == 0


def test_after_the_last_year_renown_ranks_then_valor_and_honor() -> None:
    """FARL-20: a one-year game ends after four seasons; renown beats valor + honor."""
    state = game(years=1)
    state.realms[0].renown, state.realms[1].valor = 1, 9
    rolls = 0
    while not state.is_terminal():
        seat = state.to_act()[0]
        if seat == CHANCE:
            rolls += 1  # consecutive rolls differ: no ties
            state.apply(CHANCE, LeadershipRoll((rolls % 6 + 1, 1, 1)))
        else:
            state.apply(seat, Done())
    assert state.course.season == 4
    assert [o.rank for o in state.outcome()] == [1, 2]
    assert [o.score for o in state.outcome()] == [100.0, 9.0]


# -- caravan, renown bonus, phases -----------------------------------------------


def test_the_caravan_trades_two_for_one_and_a_die_takes_a_good_once_a_season() -> None:
    """FARL-22."""
    state = game()
    state.realms[0].resources = [2, 0, 0, 0]
    state.realms[0].dice = (1, 1, 1)
    state.apply(0, CaravanTrade(0, 3))
    assert state.realms[0].resources == [0, 0, 0, 1]
    state.apply(0, Requisition(1, Res.STONE))
    assert state.realms[0].resources == [0, 1, 0, 1] and state.realms[0].dice == (1, 1)
    assert Requisition(1, Res.STONE) not in state.legal_actions(0)
    state.apply(0, Done())
    assert Requisition(2, Res.STONE) not in state.legal_actions(1)  # gone for everyone
    assert Requisition(2, Res.WOOD) in state.legal_actions(1)


@pytest.mark.parametrize(("single", "requisitions"), [(False, 2), (True, 1)])
def test_a_realm_requisitions_once_per_die_or_once_a_phase(single: bool, requisitions: int) -> None:
    """FARL-22: by default each leadership die may take a good; single_requisition allows one."""
    state = game(single_requisition=single)
    state.realms[0].dice = (2, 1)
    state.apply(0, Requisition(1, Res.WOOD))
    legal = state.legal_actions(0)
    assert any(isinstance(a, Requisition) for a in legal) == (requisitions == 2)
    assert CaravanTrade(3, 0) in legal  # trading goes on either way
    state.apply(0, Done())
    assert Requisition(2, Res.STONE) in state.legal_actions(1)  # the next realm's phase


@pytest.mark.parametrize("blocks", [False, True])
def test_a_requisitioned_good_is_closed_to_trades_only_with_the_option(blocks: bool) -> None:
    """FARL-22: by default a 2-for-1 trade may still get a good a die took."""
    state = game(requisition_blocks_trade=blocks)
    state.realms[0].dice = (1,)
    state.realms[1].resources = [2, 2, 2, 2]
    state.apply(0, Requisition(1, Res.GOLD))
    state.apply(0, Done())
    legal = state.legal_actions(1)
    assert (CaravanTrade(Res.WOOD, Res.GOLD) in legal) != blocks
    assert CaravanTrade(Res.GOLD, Res.WOOD) in legal  # gold may still be given


def test_renown_adds_pips_to_a_spent_die() -> None:
    """FARL-08: renown 2 turns a scouting die of 3 into 5 reveals; the pips last a season."""
    state = drafted(Rules(events=False))
    state.realms[0].renown = 2
    state.realms[0].bonus_left = 2
    state.apply(CHANCE, LeadershipRoll((3, 1, 1)))
    state.apply(CHANCE, LeadershipRoll((6, 6, 6)))
    state.apply(0, ScoutWithDie(3))
    assert state.course.scout_extra == 5 and state.realms[0].bonus_left == 0
    assert state.die_value(0, 1) == 1


def test_renown_bonus_can_be_turned_off() -> None:
    state = game(renown_bonus=False)
    state.realms[0].bonus_left = 3
    assert state.die_value(0, 2) == 2


def test_a_truce_lasts_until_the_proposers_next_conflict_phase() -> None:
    """FARL-25."""
    state = at_conflict_with_diplomacy()
    state.apply(0, Propose(int(Negotiation.TRUCE), 1))
    state.apply(1, Respond(True))
    state.apply(0, Done())
    state.apply(1, Done())
    assert state.diplomacy.has_truce(0, 1) and state.course.phase is Phase.LEADERSHIP
    state.apply(CHANCE, LeadershipRoll((1, 1, 1)))
    state.apply(CHANCE, LeadershipRoll((2, 2, 2)))
    to_conflict(state)
    assert state.current == 0 and not state.diplomacy.has_truce(0, 1)


def test_a_hero_spends_a_die_to_draw_an_adventure_and_scouting_draws_an_event() -> None:
    """FARL-23, FARL-30."""
    state = drafted(Rules())
    state.apply(CHANCE, LeadershipRoll((2, 1, 1)))
    state.apply(CHANCE, LeadershipRoll((6, 6, 6)))
    reveal = next(a for a in state.legal_actions(0) if isinstance(a, RevealTile))
    state.apply(0, reveal)
    state.apply(0, Done())
    assert state.to_act() == (CHANCE,) and state.pending.frames[-1].ask is Ask.DRAW_EVENT
    state.apply(CHANCE, DrawCard(Card.BOUNTIFUL_HARVEST))
    assert state.seasonal[0].harvest == 1
    while state.course.phase is Phase.SCOUT:
        seat = state.current
        legal = state.legal_actions(seat)
        state.apply(seat, legal[0] if isinstance(legal[0], RevealTile) else Done())
        if state.to_act() == (CHANCE,):
            state.apply(CHANCE, DrawCard(Card.TEMPEST))
        while state.to_act() == (1,) and state.course.phase is Phase.SCOUT and state.pending.frames:
            state.apply(1, state.legal_actions(1)[0])
    assert (state.course.phase, state.current) == (Phase.HERO, 0)
    assert state.legal_actions(0) == [DrawAdventure(1), DrawAdventure(2), Done()]
    state.apply(0, DrawAdventure(2))
    assert state.realms[0].dice == (1, 1) and state.pending.frames[-1].ask is Ask.DRAW_ADVENTURE
    state.apply(CHANCE, DrawCard(Card.SHOW_MERCY))
    assert state.realms[0].honor == 5 and state.current == 1
