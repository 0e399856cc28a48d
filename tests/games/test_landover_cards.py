"""Landover's dev cards, one test per card (docs/rules/landover.md LANDOVER-33..36)."""

from __future__ import annotations

import pytest

from referee.engine import CHANCE
from referee.games.landover import rules as R
from referee.games.landover.actions import (
    BuildRoad,
    ChooseCard,
    ChooseEdge,
    ChooseKind,
    ChoosePlayer,
    ChooseTile,
    ChooseVertex,
    EndTurn,
    ImproveCulture,
    PlayCard,
    Raid,
    RandomKind,
    Skip,
)
from referee.games.landover.board import GOLD
from referee.games.landover.state import CITY, VILLAGE, LandoverState
from tests.games.test_landover_rules import blank, corner, edge, give, put, road


def holding(card: int, players: int = 2) -> LandoverState:
    state = blank(players)
    state.seats[0].dev[card] = 1
    return state


def test_commercial_harbor_swaps_a_resource_for_a_commodity_per_opponent() -> None:
    """LANDOVER-33: every opponent with cards is asked; one without a commodity keeps nothing."""
    state = holding(R.COMMERCIAL_HARBOR, 3)
    give(state, 0, wood=1, clay=1)
    give(state, 1, paper=1, coin=1)
    give(state, 2, ore=1)
    state.apply(0, PlayCard(R.COMMERCIAL_HARBOR))
    assert state.legal_actions(0) == [ChooseKind(R.WOOD), ChooseKind(R.CLAY)]
    state.apply(0, ChooseKind(R.WOOD))
    assert state.to_act() == (1,)
    assert state.legal_actions(1) == [ChooseKind(R.PAPER), ChooseKind(R.COIN)]
    state.apply(1, ChooseKind(R.COIN))
    assert state.legal_actions(0) == [ChooseKind(R.CLAY)]  # offered to seat 2 as well
    state.apply(0, ChooseKind(R.CLAY))
    assert not state.tasks
    assert state.seats[0].hand == [0, 1, 0, 0, 0, 0, 0, 1]  # seat 2 had no commodity: clay stays
    assert state.seats[1].hand == [1, 0, 0, 0, 0, 1, 0, 0]
    assert state.seats[2].hand == [0, 0, 0, 0, 1, 0, 0, 0]


def test_commercial_harbor_offer_does_not_reveal_who_holds_a_commodity() -> None:
    """LANDOVER-32: the legal list is the same whatever kinds the opponent's cards are."""
    lists = []
    for opponent in ({"ore": 2}, {"cloth": 2}):
        state = holding(R.COMMERCIAL_HARBOR)
        give(state, 0, wood=1)
        give(state, 1, **opponent)
        lists.append(state.legal_actions(0))
        state.apply(0, PlayCard(R.COMMERCIAL_HARBOR))
        lists.append(state.legal_actions(0))
    assert lists[0] == lists[2] and PlayCard(R.COMMERCIAL_HARBOR) in lists[0]
    assert lists[1] == lists[3] == [ChooseKind(R.WOOD)]
    empty = holding(R.COMMERCIAL_HARBOR)
    give(empty, 0, wood=1)
    assert PlayCard(R.COMMERCIAL_HARBOR) not in empty.legal_actions(0)  # nobody holds a card


