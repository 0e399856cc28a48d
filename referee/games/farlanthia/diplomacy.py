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
    """Truces in force and, per realm, when it last attacked or negotiated.

    Each history keeps its latest season and the one before it (-1 none): this
    season's event must not hide last season's, for the highest strength that
    applies is used (FARL-26).
    """

    truces: list[tuple[int, int, int]]
    """(proposer, resister, season made)."""
    attacked: list[list[int]]
    """attacked[a][b]: the last season a attacked b (-1 never)."""
    last_trade: list[int]
    last_legality: list[int]
    last_forced: list[int]
    attacked_before: list[list[int]]
    """attacked_before[a][b]: the season before ``attacked[a][b]`` that a attacked b."""
    trade_before: list[int]
    legality_before: list[int]
    forced_before: list[int]

    @classmethod
    def fresh(cls, players: int) -> Diplomacy:
        def never() -> list[int]:
            return [-1] * players

        return cls(
            [], [never() for _ in range(players)], never(), never(), never(),
            [never() for _ in range(players)], never(), never(), never(),
        )  # fmt: skip

    def copy(self) -> Diplomacy:
        return Diplomacy(
            list(self.truces),
            [list(row) for row in self.attacked],
            list(self.last_trade),
            list(self.last_legality),
            list(self.last_forced),
            [list(row) for row in self.attacked_before],
            list(self.trade_before),
            list(self.legality_before),
            list(self.forced_before),
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
        _record(self.attacked[attacker], self.attacked_before[attacker], victim, season)

    def record_proposal(self, kind: Negotiation, seat: int, season: int) -> None:
        """The seat proposed a trade, legality or forced labor this season (FARL-26)."""
        if kind is Negotiation.TRADE:
            _record(self.last_trade, self.trade_before, seat, season)
        elif kind is Negotiation.LEGALITY:
            _record(self.last_legality, self.legality_before, seat, season)
        elif kind is Negotiation.FORCED_LABOR:
            _record(self.last_forced, self.forced_before, seat, season)


def _record(latest: list[int], before: list[int], index: int, season: int) -> None:
    """An event in ``season``: the latest season it happened, and the one before."""
    if latest[index] != season:
        before[index] = latest[index]
        latest[index] = season
