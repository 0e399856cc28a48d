"""The Landover board: hex tiles, their corners (vertices) and sides (edges).

Hexes are pointy-top in axial coordinates (q, r). Corner positions use
integer half-hex units (x in sqrt(3)/2 steps, y in 1/2 steps), so equal
corners of neighbouring hexes get equal keys. The land is ringed by sea
hexes, whose sides carry boats (LANDOVER-09).

A map (LANDOVER-02) is the beginner board, its seeded shuffle, or a map
file in ``data/`` (format in docs/rules/landover.md): fixed hexes, hexes
dealt by chance at the start from the map's pool, and mystery hexes dealt
from a second pool when a road or boat first touches them. Until dealt a
hex is ``MYSTERY`` with number 0. Only ``terrain`` and ``numbers`` change
during a game; the rest is geometry, shared by every copy of a state.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from referee.errors import ConfigError
from referee.games.landover.rules import CLAY, ORE, WHEAT, WOOD, WOOL

DATA = Path(__file__).resolve().parent / "data"
SEA, DESERT, FOREST, PASTURE, MOUNTAINS, FIELDS, HILLS, GOLD, MYSTERY = range(9)
TERRAIN_NAMES = (
    "sea",
    "desert",
    "forest",
    "pasture",
    "mountains",
    "fields",
    "hills",
    "gold",
    "mystery",
)
"""By terrain number; "mystery" is a hex not dealt yet."""
TERRAINS = len(TERRAIN_NAMES)
RED_NUMBERS = (6, 8)
"""The likeliest numbers, which are dealt apart (LANDOVER-02)."""
HIGHEST_NUMBER = 12
TERRAIN_RESOURCE = {FOREST: WOOD, PASTURE: WOOL, MOUNTAINS: ORE, FIELDS: WHEAT, HILLS: CLAY}
GENERIC_HARBOR = 8
"""A 3:1 harbor; 0..4 is a 2:1 harbor of that resource."""
HARBOR_TYPES = GENERIC_HARBOR + 1
DEALT_HARBOR = -2
"""A harbor whose type chance deals at the start (map files: type "deal")."""
CORNERS = ((0, -2), (1, -1), (1, 1), (0, 2), (-1, 1), (-1, -1))
"""Offsets of a hex's corners from its centre: N, NE-corner, SE-corner, S, SW-corner, NW-corner."""
SIDE_CORNERS = {"NE": (0, 1), "E": (1, 2), "SE": (2, 3), "SW": (3, 4), "W": (4, 5), "NW": (5, 0)}
JSON_TERRAIN = {
    "forest": FOREST,
    "pasture": PASTURE,
    "fields": FIELDS,
    "hills": HILLS,
    "mountains": MOUNTAINS,
    "desert": DESERT,
    "gold": GOLD,
}
JSON_RESOURCE = {"lumber": WOOD, "brick": CLAY, "wool": WOOL, "grain": WHEAT, "ore": ORE}
MAP_HARBOR = {
    "3:1": GENERIC_HARBOR,
    "wood": WOOD,
    "clay": CLAY,
    "wool": WOOL,
    "wheat": WHEAT,
    "ore": ORE,
    "deal": DEALT_HARBOR,
}
"""Harbor types in a map file ("deal": dealt by chance from its ``harbor_pool``)."""
MAP_FILES = ("standard", "islands")
"""The map files in data/, by name; "standard" is the default map."""
EDGE_LAND, EDGE_COAST, EDGE_SEA = range(3)


@dataclass(frozen=True)
class Pool:
    """Hexes a map deals by chance: how many of each terrain, and of each number."""

    terrain: tuple[int, ...] = (0,) * TERRAINS
    """Count per terrain number."""
    numbers: tuple[int, ...] = (0,) * (HIGHEST_NUMBER + 1)
    """Count per production number (index 2..12)."""


