"""Land with every other seat's move hidden: a stand-in for a game of hidden information.

Land hides nothing, so a viewer test of hidden moves needs an engine that
does; this one says (``State.hides``) that a seat never sees what another
seat or chance did. The rules and the record are Land's.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from referee.engine import actor
from referee.games.land.engine import LandEngine
from referee.games.land.state import LandState
from referee.replay import Replay
from referee.replay.textproto import compact_text


class SecretLandState(LandState):
    def hides(self, viewer: int, seat: int, action: Any) -> bool:
        return seat != viewer


@dataclass(frozen=True)
class SecretLandEngine(LandEngine):
    def setup(self, config: Any, num_players: int) -> LandState:
        state = super().setup(config, num_players)
        state.__class__ = SecretLandState
        return state


def secret_replay(record: Path) -> Replay:
    """A Land record replayed as if every seat's moves were private."""
    return Replay(Replay.from_path(record).record, SecretLandEngine())


def seat_views(replay: Replay) -> tuple[list[list[str]], list[list[str]]]:
    """Per seat, its observation text at every position and every step as it saw it."""
    seats = range(replay.record.num_seats)
    observations: list[list[str]] = [[] for _ in seats]
    heard: list[list[str]] = [[] for _ in seats]
    steps = replay.record.steps
    for position, state in enumerate(replay.states()):
        for seat in seats:
            observations[seat].append(compact_text(state.observation(seat)))
            if position < len(steps):
                step = steps[position]
                seen = step.seat == seat or not state.hides(seat, step.seat, step.action)
                words = state.describe(step.seat, step.action)
                heard[seat].append(words if seen else f"{actor(step.seat)} acted")
    return observations, heard
