"""The Landover engine: its facts, its options, and new games from a Config."""

from __future__ import annotations

import functools
import random
from dataclasses import dataclass

from referee.engine import Engine
from referee.games.landover.actions import LandoverAction
from referee.games.landover.board import Board, make_board
from referee.games.landover.codec import CODEC
from referee.games.landover.forward import determinize
from referee.games.landover.observation import GEOMETRY_CACHE
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
        seed = config.map_seed if config.map == "random" else 0  # only a random map reads it
        board, described = _made_board(config.map, seed)
        identity = f"{self.name}/{self.version}|{num_players}|{rules!r}|{described}|"
        return LandoverState(board.with_own_tiles(), rules, num_players, identity.encode())


@functools.lru_cache(maxsize=GEOMETRY_CACHE)
def _made_board(name: str, seed: int) -> tuple[Board, str]:
    """A map's board as made, and its text: made once, as a search samples a game hundreds of
    times a move (two thirds of a sample's cost). Each game gets its own tiles of it, and shares
    the geometry, as clones do."""
    board = make_board(name, seed)
    return board, board.describe()


ENGINE = LandoverEngine()
