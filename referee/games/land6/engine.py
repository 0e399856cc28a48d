"""The LAND 6 engine: its facts, its options, and new games from a Config."""

from __future__ import annotations

import random
from dataclasses import dataclass

from referee.engine import Engine
from referee.games.land6.actions import Land6Action
from referee.games.land6.codec import CODEC
from referee.games.land6.determinize import state_from_observation
from referee.games.land6.rules import Rules, default_config
from referee.games.land6.state import Land6State
from sdk.pb.landgrave.games.land6.v1 import land6_pb2


@dataclass(frozen=True)
class Land6Engine(Engine[Land6Action]):
    """LAND 6 by Santiago Eximeno, rules v1.3: one seat against chance's cubes."""

    name: str = "land6"
    version: str = "1"
    min_players: int = 1
    max_players: int = 1
    description: str = "LAND 6: the Lord of the Dice against the Lord of the Cubes (solo)"
    codec = CODEC

    def default_config(self) -> land6_pb2.Config:
        return default_config()

    def setup(self, config: land6_pb2.Config, num_players: int) -> Land6State:
        return Land6State(Rules.from_config(config))

    def determinize(
        self,
        config: land6_pb2.Config,
        num_players: int,
        seat: int,
        observation: land6_pb2.Observation,
        rng: random.Random,
    ) -> Land6State:
        return state_from_observation(self.setup(config, num_players), observation)


ENGINE = Land6Engine()
