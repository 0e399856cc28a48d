"""Branching a record: continue its match from any step with new players.

The runner replays the first N recorded steps (``Prefix``) and hands over
to the players at step N. It draws from the match RNG once per replayed
chance step, so with the record's seed the chance outcomes after the
branch point are the ones the original match would have drawn. Players
that decide by the position alone then replay the original exactly.
"""

from __future__ import annotations

from pathlib import Path

from referee.errors import ConfigError
from referee.match.clock import TimeControl
from referee.match.penalties import PenaltyPolicy
from referee.match.runner import MatchSpec, Prefix
from referee.replay.game import Cursor, Replay


def branch_spec(
    replay: Replay,
    step: int,
    num_players: int,
    *,
    record_path: Path | None = None,
    time_control: TimeControl | None = None,
    penalties: PenaltyPolicy | None = None,
) -> MatchSpec:
    """The match that continues ``replay`` from position ``step`` with new players.

    Args:
        step: how many recorded steps to keep; the players decide from step ``step`` on.
        num_players: how many players will play: must be the record's seat count.
        time_control: the new players' clock; the record's when None.

    Raises:
        ConfigError: the step is out of range or the player count is wrong.
        RecordError: a kept step is illegal (the record does not verify).
    """
    record = replay.record
    if not 0 <= step <= len(record.steps):
        raise ConfigError(f"branch step must be in 0..{len(record.steps)}, got {step}")
    if num_players != record.num_seats:
        raise ConfigError(f"the record has {record.num_seats} seats, got {num_players} players")
    Cursor(replay).goto(step)  # the kept steps must replay before any bot is started
    return MatchSpec(
        replay.engine,
        record.header.seed,
        record.config(),
        time_control=time_control or recorded_time_control(replay),
        penalties=penalties or PenaltyPolicy(),
        record_path=record_path,
        prefix=Prefix(record.history()[:step], parent_record=str(record.path), parent_step=step),
    )


def recorded_time_control(replay: Replay) -> TimeControl:
    """The clock the recorded match was played with (the default if it names none)."""
    tc = replay.record.header.time_control
    if tc.decision_ms <= 0:
        return TimeControl()
    return TimeControl(tc.decision_ms / 1000, tc.bank_ms / 1000, tc.increment_ms / 1000)
