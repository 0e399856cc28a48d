"""Farlanthia combat and conquest: RISK dice, fortification, swaps, razing, capture, militia."""

from __future__ import annotations

from dataclasses import replace

from referee.engine import CHANCE
from referee.games.farlanthia.actions import (
    CombatRoll,
    Done,
    Move,
    Occupy,
    PressOn,
    RaiseMilitia,
    Substitute,
    Withdraw,
)
from referee.games.farlanthia.battle import Losses, fight_round
from referee.games.farlanthia.board import Terrain
from referee.games.farlanthia.course import Phase
from referee.games.farlanthia.pending import Ask
from referee.games.farlanthia.structures import Res, Structure
from tests.games.test_farlanthia_rules import (
    AWAY,
    HOME,
    battle_setup,
    clear,
    game,
    neighbour,
    to_conflict,
)

# -- combat ------------------------------------------------------------------


def test_attacker_rolls_up_to_3_defender_up_to_2_and_ties_go_to_the_defender() -> None:
    """FARL-14: 6 v 6 costs the attacker, 5 v 4 costs the defender."""
    state, target = battle_setup(defenders=2)
    state.apply(0, Move(state.tiles.troop_owner.index(0), target, 3))
    assert len(state.chance_outcomes()) == 56  # three dice, sorted
    state.apply(CHANCE, CombatRoll((6, 5, 1)))
    assert len(state.chance_outcomes()) == 21  # two dice
    state.apply(CHANCE, CombatRoll((6, 4)))
    battle = state.pending.battle
    assert battle is not None and (battle.att, battle.dfn) == (2, 1)
    assert state.realms[0].valor == 1 and state.realms[1].valor == 1


def test_a_fortified_defender_rolls_2_dice_with_one_troop() -> None:
    state, target = battle_setup(defenders=1, fort=True)
    state.apply(0, Move(state.tiles.troop_owner.index(0), target, 3))
    state.apply(CHANCE, CombatRoll((6, 5, 1)))
    assert len(state.chance_outcomes()) == 21
    plain, target2 = battle_setup(defenders=1)
    plain.apply(0, Move(plain.tiles.troop_owner.index(0), target2, 3))
    plain.apply(CHANCE, CombatRoll((6, 5, 1)))
    assert len(plain.chance_outcomes()) == 6


def test_the_winner_holds_the_tile() -> None:
    state, target = battle_setup(defenders=1)
    state.apply(0, Move(state.tiles.troop_owner.index(0), target, 3))
    state.apply(CHANCE, CombatRoll((6, 5, 1)))
    state.apply(CHANCE, CombatRoll((3,)))
    assert state.pending.battle is None
    assert (state.tiles.troop_owner[target], state.tiles.troops[target]) == (0, 3)


def test_a_leadership_die_may_replace_a_rolled_die_before_comparing() -> None:
    """FARL-14: the attacker swaps a 6 in for its 2 and wins both comparisons."""
    state, target = battle_setup(defenders=2)
    state.realms[0].dice = (6,)
    state.realms[1].dice = ()
    state.apply(0, Move(state.tiles.troop_owner.index(0), target, 3))
    state.apply(CHANCE, CombatRoll((5, 2, 1)))
    state.apply(CHANCE, CombatRoll((4, 3)))
    assert state.to_act() == (0,)
    assert state.legal_actions(0) == [Substitute(6, 0), Substitute(6, 1), Substitute(6, 2), Done()]
    state.apply(0, Substitute(6, 1))
    assert state.pending.battle is None  # (6, 5) beat (4, 3): both defenders fall
    assert (state.tiles.troop_owner[target], state.tiles.troops[target]) == (0, 3)
    assert state.realms[0].dice == ()


def test_the_defender_may_swap_in_a_die_during_the_attack() -> None:
    state, target = battle_setup(defenders=2)
    state.realms[0].dice = ()
    state.realms[1].dice = (5,)
    state.apply(0, Move(state.tiles.troop_owner.index(0), target, 3))
    state.apply(CHANCE, CombatRoll((5, 4, 1)))
    state.apply(CHANCE, CombatRoll((6, 1)))
    assert state.to_act() == (1,)
    state.apply(1, Substitute(5, 1))
    battle = state.pending.battle
    assert battle is not None and (battle.att, battle.dfn) == (1, 2)


# -- conquest ----------------------------------------------------------------


