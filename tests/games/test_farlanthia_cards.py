"""Farlanthia's event and adventure cards: each card's effect (FARL-30..32)."""

from __future__ import annotations

import pytest

from referee.engine import CHANCE
from referee.games.farlanthia.actions import (
    Build,
    CaravanTrade,
    ChooseResource,
    CombatRoll,
    DieRoll,
    Done,
    DrawCard,
    Move,
    Requisition,
    Resolve,
)
from referee.games.farlanthia.board import Terrain
from referee.games.farlanthia.cards import (
    ARTIFACT_BASE,
    EVENT_DECK,
    HONOR_CARDS,
    Card,
    adventure_deck,
)
from referee.games.farlanthia.course import Phase
from referee.games.farlanthia.diplomacy import Negotiation
from referee.games.farlanthia.negotiation import ambassador_strength
from referee.games.farlanthia.pending import Ask, Frame
from referee.games.farlanthia.state import FarlanthiaState
from referee.games.farlanthia.structures import Res, Structure
from tests.games.test_farlanthia_rules import (
    HOME,
    battle_setup,
    clear,
    game,
    neighbour,
    to_conflict,
)


def carded() -> FarlanthiaState:
    """Seat 0's realm phase (production done) with both decks on and 2 of every good."""
    state = game(events=True, adventures=True)
    while state.course.phase is Phase.HERO:
        state.apply(state.current, Done())
    state.realms[0].resources = [2, 2, 2, 2]
    return state


def draw(state: FarlanthiaState, card: int, seat: int = 0) -> None:
    """Seat draws a given card, as at the end of its scouting or in its hero phase."""
    ask = Ask.DRAW_EVENT if card < Card.STRANGE_BLUEPRINTS else Ask.DRAW_ADVENTURE
    state.pending.frames.append(Frame(ask, seat))
    state.apply(CHANCE, DrawCard(card))


def test_the_decks_hold_the_designed_cards() -> None:
    assert len(EVENT_DECK) == 22
    assert adventure_deck(3).count(Card.HUNTING_TRIP) == 2
    assert [c for c in adventure_deck(3) if c >= ARTIFACT_BASE] == [40, 41, 42]


def test_drawing_is_a_hidden_chance_draw_from_what_is_left() -> None:
    state = carded()
    state.pending.frames.append(Frame(Ask.DRAW_EVENT, 0))
    outcomes = dict(state.chance_outcomes())
    assert len(outcomes) == 11 and sum(outcomes.values()) == 1
    state.apply(CHANCE, DrawCard(Card.TEMPEST))
    assert state.decks.events.count(Card.TEMPEST) == 1


# -- events ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("card", "lost"),
    [(Card.FOREST_THIEVES, Res.WOOD), (Card.MOUNTAIN_BANDITS, Res.STONE), (Card.LOOTERS, Res.FOOD)],
)
def test_bandits_take_a_resource_each_realm_phase_until_resolved(card: Card, lost: Res) -> None:
    state = carded()
    draw(state, card)
    assert state.realms[0].events == (card,)
    before = list(state.realms[0].resources)
    state.produce(0)
    gained = [a - b for a, b in zip(state.realms[0].resources, before, strict=True)]
    assert gained[lost] == (2 if lost is Res.FOOD else 0) - 1
    assert gained[Res.GOLD] == 2


def test_bandits_are_resolved_at_the_start_of_the_realm_phase() -> None:
    state = carded()
    state.realms[1].events = (int(Card.FOREST_THIEVES),)
    state.realms[1].resources = [0, 0, 0, 3]
    state.apply(0, Done())
    assert state.to_act() == (1,)
    legal = state.legal_actions(1)
    capitol = state.realms[1].capitol
    assert legal[:3] == [Resolve(0), Resolve(1, capitol), Resolve(2)]
    troops = state.tiles.troops[capitol]
    state.apply(1, Resolve(1, capitol))  # hire them: 3 gold for a troop
    assert state.tiles.troops[capitol] == troops + 1
    assert state.realms[1].events == ()
    assert Card.FOREST_THIEVES in state.decks.event_discard


