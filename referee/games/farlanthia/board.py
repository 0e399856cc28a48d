"""The Farlanthia map: a hexagon of side 7 (127 tiles) and its seeded generator.

Tiles are numbered 0..126 in rows (axial r from -6 to 6, then q ascending);
the volcano is the centre tile (FARL-01). Capitols sit on corners of the ring
two tiles in from the edge, spread as evenly as the player count allows
(FARL-04). ``generate_map(seed, players)`` deals the other tiles from the
terrain mix with its own SplitMix64 generator, so a seed makes the same map
on every machine (FARL-02). Smaller hexagons (radius 4 or 5) scale the mix
down (FARL-34).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from functools import cache

from referee.games.splitmix import SplitMix64

RADIUS = 6
"""A hexagon of side 7 has radius 6: 3 * 7 * 6 + 1 = 127 tiles."""
MIN_RADIUS = 4
CAPITOL_INSET = 2
"""Capitols stand this many tiles in from the edge: on the ring at radius - 2."""
DIRECTIONS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
CORNERS_BY_PLAYERS = {
    2: (0, 3),
    3: (0, 2, 4),
    4: (0, 1, 3, 4),
    5: (0, 1, 2, 3, 4),
    6: (0, 1, 2, 3, 4, 5),
}
"""Which of the six ring corners hold capitols (FARL-04)."""


class Terrain(enum.IntEnum):
    """A tile's terrain; the values match the Observation's."""

    UNKNOWN = 0
    """Face down: not dealt yet (FARL-02)."""
    VOLCANO = 1
    LAKE = 2
    BADLANDS = 3
    MOUNTAIN = 4
    FOREST = 5
    FIELDS = 6


TERRAIN_MIX = {
    Terrain.VOLCANO: 1,
    Terrain.LAKE: 12,
    Terrain.BADLANDS: 12,
    Terrain.MOUNTAIN: 24,
    Terrain.FOREST: 36,
    Terrain.FIELDS: 42,
}
"""The 127 terrain tiles of the rule text's contents list."""

MOVE_COST = {
    Terrain.FIELDS: 1,
    Terrain.FOREST: 2,
    Terrain.MOUNTAIN: 3,
    Terrain.BADLANDS: 2,
    Terrain.LAKE: 3,
}
"""Movement cost to enter a tile (Rules section, FARL-12); the volcano is impassable."""


@dataclass(frozen=True)
class Geometry:
    """The static hexagon: coordinates and neighbours of every tile."""

    coords: tuple[tuple[int, int], ...]
    neighbours: tuple[tuple[int, ...], ...]
    centre: int

    def index(self, q: int, r: int) -> int:
        return self.coords.index((q, r))

    def distance(self, a: int, b: int) -> int:
        (q1, r1), (q2, r2) = self.coords[a], self.coords[b]
        return (abs(q1 - q2) + abs(r1 - r2) + abs(q1 + r1 - q2 - r2)) // 2


@cache
def geometry(radius: int = RADIUS) -> Geometry:
    """The hexagon of side radius + 1 (default 7)."""
    coords = tuple(
        (q, r)
        for r in range(-radius, radius + 1)
        for q in range(-radius, radius + 1)
        if abs(q + r) <= radius
    )
    where = {c: i for i, c in enumerate(coords)}
    neighbours = tuple(
        tuple(sorted(where[(q + dq, r + dr)] for dq, dr in DIRECTIONS if (q + dq, r + dr) in where))
        for q, r in coords
    )
    return Geometry(coords, neighbours, where[(0, 0)])


def capitol_tiles(players: int, radius: int = RADIUS) -> tuple[int, ...]:
    """The capitol tile of each seat (FARL-04)."""
    geo = geometry(radius)
    ring = radius - CAPITOL_INSET
    tiles = []
    for corner in CORNERS_BY_PLAYERS[players]:
        dq, dr = DIRECTIONS[corner]
        tiles.append(geo.index(dq * ring, dr * ring))
    return tuple(tiles)


def terrain_mix(radius: int = RADIUS) -> dict[Terrain, int]:
    """The terrain counts of a hexagon: the rule text's 127 tiles, scaled down if smaller.

    One volcano; the 126 others shrink in proportion, largest remainders
    first (FARL-34).
    """
    if radius == RADIUS:
        return dict(TERRAIN_MIX)
    others = len(geometry(radius).coords) - 1
    full = sum(TERRAIN_MIX.values()) - 1
    kinds = [k for k in TERRAIN_MIX if k is not Terrain.VOLCANO]
    counts: dict[Terrain, int] = {k: TERRAIN_MIX[k] * others // full for k in kinds}
    short = others - sum(counts.values())
    by_remainder = sorted(kinds, key=lambda k: (-(TERRAIN_MIX[k] * others % full), k))
    for kind in by_remainder[:short]:
        counts[kind] += 1
    counts[Terrain.VOLCANO] = 1
    return counts


def undealt_mix(players: int, radius: int = RADIUS) -> list[int]:
    """Counts by terrain value of the tiles that are neither the volcano nor a capitol."""
    counts = [0] * (max(Terrain) + 1)
    for kind, count in terrain_mix(radius).items():
        counts[kind] = count
    counts[Terrain.VOLCANO] = 0
    counts[Terrain.FIELDS] -= players
    return counts


def starting_terrain(players: int, radius: int = RADIUS) -> list[Terrain]:
    """The volcano, the capitols' fields, and every other tile face down (FARL-02)."""
    geo = geometry(radius)
    capitols = capitol_tiles(players, radius)
    tiles = [Terrain.UNKNOWN] * len(geo.coords)
    tiles[geo.centre] = Terrain.VOLCANO
    for tile in capitols:
        tiles[tile] = Terrain.FIELDS
    return tiles


def generate_map(seed: int, players: int, radius: int = RADIUS) -> tuple[Terrain, ...]:
    """The terrain of every tile: volcano centre, capitols on fields, the rest shuffled.

    Every capitol tile is fields, so no realm starts without food (FARL-04);
    the mix stays 1+12+12+24+36+42.
    """
    mix = undealt_mix(players, radius)
    pool = [Terrain(kind) for kind, count in enumerate(mix) for _ in range(count)]
    rng = SplitMix64(seed * 0x2545F4914F6CDD1D + players + 16 * (RADIUS - radius))
    for i in range(len(pool) - 1, 0, -1):
        j = rng.below(i + 1)
        pool[i], pool[j] = pool[j], pool[i]
    deal = iter(pool)
    tiles = starting_terrain(players, radius)
    return tuple(next(deal) if kind is Terrain.UNKNOWN else kind for kind in tiles)
