"""Dice battles: RISK combat on a tile, and diplomatic negotiations (FARL-14, FARL-24).

A round: chance rolls the attacker's dice (up to 3), then the defender's
(up to 2; 2 on a fortified tile with one troop). Either side may then swap
rolled dice for unspent leadership dice that beat them. Highest against
highest, then the next: the higher die wins, ties go to the defender, and
each loss costs one unit (a troop, or an ambassador's die). After each
round of combat the realm that moved in presses on or withdraws to the tile
it came from, as in RISK (FARL-15); otherwise rounds go on until one side
has no units left. A negotiation is the same battle with the ambassador
strengths as units and the proposer attacking.
"""

from __future__ import annotations

import enum
import itertools
from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from math import factorial
from typing import TYPE_CHECKING

from referee.errors import IllegalAction
from referee.games.farlanthia.actions import (
    CombatRoll,
    Done,
    FarlanthiaAction,
    PressOn,
    Substitute,
    Withdraw,
)
from referee.games.farlanthia.cards import ARTIFACT_BASE, Card, discard_held
from referee.games.farlanthia.pending import Ask, Frame

if TYPE_CHECKING:
    from referee.games.farlanthia.state import FarlanthiaState


class Negotiation(enum.IntEnum):
    """The diplomacy of the rule text's examples; values match Propose.kind."""

    TRUCE = 1
    TRADE = 2
    LEGALITY = 3
    FORCED_LABOR = 4


RESISTER_STRENGTH = 2


class Stage(enum.IntEnum):
    ROLL_ATTACKER = 1
    ROLL_DEFENDER = 2
    SWAP_ATTACKER = 3
    SWAP_DEFENDER = 4
    PRESS_OR_WITHDRAW = 5


@cache
def sorted_roll_outcomes(n: int) -> list[tuple[tuple[int, ...], Fraction]]:
    """Every throw of n dice, highest first, with its probability."""
    total = 6**n
    outcomes = []
    for dice in itertools.combinations_with_replacement(range(6, 0, -1), n):
        ways = factorial(n)
        for count in Counter(dice).values():
            ways //= factorial(count)
        outcomes.append((dice, Fraction(ways, total)))
    return sorted(outcomes)