def test_razing_waits_for_the_end_of_the_owners_conflict_phase() -> None:
    """FARL-17: seat 0 holds seat 1's town; seat 1 plays its phase, then seat 0 may raze it."""
    state, target = battle_setup(defenders=0)
    state.tiles.terrain[target] = Terrain.FOREST
    state.tiles.set_structure(target, Structure.TOWN, 1)
    wood, gold = state.realms[0].resources[Res.WOOD], state.realms[0].resources[Res.GOLD]
    state.apply(0, Move(state.tiles.troop_owner.index(0), target, 1))
    assert state.tiles.troop_owner[target] == 0 and state.pending.battle is None
    state.apply(0, Done())
    assert (
        state.to_act() == (1,) and not state.pending.frames
    )  # no raze at the end of seat 0's phase
    assert RaiseMilitia(target) in state.legal_actions(1)
    state.apply(1, Done())
    assert state.to_act() == (0,)
    assert state.legal_actions(0) == [Occupy(target, 0), Occupy(target, 1)]  # no capture
    state.apply(0, Occupy(target, 1))
    assert state.tiles.structure[target] is Structure.NONE
    assert state.realms[0].resources[Res.WOOD] == wood + 1
    assert state.realms[0].resources[Res.GOLD] == gold + 1


def test_the_owner_prevents_the_raze_by_raising_militia_in_its_own_phase() -> None:
    """FARL-16, FARL-17: the town's 2 militia beat the lone occupier; nothing is left to raze."""
    state, target = battle_setup(defenders=0)
    state.tiles.set_structure(target, Structure.TOWN, 1)
    state.apply(0, Move(state.tiles.troop_owner.index(0), target, 1))
    state.apply(0, Done())
    state.realms[1].dice = ()  # no leadership die to swap in
    state.apply(1, RaiseMilitia(target))
    state.apply(CHANCE, CombatRoll((3,)))
    state.apply(CHANCE, CombatRoll((5, 1)))
    assert state.pending.battle is None
    assert (state.tiles.troop_owner[target], state.tiles.troops[target]) == (1, 2)
    assert (state.tiles.structure[target], state.tiles.owner[target]) == (Structure.VILLAGE, 1)
    state.apply(1, Done())
    assert not any(frame.ask is Ask.OCCUPY for frame in state.pending.frames)
    assert (
        state.course.phase is Phase.LEADERSHIP
        and state.tiles.structure[target] is Structure.VILLAGE
    )


def test_capturing_takes_the_structure_when_the_option_is_on() -> None:
    """FARL-18: off by default; with allow_capture the occupier may take the structure."""
    state, target = battle_setup(defenders=0)
    state.rules = replace(state.rules, allow_capture=True)
    state.tiles.set_structure(target, Structure.VILLAGE, 1)
    state.apply(0, Move(state.tiles.troop_owner.index(0), target, 1))
    state.apply(0, Done())
    state.apply(1, Done())
    state.apply(0, Occupy(target, 2))
    assert (state.tiles.structure[target], state.tiles.owner[target]) == (Structure.VILLAGE, 0)


def test_razing_the_last_other_capitol_ends_the_game() -> None:
    """FARL-21: the capitol's realm is eliminated; the last capitol standing wins."""
    state, _ = battle_setup(defenders=0)
    start = state.tiles.troop_owner.index(0)
    state.tiles.remove_troops(AWAY, state.tiles.troops[AWAY])
    state.tiles.remove_troops(start, 3)
    next_to_away = clear(state, neighbour(AWAY))
    state.add_troops(0, next_to_away, 3)
    state.apply(0, Move(next_to_away, AWAY, 3))
    state.apply(0, Done())
    state.apply(1, Done())  # seat 1 has no troops left to strike back with
    assert state.legal_actions(0) == [Occupy(AWAY, 0), Occupy(AWAY, 1)]
    state.apply(0, Occupy(AWAY, 1))
    assert state.is_terminal()
    assert not state.realms[1].alive
    outcome = state.outcome()
    assert [o.rank for o in outcome] == [1, 2]
    assert outcome[0].titles == ("last capitol standing",)
    assert outcome[1].titles == ("eliminated",)


def test_the_owner_defends_its_own_structure_when_it_moves_back_in() -> None:
    """FARL-17: seat 0 re-enters its capitol held by seat 1 and defends it, fortified."""
    state = game()
    to_conflict(state)
    start = clear(state, neighbour(HOME))
    state.tiles.remove_troops(HOME, 3)
    state.add_troops(1, HOME, 2)
    state.add_troops(0, start, 1)
    state.apply(0, Move(start, HOME, 1))
    battle = state.pending.battle
    assert battle is not None
    assert (battle.attacker, battle.defender, battle.fortified) == (1, 0, True)


