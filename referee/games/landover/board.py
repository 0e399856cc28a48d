"""The Landover board: hex tiles, their corners (vertices) and sides (edges).

Hexes are pointy-top in axial coordinates (q, r). Corner positions use
integer half-hex units (x in sqrt(3)/2 steps, y in 1/2 steps), so equal
corners of neighbouring hexes get equal keys. The land is ringed by sea
hexes, whose sides carry boats (LANDOVER-09).
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from pathlib import Path

from referee.errors import ConfigError
from referee.games.landover.rules import CLAY, ORE, WHEAT, WOOD, WOOL

DATA = Path(__file__).resolve().parent / "data"
SEA, DESERT, FOREST, PASTURE, MOUNTAINS, FIELDS, HILLS, GOLD = range(8)
TERRAIN_NAMES = ("sea", "desert", "forest", "pasture", "mountains", "fields", "hills", "gold")
TERRAIN_RESOURCE = {FOREST: WOOD, PASTURE: WOOL, MOUNTAINS: ORE, FIELDS: WHEAT, HILLS: CLAY}
GENERIC_HARBOR = 8
"""A 3:1 harbor; 0..4 is a 2:1 harbor of that resource."""
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
EDGE_LAND, EDGE_COAST, EDGE_SEA = range(3)


@dataclass
class Board:
    """Static geometry plus the tiles' terrains and numbers (numbers change with Inventor)."""

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
) -> Board:
    """A board from land tiles ((q, r), terrain, number) and harbors ((q, r), side, type).

    Every hex touching land that is not land becomes sea.
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
    harbor = [-1] * len(vertex_xy)
    for coord, side, kind in harbors:
        ring = tile_vertices[index_of[coord]]
        for corner in SIDE_CORNERS[side]:
            harbor[ring[corner]] = kind
    island = _islands(coords, terrain, index_of, directions)
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


def make_board(name: str, seed: int) -> Board:
    if name in ("", "beginner"):
        return beginner_board()
    if name == "random":
        return random_board(seed)
    raise ConfigError(f"landover map: expected 'beginner' or 'random', got {name!r}")