@dataclass
class Battle:
    """One dice battle in progress."""

    attacker: int
    defender: int
    tile: int
    """The tile fought over; -1 for a negotiation."""
    negotiation: int
    """0 for combat, else a Negotiation."""
    att: int
    dfn: int
    fortified: bool
    stage: Stage = Stage.ROLL_ATTACKER
    att_roll: tuple[int, ...] = ()
    def_roll: tuple[int, ...] = ()
    contested: bool = True
    mover: int = -1
    """The realm that moved in and may withdraw (FARL-15); -1 for militia and negotiations."""
    source: int = -1
    """The tile the mover came from, where survivors withdraw."""

    def key(self) -> tuple[object, ...]:
        return (
            self.attacker,
            self.defender,
            self.tile,
            self.negotiation,
            self.att,
            self.dfn,
            self.fortified,
            int(self.stage),
            self.att_roll,
            self.def_roll,
            self.contested,
            self.mover,
            self.source,
        )

    def units_of(self, seat: int) -> int:
        if self.negotiation:
            return 0
        return (self.att if seat == self.attacker else 0) + (
            self.dfn if seat == self.defender else 0
        )

    def attacker_dice(self) -> int:
        return min(3, self.att)

    def defender_dice(self) -> int:
        if self.fortified and self.dfn >= 1:
            return 2  # FARL-14
        return min(2, self.dfn)

    def to_act(self) -> int:
        from referee.engine import CHANCE

        if self.stage in (Stage.ROLL_ATTACKER, Stage.ROLL_DEFENDER):
            return CHANCE
        if self.stage is Stage.PRESS_OR_WITHDRAW:
            return self.mover
        return self.attacker if self.stage is Stage.SWAP_ATTACKER else self.defender

    def chance_outcomes(self) -> list[tuple[FarlanthiaAction, Fraction]]:
        n = self.attacker_dice() if self.stage is Stage.ROLL_ATTACKER else self.defender_dice()
        return [(CombatRoll(dice), p) for dice, p in sorted_roll_outcomes(n)]

    def apply_chance(self, state: FarlanthiaState, action: FarlanthiaAction) -> None:
        if not isinstance(action, CombatRoll):
            raise IllegalAction(f"farlanthia: expected a combat roll, got {action!r}")
        if self.stage is Stage.ROLL_ATTACKER:
            self.att_roll = action.dice
            self.stage = Stage.ROLL_DEFENDER
        else:
            self.def_roll = action.dice
            self.stage = Stage.SWAP_ATTACKER

    def _swapper(self) -> tuple[int, tuple[int, ...]]:
        if self.stage is Stage.SWAP_ATTACKER:
            return self.attacker, self.att_roll
        return self.defender, self.def_roll

    def legal_actions(self, state: FarlanthiaState) -> list[FarlanthiaAction]:
        if self.stage is Stage.PRESS_OR_WITHDRAW:
            return [PressOn(), Withdraw()]
        seat, roll = self._swapper()
        return [*self._substitutions(state, seat, roll), Done()]

    def _substitutions(
        self, state: FarlanthiaState, seat: int, roll: tuple[int, ...]
    ) -> list[FarlanthiaAction]:
        """Leadership dice that beat a rolled die (FARL-14); one slot per distinct value."""
        options: list[FarlanthiaAction] = []
        for die in sorted(set(state.realms[seat].dice)):
            value = state.die_bonus(seat, die)
            for slot, rolled in enumerate(roll):
                if value > rolled and rolled not in roll[:slot]:
                    options.append(Substitute(die, slot))
        return options

    def apply_decision(self, state: FarlanthiaState, seat: int, action: FarlanthiaAction) -> None:
        if isinstance(action, PressOn):
            self.stage = Stage.ROLL_ATTACKER
            return
        if isinstance(action, Withdraw):
            self._withdraw(state)
            return
        if isinstance(action, Substitute):
            value = state.spend_die(seat, action.die, use_bonus=True)
            _, roll = self._swapper()
            dice = list(roll)
            dice[action.slot] = value
            new = tuple(sorted(dice, reverse=True))
            if self.stage is Stage.SWAP_ATTACKER:
                self.att_roll = new
            else:
                self.def_roll = new
            return
        if self.stage is Stage.SWAP_ATTACKER:
            self.stage = Stage.SWAP_DEFENDER
            return
        self._compare(state)

    def settle(self, state: FarlanthiaState) -> bool:
        """Skip swap stages with nothing to swap; return whether anything changed."""
        if self.stage in (Stage.ROLL_ATTACKER, Stage.ROLL_DEFENDER):
            if self.att <= 0 or self.dfn <= 0:
                self._end(state)
                return True
            return False
        if self.stage is Stage.PRESS_OR_WITHDRAW:
            return False
        seat, roll = self._swapper()
        if self._substitutions(state, seat, roll):
            return False
        if self.stage is Stage.SWAP_ATTACKER:
            self.stage = Stage.SWAP_DEFENDER
        else:
            self._compare(state)
        return True

    def _compare(self, state: FarlanthiaState) -> None:
        """Highest against highest, ties to the defender (FARL-14)."""
        for a, d in zip(self.att_roll, self.def_roll, strict=False):
            if self.att <= 0 or self.dfn <= 0:
                break
            if a > d:
                self._lose(state, defender_side=True)
            else:
                self._lose(state, defender_side=False)
        self.att_roll, self.def_roll = (), ()
        if self.att <= 0 or self.dfn <= 0:
            self._end(state)
        elif self.mover >= 0:
            self.stage = Stage.PRESS_OR_WITHDRAW
        else:
            self.stage = Stage.ROLL_ATTACKER

    def _lose(self, state: FarlanthiaState, defender_side: bool) -> None:
        loser = self.defender if defender_side else self.attacker
        winner = self.attacker if defender_side else self.defender
        if not self.negotiation:
            if Card.SCOUT_SKIRMISH in state.realms[loser].hand:  # FARL-31
                discard_held(state.realms[loser], state.decks, Card.SCOUT_SKIRMISH)
                return
            state.realms[winner].add_valor(1)  # FARL-19: one valor per troop destroyed
        if defender_side:
            self.dfn -= 1
        else:
            self.att -= 1

    def _end(self, state: FarlanthiaState) -> None:
        state.battle = None
        if self.negotiation:
            conclude(state, self, proposer_won=self.att > 0)
            return
        side, units = (self.attacker, self.att) if self.att > 0 else (self.defender, self.dfn)
        state.add_troops(side, self.tile, units)
        state.tiles.exhausted[self.tile] = state.tiles.troops[self.tile]

    def _withdraw(self, state: FarlanthiaState) -> None:
        """The mover's survivors go back to their tile, spent; the other side holds this one."""
        state.battle = None
        if self.mover == self.attacker:
            stay, staying, left = self.defender, self.dfn, self.att
        else:
            stay, staying, left = self.attacker, self.att, self.dfn
        state.add_troops(stay, self.tile, staying)
        state.tiles.exhausted[self.tile] = state.tiles.troops[self.tile]
        state.tiles.exhausted[self.source] += state.add_troops(self.mover, self.source, left)


