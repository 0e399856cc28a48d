"""What the realms remember of one another: truces, attacks and past negotiations (one owner).

The rules of negotiation (negotiation.py) read this history for the
ambassadors' strength (FARL-26) and ask it to record what happens.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass


class Negotiation(enum.IntEnum):
    """The diplomacy of the rule text's examples; values match Propose.kind."""

    TRUCE = 1
    TRADE = 2
    LEGALITY = 3
    FORCED_LABOR = 4


@dataclass
class Diplomacy:
    """Truces in force and, per realm, when it last attacked or negotiated."""

    truces: list[tuple[int, int, int]]
    """(proposer, resister, season made)."""
    attacked: list[list[int]]
    """attacked[a][b]: the last season a attacked b (-1 never)."""
    last_trade: list[int]
    last_legality: list[int]
    last_forced: list[int]

    @classmethod
    def fresh(cls, players: int) -> Diplomacy:
        never = [[-1] * players for _ in range(players + 3)]
        return cls([], never[:players], never[players], never[players + 1], never[players + 2])

    def copy(self) -> Diplomacy:
        return Diplomacy(
            list(self.truces),
            [list(row) for row in self.attacked],
            list(self.last_trade),
            list(self.last_legality),
            list(self.last_forced),
        )

    def has_truce(self, a: int, b: int) -> bool:
        return any({p, r} == {a, b} for p, r, _ in self.truces)

    def make_truce(self, proposer: int, resister: int, season: int) -> None:
        self.truces.append((proposer, resister, season))

    def end_truce(self, a: int, b: int) -> None:
        self.truces = [t for t in self.truces if {t[0], t[1]} != {a, b}]

    def expire(self, seat: int, season: int) -> None:
        """The truces ``seat`` proposed before ``season`` end at its conflict turn (FARL-25)."""
        self.truces = [t for t in self.truces if not (t[0] == seat and t[2] < season)]

    def forget(self, seat: int) -> None:
        """A fallen realm's truces end."""
        self.truces = [t for t in self.truces if seat not in (t[0], t[1])]

    def record_attack(self, attacker: int, victim: int, season: int) -> None:
        self.attacked[attacker][victim] = season

    def record_proposal(self, kind: Negotiation, seat: int, season: int) -> None:
        """The seat proposed a trade, legality or forced labor this season (FARL-26)."""
        if kind is Negotiation.TRADE:
            self.last_trade[seat] = season
        elif kind is Negotiation.LEGALITY:
            self.last_legality[seat] = season
        elif kind is Negotiation.FORCED_LABOR:
            self.last_forced[seat] = season
