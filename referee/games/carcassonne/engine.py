"""Carcassonne with The Land Surveyors: the registered engine."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from google.protobuf.message import Message

from referee.engine import Engine, OptionDoc
from referee.errors import ConfigError
from referee.games.carcassonne import codec
from referee.games.carcassonne.actions import Action
from referee.games.carcassonne.rules import Rules, default_config
from referee.games.carcassonne.state import CarcassonneState
from sdk.pb.landgrave.games.carcassonne.v1 import carcassonne_pb2

OPTIONS = (
    OptionDoc(
        "base_game_only",
        "false",
        "play the plain base game, without The Land Surveyors' scoring tiles",
        "CARC-20",
    ),
    OptionDoc(
        "road_scoring_tile_is_poverty",
        "false",
        "the road stack's Wealth/Poverty tile is Poverty (-3), not Wealth (+3)",
        "CARC-24",
    ),
    OptionDoc(
        "monastery_scoring_tile_is_wealth",
        "false",
        "the monastery stack's Wealth/Poverty tile is Wealth (+3), not Poverty (-3)",
        "CARC-24",
    ),
    OptionDoc(
        "farmhouses",
        "RCr:4, RFr:4",
        "how many copies of each tile type show a farmhouse (Peasant Uprising)",
        "CARC-23",
    ),
)


@dataclass(frozen=True)
class CarcassonneEngine(Engine[Action]):
    """Carcassonne (2nd edition) for 2 to 5 players, with The Land Surveyors."""

    def default_config(self) -> Message:
        return default_config()

    def new_game(self, config: Message, num_players: int) -> CarcassonneState:
        if not isinstance(config, carcassonne_pb2.Config):
            raise ConfigError(f"expected a carcassonne Config, got {type(config).__name__}")
        if not self.min_players <= num_players <= self.max_players:
            raise ConfigError(
                f"expected {self.min_players} to {self.max_players} players, got {num_players}"
            )
        return CarcassonneState(Rules.from_config(config), num_players)

    def action_to_proto(self, action: Action) -> Message:
        return codec.action_to_proto(action)

    def action_from_proto(self, message: Message) -> Action:
        return codec.action_from_proto(message)

    def action_list_to_proto(self, actions: Sequence[Action]) -> Message:
        return codec.action_list_to_proto(actions)

    @property
    def action_type(self) -> type[Message]:
        return carcassonne_pb2.Action


ENGINE = CarcassonneEngine(
    name="carcassonne",
    version="1",
    min_players=2,
    max_players=5,
    description="Carcassonne (2nd edition base game) with the mini expansion The Land Surveyors",
    options=OPTIONS,
)