def test_commercial_harbor_may_pass_over_an_opponent_only_with_its_option() -> None:
    """LANDOVER-33: compulsory by default; ``commercial_harbor_skip`` adds Skip, which
    leaves that opponent's hand alone and is seen only by the two seats."""
    compulsory = holding(R.COMMERCIAL_HARBOR, 3)
    give(compulsory, 0, wood=1)
    give(compulsory, 1, paper=1)
    compulsory.apply(0, PlayCard(R.COMMERCIAL_HARBOR))
    assert compulsory.legal_actions(0) == [ChooseKind(R.WOOD)]
    state = blank(3, commercial_harbor_skip=True)
    state.seats[0].dev[R.COMMERCIAL_HARBOR] = 1
    give(state, 0, wood=1, clay=1)
    give(state, 1, paper=1)
    give(state, 2, cloth=1)
    state.apply(0, PlayCard(R.COMMERCIAL_HARBOR))
    assert state.legal_actions(0) == [ChooseKind(R.WOOD), ChooseKind(R.CLAY), Skip()]
    assert state.hides(2, 0, Skip()) and not state.hides(1, 0, Skip())
    state.apply(0, Skip())  # seat 1 keeps its paper
    assert state.to_act() == (0,) and state.seats[1].hand[R.PAPER] == 1
    state.apply(0, ChooseKind(R.WOOD))
    state.apply(2, ChooseKind(R.CLOTH))
    assert not state.tasks
    assert state.seats[0].hand == [0, 1, 0, 0, 0, 0, 1, 0]
    assert state.seats[2].hand == [1, 0, 0, 0, 0, 0, 0, 0]
    broke = blank(3, commercial_harbor_skip=True)
    broke.seats[0].dev[R.COMMERCIAL_HARBOR] = 1
    give(broke, 0, wood=1)
    give(broke, 1, paper=1)
    give(broke, 2, cloth=1)
    broke.apply(0, PlayCard(R.COMMERCIAL_HARBOR))
    broke.apply(0, ChooseKind(R.WOOD))
    broke.apply(1, ChooseKind(R.PAPER))
    assert not broke.tasks  # no resource left: seat 2 is not asked, not even to be skipped


@pytest.mark.parametrize(
    ("card", "useless", "useful"),
    [
        (R.IRRIGATION, "no_fields", "fields"),
        (R.MINING, "no_fields", "mountains"),
        (R.WEDDING, "equal_points", "richer_with_cards"),
        (R.VANDAL, "one_card", "richer_with_cards"),
        (R.RESOURCE_MONOPOLY, "no_cards", "richer_with_cards"),
        (R.COMMODITY_MONOPOLY, "no_cards", "richer_with_cards"),
        (R.SIEGE, "no_cards", "richer_with_cards"),
        (R.CRANE, "no_cards", "city"),
        (R.INVENTOR, "no_numbers", "no_cards"),
    ],
)
def test_a_card_is_offered_only_when_its_effect_can_happen(
    card: int, useless: str, useful: str
) -> None:
    """LANDOVER-32: a card that would do nothing now is not a legal play."""
    assert PlayCard(card) not in _situation(card, useless).legal_actions(0)
    assert PlayCard(card) in _situation(card, useful).legal_actions(0)


def _situation(card: int, name: str) -> LandoverState:
    """Seat 0 holds ``card`` in a small named position."""
    state = holding(card)
    if name == "fields":
        put(state, 0, corner(state, 3))  # fields 12
    elif name == "mountains":
        put(state, 0, corner(state, 0))  # mountains 10
    elif name == "no_fields":
        put(state, 0, corner(state, 5))  # pasture 4 only
    elif name == "one_card":
        give(state, 1, ore=1)
    elif name == "richer_with_cards":
        put(state, 1, corner(state, 4), CITY)
        give(state, 1, ore=2)
    elif name == "city":
        put(state, 0, corner(state, 4), CITY)
    elif name == "no_numbers":
        state.board.numbers = [n if n in (0, 2, 6, 8, 12) else 0 for n in state.board.numbers]
    return state


def test_master_merchant_shows_a_richer_hand_and_takes_two() -> None:
    state = holding(R.MASTER_MERCHANT)
    put(state, 1, corner(state, 0))
    give(state, 1, ore=1, cloth=2)
    state.apply(0, PlayCard(R.MASTER_MERCHANT))
    state.apply(0, ChoosePlayer(1))
    assert list(state.observation(0).revealed_hand) == state.seats[1].hand
    assert not state.observation(1).revealed_hand
    state.apply(0, ChooseKind(R.CLOTH))
    state.apply(0, ChooseKind(R.ORE))
    assert state.seats[0].hand == [0, 0, 0, 0, 1, 0, 1, 0] and sum(state.seats[1].hand) == 1