def test_militia_rise_on_an_occupied_town_and_defend() -> None:
    """FARL-16: a town gives 2 militia and becomes a village."""
    state = game()
    to_conflict(state)
    town = clear(state, neighbour(HOME))
    state.tiles.set_structure(town, Structure.TOWN, 0)
    state.add_troops(1, town, 1)
    assert RaiseMilitia(town) in state.legal_actions(0)
    state.apply(0, RaiseMilitia(town))
    assert state.tiles.structure[town] is Structure.VILLAGE
    battle = state.pending.battle
    assert battle is not None and (battle.attacker, battle.defender) == (1, 0)
    assert (battle.att, battle.dfn) == (1, 2)
    state.apply(CHANCE, CombatRoll((4,)))
    state.apply(CHANCE, CombatRoll((4, 1)))
    assert (state.tiles.troop_owner[town], state.tiles.troops[town]) == (0, 2)
    assert RaiseMilitia(town) not in state.legal_actions(0)


# -- retreat -----------------------------------------------------------------


def test_after_a_round_the_attacker_may_withdraw_to_the_tile_it_came_from() -> None:
    """FARL-15: as in RISK; the survivors go back spent, the defenders keep the tile."""
    state, target = battle_setup(defenders=2)
    state.realms[0].dice, state.realms[1].dice = (), ()
    start = state.tiles.troop_owner.index(0)
    state.apply(0, Move(start, target, 3))
    state.apply(CHANCE, CombatRoll((6, 5, 1)))
    state.apply(CHANCE, CombatRoll((6, 4)))
    battle = state.pending.battle
    assert battle is not None and (battle.att, battle.dfn) == (2, 1)
    assert state.to_act() == (0,) and state.legal_actions(0) == [PressOn(), Withdraw()]
    state.apply(0, Withdraw())
    assert state.pending.battle is None
    assert (state.tiles.troop_owner[target], state.tiles.troops[target]) == (1, 1)
    assert (
        state.tiles.troop_owner[start],
        state.tiles.troops[start],
        state.tiles.exhausted[start],
    ) == (0, 2, 2)
    assert not any(isinstance(a, Move) and a.source == start for a in state.legal_actions(0))


def test_pressing_on_fights_another_round() -> None:
    state, target = battle_setup(defenders=2)
    state.realms[0].dice, state.realms[1].dice = (), ()
    state.apply(0, Move(state.tiles.troop_owner.index(0), target, 3))
    state.apply(CHANCE, CombatRoll((6, 5, 1)))
    state.apply(CHANCE, CombatRoll((6, 4)))
    state.apply(0, PressOn())
    assert state.to_act() == (CHANCE,) and len(state.chance_outcomes()) == 21  # 2 dice
    state.apply(CHANCE, CombatRoll((6, 6)))
    state.apply(CHANCE, CombatRoll((1,)))
    assert state.pending.battle is None and (
        state.tiles.troop_owner[target],
        state.tiles.troops[target],
    ) == (0, 2)


def test_militia_nobody_moved_in_fight_to_the_end() -> None:
    """FARL-15: only a realm that moved in has somewhere to withdraw to."""
    state = game()
    to_conflict(state)
    state.realms[0].dice, state.realms[1].dice = (), ()
    town = clear(state, neighbour(HOME))
    state.tiles.set_structure(town, Structure.TOWN, 0)
    state.add_troops(1, town, 3)
    state.apply(0, RaiseMilitia(town))
    state.apply(CHANCE, CombatRoll((6, 5, 1)))
    state.apply(CHANCE, CombatRoll((6, 4)))
    assert state.to_act() == (CHANCE,)  # straight on to the next round


def test_a_round_of_dice_is_a_pure_function_of_the_forces_and_the_dice() -> None:
    """FARL-14 and FARL-31: the battle computes losses; the caller applies them."""
    assert fight_round((6, 5, 1), (5, 5), 3, 2) == Losses(attacker=1, defender=1)
    assert fight_round((6, 6), (5,), 2, 1) == Losses(attacker=0, defender=1)  # one pair only
    assert fight_round((2, 1), (6, 6), 1, 2) == Losses(attacker=1, defender=0)  # stops at 0
    shielded = fight_round((1, 1), (6, 6), 3, 2, attacker_shield=True)
    assert shielded == Losses(attacker=1, defender=0, attacker_shielded=True)
