"""The Carcassonne engine: its facts, its options, and new games from a Config."""

from __future__ import annotations

import random
from dataclasses import dataclass

from referee.engine import Engine
from referee.games.carcassonne.actions import CarcassonneAction
from referee.games.carcassonne.codec import CODEC
from referee.games.carcassonne.determinize import sample_state
from referee.games.carcassonne.rules import Rules, default_config
from referee.games.carcassonne.state import CarcassonneState
from sdk.pb.landgrave.games.carcassonne.v1 import carcassonne_pb2


@dataclass(frozen=True)
class CarcassonneEngine(Engine[CarcassonneAction]):
    """Carcassonne (2nd edition) for 2 to 5 players, with The Land Surveyors."""

    name: str = "carcassonne"
    version: str = "1"
    min_players: int = 2
    max_players: int = 5
    description: str = (
        "Carcassonne (2nd edition base game) with the mini expansion The Land Surveyors"
    )
    codec = CODEC

    def default_config(self) -> carcassonne_pb2.Config:
        return default_config()

    def setup(self, config: carcassonne_pb2.Config, num_players: int) -> CarcassonneState:
        return CarcassonneState(Rules.from_config(config), num_players)

    def determinize(
        self,
        config: carcassonne_pb2.Config,
        num_players: int,
        seat: int,
        observation: carcassonne_pb2.Observation,
        rng: random.Random,
    ) -> CarcassonneState:
        return sample_state(Rules.from_config(config), num_players, observation, rng)


ENGINE = CarcassonneEngine()