def ambassador_strength(state: FarlanthiaState, kind: Negotiation, p: int, r: int) -> int:
    """The proposer's strength: the highest of the rule text's applicable values (FARL-26)."""
    now = state.season
    last = state.season - 1 if state.season else -99  # "never" is -1, not last season
    options: list[int] = []
    if kind is Negotiation.TRUCE:
        engaged = max(state.attacked[p][r], state.attacked[r][p])
        options += [0] if engaged == now else []
        options += [1] if engaged == last else []
        if not options:
            options = [3] if engaged < 0 else [2]
    elif kind is Negotiation.TRADE:
        options += [0] if state.last_trade[p] == now else []
        options += [1] if state.last_trade[p] == last else []
        if not options:
            options = [3] if state.last_trade[p] < 0 else [2]
    elif kind is Negotiation.LEGALITY:
        options += [0] if state.last_legality[p] == now else []
        options += [1] if state.last_legality[p] == last else []
        options += [3] if state.attacked[r][p] == now else []
        options = options or [2]
    else:
        options += [0] if state.last_forced[p] == last else []
        options += [2] if state.last_forced[p] < 0 else []
        options += [3] if not any(state.realms[p].resources) else []
        options = options or [1]
    strength = max(options)
    if ARTIFACT_BASE + r in state.realms[p].hand:
        strength += 1  # Realm Ancestry Artifact (FARL-31)
    return strength


def start_negotiation(
    state: FarlanthiaState, kind: Negotiation, p: int, r: int, strength: int
) -> None:
    """The resister resists: the ambassadors' dice battle (or no battle at strength 0)."""
    battle = Battle(p, r, -1, int(kind), strength, RESISTER_STRENGTH, fortified=False)
    if strength <= 0:
        conclude(state, battle, proposer_won=False)
        return
    state.battle = battle


def accept(state: FarlanthiaState, kind: Negotiation, p: int, r: int, strength: int) -> None:
    """The target complies: the proposal goes through with the proposer's full strength."""
    battle = Battle(p, r, -1, int(kind), max(1, strength), RESISTER_STRENGTH, False)
    battle.contested = False
    conclude(state, battle, proposer_won=True)


def conclude(state: FarlanthiaState, battle: Battle, proposer_won: bool) -> None:
    """A negotiation's effects (FARL-25..28)."""
    p, r = battle.attacker, battle.defender
    kind = Negotiation(battle.negotiation)
    winner, left = (p, battle.att) if proposer_won else (r, battle.dfn)
    if battle.contested:
        state.realms[winner].add_honor(1)  # FARL-27
    artifact = ARTIFACT_BASE + r
    if artifact in state.realms[p].hand:
        discard_held(state.realms[p], state.decks, artifact)
        if not proposer_won:
            state.frames.append(Frame(Ask.GAIN, r, card=artifact, count=1))
    if kind is Negotiation.TRUCE and proposer_won:
        state.truces.append((p, r, state.season))
    elif kind is Negotiation.TRADE:
        loser = r if winner == p else p
        state.frames.append(Frame(Ask.SWAPS, winner, count=left, other=loser))
    elif kind is Negotiation.LEGALITY and proposer_won:
        state.truces = [t for t in state.truces if {t[0], t[1]} != {p, r}]
    elif kind is Negotiation.FORCED_LABOR and proposer_won:
        state.frames.append(Frame(Ask.GAIN, p, count=left))