def test_master_merchant_needs_a_player_with_more_points() -> None:
    state = holding(R.MASTER_MERCHANT)
    give(state, 1, ore=1)
    assert PlayCard(R.MASTER_MERCHANT) not in state.legal_actions(0)


def test_merchant_takes_the_token_and_its_point() -> None:
    state = holding(R.MERCHANT)
    state.awards.merchant_seat, state.awards.merchant_tile = 1, 0
    v = corner(state, 4, 8, 9)
    put(state, 0, v)
    state.apply(0, PlayCard(R.MERCHANT))
    assert state.legal_actions(0) == [ChooseTile(4), ChooseTile(8)]  # not the desert
    state.apply(0, ChooseTile(4))
    assert (state.awards.merchant_seat, state.awards.merchant_tile) == (0, 4)
    assert state.victory_points(0) == 2 and state.victory_points(1) == 0
    assert state.trade_ratio(0, R.CLAY) == 2


@pytest.mark.parametrize("barred", [False, True])
def test_merchant_on_gold_gives_its_point_and_no_trade_unless_gold_is_barred(barred: bool) -> None:
    """LANDOVER-23: by default the token may go on gold, a hex with no resource to trade 2:1;
    option ``merchant_not_on_gold`` keeps it off."""
    state = blank(merchant_not_on_gold=barred)
    state.seats[0].dev[R.MERCHANT] = 1
    state.board.terrain[4] = GOLD
    put(state, 0, corner(state, 4, 8, 9))  # gold, forest 11, desert
    state.apply(0, PlayCard(R.MERCHANT))
    if barred:
        assert state.legal_actions(0) == [ChooseTile(8)]
    else:
        assert state.legal_actions(0) == [ChooseTile(4), ChooseTile(8)]
        state.apply(0, ChooseTile(4))
        assert state.victory_points(0) == 2 and state.trade_ratios(0) == [4] * R.KINDS
    only_gold = blank(merchant_not_on_gold=barred)
    only_gold.seats[0].dev[R.MERCHANT] = 1
    only_gold.board.terrain[4] = only_gold.board.terrain[8] = GOLD
    put(only_gold, 0, corner(only_gold, 4, 8, 9))
    assert (PlayCard(R.MERCHANT) in only_gold.legal_actions(0)) is not barred


def test_merchant_fleet_lasts_one_turn() -> None:
    state = holding(R.MERCHANT_FLEET)
    state.apply(0, PlayCard(R.MERCHANT_FLEET))
    assert len(state.legal_actions(0)) == R.KINDS
    state.apply(0, ChooseKind(R.COIN))
    assert state.trade_ratio(0, R.COIN) == 2
    state.apply(0, EndTurn())
    assert state.perks.fleet == -1


def test_resource_and_commodity_monopolies() -> None:
    state = holding(R.RESOURCE_MONOPOLY, 3)
    state.seats[0].dev[R.COMMODITY_MONOPOLY] = 1
    give(state, 1, ore=3, paper=2)
    give(state, 2, ore=1)
    state.apply(0, PlayCard(R.RESOURCE_MONOPOLY))
    assert state.legal_actions(0) == [ChooseKind(k) for k in range(5)]
    state.apply(0, ChooseKind(R.ORE))
    assert (
        state.seats[0].hand[R.ORE] == 3
        and state.seats[1].hand[R.ORE] == 1
        and state.seats[2].hand[R.ORE] == 0
    )
    state.apply(0, PlayCard(R.COMMODITY_MONOPOLY))
    assert state.legal_actions(0) == [ChooseKind(k) for k in range(5, 8)]
    state.apply(0, ChooseKind(R.PAPER))
    assert state.seats[0].hand[R.PAPER] == 1 and state.seats[1].hand[R.PAPER] == 1


def test_crane_makes_the_next_improvement_one_cheaper() -> None:
    state = holding(R.CRANE)
    put(state, 0, corner(state, 0), CITY)
    state.apply(0, PlayCard(R.CRANE))
    assert PlayCard(R.CRANE) not in state.legal_actions(0)
    state.apply(0, ImproveCulture(R.POLITICS))  # level 1 free
    assert state.seats[0].culture[R.POLITICS] == 1
    assert ImproveCulture(R.POLITICS) not in state.legal_actions(0)


