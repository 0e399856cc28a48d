"""The rule options of one game, read once from the Config message."""

from __future__ import annotations

from dataclasses import dataclass

from referee.errors import ConfigError
from referee.games.carcassonne.scoring import STACK_KINDS, ScoringTile, stack_tiles
from referee.games.carcassonne.tiles import Kind, tile_types
from sdk.pb.landgrave.games.carcassonne.v1 import carcassonne_pb2

FOLLOWERS = 7
"""Followers per seat: 8 meeples, one of them the score marker (CARC-08)."""

DEFAULT_FARMHOUSES = (("RCr", 4), ("RFr", 4))
"""Copies showing a farmhouse by default: every D and half the U tiles (CARC-23)."""


@dataclass(frozen=True)
class Rules:
    """A validated Config."""

    land_surveyors: bool = True
    road_poverty: bool = False
    """The road stack holds Poverty instead of Wealth (CARC-24)."""
    monastery_wealth: bool = False
    """The monastery stack holds Wealth instead of Poverty (CARC-24)."""
    farmhouses: tuple[tuple[str, int], ...] = DEFAULT_FARMHOUSES
    """(tile type, copies showing a farmhouse), sorted by type."""

    @classmethod
    def from_config(cls, config: carcassonne_pb2.Config) -> Rules:
        """Read and check a Config.

        Raises:
            ConfigError: a farmhouse entry names an unknown type, repeats one,
                or gives more copies than the type has.
        """
        farmhouses: dict[str, int] = {}
        for entry in config.farmhouses:
            _check_farmhouse(entry, farmhouses)
            farmhouses[entry.tile] = entry.copies
        return cls(
            land_surveyors=not config.base_game_only,
            road_poverty=config.road_scoring_tile_is_poverty,
            monastery_wealth=config.monastery_scoring_tile_is_wealth,
            farmhouses=tuple(sorted((t, n) for t, n in farmhouses.items() if n)),
        )

    def stack(self, kind: Kind) -> tuple[ScoringTile, ...]:
        """The scoring tiles of one stack, unshuffled."""
        return stack_tiles(kind, self.road_poverty, self.monastery_wealth)

    def stacks(self) -> dict[Kind, tuple[ScoringTile, ...]]:
        return {kind: self.stack(kind) for kind in STACK_KINDS}

    def farmhouse_copies(self, jcz_id: str) -> int:
        return dict(self.farmhouses).get(jcz_id, 0)


def _check_farmhouse(entry: carcassonne_pb2.FarmhouseCopies, seen: dict[str, int]) -> None:
    types = tile_types()
    if entry.tile not in types:
        raise ConfigError(
            f"farmhouses: expected a tile type id ({', '.join(types)}), got {entry.tile!r}"
        )
    if entry.tile in seen:
        raise ConfigError(f"farmhouses: expected each tile type once, got {entry.tile!r} twice")
    count = types[entry.tile].count
    if not 0 <= entry.copies <= count:
        raise ConfigError(
            f"farmhouses: expected 0 to {count} copies of {entry.tile}, got {entry.copies}"
        )


def default_config() -> carcassonne_pb2.Config:
    """The Config with every documented default."""
    return carcassonne_pb2.Config(
        base_game_only=False,
        road_scoring_tile_is_poverty=False,
        monastery_scoring_tile_is_wealth=False,
        farmhouses=[
            carcassonne_pb2.FarmhouseCopies(tile=tile, copies=copies)
            for tile, copies in DEFAULT_FARMHOUSES
        ],
    )
