"""Verifying a record: re-execute every step through the engine and check every digest.

A record verifies when the engine, given the header's config and seat
count, accepts every recorded action and reaches every recorded digest.
The first disagreement is a ``Divergence``: where, by whom, what was
expected and what came, with the board, so it can be reproduced.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from referee.engine import State
from referee.errors import IllegalAction
from referee.record.reader import Step
from referee.replay.game import Replay, describe_actor


@dataclass(frozen=True)
class Divergence:
    """The first point where the engine disagrees with the record."""

    what: str
    """What disagreed: "digest", "illegal action", "chosen index", "initial digest", ..."""
    expected: str
    got: str
    step: int | None = None
    """The record step; None for the start and the footer."""
    seat: int | None = None
    """The seat that acted (``CHANCE`` for chance); None outside a step."""
    action: str = ""
    """The recorded action, as the engine's ``repr``."""
    line: int = 0
    """The record line of the step, counting from 1; 0 outside a step."""
    board: str = ""
    """The engine's picture of the state where it went wrong."""

    def describe(self) -> str:
        """Several lines for people: where, what was expected and what came, the board."""
        where = ""
        if self.step is not None and self.seat is not None:
            where = f" at step {self.step} (line {self.line}, {describe_actor(self.seat)})"
        lines = [f"diverged{where}: {self.what} differs"]
        if self.action:
            lines.append(f"  action:   {self.action}")
        lines += [f"  expected: {self.expected}", f"  got:      {self.got}"]
        if self.board:
            lines += ["", self.board]
        return "\n".join(lines)


@dataclass(frozen=True)
class Verification:
    """What verifying one record found."""

    path: Path
    steps: int
    """Steps re-executed that agreed with the record."""
    digests_checked: int
    interrupted: bool
    """The record has no footer: the match never finished."""
    divergence: Divergence | None = None

    @property
    def ok(self) -> bool:
        """Whether every step and digest agreed."""
        return self.divergence is None

    def describe(self) -> str:
        """A summary for people, the divergence in full if there is one."""
        if self.divergence is not None:
            return f"{self.path}: {self.divergence.describe()}"
        lines = [f"{self.path}: ok, {self.steps} steps, {self.digests_checked} digests verified"]
        if self.interrupted:
            last = f"after step {self.steps - 1}" if self.steps else "before step 0"
            lines.append(f"interrupted {last}: the record has no footer")
        return "\n".join(lines)


def verify(replay: Replay) -> Verification:
    """Re-execute a record and return the first divergence, if any."""
    record = replay.record
    state = replay.new_state()
    divergence = _check_start(replay, state)
    agreed = checked = 0
    while divergence is None and agreed < len(record.steps):
        step = record.steps[agreed]
        divergence = _check_step(replay, state, step)
        if divergence is None:
            agreed += 1
            checked += step.number in record.digests
    if divergence is None:
        divergence = _check_footer(replay, state)
    return Verification(record.path, agreed, checked, record.is_interrupted, divergence)


def verify_record(path: Path, *, force: bool = False) -> Verification:
    """Verify a record file, failing loudly: a helper for tests.

    Returns:
        The verification, for checks of its own (``interrupted``, ``steps``).

    Raises:
        AssertionError: the record does not verify; the message says where.
        RecordError: the record is corrupt or of another engine version.
    """
    verification = verify(Replay.from_path(path, force=force))
    if not verification.ok:
        raise AssertionError(verification.describe())
    return verification


def _check_start(replay: Replay, state: State[Any]) -> Divergence | None:
    expected = replay.record.header.initial_digest
    if expected and state.digest() != expected:
        return Divergence("initial digest", expected, state.digest(), board=state.render())
    return None


def _check_step(replay: Replay, state: State[Any], step: Step) -> Divergence | None:
    """Apply one step; the divergence if the engine refuses it or lands elsewhere."""
    index = step.decision.index if step.decision is not None else -1
    # The legal list only matters to check a chosen index; chance has none.
    legal = state.legal_actions(step.seat) if index >= 0 and step.seat in state.to_act() else []
    try:
        state.apply(step.seat, step.action)
    except IllegalAction as error:
        return _at(step, "illegal action", "a legal action", str(error), state.render())
    expected = replay.record.digests.get(step.number)
    if expected is not None and state.digest() != expected:
        return _at(step, "digest", expected, state.digest(), state.render())
    if index >= 0 and (index >= len(legal) or legal[index] != step.action):
        named = repr(legal[index]) if index < len(legal) else "out of range"
        return _at(step, "chosen index", f"index {index}: {named}", repr(step.action), "")
    return None


def _at(step: Step, what: str, expected: str, got: str, board: str) -> Divergence:
    return Divergence(
        what, expected, got, step.number, step.seat, repr(step.action), step.line, board
    )


def _check_footer(replay: Replay, state: State[Any]) -> Divergence | None:
    footer = replay.record.footer
    if footer is None:
        return None
    if footer.steps != len(replay.record.steps):
        return Divergence("step count", str(footer.steps), str(len(replay.record.steps)))
    if footer.final_digest and footer.final_digest != state.digest():
        return Divergence("final digest", footer.final_digest, state.digest(), board=state.render())
    return None
