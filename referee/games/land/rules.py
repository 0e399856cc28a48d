"""The rule options of one Land game, read once from its Config message."""

from __future__ import annotations

from dataclasses import dataclass

from sdk.pb.landgrave.games.land.v1 import land_pb2


@dataclass(frozen=True)
class Rules:
    """Where players could read land.txt differently (docs/rules/land.md)."""

    adjacency_extends_this_turn: bool = False
    """LAND-07: plots claimed this turn give adjacency for this turn's later cows."""
    mountain_same_turn: bool = False
    """LAND-08: both cows of a mountain must come in one turn."""
    must_place_all: bool = False
    """LAND-11: no early end of turn while a placement is legal."""
    keep_unused_cows: bool = False
    """LAND-10: unplaced cows carry over to the player's next turn."""

    @classmethod
    def from_config(cls, config: land_pb2.Config) -> Rules:
        """The rules a Config sets (its map is the engine's business)."""
        return cls(
            adjacency_extends_this_turn=config.adjacency_extends_this_turn,
            mountain_same_turn=config.mountain_same_turn,
            must_place_all=config.must_place_all,
            keep_unused_cows=config.keep_unused_cows,
        )

    @property
    def mountain_first_cow_needs(self) -> int:
        """Cows a player must still hold to put a first cow on a free mountain."""
        return 2 if self.mountain_same_turn else 1


DEFAULT_MAP = "default"


def default_config() -> land_pb2.Config:
    """The Config with every documented default."""
    return land_pb2.Config(
        map=DEFAULT_MAP, map_columns=6, map_rows=6, region_width=2, region_height=2
    )