@dataclass
class Board:
    """Static geometry plus the tiles' terrains and numbers (dealing and Inventor change them)."""

    name: str
    coords: list[tuple[int, int]]
    terrain: list[int]
    numbers: list[int]
    island: list[int]
    tile_vertices: list[tuple[int, ...]]
    vertex_xy: list[tuple[int, int]]
    vertex_tiles: list[tuple[int, ...]]
    vertex_neighbours: list[tuple[int, ...]]
    vertex_edges: list[tuple[int, ...]]
    edges: list[tuple[int, int]]
    edge_kind: list[int]
    harbor: list[int]
    harbor_spots: tuple[tuple[int, int], ...] = ()
    """(vertex, harbor) of every harbor corner."""
    mystery: frozenset[int] = frozenset()
    """Mystery hexes: dealt from ``mystery_pool`` when a road or boat first touches one."""
    deal: tuple[int, ...] = ()
    """Hexes dealt from ``deal_pool`` before setup, in this order."""
    deal_pool: Pool = Pool()
    mystery_pool: Pool = Pool()
    harbor_deal: tuple[tuple[int, ...], ...] = ()
    """The corners of each harbor dealt before setup, in order (-1 in ``harbor`` until dealt)."""
    harbor_pool: tuple[int, ...] = ()
    """What those harbors are dealt from: count per harbor type (0..4, ``GENERIC_HARBOR``)."""

    def with_own_tiles(self) -> Board:
        """A copy whose terrains, numbers and harbors are its own; the geometry stays shared.

        Copied field by field, not by ``dataclasses.replace``, which looks at the
        fields each time: a search clones a state hundreds of times a move.
        """
        other = object.__new__(Board)
        other.__dict__.update(self.__dict__)
        other.terrain = list(self.terrain)
        other.numbers = list(self.numbers)
        if self.harbor_deal:  # else no harbor changes
            other.harbor = list(self.harbor)
        return other

    def deal_terrain(self, tile: int, terrain: int) -> None:
        self.terrain[tile] = terrain

    def deal_number(self, tile: int, number: int) -> None:
        self.numbers[tile] = number

    def deal_harbor(self, slot: int, kind: int) -> None:
        """Chance's type for the ``slot``-th dealt harbor (LANDOVER-02)."""
        for v in self.harbor_deal[slot]:
            self.harbor[v] = kind
        self.harbor_spots = harbor_spots(self.harbor)

    def swap_numbers(self, a: int, b: int) -> None:
        """Inventor's swap of two hexes' numbers (LANDOVER-36)."""
        self.numbers[a], self.numbers[b] = self.numbers[b], self.numbers[a]

    def vertex_on_land(self, vertex: int) -> bool:
        return any(self.terrain[t] != SEA for t in self.vertex_tiles[vertex])

    def vertex_islands(self, vertex: int) -> frozenset[int]:
        return frozenset(self.island[t] for t in self.vertex_tiles[vertex] if self.island[t] >= 0)

    def describe(self) -> str:
        """A text form of the tiles and harbors (for the game identity)."""
        tiles = ",".join(
            f"{q}:{r}:{t}:{n}"
            for (q, r), t, n in zip(self.coords, self.terrain, self.numbers, strict=True)
        )
        return f"{self.name}|{tiles}|{self.harbor}"


def harbor_spots(harbor: list[int]) -> tuple[tuple[int, int], ...]:
    return tuple((v, h) for v, h in enumerate(harbor) if h >= 0)


def _place_harbors(
    harbors: list[tuple[tuple[int, int], str, int]],
    vertices: int,
    rings: list[tuple[int, ...]],
) -> tuple[list[int], tuple[tuple[int, ...], ...]]:
    """Each corner's harbor type (-1: none or not dealt yet), and the corners of each to deal."""
    harbor = [-1] * vertices
    to_deal = []
    for (_, side, kind), ring in zip(harbors, rings, strict=True):
        spots = tuple(ring[corner] for corner in SIDE_CORNERS[side])
        if kind == DEALT_HARBOR:
            to_deal.append(spots)
            continue
        for v in spots:
            harbor[v] = kind
    return harbor, tuple(to_deal)


def _row_coords(rows: list[int]) -> list[tuple[int, int]]:
    """Axial coordinates of a hexagonal board given its row lengths (3,4,5,4,3)."""
    middle = len(rows) // 2
    coords = []
    for index, length in enumerate(rows):
        r = index - middle
        q_min = max(-middle, -middle - r)
        coords += [(q_min + c, r) for c in range(length)]
    return coords


