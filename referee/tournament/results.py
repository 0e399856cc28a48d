"""What the tournament database keeps of a finished match, as types.

A ``StoredResult`` is written as JSON in the ``matches.result`` column and
read back from it; the JSON keys are the field names (``seats[].name`` is the
entrant, as the quarantine's SQL reads it). Terminations are the
``Termination`` enum in Python and its label in JSON.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass, replace
from typing import Any

from referee.match.result import MatchResult, Overhead, SeatResult

SOLO_WIN_TITLE = "won"


@dataclass(frozen=True)
class StoredResult:
    """A finished match: its seats, steps and the referee's overhead."""

    match_id: str
    steps: int
    seats: tuple[SeatResult, ...]
    """In seat order."""
    overhead: Overhead | None = None

    @classmethod
    def of(cls, result: MatchResult, entrants: Sequence[str]) -> StoredResult:
        """A match's result, each seat under the entrant that sat there."""
        seats = tuple(replace(seat, name=entrants[seat.seat]) for seat in result.seats)
        return cls(result.match_id, result.steps, seats, result.overhead)

    def won(self, seat: SeatResult) -> bool:
        """A match won: first alone at the table, or a solo engine's "won" title."""
        if len(self.seats) == 1:
            return SOLO_WIN_TITLE in seat.titles
        firsts = sum(other.rank == 1 for other in self.seats)
        return seat.rank == 1 and firsts == 1

    def to_dict(self) -> dict[str, Any]:
        return {
            "match_id": self.match_id,
            "steps": self.steps,
            "overhead": asdict(self.overhead) if self.overhead else None,
            # The entrant as "name" too: the quarantine's SQL reads seats[].name.
            "seats": [
                {"seat": seat.seat, "name": seat.name} | seat.to_dict() for seat in self.seats
            ],
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> StoredResult:
        overhead = data.get("overhead")
        return cls(
            match_id=data.get("match_id", ""),
            steps=data.get("steps", 0),
            seats=tuple(SeatResult.from_dict(seat) for seat in data.get("seats", ())),
            overhead=Overhead(**overhead) if overhead else None,
        )
