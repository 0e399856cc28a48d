"""The rule options of a Farlanthia game, read once from its Config message."""

from __future__ import annotations

from dataclasses import dataclass

from referee.errors import ConfigError
from referee.games.farlanthia.board import MIN_RADIUS, RADIUS
from sdk.pb.landgrave.games.farlanthia.v1 import farlanthia_pb2

DEFAULT_YEARS = 5
MAX_YEARS = 50
MAP_SEEDS = 1024
"""Map seeds chance picks from when map_seed is 0 (FARL-02)."""


@dataclass(frozen=True)
class Rules:
    """A game's options, validated (docs/rules/farlanthia.md)."""

    years: int = DEFAULT_YEARS
    """FARL-20: the game ends after this many years of four seasons."""
    map_seed: int = 0
    """FARL-02: 0 lets chance lay the map; any other value fixes it (with reveal_map only)."""
    events: bool = True
    """FARL-30: scouting draws from the event deck."""
    adventures: bool = True
    """FARL-31: heroes may adventure."""
    diplomacy: bool = True
    """FARL-24: negotiations may be proposed."""
    starting_troops: int = 3
    """FARL-05."""
    starting_resources: int = 2
    """FARL-05: of each of wood, stone, food and gold."""
    reveal_map: bool = False
    """FARL-03: every tile starts revealed."""
    allow_capture: bool = False
    """FARL-18: occupied structures may be captured, not only razed."""
    renown_bonus: bool = True
    """FARL-08: spent leadership dice gain renown pips."""
    map_radius: int = RADIUS
    """FARL-34: the hexagon's radius (4..6)."""
    draft: bool = True
    """FARL-35: the realms draw and place the face-down tiles; false deals them on reveal."""
    single_requisition: bool = False
    """FARL-22: at most one requisition per realm phase, not one per leadership die."""
    requisition_blocks_trade: bool = False
    """FARL-22: a good a die took cannot be got by a 2-for-1 trade either this season."""
    peaceful_reinforcement: bool = False
    """FARL-25: troops joining the mover's own occupation of an enemy structure attack nobody."""

    @classmethod
    def from_config(cls, config: farlanthia_pb2.Config) -> Rules:
        """The rules a Config names.

        Raises:
            ConfigError: a field is out of range.
        """
        if not 1 <= config.years <= MAX_YEARS:
            raise ConfigError(
                f"farlanthia config: expected years 1..{MAX_YEARS}, got {config.years} "
                "(start from default_config())"
            )
        if not MIN_RADIUS <= config.map_radius <= RADIUS:
            raise ConfigError(
                f"farlanthia config: expected map_radius {MIN_RADIUS}..{RADIUS}, "
                f"got {config.map_radius} (start from default_config())"
            )
        if config.starting_troops > 30:
            raise ConfigError(
                f"farlanthia config: expected starting_troops 0..30, got {config.starting_troops}"
            )
        if config.starting_resources > 20:
            raise ConfigError(
                "farlanthia config: expected starting_resources 0..20, "
                f"got {config.starting_resources}"
            )
        if config.map_seed and not config.reveal_map:
            raise ConfigError(
                f"farlanthia config: map_seed {config.map_seed} needs reveal_map: every seat "
                "is told the config and could regenerate the face-down tiles (FARL-02)"
            )
        return cls(
            years=config.years,
            map_seed=config.map_seed,
            events=config.events,
            adventures=config.adventures,
            diplomacy=config.diplomacy,
            starting_troops=config.starting_troops,
            starting_resources=config.starting_resources,
            reveal_map=config.reveal_map,
            allow_capture=config.allow_capture,
            renown_bonus=config.renown_bonus,
            map_radius=config.map_radius,
            draft=config.draft,
            single_requisition=config.single_requisition,
            requisition_blocks_trade=config.requisition_blocks_trade,
            peaceful_reinforcement=config.peaceful_reinforcement,
        )

    def to_config(self) -> farlanthia_pb2.Config:
        """The Config message of these rules."""
        return farlanthia_pb2.Config(
            years=self.years,
            map_seed=self.map_seed,
            events=self.events,
            adventures=self.adventures,
            diplomacy=self.diplomacy,
            starting_troops=self.starting_troops,
            starting_resources=self.starting_resources,
            reveal_map=self.reveal_map,
            allow_capture=self.allow_capture,
            renown_bonus=self.renown_bonus,
            map_radius=self.map_radius,
            draft=self.draft,
            single_requisition=self.single_requisition,
            requisition_blocks_trade=self.requisition_blocks_trade,
            peaceful_reinforcement=self.peaceful_reinforcement,
        )


def default_config() -> farlanthia_pb2.Config:
    """The Config with every documented default."""
    return Rules().to_config()