def test_inventor_swaps_two_unprotected_numbers() -> None:
    state = holding(R.INVENTOR)
    state.apply(0, PlayCard(R.INVENTOR))
    tiles = [a.tile for a in state.legal_actions(0)]  # type: ignore[union-attr]
    assert all(state.board.numbers[t] not in (2, 6, 8, 12, 0) for t in tiles)
    state.apply(0, ChooseTile(0))  # mountains 10
    assert ChooseTile(0) not in state.legal_actions(0)
    state.apply(0, ChooseTile(2))  # forest 9
    assert state.board.numbers[0] == 9 and state.board.numbers[2] == 10


def test_irrigation_and_mining_pay_two_per_adjacent_tile() -> None:
    state = holding(R.IRRIGATION)
    state.seats[0].dev[R.MINING] = 1
    put(state, 0, corner(state, 3, 7, 8))  # fields 12, fields 9, forest 11
    put(state, 0, corner(state, 11))  # mountains 8
    state.apply(0, PlayCard(R.IRRIGATION))
    assert state.seats[0].hand[R.WHEAT] == 4
    state.apply(0, PlayCard(R.MINING))
    assert state.seats[0].hand[R.ORE] == 2


def test_medicine_upgrades_a_village_cheaply() -> None:
    state = holding(R.MEDICINE)
    v = corner(state, 0)
    assert PlayCard(R.MEDICINE) not in state.legal_actions(0)
    put(state, 0, v)
    give(state, 0, ore=2, wheat=1)
    state.apply(0, PlayCard(R.MEDICINE))
    state.apply(0, ChooseVertex(v))
    assert state.pieces.building[v] == CITY and sum(state.seats[0].hand) == 0


def test_road_card_builds_two_free_routes_or_stops() -> None:
    state = holding(R.ROAD_CARD)
    v = corner(state, 4, 8, 9)
    put(state, 0, v)
    state.apply(0, PlayCard(R.ROAD_CARD))
    legal = state.legal_actions(0)
    assert legal[-1] == Skip() and all(isinstance(a, BuildRoad) for a in legal[:-1])
    state.apply(0, legal[0])
    state.apply(0, state.legal_actions(0)[0])
    assert (
        not state.tasks and state.pieces.count_pieces(0, 0) == 2 and sum(state.seats[0].hand) == 0
    )
    state.seats[0].dev[R.ROAD_CARD] = 1
    state.apply(0, PlayCard(R.ROAD_CARD))
    state.apply(0, Skip())
    assert not state.tasks and state.pieces.count_pieces(0, 0) == 2


def test_military_card_adds_two_up_to_the_cap() -> None:
    state = holding(R.MILITARY)
    state.seats[0].military = 4
    state.apply(0, PlayCard(R.MILITARY))
    assert state.seats[0].military == 5
    state.seats[0].dev[R.MILITARY] = 1
    assert PlayCard(R.MILITARY) not in state.legal_actions(0)


def test_siege_gives_a_free_raid() -> None:
    state = holding(R.SIEGE)
    put(state, 1, corner(state, 4, 8, 9))
    give(state, 1, wool=1)
    assert not [a for a in state.legal_actions(0) if isinstance(a, Raid)]
    state.apply(0, PlayCard(R.SIEGE))
    state.apply(0, Raid(8, 1))
    assert state.seats[0].military == 0 and not state.perks.raided
    state.apply(CHANCE, RandomKind(R.WOOL))
    assert state.seats[0].hand[R.WOOL] == 1
    assert not [a for a in state.legal_actions(0) if isinstance(a, Raid)]


