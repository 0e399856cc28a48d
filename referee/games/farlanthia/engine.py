"""The Farlanthia engine: its facts, its options, and new games from a Config."""

from __future__ import annotations

import random
from dataclasses import dataclass

from referee.engine import Engine
from referee.games.farlanthia.actions import FarlanthiaAction
from referee.games.farlanthia.codec import CODEC
from referee.games.farlanthia.forward import determinize
from referee.games.farlanthia.rules import Rules, default_config
from referee.games.farlanthia.state import FarlanthiaState
from sdk.pb.landgrave.games.farlanthia.v1 import farlanthia_pb2


@dataclass(frozen=True)
class FarlanthiaEngine(Engine[FarlanthiaAction]):
    """Farlanthia: Lords of War, 2 to 6 realms on a hexagon of side 7."""

    name: str = "farlanthia"
    version: str = "4"
    min_players: int = 2
    max_players: int = 6
    description: str = "Farlanthia: Lords of War, hex conquest with heroes and diplomacy (2-6)"
    ranking: str = (
        "living realms by renown, then valor + honor; eliminated realms below every living "
        "one, the last to fall ranked highest"
    )
    codec = CODEC

    def default_config(self) -> farlanthia_pb2.Config:
        return default_config()

    def setup(self, config: farlanthia_pb2.Config, num_players: int) -> FarlanthiaState:
        return FarlanthiaState(Rules.from_config(config), num_players)

    def determinize(
        self,
        config: farlanthia_pb2.Config,
        num_players: int,
        seat: int,
        observation: farlanthia_pb2.Observation,
        rng: random.Random,
    ) -> FarlanthiaState:
        """A state that looks to ``seat`` as ``observation`` does (forward.py)."""
        return determinize(Rules.from_config(config), num_players, seat, observation, rng)


ENGINE = FarlanthiaEngine()