def hires(state: FarlanthiaState) -> list[Resolve]:
    """Seat 0's legal answers that hire its bandits."""
    return [a for a in state.legal_actions(0) if isinstance(a, Resolve) and a.option == 1]


def test_hired_bandits_stand_where_a_mustered_troop_would_and_need_such_a_place() -> None:
    """FARL-32, FARL-13: troops go on a capitol, garrison or fort the realm controls.

    With its capitol occupied the realm hires onto its fort; with no free place
    (or at its troop limit) it cannot hire, rather than pay 3 gold for nothing.
    """
    state = carded()
    state.realms[0].resources[Res.GOLD] = 3
    state.realms[0].events = (int(Card.FOREST_THIEVES),)
    state.tiles.remove_troops(HOME, state.tiles.troops[HOME])
    state.add_troops(1, HOME, 2)  # seat 1 occupies seat 0's capitol
    state.pending.frames.append(Frame(Ask.REALM_EVENT, 0, int(Card.FOREST_THIEVES)))
    assert not hires(state)
    fort = clear(state, neighbour(HOME))
    state.tiles.set_structure(fort, Structure.FORT, 0)
    assert hires(state) == [Resolve(1, fort)]
    state.add_troops(0, fort, 130)  # every troop in the box is on the map
    assert not hires(state)
    state.tiles.remove_troops(fort, 130)
    state.apply(0, Resolve(1, fort))
    assert state.tiles.troops[fort] == 1 and state.realms[0].resources[Res.GOLD] == 0


def test_a_hamlet_presses_its_troop_into_service_only_where_it_can_stand() -> None:
    """FARL-32, FARL-13: no free capitol, garrison or fort, no troop option.

    Honor is then the only choice left, and the engine takes it.
    """
    state = carded()
    state.tiles.remove_troops(HOME, state.tiles.troops[HOME])
    state.add_troops(1, HOME, 2)
    draw(state, Card.HAMLET)
    assert not state.pending.frames and state.realms[0].honor == 2


def test_bandits_repent_or_are_attacked() -> None:
    state = carded()
    state.realms[0].events = (int(Card.LOOTERS), int(Card.LOOTERS))
    state.pending.frames.append(Frame(Ask.REALM_EVENT, 0, int(Card.LOOTERS)))
    state.apply(0, Resolve(2))
    assert state.realms[0].honor == 1 and state.seasonal[0].no_negotiations
    state.pending.frames.append(Frame(Ask.REALM_EVENT, 0, int(Card.LOOTERS)))
    gold = state.realms[0].resources[Res.GOLD]
    state.apply(0, Resolve(3, HOME))
    assert state.tiles.troops[HOME] == 2 and state.realms[0].valor == 1
    assert state.realms[0].resources[Res.GOLD] == gold + 1
    assert state.realms[0].events == ()


def test_caravan_raiders_close_the_caravan_to_trade_or_cost_an_escort() -> None:
    """FARL-32: unescorted raiders stop 2-for-1 trades; a die still requisitions a good."""
    state = carded()
    state.realms[0].dice = (4,)
    draw(state, Card.CARAVAN_RAIDERS)
    state.apply(0, Resolve(0))
    legal = state.legal_actions(0)
    assert not any(isinstance(a, CaravanTrade) for a in legal)
    assert [a for a in legal if isinstance(a, Requisition)] == [Requisition(4, r) for r in Res]
    other = carded()
    draw(other, Card.CARAVAN_RAIDERS)
    other.apply(0, Resolve(1, HOME))
    assert other.tiles.troops[HOME] == 2
    other.apply(0, ChooseResource(Res.STONE))
    assert other.realms[0].resources[Res.STONE] == 3


def test_bountiful_harvest_adds_a_food() -> None:
    state = carded()
    draw(state, Card.BOUNTIFUL_HARVEST)
    food = state.realms[0].resources[Res.FOOD]
    state.produce(0)
    assert state.realms[0].resources[Res.FOOD] == food + 2 + 1


