"""Branching a record: continue its match from any step with new players.

The runner replays the first N recorded steps (``Prefix``) and hands over
to the players at step N. A finished record reveals its chance key in the
footer; the branch draws from that key's stream, skipping one draw per
replayed chance step, so the chance outcomes after the branch point are
the ones the original match would have drawn. Players that decide by the
position alone then replay the original exactly. An interrupted record
never revealed its key: its branch draws from the key the organiser's
chance secret gives (checked against the header's commitment), or, without
the secret, from a fresh key.
"""

from __future__ import annotations

from pathlib import Path

from referee.errors import ConfigError, RecordError
from referee.match.chance import commitment, match_key
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
    signing_key: bytes | None = None,
    chance_secret: bytes | None = None,
) -> MatchSpec:
    """The match that continues ``replay`` from position ``step`` with new players.

    Args:
        step: how many recorded steps to keep; the players decide from step ``step`` on.
        num_players: how many players will play: must be the record's seat count.
        time_control: the new players' clock; the record's when None.
        signing_key: the organiser's key to sign the new record with.
        chance_secret: the secret the original match's key came from, for a
            record that does not reveal its key (an interrupted match).

    Raises:
        ConfigError: the step is out of range or the player count is wrong.
        ConfigError: the chance secret is not the one the record committed to.
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
        chance_key=revealed_key(replay) or _key_from_secret(replay, chance_secret),
        signing_key=signing_key,
    )


def revealed_key(replay: Replay) -> bytes | None:
    """The chance key the record's footer reveals; None for an interrupted or old record."""
    footer = replay.record.footer
    if footer is None or not footer.chance_key:
        return None
    try:
        return bytes.fromhex(footer.chance_key)
    except ValueError:
        raise RecordError(f"{replay.record.path}: footer: chance_key is not hex") from None


def recorded_time_control(replay: Replay) -> TimeControl:
    """The clock the recorded match was played with (the default if it names none)."""
    tc = replay.record.header.time_control
    if tc.decision_ms <= 0:
        return TimeControl()
    return TimeControl(tc.decision_ms / 1000, tc.bank_ms / 1000, tc.increment_ms / 1000)


def _key_from_secret(replay: Replay, secret: bytes | None) -> bytes | None:
    if secret is None:
        return None
    header = replay.record.header
    key = match_key(secret, header.seed)
    if header.chance_commitment and commitment(key) != header.chance_commitment:
        raise ConfigError(
            f"{replay.record.path}: the chance secret given is not the one this match used "
            "(its key does not hash to the header's chance_commitment)"
        )
    return key
