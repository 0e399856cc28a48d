"""The result of a match, and how the referee ranks a match cut short."""

from __future__ import annotations

import statistics
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from referee.engine import SeatOutcome
from referee.match.termination import Termination
from sdk.pb.landgrave.v1 import bot_pb2


@dataclass(frozen=True)
class SeatResult:
    """How one seat's match ended."""

    seat: int
    name: str
    """The organiser's name for the bot (referee/entrant.py)."""
    score: float
    rank: int
    """1 is best; tied seats share a rank."""
    termination: Termination
    titles: tuple[str, ...] = ()
    detail: str = ""
    """A word on the fault, for people."""
    faults: tuple[Termination, ...] = ()
    """Every fault penalised in this match, in order (strikes, and a forfeit last)."""
    bot_name: str = ""
    """What the bot calls itself (its hello), shown beside ``name``."""
    bot_version: str = ""

    @property
    def is_faulty(self) -> bool:
        """Whether the seat committed any fault: penalised, or ending its match."""
        return bool(self.faults) or self.termination.is_fault

    def fault_labels(self) -> list[str]:
        """The seat's faults: each penalised one, or else a faulty end (a stall)."""
        if self.faults:
            return [fault.label for fault in self.faults]
        return [self.termination.label] if self.termination.is_fault else []

    def to_dict(self) -> dict[str, Any]:
        """The seat as plain JSON data, terminations by label."""
        return {
            "seat": self.seat,
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
    def from_dict(cls, data: Mapping[str, Any]) -> SeatResult:
        """A seat as the tournament database keeps it (``name`` is the entrant)."""
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

    def to_proto(self) -> bot_pb2.SeatResult:
        return bot_pb2.SeatResult(
            seat=self.seat,
            score=self.score,
            rank=self.rank,
            termination=f"TERMINATION_{self.termination.name}",
            titles=self.titles,
            detail=self.detail,
            faults=[f"TERMINATION_{fault.name}" for fault in self.faults],
        )


@dataclass(frozen=True)
class Overhead:
    """The referee's own time per decision in one match, in milliseconds.

    Building the observation and legal list, packing the request, checking
    and applying the reply, and writing the record: everything but the wait
    for the bot (which includes the trip through gRPC, and is think time).
    """

    decisions: int
    median_ms: float
    p99_ms: float
    max_ms: float

    @classmethod
    def of(cls, samples: Sequence[float]) -> Overhead | None:
        """The summary of per-decision samples; None without any."""
        if not samples:
            return None
        ordered = sorted(samples)
        p99 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]
        return cls(
            len(ordered), round(statistics.median(ordered), 3), round(p99, 3), round(ordered[-1], 3)
        )


@dataclass(frozen=True)
class MatchResult:
    """What a finished (or cut short) match produced."""

    match_id: str
    game: str
    seed: int
    seats: list[SeatResult]
    steps: int
    """Actions and chance outcomes applied."""
    record_path: Path | None = None
    final_board: str = ""
    """The engine's text picture of the last position."""
    overhead: Overhead | None = None
    """The referee's own time per decision the bots made."""

    def winners(self) -> list[int]:
        """The seats ranked first."""
        return [s.seat for s in self.seats if s.rank == 1]


@dataclass(frozen=True)
class Fault:
    """A seat's fault that ended its part in the match."""

    termination: Termination
    detail: str


def rank_match(
    standings: list[SeatOutcome],
    forfeits: dict[int, Fault],
    gone: dict[int, Fault],
    stalled_after: int | None,
) -> list[tuple[SeatOutcome, Termination, str]]:
    """Each seat's outcome, termination and detail at the end of a match.

    The runner decides a result with this, and ``referee replay --verify``
    decides it again from the replayed game and the record's penalties.

    Args:
        standings: the engine's outcome of the final state.
        forfeits: the seats that forfeited, by their fault.
        gone: the seats whose bot left while the referee played on for them.
        stalled_after: the step count, when the game was cut at its step limit.
    """
    if forfeits:
        return adjudicate(standings, forfeits)
    if stalled_after is not None:
        detail = f"no end after {stalled_after} steps"
        return [(outcome, Termination.STALL, detail) for outcome in standings]
    return [_played_out(outcome, gone.get(seat)) for seat, outcome in enumerate(standings)]


def _played_out(outcome: SeatOutcome, gone: Fault | None) -> tuple[SeatOutcome, Termination, str]:
    """A seat's end in a game played to its end: normal, or its bot's departure."""
    if gone is None:
        return outcome, Termination.NORMAL, ""
    return outcome, gone.termination, f"{gone.detail} (the referee played on for it)"


def adjudicate(
    standings: list[SeatOutcome], faults: dict[int, Fault]
) -> list[tuple[SeatOutcome, Termination, str]]:
    """Rank a match that ended by forfeit.

    Seats that forfeited share the last ranks; the rest keep the order of
    the provisional standings among themselves and are marked adjudicated.
    """
    results = []
    for seat, standing in enumerate(standings):
        if seat in faults:
            rank = len(standings) - len(faults) + 1
            results.append(
                (SeatOutcome(standing.score, rank), faults[seat].termination, faults[seat].detail)
            )
            continue
        better = sum(
            1
            for other, theirs in enumerate(standings)
            if other not in faults and theirs.rank < standing.rank
        )
        results.append((SeatOutcome(standing.score, better + 1), Termination.ADJUDICATED, ""))
    return results
