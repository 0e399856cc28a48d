"""The map's tiles as play changes them: terrain, structures, troops (one owner).

Each list has one entry per tile (board.py numbers them). A tile's troops
belong to one realm; its structure may belong to another (an occupation,
FARL-17). The face-down pile the undealt terrain comes from is kept here
too. Only this class changes them; rules elsewhere ask it to.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

from referee.games.farlanthia.board import (
    MOVE_COST,
    Geometry,
    Terrain,
    geometry,
    starting_terrain,
    undealt_mix,
)
from referee.games.farlanthia.structures import MUSTER_POINTS, Structure

IMPASSABLE = 99
"""The movement cost of a tile that cannot be entered."""
MAX_TROOPS = 130
"""Per realm: 30 + 10 x 5 + 5 x 10 troop units in the box (FARL-13)."""


def indices(values: list[int], value: int) -> list[int]:
    """Where ``value`` stands in ``values``, in order, found by the list's own search.

    Faster than a loop over every tile when a realm holds a few of them.
    """
    found: list[int] = []
    at = -1
    for _ in range(values.count(value)):
        at = values.index(value, at + 1)
        found.append(at)
    return found


@lru_cache(maxsize=4096)
def _shares(pile: tuple[int, ...]) -> tuple[tuple[int, Fraction], ...]:
    """The pile's terrains and their shares, worked out once per pile."""
    left = sum(pile)
    return tuple((kind, Fraction(count, left)) for kind, count in enumerate(pile) if count)


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
    terrain_left: list[int]
    """The face-down pile by terrain value: drafted, or dealt by chance on reveal (FARL-02)."""
    drawn_tile: int = 0
    """The terrain the drafting seat drew and must place; 0 none (FARL-35)."""

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
            undealt_mix(players, radius),
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

    def pile_shares(self) -> tuple[tuple[int, Fraction], ...]:
        """Each terrain left face down with its share of the pile (FARL-02, FARL-35)."""
        return _shares(tuple(self.terrain_left))

    def held_by(self, seat: int) -> list[int]:
        """The tiles whose structure the seat owns, in order."""
        return indices(self.owner, seat)

    def troops_at(self, seat: int) -> list[int]:
        """The tiles where the seat's troops stand, in order."""
        return indices(self.troop_owner, seat)

    def muster_points(self, seat: int, mine: list[int] | None = None) -> list[int]:
        """The seat's capitol, garrisons and forts free of enemy troops (FARL-13).

        ``mine``: the tiles the seat holds, if the caller has them already.
        """
        held = self.held_by(seat) if mine is None else mine
        structure, troop_owner = self.structure, self.troop_owner
        return [
            tile
            for tile in held
            if structure[tile] in MUSTER_POINTS and troop_owner[tile] in (-1, seat)
        ]

    def troops_on_map(self, seat: int) -> int:
        troops = self.troops
        return sum(troops[tile] for tile in indices(self.troop_owner, seat))

    def tokens_used(self, seat: int, kind: Structure) -> int:
        structure = self.structure
        return sum(1 for tile in indices(self.owner, seat) if structure[tile] is kind)

    def add_troops(self, seat: int, tile: int, n: int, *, elsewhere: int = 0) -> int:
        """Place up to n troops on a tile the seat holds or that is empty; return how many.

        No realm has more than MAX_TROOPS in all (FARL-13), counting ``elsewhere``
        (its troops off the map, in a battle).
        """
        if self.troop_owner[tile] not in (-1, seat):
            return 0
        n = min(n, MAX_TROOPS - self.troops_on_map(seat) - elsewhere)
        if n <= 0:
            return 0
        self.troop_owner[tile] = seat
        self.troops[tile] += n
        return n

    def move_in(self, seat: int, tile: int, n: int) -> None:
        """n moving troops stop on a tile free of enemies, spent for this phase (FARL-12)."""
        self.troop_owner[tile] = seat
        self.troops[tile] += n
        self.exhausted[tile] += n

    def move_on(self, tile: int, n: int) -> None:
        """The moving stack of n spent troops leaves a tile (FARL-12)."""
        self.exhausted[tile] -= n
        self.remove_troops(tile, n)

    def tire(self, tile: int, n: int | None = None) -> None:
        """n more troops on the tile are spent this phase; all of them without n."""
        if n is None:
            self.exhausted[tile] = self.troops[tile]
        else:
            self.exhausted[tile] += n

    def rest(self) -> None:
        """Every troop may move again (a conflict turn starts)."""
        self.exhausted = [0] * len(self.exhausted)

    def new_season(self) -> None:
        """Militia may rise again everywhere (FARL-16)."""
        self.militia_raised = [False] * len(self.militia_raised)

    def raise_militia(self, tile: int, kind: Structure) -> None:
        """Militia rose on the tile: it stands as ``kind`` now (FARL-16)."""
        self.militia_raised[tile] = True
        self.set_structure(tile, kind, self.owner[tile])

    def reveal(self, tile: int, seat: int, season: int) -> None:
        self.revealed[tile] = True
        self.revealed_season[tile] = season
        self.revealed_by[tile] = seat

    def show(self, tile: int) -> None:
        """A tile lies face up from the start (the volcano, FARL-04)."""
        self.revealed[tile] = True

    def reveal_all(self) -> None:
        self.revealed = [True] * len(self.revealed)

    def found(self, tile: int, seat: int) -> None:
        """A realm's capitol stands face up (FARL-04)."""
        self.set_structure(tile, Structure.CAPITOL, seat)
        self.revealed[tile] = True
        self.revealed_by[tile] = seat

    def lay(self, terrain: tuple[Terrain, ...]) -> None:
        """Every tile dealt at once from a map seed: nothing is left face down (FARL-02)."""
        self.terrain = list(terrain)
        self.terrain_left = [0] * len(self.terrain_left)

    def deal(self, tile: int, terrain: int) -> None:
        """Chance dealt a revealed tile's terrain from the face-down pile (FARL-02)."""
        self.terrain[tile] = Terrain(terrain)
        self.terrain_left[terrain] -= 1

    def draw(self, terrain: int) -> None:
        """The drafting seat drew a tile of this terrain from the pile (FARL-35)."""
        self.terrain_left[terrain] -= 1
        self.drawn_tile = terrain

    def place_drawn(self, tile: int, seat: int) -> None:
        """The drawn tile goes face down on ``tile`` (FARL-35)."""
        self.terrain[tile] = Terrain(self.drawn_tile)
        self.placed_by[tile] = seat
        self.drawn_tile = 0

    def clear_realm(self, seat: int) -> None:
        """A fallen realm's structures and troops leave the map (FARL-21)."""
        for tile in range(len(self.structure)):
            if self.owner[tile] == seat:
                self.set_structure(tile, Structure.NONE, -1)
            if self.troop_owner[tile] == seat:
                self.remove_troops(tile, self.troops[tile])

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
            list(self.terrain_left),
            self.drawn_tile,
        )

    def key(self) -> tuple[Sequence[int], ...]:
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
