"""The Land engine: its facts, its options, and new games from a Config.

Land is the exemplar engine (docs/engines.md): a new engine starts as a
copy of this package's layout.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from referee.engine import Engine
from referee.errors import ConfigError
from referee.games.land.actions import LandAction
from referee.games.land.board import Board
from referee.games.land.codec import CODEC
from referee.games.land.determinize import state_from_observation
from referee.games.land.generator import generate_map
from referee.games.land.mapfile import (
    MAX_REGION_SIDE,
    MAX_REGIONS,
    format_map,
    load_builtin,
    parse_map,
)
from referee.games.land.rules import DEFAULT_MAP, Rules, default_config
from referee.games.land.state import LandState
from sdk.pb.landgrave.games.land.v1 import land_pb2

RANDOM_MAP = "random"


@dataclass(frozen=True)
class LandEngine(Engine[LandAction]):
    """Cows claiming plots: the most plots wins (docs/rules/land.md)."""

    name: str = "land"
    version: str = "1"
    min_players: int = 2
    max_players: int = 6
    description: str = "Cows claiming plots on an island: the most plots wins."
    codec = CODEC

    def default_config(self) -> land_pb2.Config:
        return default_config()

    def setup(self, config: land_pb2.Config, num_players: int) -> LandState:
        board, map_text = _board_and_text(tuple(getattr(config, f) for f in MAP_FIELDS))
        rules = Rules.from_config(config)
        identity = f"{self.name}/{self.version}|{num_players}|{rules!r}|{map_text}|"
        return LandState(board, rules, num_players, identity.encode())

    def determinize(
        self,
        config: land_pb2.Config,
        num_players: int,
        seat: int,
        observation: land_pb2.Observation,
        rng: random.Random,
    ) -> LandState:
        return state_from_observation(self.setup(config, num_players), observation)


ENGINE = LandEngine()


MAP_FIELDS = (
    "map_text",
    "map",
    "map_seed",
    "map_columns",
    "map_rows",
    "region_width",
    "region_height",
)
"""The Config fields that choose the board."""


@lru_cache(maxsize=32)
def _board_and_text(map_fields: tuple[Any, ...]) -> tuple[Board, str]:
    """The board that values of ``MAP_FIELDS`` name, and its text, made once for many games.

    A Board never changes, so games on one map share it (and the neighbour
    tables it works out); a ConfigError is raised again each time.
    """
    board = board_from_config(land_pb2.Config(**dict(zip(MAP_FIELDS, map_fields, strict=True))))
    return board, format_map(board)


def board_from_config(config: land_pb2.Config) -> Board:
    """The map a Config names: its text, a built-in map, or a generated one.

    Raises:
        ConfigError: no such map, a bad map text, or generator sizes out of range.
    """
    if config.map_text:
        return parse_map(config.map_text, "map_text")
    if config.map != RANDOM_MAP:
        return load_builtin(config.map or DEFAULT_MAP)
    _check_range("map_columns", config.map_columns, MAX_REGIONS)
    _check_range("map_rows", config.map_rows, MAX_REGIONS)
    _check_range("region_width", config.region_width, MAX_REGION_SIDE)
    _check_range("region_height", config.region_height, MAX_REGION_SIDE)
    return generate_map(
        config.map_seed,
        config.map_columns,
        config.map_rows,
        config.region_width,
        config.region_height,
    )


def _check_range(option: str, value: int, most: int) -> None:
    if not 1 <= value <= most:
        raise ConfigError(f"{option}: expected 1..{most}, got {value}")