def test_an_avalanche_takes_a_troop_from_a_mountain_of_your_choice() -> None:
    state = carded()
    a = clear(state, neighbour(HOME), Terrain.MOUNTAIN)
    b = clear(state, neighbour(HOME, skip=(a,)), Terrain.MOUNTAIN)
    state.add_troops(0, a, 2)
    state.add_troops(0, b, 2)
    draw(state, Card.AVALANCHE)
    assert state.legal_actions(0) == sorted([Resolve(0, a), Resolve(0, b)])
    state.apply(0, Resolve(0, b))
    assert (state.tiles.troops[a], state.tiles.troops[b]) == (2, 1)


@pytest.mark.parametrize(
    ("value", "honor", "renown", "dice"), [(1, 0, 0, ()), (4, 2, 0, None), (6, 0, 1, None)]
)
def test_the_faerie_ring_table(
    value: int, honor: int, renown: int, dice: tuple[int, ...] | None
) -> None:
    state = carded()
    before = state.realms[0].dice
    draw(state, Card.FAERIE_RING)
    state.apply(CHANCE, DieRoll(value))
    realm = state.realms[0]
    assert (realm.honor, realm.renown) == (honor, renown)
    assert realm.dice == (before if dice is None else dice)


def test_refugees_make_the_next_village_free_of_food() -> None:
    state = carded()
    draw(state, Card.REFUGEES)
    tile = clear(state, neighbour(HOME))
    state.realms[0].resources = [1, 0, 0, 0]
    state.apply(0, Build(tile, int(Structure.VILLAGE)))
    assert state.tiles.structure[tile] is Structure.VILLAGE
    assert state.realms[0].resources == [0, 0, 0, 0]


def test_a_tempest_takes_two_goods_of_your_choice() -> None:
    state = carded()
    state.realms[0].resources = [1, 0, 0, 3]
    draw(state, Card.TEMPEST)
    assert state.legal_actions(0) == [ChooseResource(0), ChooseResource(3)]
    state.apply(0, ChooseResource(3))
    state.apply(0, ChooseResource(3))
    assert state.realms[0].resources == [1, 0, 0, 1]


def test_the_abandoned_keep_gives_stone_or_a_fort_on_a_fresh_tile() -> None:
    state = carded()
    tile = clear(state, neighbour(HOME))
    state.tiles.revealed_by[tile], state.tiles.revealed_season[tile] = 0, state.course.season
    draw(state, Card.ABANDONED_KEEP)
    assert state.legal_actions(0) == [Resolve(0), Resolve(1, tile)]
    state.apply(0, Resolve(1, tile))
    assert (state.tiles.structure[tile], state.tiles.owner[tile]) == (Structure.FORT, 0)
    assert state.realms[0].resources[Res.GOLD] == 0


def test_a_hamlet_gives_honor_a_village_or_a_troop() -> None:
    state = carded()
    tile = clear(state, neighbour(HOME))
    state.tiles.revealed_by[tile], state.tiles.revealed_season[tile] = 0, state.course.season
    draw(state, Card.HAMLET)
    assert state.legal_actions(0) == [Resolve(0), Resolve(1, tile), Resolve(2, HOME)]
    state.apply(0, Resolve(1, tile))
    assert state.tiles.structure[tile] is Structure.VILLAGE
    draw(state, Card.HAMLET)
    state.apply(0, Resolve(0))
    assert state.realms[0].honor == 2


# -- adventures --------------------------------------------------------------


@pytest.mark.parametrize(("card", "honor"), sorted(HONOR_CARDS.items()))
def test_honor_adventures(card: Card, honor: int) -> None:
    state = carded()
    draw(state, card)
    assert state.realms[0].honor == honor


def test_peace_between_villages_counts_villages() -> None:
    state = carded()
    for tile in (neighbour(HOME), neighbour(HOME, skip=(neighbour(HOME),))):
        clear(state, tile)
        state.tiles.set_structure(tile, Structure.VILLAGE, 0)
    draw(state, Card.PEACE_BETWEEN_VILLAGES)
    assert state.realms[0].honor == 2


def test_decisive_victory_and_the_vassal_debt() -> None:
    state = carded()
    draw(state, Card.DECISIVE_VICTORY)
    assert (state.realms[0].valor, state.realms[0].honor) == (1, 1)
    draw(state, Card.VASSAL_DEBT)
    assert state.legal_actions(0) == [Resolve(0), Resolve(1)]
    state.apply(0, Resolve(1))
    assert state.realms[0].honor == 5


