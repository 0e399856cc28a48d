"""Verifying a record: re-execute every step, check every digest, chance draw and result.

A record verifies when the engine, given the header's config and seat
count, accepts every recorded action and reaches every recorded digest;
when the chance key the footer reveals hashes to the header's commitment
and draws every recorded chance outcome (format 2); when the footer's
results are what the runner's rule gives for the replayed game and the
recorded penalties; and, given the organiser's key, when the signature
covers every line. The first disagreement is a ``Divergence``: where, by
whom, what the record says and what was found, so it can be reproduced.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from referee.engine import CHANCE, State
from referee.errors import IllegalAction
from referee.match.chance import ChanceStream, commitment, sample_outcome
from referee.record.reader import Step, read_bytes
from referee.record.signature import check_signature, key_id
from referee.replay.game import Replay, describe_actor
from referee.replay.recount import compare, recount


@dataclass(frozen=True)
class Divergence:
    """The first point where the record disagrees with its replay (or its keys)."""

    what: str
    """What disagreed: "digest", "illegal action", "chance outcome", "seat 1 rank", ..."""
    expected: str
    """What the record says."""
    got: str
    """What the replay (the engine, the chance stream, the recount) found."""
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
    labels: tuple[str, str] = ("expected", "got")
    """How to call ``expected`` and ``got`` for people."""

    def describe(self) -> str:
        """Several lines for people: where, what was expected and what came, the board."""
        where = ""
        if self.step is not None and self.seat is not None:
            where = f" at step {self.step} (line {self.line}, {describe_actor(self.seat)})"
        lines = [f"diverged{where}: {self.what} differs"]
        if self.action:
            lines.append(f"  action:   {self.action}")
        width = max(len(label) for label in self.labels) + 1
        lines += [f"  {label + ':':<{width}} {text}" for label, text in self._pairs()]
        if self.board:
            lines += ["", self.board]
        return "\n".join(lines)

    def _pairs(self) -> list[tuple[str, str]]:
        return [(self.labels[0], self.expected), (self.labels[1], self.got)]


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
    truncated: bool = False
    """The record's last line was cut off mid-write: a referee killed while writing."""
    notes: tuple[str, ...] = ()
    """What else was checked, or could not be: chance, result, signature."""

    @property
    def ok(self) -> bool:
        """Whether every step, digest, draw, result and signature checked agreed."""
        return self.divergence is None

    def describe(self) -> str:
        """A summary for people, the divergence in full if there is one."""
        if self.divergence is not None:
            return f"{self.path}: {self.divergence.describe()}"
        if self.truncated:
            return (
                f"{self.path}: incomplete: its last line was cut off mid-write "
                f"(the referee was killed?); the {self.steps} steps before it verify"
            )
        lines = [f"{self.path}: ok, {self.steps} steps, {self.digests_checked} digests verified"]
        if self.interrupted:
            last = f"after step {self.steps - 1}" if self.steps else "before step 0"
            lines.append(f"interrupted {last}: the record has no footer")
        return "\n".join(lines + list(self.notes))


def verify(replay: Replay, signing_key: bytes | None = None) -> Verification:
    """Re-execute a record and return the first divergence, if any.

    Args:
        signing_key: the organiser's key, to check the record's signature with.
    """
    record = replay.record
    state = replay.new_state()
    chance, divergence, notes = _chance_stream(replay)
    divergence = divergence or _check_start(replay, state)
    agreed = checked = 0
    while divergence is None and agreed < len(record.steps):
        step = record.steps[agreed]
        divergence = _check_step(replay, state, step, chance)
        if divergence is None:
            agreed += 1
            checked += step.number in record.digests
    if divergence is None:
        divergence = _check_footer(replay, state)
    if divergence is None and record.footer is not None:
        notes.append("result: the footer's ranks, scores and terminations are the replayed ones")
    if divergence is None:
        divergence, note = _check_signature(replay, signing_key)
        notes.append(note)
    return Verification(
        record.path,
        agreed,
        checked,
        record.is_interrupted,
        divergence,
        record.truncated,
        tuple(notes),
    )


def verify_record(
    path: Path, *, force: bool = False, signing_key: bytes | None = None
) -> Verification:
    """Verify a record file, failing loudly: a helper for tests.

    Returns:
        The verification, for checks of its own (``interrupted``, ``steps``).

    Raises:
        AssertionError: the record does not verify; the message says where.
        RecordError: the record is corrupt or of another engine version.
    """
    verification = verify(Replay.from_path(path, force=force), signing_key)
    if not verification.ok:
        raise AssertionError(verification.describe())
    return verification


