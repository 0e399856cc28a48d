"""What the tournament database keeps of a finished match, as types.

A ``StoredResult`` is written as JSON in the ``matches.result`` column and
read back from it; the JSON keys are the field names (``seats[].name`` is the
entrant, as the quarantine's SQL reads it). Terminations are the
``Termination`` enum in Python and its label in JSON.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass
from typing import Any

from referee.match.result import MatchResult, Overhead
from referee.match.termination import Termination

SOLO_WIN_TITLE = "won"


@dataclass(frozen=True)
class StoredSeat:
    """How one seat's match ended, under the entrant's name."""

    seat: int
    name: str
    """The entrant (the organiser's name for the bot)."""
    score: float
    rank: int
    termination: Termination
    titles: tuple[str, ...] = ()
    detail: str = ""
    faults: tuple[Termination, ...] = ()
    """Every fault penalised in the match, in order."""
    bot_name: str = ""
    """What the bot calls itself (its hello)."""
    bot_version: str = ""

    def fault_labels(self) -> list[str]:
        """The seat's faults: each penalised one, or else a faulty end (a stall)."""
        if self.faults:
            return [fault.label for fault in self.faults]
        return [self.termination.label] if self.termination.is_fault else []

    def to_dict(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "name": self.name,
            "bot": self.name,
            "score": self.score,
            "rank": self.rank,
            "termination": self.termination.label,
            "titles": list(self.titles),
            "detail": self.detail,
            "faults": [fault.label for fault in self.faults],
            "bot_name": self.bot_name,
            "bot_version": self.bot_version,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> StoredSeat:
        return cls(
            seat=data["seat"],
            name=data["name"],
            score=data["score"],
            rank=data["rank"],
            termination=Termination.parse(data["termination"]),
            titles=tuple(data.get("titles", ())),
            detail=data.get("detail", ""),
            faults=tuple(Termination.parse(label) for label in data.get("faults", ())),
            bot_name=data.get("bot_name", ""),
            bot_version=data.get("bot_version", ""),
        )


@dataclass(frozen=True)
class StoredResult:
    """A finished match: its seats, steps and the referee's overhead."""

    match_id: str
    steps: int
    seats: tuple[StoredSeat, ...]
    """In seat order."""
    overhead: Overhead | None = None

    @classmethod
    def of(cls, result: MatchResult, entrants: Sequence[str]) -> StoredResult:
        """A match's result, each seat under the entrant that sat there."""
        seats = tuple(
            StoredSeat(
                seat=s.seat,
                name=entrants[s.seat],
                score=s.score,
                rank=s.rank,
                termination=s.termination,
                titles=s.titles,
                detail=s.detail,
                faults=s.faults,
                bot_name=s.bot_name,
                bot_version=s.bot_version,
            )
            for s in result.seats
        )
        return cls(result.match_id, result.steps, seats, result.overhead)

    def won(self, seat: StoredSeat) -> bool:
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
            "seats": [seat.to_dict() for seat in self.seats],
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> StoredResult:
        overhead = data.get("overhead")
        return cls(
            match_id=data.get("match_id", ""),
            steps=data.get("steps", 0),
            seats=tuple(StoredSeat.from_dict(seat) for seat in data.get("seats", ())),
            overhead=Overhead(**overhead) if overhead else None,
        )
