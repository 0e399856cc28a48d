"""The rule options of a LAND 6 game, read once from its Config message."""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Any

from referee.errors import ConfigError
from referee.games.land6.board import Layout
from sdk.pb.landgrave.games.land6.v1 import land6_pb2


class Difficulty(enum.IntEnum):
    """The three difficulties of the rule text; the values match the proto's."""

    EASY = 1
    """One die of 6 on tile 1's city; a die of 3 or more on tile 6's city wins."""
    NORMAL = 2
    """Easy, and a cube starts on tile 6."""
    HARD = 3
    """Normal, and a field die feeds only from a tile without a cube (LAND6-09)."""


DIFFICULTIES = frozenset(int(difficulty) for difficulty in Difficulty)
LAYOUTS = frozenset(int(layout) for layout in Layout)
"""The values a Config may hold (a set made once: iterating an enum is slow)."""

DEFAULT_TURN_LIMIT = 100
"""Generous: our bots' games last 5 to 40 turns (LAND6-16)."""


@dataclass(frozen=True)
class Rules:
    """A game's options, validated."""

    difficulty: Difficulty = Difficulty.EASY
    layout: Layout = Layout.GRID
    fixed_tile_orientation: bool = False
    """Lay tiles 2-5 unturned instead of with a random quarter turn (LAND6-02)."""
    turn_limit: int = DEFAULT_TURN_LIMIT
    """A game still running after this many turns is lost; 0 means no limit (LAND6-16)."""

    @classmethod
    def from_config(cls, config: land6_pb2.Config) -> Rules:
        """The rules a Config names.

        Raises:
            ConfigError: a field is unset or out of range.
        """
        if int(config.difficulty) not in DIFFICULTIES:
            raise ConfigError(
                "land6 config: expected difficulty EASY, NORMAL or HARD, "
                f"got {_name(land6_pb2.Difficulty, config.difficulty)} "
                "(start from default_config())"
            )
        if int(config.layout) not in LAYOUTS:
            raise ConfigError(
                f"land6 config: expected layout GRID or STRIP, "
                f"got {_name(land6_pb2.Layout, config.layout)} (start from default_config())"
            )
        return cls(
            difficulty=Difficulty(config.difficulty),
            layout=Layout(config.layout),
            fixed_tile_orientation=config.fixed_tile_orientation,
            turn_limit=config.turn_limit,
        )

    def to_config(self) -> land6_pb2.Config:
        """The Config message of these rules."""
        return land6_pb2.Config(
            difficulty=f"DIFFICULTY_{self.difficulty.name}",
            layout=f"LAYOUT_{self.layout.name}",
            fixed_tile_orientation=self.fixed_tile_orientation,
            turn_limit=self.turn_limit,
        )


def _name(enum_type: Any, value: int) -> str:
    """An enum value's proto name, or the bare number when it has none."""
    try:
        return str(enum_type.Name(value))
    except ValueError:
        return str(value)


def default_config() -> land6_pb2.Config:
    """The Config with every documented default."""
    return Rules().to_config()
