"""A recorded match re-played through its engine, position by position.

Positions are counted the way ``Prefix`` counts them: position N is the
game after its first N steps, so position 0 is the start and the last
position is the game after its last recorded step. Record step N is the
step played *from* position N.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from google.protobuf import text_format

from referee.engine import Engine, State, actor
from referee.errors import ConfigError, IllegalAction, RecordError
from referee.record.reader import Record, Step, read_record


@dataclass(frozen=True)
class Replay:
    """A record with the engine that replays it."""

    record: Record
    engine: Engine[Any]

    @classmethod
    def from_path(cls, path: Path, *, force: bool = False) -> Replay:
        """Read a record and find its game's engine.

        Raises:
            RecordError: the record is corrupt or of another engine version
                (unless ``force``).
            UnknownGameError: its game is not installed.
        """
        from referee.games import get_engine

        record = read_record(path, force=force)
        return cls(record, get_engine(record.header.game))

    @property
    def num_positions(self) -> int:
        """Positions 0 (the start) to the number of recorded steps."""
        return len(self.record.steps) + 1

    def new_state(self) -> State[Any]:
        """The start of the match, from the header's config and seat count.

        Raises:
            RecordError: the engine refuses the recorded config.
        """
        try:
            return self.engine.new_game(self.record.config(), self.record.num_seats)
        except ConfigError as error:
            raise RecordError(f"{self.record.path}: header: {error}") from None

    def states(self) -> Iterator[State[Any]]:
        """The state at every position in turn (one object, changed in place).

        Raises:
            RecordError: a recorded action is illegal; ``verify`` says more.
        """
        state = self.new_state()
        yield state
        for step in self.record.steps:
            apply_step(self.record, state, step)
            yield state


def apply_step(record: Record, state: State[Any], step: Step) -> None:
    """Apply one recorded step.

    Raises:
        RecordError: the rules forbid it here, naming the step and line.
    """
    try:
        state.apply(step.seat, step.action)
    except IllegalAction as error:
        raise RecordError(
            f"{record.path}: line {step.line}: step {step.number} "
            f"({describe_actor(step.seat)}: {step.action!r}) is illegal: {error}"
        ) from None


class Cursor:
    """One position of a replay, moved forwards and backwards (for stepping through)."""

    def __init__(self, replay: Replay) -> None:
        self.replay = replay
        self.position = 0
        self.state = replay.new_state()
        self.last_step_text = ""
        """The step that led here in words (said in the position before it); "" at the start."""
        self.last_step_hidden_from: frozenset[int] = frozenset()
        """The seats that step was hidden from (``State.hides``), as the referee told them."""

    def goto(self, position: int) -> None:
        """Move to a position, clamped to the record; going back replays from the start."""
        position = max(0, min(position, self.replay.num_positions - 1))
        if position < self.position:
            self.position, self.state = 0, self.replay.new_state()
            self.last_step_text = ""
            self.last_step_hidden_from = frozenset()
        steps = self.replay.record.steps
        while self.position < position:
            step = steps[self.position]
            if self.position == position - 1:
                self.last_step_text = self.state.describe(step.seat, step.action)
                self.last_step_hidden_from = frozenset(
                    viewer
                    for viewer in range(self.state.num_players)
                    if self.state.hides(viewer, step.seat, step.action)
                )
            apply_step(self.replay.record, self.state, step)
            self.position += 1

    @property
    def last_step(self) -> Step | None:
        """The step that led here; None at the start."""
        return self.replay.record.steps[self.position - 1] if self.position else None


def describe_actor(seat: int) -> str:
    """Who acts, in words: "chance" or "seat 2"."""
    return actor(seat)


def observation_text(state: State[Any], seat: int) -> str:
    """What one seat may see, as protobuf text (repeated numbers kept on one line)."""
    text: str = text_format.MessageToString(
        state.observation(seat), use_short_repeated_primitives=True
    )
    return text
