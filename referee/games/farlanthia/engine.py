"""The Farlanthia engine: its facts, options and messages."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from google.protobuf.message import Message

from referee.engine import Engine, OptionDoc
from referee.errors import ConfigError
from referee.games.farlanthia import codec
from referee.games.farlanthia.actions import FarlanthiaAction
from referee.games.farlanthia.rules import DEFAULT_YEARS, Rules
from referee.games.farlanthia.state import FarlanthiaState
from sdk.pb.landgrave.games.farlanthia.v1 import farlanthia_pb2

OPTIONS = (
    OptionDoc("years", str(DEFAULT_YEARS), "years of four seasons before scoring", "FARL-20"),
    OptionDoc(
        "map_seed", "0", "fixed generated map; 0 deals each tile by chance when revealed", "FARL-02"
    ),
    OptionDoc("events", "true", "draw event cards when scouting", "FARL-30"),
    OptionDoc("adventures", "true", "heroes may adventure (adventure deck)", "FARL-31"),
    OptionDoc("diplomacy", "true", "negotiations may be proposed", "FARL-24"),
    OptionDoc("starting_troops", "3", "troops on each capitol at the start", "FARL-05"),
    OptionDoc("starting_resources", "2", "wood, stone, food and gold at the start", "FARL-05"),
    OptionDoc("reveal_map", "false", "every tile starts revealed (no fog of war)", "FARL-03"),
    OptionDoc("allow_capture", "true", "occupied structures may be captured", "FARL-18"),
    OptionDoc("renown_bonus", "true", "spent leadership dice gain renown pips", "FARL-08"),
    OptionDoc("map_radius", "6", "hexagon radius 4..6 (6: the 127 tiles)", "FARL-34"),
)


@dataclass(frozen=True)
class FarlanthiaEngine(Engine[FarlanthiaAction]):
    """Farlanthia: Lords of War, 2 to 6 realms on a hexagon of side 7."""

    name: str = "farlanthia"
    version: str = "1"
    min_players: int = 2
    max_players: int = 6
    description: str = "Farlanthia: Lords of War, hex conquest with heroes and diplomacy (2-6)"
    options: tuple[OptionDoc, ...] = field(default=OPTIONS)

    def default_config(self) -> farlanthia_pb2.Config:
        return Rules().to_config()

    def new_game(self, config: Message, num_players: int) -> FarlanthiaState:
        if not isinstance(config, farlanthia_pb2.Config):
            raise ConfigError(
                f"farlanthia: expected a farlanthia Config, got {type(config).__name__}"
            )
        if not self.min_players <= num_players <= self.max_players:
            raise ConfigError(f"farlanthia: expected 2 to 6 players, got {num_players}")
        return FarlanthiaState(Rules.from_config(config), num_players)

    def action_to_proto(self, action: FarlanthiaAction) -> farlanthia_pb2.Action:
        return codec.action_to_proto(action)

    def action_from_proto(self, message: Message) -> FarlanthiaAction:
        return codec.action_from_proto(message)

    def action_list_to_proto(
        self, actions: Sequence[FarlanthiaAction]
    ) -> farlanthia_pb2.ActionList:
        return codec.action_list_to_proto(actions)

    @property
    def action_type(self) -> type[Message]:
        return farlanthia_pb2.Action
