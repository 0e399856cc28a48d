"""The Landover engine: its facts, its options, and new games from a Config."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from google.protobuf.message import Message

from referee.engine import Engine, OptionDoc
from referee.errors import ConfigError
from referee.games.landover import codec
from referee.games.landover.actions import LandoverAction
from referee.games.landover.board import make_board
from referee.games.landover.rules import Rules
from referee.games.landover.state import LandoverState
from sdk.pb.landgrave.games.landover.v1 import landover_pb2

OPTIONS = (
    OptionDoc("victory_points", "13", "victory points that win the game", "LANDOVER-01"),
    OptionDoc(
        "map", "beginner", "'beginner' board or 'random' (shuffled by map_seed)", "LANDOVER-02"
    ),
    OptionDoc("map_seed", "0", "seed of a random map", "LANDOVER-02"),
    OptionDoc("turn_limit", "400", "turns after which the most VP win; 0 = none", "LANDOVER-03"),
    OptionDoc(
        "raid_immunity_vp",
        "0",
        "players with at most this many VP cannot be raided; 0 = off",
        "LANDOVER-21",
    ),
    OptionDoc("culture_needs_city", "true", "culture improvements need a city", "LANDOVER-14"),
)


@dataclass(frozen=True)
class LandoverEngine(Engine[LandoverAction]):
    """Villages, cities, culture, barbarians and catapults (docs/rules/landover.md)."""

    def default_config(self) -> landover_pb2.Config:
        return landover_pb2.Config(
            victory_points=13, map="beginner", turn_limit=400, culture_needs_city=True
        )

    def new_game(self, config: Message, num_players: int) -> LandoverState:
        if not isinstance(config, landover_pb2.Config):
            raise ConfigError(
                f"landover: expected a landover Config message, got {type(config).__name__}"
            )
        if not self.min_players <= num_players <= self.max_players:
            raise ConfigError(
                f"landover: expected {self.min_players}..{self.max_players} players, "
                f"got {num_players}"
            )
        if not 3 <= config.victory_points <= 100:
            raise ConfigError(
                f"landover victory_points: expected 3..100, got {config.victory_points}"
            )
        board = make_board(config.map, config.map_seed)
        rules = Rules(
            victory_points=config.victory_points,
            turn_limit=config.turn_limit,
            raid_immunity_vp=config.raid_immunity_vp,
            culture_needs_city=config.culture_needs_city,
        )
        identity = f"{self.name}/{self.version}|{num_players}|{rules!r}|{board.describe()}|"
        return LandoverState(board, rules, num_players, identity.encode())

    def action_to_proto(self, action: LandoverAction) -> landover_pb2.Action:
        return codec.to_proto(action)

    def action_from_proto(self, message: Message) -> LandoverAction:
        return codec.from_proto(message)  # type: ignore[arg-type]  # it checks the type

    def action_list_to_proto(self, actions: Sequence[LandoverAction]) -> landover_pb2.ActionList:
        return codec.list_to_proto(actions)

    @property
    def action_type(self) -> type[landover_pb2.Action]:
        return landover_pb2.Action
