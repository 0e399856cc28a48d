"""The LAND 6 engine: its facts, options and messages."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from google.protobuf.message import Message

from referee.engine import Engine, OptionDoc
from referee.errors import ConfigError
from referee.games.land6 import codec
from referee.games.land6.actions import Land6Action
from referee.games.land6.rules import DEFAULT_TURN_LIMIT, Rules
from referee.games.land6.state import Land6State
from sdk.pb.landgrave.games.land6.v1 import land6_pb2

OPTIONS = (
    OptionDoc(
        "difficulty",
        "DIFFICULTY_EASY",
        "DIFFICULTY_EASY, DIFFICULTY_NORMAL (a cube starts on tile 6) "
        "or DIFFICULTY_HARD (also: feed only from a tile without a cube)",
        "LAND6-09",
    ),
    OptionDoc(
        "layout",
        "LAYOUT_GRID",
        "LAYOUT_GRID (three tiles by two) or LAYOUT_STRIP (six tiles in a row)",
        "LAND6-01",
    ),
    OptionDoc(
        "fixed_tile_orientation",
        "false",
        "lay tiles 2-5 unturned instead of with a random quarter turn each",
        "LAND6-02",
    ),
    OptionDoc(
        "turn_limit",
        str(DEFAULT_TURN_LIMIT),
        "a game still running after this many turns is lost; 0 means no limit",
        "LAND6-16",
    ),
)


@dataclass(frozen=True)
class Land6Engine(Engine[Land6Action]):
    """LAND 6 by Santiago Eximeno, rules v1.3: one seat against chance's cubes."""

    name: str = "land6"
    version: str = "1"
    min_players: int = 1
    max_players: int = 1
    description: str = "LAND 6: the Lord of the Dice against the Lord of the Cubes (solo)"
    options: tuple[OptionDoc, ...] = field(default=OPTIONS)

    def default_config(self) -> land6_pb2.Config:
        return Rules().to_config()

    def new_game(self, config: Message, num_players: int) -> Land6State:
        if not isinstance(config, land6_pb2.Config):
            raise ConfigError(f"land6: expected a land6 Config, got {type(config).__name__}")
        if num_players != 1:
            raise ConfigError(f"land6: expected 1 player, got {num_players}")
        return Land6State(Rules.from_config(config))

    def action_to_proto(self, action: Land6Action) -> land6_pb2.Action:
        return codec.action_to_proto(action)

    def action_from_proto(self, message: Message) -> Land6Action:
        return codec.action_from_proto(message)

    def action_list_to_proto(self, actions: Sequence[Land6Action]) -> land6_pb2.ActionList:
        return codec.action_list_to_proto(actions)

    @property
    def action_type(self) -> type[Message]:
        return land6_pb2.Action
