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

The battle keeps its own units, dice and stage, and knows nothing else:
chance is its dice source (each throw arrives as a ``CombatRoll``), a
round's losses are the pure ``fight_round``, and what the losses and the end
mean for the realms and the map the caller applies (combat.py).
"""

from __future__ import annotations

import enum
import itertools
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from math import factorial

from referee.engine import CHANCE
from referee.games.farlanthia.actions import (
    CombatRoll,
    Done,
    FarlanthiaAction,
    PressOn,
    Substitute,
    Withdraw,
)


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


@cache
def _roll_actions(n: int) -> list[tuple[FarlanthiaAction, Fraction]]:
    """The chance outcomes of a throw of n battle dice, made once."""
    return [(CombatRoll(dice), p) for dice, p in sorted_roll_outcomes(n)]


@dataclass(frozen=True)
class Losses:
    """What one round of dice cost each side."""

    attacker: int
    """Units the attacker lost."""
    defender: int
    """Units the defender lost."""
    attacker_shielded: bool = False
    """The attacker's shield took a loss instead of a unit (a Scout Skirmish, FARL-31)."""
    defender_shielded: bool = False
    """The defender's shield took a loss instead of a unit."""


def fight_round(
    att_roll: tuple[int, ...],
    def_roll: tuple[int, ...],
    att: int,
    dfn: int,
    *,
    attacker_shield: bool = False,
    defender_shield: bool = False,
) -> Losses:
    """Highest against highest, ties to the defender (FARL-14): the losses of one round.

    A side's shield, if it has one, takes its first loss instead of a unit.
    Pairs stop once a side has no units left.
    """
    att_lost = dfn_lost = 0
    att_shielded = def_shielded = False
    for a, d in zip(att_roll, def_roll, strict=False):
        if att - att_lost <= 0 or dfn - dfn_lost <= 0:
            break
        if a > d:
            if defender_shield and not def_shielded:
                def_shielded = True
            else:
                dfn_lost += 1
        elif attacker_shield and not att_shielded:
            att_shielded = True
        else:
            att_lost += 1
    return Losses(att_lost, dfn_lost, att_shielded, def_shielded)


@dataclass
class Battle:
    """One dice battle in progress: the sides, their units, the dice on the table."""

    attacker: int
    defender: int
    tile: int
    """The tile fought over; -1 for a negotiation."""
    negotiation: int
    """0 for combat, else a Negotiation (diplomacy.py)."""
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

    # -- questions --------------------------------------------------------------

    def units_of(self, seat: int) -> int:
        """The seat's troops in this battle (ambassadors are no troops)."""
        if self.negotiation:
            return 0
        return (self.att if seat == self.attacker else 0) + (
            self.dfn if seat == self.defender else 0
        )

    def is_over(self) -> bool:
        return self.att <= 0 or self.dfn <= 0

    def is_rolling(self) -> bool:
        return self.stage in (Stage.ROLL_ATTACKER, Stage.ROLL_DEFENDER)

    def attacker_dice(self) -> int:
        return min(3, self.att)

    def defender_dice(self) -> int:
        if self.fortified and self.dfn >= 1:
            return 2  # FARL-14
        return min(2, self.dfn)

    def to_act(self) -> int:
        if self.is_rolling():
            return CHANCE
        if self.stage is Stage.PRESS_OR_WITHDRAW:
            return self.mover
        return self.swapper()

    def swapper(self) -> int:
        """The seat that may swap dice now."""
        return self.attacker if self.stage is Stage.SWAP_ATTACKER else self.defender

    def chance_outcomes(self) -> list[tuple[FarlanthiaAction, Fraction]]:
        n = self.attacker_dice() if self.stage is Stage.ROLL_ATTACKER else self.defender_dice()
        return list(_roll_actions(n))

    def substitutions(self, dice: Iterable[tuple[int, int]]) -> list[FarlanthiaAction]:
        """Leadership dice that beat a rolled die (FARL-14); one slot per distinct value.

        Args:
            dice: the swapper's distinct leadership dice, lowest first, each with
                the value it shows when spent.
        """
        roll = self._swapped_roll()
        options: list[FarlanthiaAction] = []
        for die, value in dice:
            for slot, rolled in enumerate(roll):
                if value > rolled and rolled not in roll[:slot]:
                    options.append(Substitute(die, slot))
        return options

    def choices(self, dice: Iterable[tuple[int, int]]) -> list[FarlanthiaAction]:
        """The acting seat's legal decisions; ``dice`` as for ``substitutions``."""
        if self.stage is Stage.PRESS_OR_WITHDRAW:
            return [PressOn(), Withdraw()]
        return [*self.substitutions(dice), Done()]

    def survivors(self) -> tuple[int, int]:
        """The side left standing and its units."""
        return (self.attacker, self.att) if self.att > 0 else (self.defender, self.dfn)

    def withdrawal(self) -> tuple[int, int, int]:
        """When the mover withdraws: the side that holds the tile, its units, the mover's."""
        if self.mover == self.attacker:
            return self.defender, self.dfn, self.att
        return self.attacker, self.att, self.dfn

    # -- changes ----------------------------------------------------------------

    def roll(self, action: FarlanthiaAction) -> None:
        """Chance threw the dice of the side whose turn it is to roll."""
        if not isinstance(action, CombatRoll):
            raise TypeError(f"farlanthia: expected a combat roll, got {action!r}")
        if self.stage is Stage.ROLL_ATTACKER:
            self.att_roll = action.dice
            self.stage = Stage.ROLL_DEFENDER
        else:
            self.def_roll = action.dice
            self.stage = Stage.SWAP_ATTACKER

    def substitute(self, slot: int, value: int) -> None:
        """The swapper's rolled die number ``slot`` now shows ``value``."""
        dice = list(self._swapped_roll())
        dice[slot] = value
        new = tuple(sorted(dice, reverse=True))
        if self.stage is Stage.SWAP_ATTACKER:
            self.att_roll = new
        else:
            self.def_roll = new

    def pass_swap(self) -> bool:
        """The swapper is done; return whether both are and the dice are compared now."""
        if self.stage is Stage.SWAP_ATTACKER:
            self.stage = Stage.SWAP_DEFENDER
            return False
        return True

    def compare(self, *, attacker_shield: bool, defender_shield: bool) -> Losses:
        """Compare the dice, take the losses, and go on; return the losses to apply."""
        losses = fight_round(
            self.att_roll,
            self.def_roll,
            self.att,
            self.dfn,
            attacker_shield=attacker_shield and not self.negotiation,
            defender_shield=defender_shield and not self.negotiation,
        )
        self.att -= losses.attacker
        self.dfn -= losses.defender
        self.att_roll, self.def_roll = (), ()
        if self.is_over():
            pass
        elif self.mover >= 0:
            self.stage = Stage.PRESS_OR_WITHDRAW
        else:
            self.stage = Stage.ROLL_ATTACKER
        return losses

    def press_on(self) -> None:
        self.stage = Stage.ROLL_ATTACKER

    def _swapped_roll(self) -> tuple[int, ...]:
        return self.att_roll if self.stage is Stage.SWAP_ATTACKER else self.def_roll
