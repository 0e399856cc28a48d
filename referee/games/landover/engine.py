"""The Landover engine: its facts, its options, and new games from a Config."""

from __future__ import annotations

import random
from dataclasses import dataclass

from referee.engine import Engine
from referee.games.landover.actions import LandoverAction
from referee.games.landover.board import make_board
from referee.games.landover.codec import CODEC
from referee.games.landover.forward import determinize
from referee.games.landover.rules import Rules, default_config
from referee.games.landover.state import LandoverState
from sdk.pb.landgrave.games.landover.v1 import landover_pb2


@dataclass(frozen=True)
class LandoverEngine(Engine[LandoverAction]):
    """Villages, cities, culture, barbarians and catapults (docs/rules/landover.md)."""

    name: str = "landover"
    version: str = "4"
    """4: a setup city brings one resource per terrain it touches, not per hex (LANDOVER-04),
    so version 3's records no longer replay. 3: the standard map deals its harbors by
    chance (LANDOVER-02)."""
    min_players: int = 2
    max_players: int = 4
    description: str = (
        "Villages, cities and culture against barbarians and raids: first to 13 VP wins."
    )
    ranking: str = "the seat that reached the victory points first, then by victory points"
    codec = CODEC

    def default_config(self) -> landover_pb2.Config:
        return default_config()

    def determinize(
        self,
        config: landover_pb2.Config,
        num_players: int,
        seat: int,
        observation: landover_pb2.Observation,
        rng: random.Random,
    ) -> LandoverState:
        """A full state consistent with ``observation``, hidden cards sampled (forward.py)."""
        return determinize(self.setup(config, num_players), seat, observation, rng)

    def setup(self, config: landover_pb2.Config, num_players: int) -> LandoverState:
        rules = Rules.from_config(config)
        board = make_board(config.map, config.map_seed)
        identity = f"{self.name}/{self.version}|{num_players}|{rules!r}|{board.describe()}|"
        return LandoverState(board, rules, num_players, identity.encode())


ENGINE = LandoverEngine()