@pytest.mark.parametrize(
    ("rolls", "valor", "renown"),
    [((1,), 1, 0), ((3,), 2, 0), ((5,), 3, 0), ((6, 2), 3, 0), ((6, 6), 0, 5)],
)
def test_the_hunting_trip_table(rolls: tuple[int, ...], valor: int, renown: int) -> None:
    state = carded()
    draw(state, Card.HUNTING_TRIP)
    for value in rolls:
        state.apply(CHANCE, DieRoll(value))
    assert (state.realms[0].valor, state.realms[0].renown) == (valor, renown)


def test_old_ruins_treasury_and_empty_ruins() -> None:
    state = carded()
    draw(state, Card.OLD_RUINS)
    state.apply(CHANCE, DieRoll(6))
    realm = state.realms[0]
    assert (realm.valor, realm.honor, realm.resources[Res.GOLD]) == (2, 2, 4)
    draw(state, Card.EMPTY_RUINS)
    state.apply(CHANCE, DieRoll(5))
    assert realm.resources[Res.GOLD] == 6


def test_assassins_are_beaten_on_3_or_more() -> None:
    state = carded()
    draw(state, Card.ASSASSINS)
    state.apply(CHANCE, DieRoll(3))
    assert (state.realms[0].valor, state.realms[0].honor) == (1, 1)
    other = carded()
    other.realms[0].valor = 3
    draw(other, Card.ASSASSINS)
    other.apply(CHANCE, DieRoll(2))
    assert other.realms[0].valor == 2


def test_the_fortune_teller_replays_a_discarded_adventure() -> None:
    state = carded()
    draw(state, Card.HOLD_BALL)
    draw(state, Card.SHOW_MERCY)
    draw(state, Card.FORTUNE_TELLER)
    assert state.legal_actions(0) == [Resolve(Card.HOLD_BALL), Resolve(Card.SHOW_MERCY)]
    state.apply(0, Resolve(Card.SHOW_MERCY))
    assert (state.realms[0].renown, state.realms[0].honor) == (1, 3)  # 3 + 5 + 5 honor


def test_strange_blueprints_allow_one_village_on_a_lake() -> None:
    state = carded()
    lake = clear(state, neighbour(HOME), Terrain.LAKE)
    assert Build(lake, int(Structure.VILLAGE)) not in state.legal_actions(0)
    draw(state, Card.STRANGE_BLUEPRINTS)
    assert state.realms[0].hand == (Card.STRANGE_BLUEPRINTS,)
    state.apply(0, Build(lake, int(Structure.VILLAGE)))
    assert state.tiles.structure[lake] is Structure.VILLAGE
    assert state.realms[0].hand == ()


def test_a_realm_artifact_helps_its_owner_or_a_negotiator() -> None:
    state = carded()
    draw(state, ARTIFACT_BASE + 0)
    state.apply(0, ChooseResource(Res.WOOD))
    assert state.realms[0].resources[Res.WOOD] == 3
    draw(state, ARTIFACT_BASE + 1)
    assert state.realms[0].hand == (ARTIFACT_BASE + 1,)
    assert ambassador_strength(state, Negotiation.TRUCE, 0, 1) == 4


def test_a_scout_skirmish_card_saves_a_troop_once() -> None:
    state, target = battle_setup(defenders=1)
    state.realms[1].hand = (int(Card.SCOUT_SKIRMISH),)
    state.apply(0, Move(state.tiles.troop_owner.index(0), target, 3))
    state.apply(CHANCE, CombatRoll((6, 5, 1)))
    state.apply(CHANCE, CombatRoll((3,)))
    battle = state.pending.battle
    assert battle is not None and battle.dfn == 1
    assert state.realms[1].hand == ()
    assert state.course.phase is Phase.CONFLICT


def test_no_cards_are_drawn_with_decks_off() -> None:
    state = game(events=False, adventures=False)
    to_conflict(state)
    assert state.decks.events == []
