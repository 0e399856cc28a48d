"""Farlanthia diplomacy: proposals, ambassador strengths, dice negotiations and their effects."""

from __future__ import annotations

import pytest

from referee.engine import CHANCE
from referee.games.farlanthia.actions import CombatRoll, Done, Move, Propose, Respond, Swap
from referee.games.farlanthia.diplomacy import Negotiation
from referee.games.farlanthia.moves import attack
from referee.games.farlanthia.negotiation import ambassador_strength
from referee.games.farlanthia.pending import Ask
from referee.games.farlanthia.structures import Structure
from tests.games.test_farlanthia_rules import (
    HOME,
    at_conflict_with_diplomacy,
    clear,
    game,
    neighbour,
    to_conflict,
)

# -- diplomacy ---------------------------------------------------------------


@pytest.mark.parametrize("peaceful", [False, True])
def test_reinforcing_an_occupation_attacks_unless_the_option_says_otherwise(
    peaceful: bool,
) -> None:
    """FARL-25, FARL-26: seat 0 holds seat 1's village and sends one more troop in.

    By default entering an enemy structure is an attack even when one's own
    troops hold it: the truce breaks; peaceful_reinforcement keeps it.
    """
    state = game(peaceful_reinforcement=peaceful)
    to_conflict(state)
    start = clear(state, neighbour(HOME))
    village = clear(state, neighbour(start, skip=(HOME,)))
    state.tiles.set_structure(village, Structure.VILLAGE, 1)
    state.add_troops(0, start, 2)
    state.add_troops(0, village, 1)
    state.diplomacy.truces.append((1, 0, state.course.season))
    state.apply(0, Move(start, village, 1))
    assert state.tiles.troops[village] == 2 and state.pending.battle is None
    assert state.realms[0].renown == (0 if peaceful else -5)
    assert state.diplomacy.has_truce(0, 1) == peaceful
    assert (state.diplomacy.attacked[0][1] == state.course.season) != peaceful


def test_an_accepted_truce_binds_and_breaking_it_costs_5_renown() -> None:
    """FARL-25."""
    state = at_conflict_with_diplomacy()
    state.apply(0, Propose(int(Negotiation.TRUCE), 1))
    assert state.to_act() == (1,)
    assert state.legal_actions(1) == [Respond(False), Respond(True)]
    state.apply(1, Respond(True))
    assert state.diplomacy.has_truce(0, 1)
    assert Propose(int(Negotiation.TRUCE), 1) not in state.legal_actions(0)
    attack(state, 0, 1)
    assert state.realms[0].renown == -5 and not state.diplomacy.has_truce(0, 1)


def test_a_resisted_proposal_is_a_dice_battle_and_the_winner_gains_honor() -> None:
    """FARL-27: a first truce has strength 3 against 2."""
    state = at_conflict_with_diplomacy()
    state.apply(0, Propose(int(Negotiation.TRUCE), 1))
    state.apply(1, Respond(False))
    battle = state.pending.battle
    assert battle is not None and (battle.att, battle.dfn, battle.negotiation) == (3, 2, 1)
    state.apply(CHANCE, CombatRoll((6, 6, 1)))
    state.apply(CHANCE, CombatRoll((2, 1)))
    assert state.pending.battle is None and state.diplomacy.has_truce(0, 1)
    assert state.realms[0].honor == 1


def test_ambassador_strength_follows_history() -> None:
    """FARL-26: combat this season drops a truce proposal to 0, last season to 1."""
    state = at_conflict_with_diplomacy()
    state.course.season = 2
    assert ambassador_strength(state, Negotiation.TRUCE, 0, 1) == 3
    state.diplomacy.attacked[1][0] = state.course.season
    assert ambassador_strength(state, Negotiation.TRUCE, 0, 1) == 0
    state.diplomacy.attacked[1][0] = state.course.season - 1
    assert ambassador_strength(state, Negotiation.TRUCE, 0, 1) == 1
    state.diplomacy.attacked[1][0] = 0
    assert ambassador_strength(state, Negotiation.TRUCE, 0, 1) == 2
    assert ambassador_strength(state, Negotiation.FORCED_LABOR, 0, 1) == 2
    state.realms[0].resources = [0, 0, 0, 0]
    assert ambassador_strength(state, Negotiation.FORCED_LABOR, 0, 1) == 3


def test_when_this_season_and_last_both_apply_the_highest_strength_is_used() -> None:
    """FARL-26: an event this season does not hide the same event last season."""
    state = at_conflict_with_diplomacy()
    now = state.course.season = 2
    history = state.diplomacy
    history.record_attack(0, 1, now - 1)
    history.record_attack(0, 1, now)
    assert ambassador_strength(state, Negotiation.TRUCE, 0, 1) == 1  # not 0
    for kind in (Negotiation.TRADE, Negotiation.LEGALITY):
        history.record_proposal(kind, 0, now - 1)
        history.record_proposal(kind, 0, now)
        history.record_proposal(kind, 0, now)  # twice in a season keeps last season's
        assert ambassador_strength(state, kind, 0, 1) == 1
    history.record_proposal(Negotiation.FORCED_LABOR, 0, now - 1)
    history.record_proposal(Negotiation.FORCED_LABOR, 0, now)
    assert ambassador_strength(state, Negotiation.FORCED_LABOR, 0, 1) == 0  # last season's


def test_a_trade_lets_the_winner_swap_one_for_one() -> None:
    """FARL-28."""
    state = at_conflict_with_diplomacy()
    state.realms[0].resources = [3, 0, 0, 0]
    state.realms[1].resources = [0, 0, 0, 3]
    state.apply(0, Propose(int(Negotiation.TRADE), 1))
    state.apply(1, Respond(True))
    assert state.to_act() == (0,)
    assert state.legal_actions(0) == [Swap(0, 3), Done()]
    state.apply(0, Swap(0, 3))
    state.apply(0, Swap(0, 3))
    state.apply(0, Done())
    assert state.realms[0].resources == [1, 0, 0, 2]
    assert state.realms[1].resources == [2, 0, 0, 1]


def test_legality_ends_a_truce_and_forced_labor_needs_no_answer() -> None:
    """FARL-29."""
    state = at_conflict_with_diplomacy()
    state.diplomacy.truces.append((1, 0, state.course.season))
    state.apply(0, Propose(int(Negotiation.LEGALITY), 1))
    state.apply(1, Respond(True))
    assert not state.diplomacy.has_truce(0, 1)
    other = at_conflict_with_diplomacy()
    other.apply(0, Propose(int(Negotiation.FORCED_LABOR), 1))
    battle = other.pending.battle
    assert battle is not None and (battle.att, battle.dfn) == (2, 2)
    other.apply(CHANCE, CombatRoll((6, 6)))
    other.apply(CHANCE, CombatRoll((1, 1)))
    assert other.pending.frames[-1].ask is Ask.GAIN and other.pending.frames[-1].count == 2


def test_forced_labor_is_exclusive() -> None:
    state = at_conflict_with_diplomacy()
    state.apply(0, Propose(int(Negotiation.TRUCE), 1))
    state.apply(1, Respond(True))
    assert Propose(int(Negotiation.FORCED_LABOR), 1) not in state.legal_actions(0)