def _chance_stream(replay: Replay) -> tuple[ChanceStream | None, Divergence | None, list[str]]:
    """The stream the record says drew its chance, once its key checks against the commitment."""
    header, footer = replay.record.header, replay.record.footer
    if header.format_version < 2:
        return None, None, ["chance: not checked (a format 1 record has no chance key)"]
    if not header.chance_commitment:
        return None, Divergence("chance commitment", "none in the header", "format 2 needs one"), []
    if footer is None:
        return None, None, ["chance: not checked (an unfinished match never reveals its key)"]
    try:
        key = bytes.fromhex(footer.chance_key)
    except ValueError:
        key = b""
    if not key or commitment(key) != header.chance_commitment:
        found = f"SHA-256 of the footer's chance_key {footer.chance_key!r}: {commitment(key)}"
        divergence = Divergence(
            "chance key", header.chance_commitment, found, labels=("header commitment", "footer")
        )
        return None, divergence, []
    note = "chance: every outcome is what the revealed key draws"
    if header.parent_step:
        note += f" (from step {header.parent_step}; the steps before belong to the parent record)"
    return ChanceStream(key), None, [note]


def _check_start(replay: Replay, state: State[Any]) -> Divergence | None:
    expected = replay.record.header.initial_digest
    if expected and state.digest() != expected:
        return Divergence("initial digest", expected, state.digest(), board=state.render())
    return None


def _check_step(
    replay: Replay, state: State[Any], step: Step, chance: ChanceStream | None
) -> Divergence | None:
    """Apply one step; the divergence if the engine refuses it, chance drew otherwise,
    or the game lands elsewhere."""
    drawn = _draw(replay, state, step, chance)
    index = step.decision.index if step.decision is not None else -1
    # The legal list only matters to check a chosen index; chance has none.
    legal = state.legal_actions(step.seat) if index >= 0 and step.seat in state.to_act() else []
    try:
        state.apply(step.seat, step.action)
    except IllegalAction as error:
        return _at(step, "illegal action", "a legal action", str(error), state.render())
    if drawn and drawn[0] != step.action:
        divergence = _at(step, "chance outcome", repr(step.action), repr(drawn[0]), "")
        return replace(divergence, labels=("recorded", "the key draws"))
    expected = replay.record.digests.get(step.number)
    if expected is not None and state.digest() != expected:
        return _at(step, "digest", expected, state.digest(), state.render())
    if index >= 0 and (index >= len(legal) or legal[index] != step.action):
        named = repr(legal[index]) if index < len(legal) else "out of range"
        return _at(step, "chosen index", f"index {index}: {named}", repr(step.action), "")
    return None


def _draw(
    replay: Replay, state: State[Any], step: Step, chance: ChanceStream | None
) -> tuple[Any, ...]:
    """What the chance stream draws for a chance step: (outcome,), or () where nothing is checked.

    Steps of a parent record (before ``parent_step``) skip their draw: the
    parent's own verification covers them.
    """
    if step.seat != CHANCE or chance is None:
        return ()
    if step.number < replay.record.header.parent_step or CHANCE not in state.to_act():
        chance.skip()  # out of turn, the step is refused as illegal next
        return ()
    return (sample_outcome(state.chance_outcomes(), chance),)


def _at(step: Step, what: str, expected: str, got: str, board: str) -> Divergence:
    return Divergence(
        what, expected, got, step.number, step.seat, repr(step.action), step.line, board
    )


def _check_footer(replay: Replay, state: State[Any]) -> Divergence | None:
    record = replay.record
    footer = record.footer
    if footer is None:
        return None
    if footer.steps != len(record.steps):
        return Divergence("step count", str(footer.steps), str(len(record.steps)))
    if footer.final_digest and footer.final_digest != state.digest():
        return Divergence("final digest", footer.final_digest, state.digest(), board=state.render())
    recounted = recount(state, record.penalties, len(record.steps))
    if isinstance(recounted, str):
        return Divergence("penalties", "a consistent list of faults", recounted)
    mismatch = compare(footer.results, recounted)
    if mismatch is None:
        return None
    return Divergence(
        f"footer {mismatch.where}",
        mismatch.recorded,
        mismatch.recounted,
        labels=("footer", "replayed"),
    )


def _check_signature(replay: Replay, key: bytes | None) -> tuple[Divergence | None, str]:
    signature = replay.record.signature
    if key is None:
        if signature is None:
            return None, "signature: none"
        return None, f"signature: by key {signature.key_id}, not checked (no key given)"
    data, _ = read_bytes(replay.record.path)
    problem = check_signature(data, key)
    if problem is None:
        return None, f"signature: checks with key {key_id(key)}"
    wanted = f"an HMAC-SHA256 by key {key_id(key)} over every line before it"
    return Divergence("signature", wanted, problem, labels=("expected", "found")), ""