def test_bishop_raids_free_and_robs_every_player_on_the_tile() -> None:
    state = holding(R.BISHOP, 3)
    tile = 4
    a, b = state.board.tile_vertices[tile][0], state.board.tile_vertices[tile][3]
    put(state, 1, a)
    put(state, 2, b)
    give(state, 1, ore=1)
    give(state, 2, wheat=1)
    state.apply(0, PlayCard(R.BISHOP))
    state.apply(0, ChooseTile(tile))
    assert state.seats[0].catapult == tile
    state.apply(CHANCE, RandomKind(R.ORE))
    state.apply(CHANCE, RandomKind(R.WHEAT))
    assert state.seats[0].hand == [0, 0, 0, 1, 1, 0, 0, 0] and state.seats[0].military == 0


def test_deserter_and_raze_take_military_power() -> None:
    state = holding(R.DESERTER)
    state.seats[0].dev[R.RAZE] = 1
    state.seats[1].military = 2
    state.apply(0, PlayCard(R.DESERTER))
    state.apply(0, ChoosePlayer(1))
    assert [p.military for p in state.seats] == [1, 1]
    state.apply(0, PlayCard(R.RAZE))
    state.apply(0, ChoosePlayer(1))
    assert [p.military for p in state.seats] == [1, 0]


def test_vandal_halves_hands_of_players_with_at_least_my_points() -> None:
    state = holding(R.VANDAL, 3)
    put(state, 0, corner(state, 0))
    put(state, 1, corner(state, 11))
    give(state, 1, ore=5)
    give(state, 2, ore=4)  # 0 VP < 1: spared
    state.apply(0, PlayCard(R.VANDAL))
    while state.to_act() == (CHANCE,):
        state.apply(CHANCE, state.chance_outcomes()[0][0])
    assert state.seats[1].hand[R.ORE] == 3 and state.seats[2].hand[R.ORE] == 4


def test_diplomat_removes_an_open_road_and_may_rebuild_its_own() -> None:
    state = holding(R.DIPLOMAT)
    v = corner(state, 4, 8, 9)
    put(state, 1, v)
    n = state.board.vertex_neighbours[v][0]
    theirs = edge(state, v, n)
    road(state, 1, theirs)
    state.apply(0, PlayCard(R.DIPLOMAT))
    assert state.legal_actions(0) == [ChooseEdge(theirs)]
    state.apply(0, ChooseEdge(theirs))
    assert state.pieces.edge_owner[theirs] == -1
    mine = corner(state, 16)
    put(state, 0, mine)
    own = state.board.vertex_edges[mine][0]
    road(state, 0, own)
    state.seats[0].dev[R.DIPLOMAT] = 1
    state.apply(0, PlayCard(R.DIPLOMAT))
    state.apply(0, ChooseEdge(own))
    assert Skip() in state.legal_actions(0)
    state.apply(0, BuildRoad(own))
    assert state.pieces.edge_owner[own] == 0 and not state.tasks


def test_spy_sees_and_takes_a_dev_card() -> None:
    state = holding(R.SPY)
    state.seats[1].dev[R.WEDDING] = 1
    state.apply(0, PlayCard(R.SPY))
    state.apply(0, ChoosePlayer(1))
    assert state.observation(0).revealed_dev[R.WEDDING] == 1
    assert state.legal_actions(0) == [ChooseCard(R.WEDDING)]
    state.apply(0, ChooseCard(R.WEDDING))
    assert state.seats[0].dev[R.WEDDING] == 1 and state.dev_hand(1) == 0


def test_wedding_richer_players_give_two_cards_of_their_choice() -> None:
    state = holding(R.WEDDING, 3)
    put(state, 1, corner(state, 0), CITY)
    put(state, 2, corner(state, 11), VILLAGE)
    put(state, 0, corner(state, 16), VILLAGE)
    give(state, 1, ore=1, coin=3)
    give(state, 2, wool=4)
    state.apply(0, PlayCard(R.WEDDING))
    assert state.to_act() == (1,)
    state.apply(1, ChooseKind(R.COIN))
    state.apply(1, ChooseKind(R.COIN))
    assert not state.tasks  # seat 2 has no more points than seat 0
    assert state.seats[0].hand[R.COIN] == 2 and state.seats[1].hand == [0, 0, 0, 0, 1, 0, 0, 1]
