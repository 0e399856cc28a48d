"""The Land engine: its facts, its options, and new games from a Config.

Land is the exemplar engine (docs/engines.md): a new engine starts as a
copy of this package's layout.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from google.protobuf.message import Message

from referee.engine import Engine, OptionDoc
from referee.errors import ConfigError
from referee.games.land import codec
from referee.games.land.actions import LandAction
from referee.games.land.board import Board
from referee.games.land.generator import generate_map
from referee.games.land.mapfile import (
    MAX_REGION_SIDE,
    MAX_REGIONS,
    format_map,
    load_builtin,
    parse_map,
)
from referee.games.land.rules import Rules
from referee.games.land.state import LandState
from sdk.pb.landgrave.games.land.v1 import land_pb2

DEFAULT_MAP = "default"
RANDOM_MAP = "random"

OPTIONS = (
    OptionDoc("map", DEFAULT_MAP, "built-in map name (data/NAME.map), or 'random'", "LAND-16"),
    OptionDoc("map_text", "", "a whole map in the .map format; wins over 'map'", "LAND-16"),
    OptionDoc("map_seed", "0", "generator seed when map is 'random'", "LAND-17"),
    OptionDoc("map_columns", "6", "region columns of a random map (column die faces)", "LAND-17"),
    OptionDoc("map_rows", "6", "region rows of a random map (row die faces)", "LAND-17"),
    OptionDoc("region_width", "2", "plot columns per region of a random map", "LAND-17"),
    OptionDoc("region_height", "2", "plot rows per region of a random map", "LAND-17"),
    OptionDoc(
        "adjacency_extends_this_turn",
        "false",
        "plots claimed this turn count for adjacency later in the same turn",
        "LAND-07",
    ),
    OptionDoc(
        "mountain_same_turn",
        "false",
        "a mountain's two cows must come in one turn (else the first cow waits)",
        "LAND-08",
    ),
    OptionDoc("keep_unused_cows", "false", "unplaced cows carry over to the next turn", "LAND-10"),
    OptionDoc(
        "must_place_all", "false", "no early end of turn while a cow can be placed", "LAND-11"
    ),
)


@dataclass(frozen=True)
class LandEngine(Engine[LandAction]):
    """Cows claiming plots: the most plots wins (docs/rules/land.md)."""

    def default_config(self) -> land_pb2.Config:
        return land_pb2.Config(
            map=DEFAULT_MAP, map_columns=6, map_rows=6, region_width=2, region_height=2
        )

    def new_game(self, config: Message, num_players: int) -> LandState:
        if not isinstance(config, land_pb2.Config):
            raise ConfigError(f"land: expected a land Config message, got {type(config).__name__}")
        if not self.min_players <= num_players <= self.max_players:
            raise ConfigError(
                f"land: expected {self.min_players}..{self.max_players} players, got {num_players}"
            )
        board = board_from_config(config)
        rules = Rules(
            adjacency_extends_this_turn=config.adjacency_extends_this_turn,
            mountain_same_turn=config.mountain_same_turn,
            must_place_all=config.must_place_all,
            keep_unused_cows=config.keep_unused_cows,
        )
        identity = f"{self.name}/{self.version}|{num_players}|{rules!r}|{format_map(board)}|"
        return LandState(board, rules, num_players, identity.encode())

    def action_to_proto(self, action: LandAction) -> land_pb2.Action:
        return codec.to_proto(action)

    def action_from_proto(self, message: Message) -> LandAction:
        return codec.from_proto(message)  # type: ignore[arg-type]  # it checks the type

    def action_list_to_proto(self, actions: Sequence[LandAction]) -> land_pb2.ActionList:
        return codec.list_to_proto(actions)

    @property
    def action_type(self) -> type[land_pb2.Action]:
        return land_pb2.Action


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
