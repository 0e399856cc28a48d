"""Deciding a recorded match's result again, from the replayed game and the record's penalties.

The footer's ranks, scores and terminations are never taken on trust: the
runner's own rule (``rank_match``) is applied to the final state and the
recorded faults, and every field of every seat is compared with the footer.
What the record cannot prove is the faults themselves (that a bot really
timed out); a signature (referee/record/signature.py) covers those.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from referee.engine import State
from referee.match.penalties import GONE, Resolution
from referee.match.result import Fault, SeatResult, rank_match
from referee.match.termination import Termination
from sdk.pb.landgrave.v1 import bot_pb2, record_pb2

_FIELDS = ("seat", "rank", "score", "termination", "faults", "detail", "titles")
"""The fields compared, in the order a difference is reported."""


@dataclass(frozen=True)
class Mismatch:
    """The first field of the footer's results that the recount disagrees with."""

    where: str
    """Which seat and field: ``seat 1 rank``, or ``results`` for the seat count."""
    recorded: str
    recounted: str


def recount(
    state: State[Any], penalties: Sequence[record_pb2.Penalty], steps: int
) -> list[bot_pb2.SeatResult] | str:
    """Each seat's result, as the runner would have written it; or what makes that impossible.

    Args:
        state: the game after the record's last step.
        penalties: the record's penalty lines, in order.
        steps: how many steps the record holds.
    """
    faults: dict[int, list[Termination]] = {seat: [] for seat in range(state.num_players)}
    forfeits: dict[int, Fault] = {}
    gone: dict[int, Fault] = {}
    for penalty in penalties:
        problem = _check_penalty(penalty, faults)
        if problem:
            return problem
        termination = Termination(penalty.reason)
        faults[penalty.seat].append(termination)
        fault = Fault(termination, penalty.detail)
        if penalty.resolution == Resolution.FORFEIT.value:
            forfeits.setdefault(penalty.seat, fault)
        elif termination in GONE:
            gone.setdefault(penalty.seat, fault)
    stalled = None if forfeits or state.is_terminal() else steps
    ranked = rank_match(state.outcome(), forfeits, gone, stalled)
    return [
        SeatResult(
            seat,
            "",
            outcome.score,
            outcome.rank,
            termination,
            outcome.titles,
            detail,
            tuple(faults[seat]),
        ).to_proto()
        for seat, (outcome, termination, detail) in enumerate(ranked)
    ]


def compare(
    recorded: Sequence[bot_pb2.SeatResult], recounted: Sequence[bot_pb2.SeatResult]
) -> Mismatch | None:
    """The first seat and field where the footer and the recount differ; None if none."""
    if len(recorded) != len(recounted):
        return Mismatch("results", f"{len(recorded)} seats", f"{len(recounted)} seats")
    for seat, (ours, theirs) in enumerate(zip(recounted, recorded, strict=True)):
        for name in _FIELDS:
            if getattr(theirs, name) != getattr(ours, name):
                shown = _show(name, getattr(theirs, name)), _show(name, getattr(ours, name))
                return Mismatch(f"seat {seat} {name}", *shown)
    return None


def _check_penalty(penalty: record_pb2.Penalty, faults: dict[int, list[Termination]]) -> str:
    if penalty.seat not in faults:
        return f"a penalty for seat {penalty.seat}, which the match does not have"
    if penalty.reason not in {int(t) for t in Termination if t.is_fault}:
        return f"a penalty of seat {penalty.seat} for reason {penalty.reason}, which is no fault"
    if penalty.resolution not in {r.value for r in Resolution}:
        return f"a penalty of seat {penalty.seat} resolved as {penalty.resolution!r}"
    strikes = len(faults[penalty.seat]) + 1
    if penalty.strikes != strikes:
        return f"a penalty of seat {penalty.seat} counts {penalty.strikes} strikes, not {strikes}"
    return ""


def _show(name: str, value: Any) -> str:
    if name == "termination":
        return _label(value)
    if name == "faults":
        return "[" + ", ".join(_label(v) for v in value) + "]"
    if name == "titles":
        return repr(list(value))
    return repr(value)


def _label(value: int) -> str:
    try:
        return Termination(value).label
    except ValueError:  # an edited record may hold any number
        return str(value)
