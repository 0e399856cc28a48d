"""Land with every other seat's move hidden: a stand-in for a game of hidden information.

Land hides nothing, so a viewer test of hidden moves needs an engine that
does; this one says (``State.hides``) that a seat never sees what another
seat or chance did. The rules and the record are Land's.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from referee.games.land.engine import LandEngine
from referee.games.land.state import LandState
from referee.replay import Replay


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
