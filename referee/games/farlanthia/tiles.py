"""The map's tiles as play changes them: terrain, structures, troops (one owner).

Each list has one entry per tile (board.py numbers them). A tile's troops
belong to one realm; its structure may belong to another (an occupation,
FARL-17). Only this class changes them; rules elsewhere ask it to.
"""

from __future__ import annotations

from dataclasses import dataclass

from referee.games.farlanthia.board import (
    MOVE_COST,
    Geometry,
    Terrain,
    geometry,
    starting_terrain,
)
from referee.games.farlanthia.structures import Structure

IMPASSABLE = 99
"""The movement cost of a tile that cannot be entered."""


@dataclass
class Tiles:
    """Every tile's terrain, who placed and revealed it, its structure and its troops."""

    geo: Geometry
    """The hexagon: fixed at setup and shared by every copy."""
    terrain: list[Terrain]
    placed_by: list[int]
    """The seat that placed each tile in the setup draft, -1 if none (FARL-35)."""
    revealed: list[bool]
    revealed_season: list[int]
    revealed_by: list[int]
    structure: list[Structure]
    owner: list[int]
    troop_owner: list[int]
    troops: list[int]
    exhausted: list[int]
    """Troops on the tile that may not start a move this phase (FARL-12)."""
    militia_raised: list[bool]
    """Militia rose here this season (FARL-16)."""

    @classmethod
    def fresh(cls, players: int, radius: int) -> Tiles:
        """The volcano, the capitols' fields and every other tile face down (FARL-02)."""
        size = len(geometry(radius).coords)
        return cls(
            geometry(radius),
            starting_terrain(players, radius),
            [-1] * size,
            [False] * size,
            [-1] * size,
            [-1] * size,
            [Structure.NONE] * size,
            [-1] * size,
            [-1] * size,
            [0] * size,
            [0] * size,
            [False] * size,
        )

    def move_cost(self, tile: int) -> int:
        """Movement points to enter a tile; IMPASSABLE if it cannot be entered (FARL-12)."""
        if not self.revealed[tile] or self.terrain[tile] is Terrain.VOLCANO:
            return IMPASSABLE
        if self.structure[tile] is Structure.ROAD:
            return 1
        if self.structure[tile] is Structure.WALL:
            return 3
        return MOVE_COST[self.terrain[tile]]

    def troops_on_map(self, seat: int) -> int:
        return sum(n for o, n in zip(self.troop_owner, self.troops, strict=True) if o == seat)

    def tokens_used(self, seat: int, kind: Structure) -> int:
        return sum(
            1 for s, o in zip(self.structure, self.owner, strict=True) if o == seat and s is kind
        )

    def place_troops(self, seat: int, tile: int, n: int) -> None:
        """Put n troops of a seat on a tile that is empty of troops or already its own."""
        self.troop_owner[tile] = seat
        self.troops[tile] += n

    def remove_troops(self, tile: int, n: int) -> None:
        n = min(n, self.troops[tile])
        self.troops[tile] -= n
        self.exhausted[tile] = min(self.exhausted[tile], self.troops[tile])
        if self.troops[tile] == 0:
            self.troop_owner[tile] = -1
            self.exhausted[tile] = 0

    def set_structure(self, tile: int, kind: Structure, owner: int) -> None:
        self.structure[tile] = kind
        self.owner[tile] = owner if kind is not Structure.NONE else -1

    def copy(self) -> Tiles:
        """An independent copy sharing the geometry."""
        return Tiles(
            self.geo,
            list(self.terrain),
            list(self.placed_by),
            list(self.revealed),
            list(self.revealed_season),
            list(self.revealed_by),
            list(self.structure),
            list(self.owner),
            list(self.troop_owner),
            list(self.troops),
            list(self.exhausted),
            list(self.militia_raised),
        )

    def key(self) -> tuple[object, ...]:
        return (
            [int(t) for t in self.terrain],
            self.placed_by,
            self.revealed,
            self.revealed_season,
            self.revealed_by,
            [int(s) for s in self.structure],
            self.owner,
            self.troop_owner,
            self.troops,
            self.exhausted,
            self.militia_raised,
        )