def build_board(
    name: str,
    land: list[tuple[tuple[int, int], int, int]],
    harbors: list[tuple[tuple[int, int], str, int]],
    dealt: tuple[list[tuple[int, int]], list[tuple[int, int]]] = ([], []),
    pools: tuple[Pool, Pool] = (Pool(), Pool()),
    *,
    harbor_pool: tuple[int, ...] = (),
) -> Board:
    """A board from land tiles ((q, r), terrain, number) and harbors ((q, r), side, type).

    Every hex touching land that is not land becomes sea. ``dealt`` names the
    hexes dealt at the start and the mystery hexes (both ``MYSTERY`` in
    ``land``); ``pools`` are what each is dealt from. A harbor of type
    ``DEALT_HARBOR`` is dealt at the start from ``harbor_pool``.
    """
    land_map = {coord: (terrain, number) for coord, terrain, number in land}
    directions = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
    sea = sorted(
        {
            (q + dq, r + dr)
            for (q, r) in land_map
            for dq, dr in directions
            if (q + dq, r + dr) not in land_map
        },
        key=lambda c: (c[1], c[0]),
    )
    coords = sorted(land_map, key=lambda c: (c[1], c[0])) + sea
    terrain = [land_map[c][0] if c in land_map else SEA for c in coords]
    numbers = [land_map[c][1] if c in land_map else 0 for c in coords]
    index_of = {c: i for i, c in enumerate(coords)}
    vertex_index: dict[tuple[int, int], int] = {}
    vertex_xy: list[tuple[int, int]] = []
    vertex_tiles: list[list[int]] = []
    tile_vertices: list[tuple[int, ...]] = []
    edge_index: dict[tuple[int, int], int] = {}
    edges: list[tuple[int, int]] = []
    edge_tiles: list[list[int]] = []
    for tile, (q, r) in enumerate(coords):
        cx, cy = 2 * q + r, 3 * r
        corners = []
        for dx, dy in CORNERS:
            key = (cx + dx, cy + dy)
            if key not in vertex_index:
                vertex_index[key] = len(vertex_xy)
                vertex_xy.append(key)
                vertex_tiles.append([])
            vertex_tiles[vertex_index[key]].append(tile)
            corners.append(vertex_index[key])
        tile_vertices.append(tuple(corners))
        for i in range(6):
            a, b = corners[i], corners[(i + 1) % 6]
            pair = (min(a, b), max(a, b))
            if pair not in edge_index:
                edge_index[pair] = len(edges)
                edges.append(pair)
                edge_tiles.append([])
            edge_tiles[edge_index[pair]].append(tile)
    neighbours: list[list[int]] = [[] for _ in vertex_xy]
    vertex_edges: list[list[int]] = [[] for _ in vertex_xy]
    for e, (a, b) in enumerate(edges):
        neighbours[a].append(b)
        neighbours[b].append(a)
        vertex_edges[a].append(e)
        vertex_edges[b].append(e)
    edge_kind = []
    for tiles in edge_tiles:
        lands = sum(terrain[t] != SEA for t in tiles)
        edge_kind.append(
            EDGE_LAND if lands == 2 else EDGE_COAST if lands == 1 and len(tiles) == 2 else EDGE_SEA
        )
    harbor, harbor_deal = _place_harbors(
        harbors, len(vertex_xy), [tile_vertices[index_of[coord]] for coord, _, _ in harbors]
    )
    island = _islands(coords, terrain, index_of, directions)
    start, hidden = dealt
    return Board(
        name=name,
        coords=coords,
        terrain=terrain,
        numbers=numbers,
        island=island,
        tile_vertices=tile_vertices,
        vertex_xy=vertex_xy,
        vertex_tiles=[tuple(ts) for ts in vertex_tiles],
        vertex_neighbours=[tuple(sorted(ns)) for ns in neighbours],
        vertex_edges=[tuple(sorted(es)) for es in vertex_edges],
        edges=edges,
        edge_kind=edge_kind,
        harbor=harbor,
        harbor_spots=harbor_spots(harbor),
        mystery=frozenset(index_of[c] for c in hidden),
        deal=tuple(index_of[c] for c in start),
        deal_pool=pools[0],
        mystery_pool=pools[1],
        harbor_deal=harbor_deal,
        harbor_pool=harbor_pool,
    )


def _islands(
    coords: list[tuple[int, int]],
    terrain: list[int],
    index_of: dict[tuple[int, int], int],
    directions: tuple[tuple[int, int], ...],
) -> list[int]:
    island = [-1] * len(coords)
    count = 0
    for start, t in enumerate(terrain):
        if t == SEA or island[start] >= 0:
            continue
        stack = [start]
        island[start] = count
        while stack:
            q, r = coords[stack.pop()]
            for dq, dr in directions:
                other = index_of.get((q + dq, r + dr))
                if other is not None and terrain[other] != SEA and island[other] < 0:
                    island[other] = count
                    stack.append(other)
        count += 1
    return island


def beginner_board() -> Board:
    """The Catan beginner board (shared reference data, LANDOVER-02)."""
    data = json.loads((DATA / "beginner.json").read_text())
    coords = _row_coords([len(row) for row in data["rows"]])
    cells = [cell for row in data["rows"] for cell in row]
    land = [
        (coord, JSON_TERRAIN[terrain], number or 0)
        for coord, (terrain, number) in zip(coords, cells, strict=True)
    ]
    starts = [sum(len(row) for row in data["rows"][:i]) for i in range(len(data["rows"]))]
    harbors = []
    for item in data["harbors_clockwise_from_top_left"]:
        coord = coords[starts[item["row"] - 1] + item["col"] - 1]
        kind = GENERIC_HARBOR if item["type"] == "3:1" else JSON_RESOURCE[item["resource"]]
        harbors.append((coord, item["edge"], kind))
    return build_board("beginner", land, harbors)


def random_board(seed: int) -> Board:
    """The beginner board's tiles, numbers and harbor kinds shuffled by a seed (LANDOVER-02).

    Numbers are redealt until no 6 or 8 touch each other.
    """
    base = beginner_board()
    rng = random.Random(seed)
    land = [i for i, t in enumerate(base.terrain) if t != SEA]
    terrains = [base.terrain[i] for i in land]
    numbers = sorted(base.numbers[i] for i in land if base.numbers[i])
    rng.shuffle(terrains)
    coords = [base.coords[i] for i in land]
    while True:
        rng.shuffle(numbers)
        dealt = iter(numbers)
        tiles = [
            (c, t, 0 if t == DESERT else next(dealt)) for c, t in zip(coords, terrains, strict=True)
        ]
        hot = {c for c, _, n in tiles if n in (6, 8)}
        if not any(_touch(a, b) for a in hot for b in hot if a < b):
            break
    data = json.loads((DATA / "beginner.json").read_text())
    row_coords = _row_coords([len(row) for row in data["rows"]])
    starts = [sum(len(row) for row in data["rows"][:i]) for i in range(len(data["rows"]))]
    kinds = [
        GENERIC_HARBOR if h["type"] == "3:1" else JSON_RESOURCE[h["resource"]]
        for h in data["harbors_clockwise_from_top_left"]
    ]
    rng.shuffle(kinds)
    harbors = [
        (row_coords[starts[h["row"] - 1] + h["col"] - 1], h["edge"], kind)
        for h, kind in zip(data["harbors_clockwise_from_top_left"], kinds, strict=True)
    ]
    return build_board(f"random-{seed}", tiles, harbors)


def _touch(a: tuple[int, int], b: tuple[int, int]) -> bool:
    dq, dr = b[0] - a[0], b[1] - a[1]
    return (dq, dr) in ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))


def map_file_board(name: str) -> Board:
    """A board from the map file ``data/NAME.json`` (format: docs/rules/landover.md, LANDOVER-02).

    Raises:
        ConfigError: the file breaks the format; the message says where.
    """
    data = json.loads((DATA / f"{name}.json").read_text())
    land: list[tuple[tuple[int, int], int, int]] = []
    start: list[tuple[int, int]] = []
    hidden: list[tuple[int, int]] = []
    for q, r, kind, *number in data["hexes"]:
        coord = (q, r)
        if kind in ("deal", "mystery"):
            (start if kind == "deal" else hidden).append(coord)
            land.append((coord, MYSTERY, 0))
        elif kind != "sea":
            land.append((coord, JSON_TERRAIN[kind], number[0] if number else 0))
    harbors = [((q, r), side, MAP_HARBOR[kind]) for q, r, side, kind in data["harbors"]]
    pools = (_pool(data.get("deal")), _pool(data.get("mystery")))
    _check_pool(name, "deal", len(start), pools[0])
    _check_pool(name, "mystery", len(hidden), pools[1])
    harbor_pool = [0] * HARBOR_TYPES
    for kind, count in data.get("harbor_pool", {}).items():
        harbor_pool[MAP_HARBOR[kind]] = count
    if sum(harbor_pool) != sum(kind == DEALT_HARBOR for _, _, kind in harbors):
        raise ConfigError(
            f"landover map {name}: the harbor pool must hold a type for each harbor to deal"
        )
    dealt_pool = tuple(harbor_pool) if sum(harbor_pool) else ()
    return build_board(name, land, harbors, (start, hidden), pools, harbor_pool=dealt_pool)


def _pool(data: dict[str, Any] | None) -> Pool:
    if data is None:
        return Pool()
    terrain = [0] * TERRAINS
    for kind, count in data["terrain"].items():
        terrain[JSON_TERRAIN[kind]] = count
    numbers = [0] * (HIGHEST_NUMBER + 1)
    for number in data["numbers"]:
        numbers[number] += 1
    return Pool(tuple(terrain), tuple(numbers))


def _check_pool(name: str, part: str, hexes: int, pool: Pool) -> None:
    """Every hex gets a terrain, and every one but a desert a number."""
    numbered = sum(pool.terrain) - pool.terrain[DESERT]
    if sum(pool.terrain) != hexes or sum(pool.numbers) != numbered:
        raise ConfigError(
            f"landover map {name}: the {part} pool must hold a terrain for each of its "
            f"{hexes} hexes and a number for each but the deserts"
        )


def make_board(name: str, seed: int) -> Board:
    """The board a Config's ``map`` and ``map_seed`` name (LANDOVER-02).

    Raises:
        ConfigError: no such map.
    """
    if name == "beginner":
        return beginner_board()
    if name == "random":
        return random_board(seed)
    if name in ("", *MAP_FILES):
        return map_file_board(name or "standard")
    known = ", ".join(repr(n) for n in ("beginner", "random", *MAP_FILES))
    raise ConfigError(f"landover map: expected one of {known}, got {name!r}")
