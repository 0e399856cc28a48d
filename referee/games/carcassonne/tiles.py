"""The land tiles: the 24 types of data/tiles.json and their shape in every rotation.

A tile type lists its segments unrotated: the monastery, then cities, roads
and fields, in that order. A segment keeps its index in every rotation, so
(position, segment index) names one part of a placed tile. Rotating turns
edge ``d`` into ``d + r`` and half-edge ``h`` into ``h + 2r`` (clockwise).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from enum import IntEnum
from functools import cache
from pathlib import Path

DATA = Path(__file__).parent / "data" / "tiles.json"

EDGE_NAMES = "NESW"
"""Edges by index: 0 north, 1 east, 2 south, 3 west."""
HALF_NAMES = ("NL", "NR", "EL", "ER", "SL", "SR", "WL", "WR")
"""Half-edges by index: the left and right half of each edge, seen from the tile centre."""
OFFSETS = ((0, -1), (1, 0), (0, 1), (-1, 0))
"""The step to the neighbour across each edge: y grows south."""
MONASTERY_LOCATION = "MONASTERY"

Pos = tuple[int, int]


class Kind(IntEnum):
    """The kinds of feature (values as in the FeatureKind message)."""

    ROAD = 1
    CITY = 2
    MONASTERY = 3
    FIELD = 4


@dataclass(frozen=True)
class Segment:
    """One feature part of a tile, in one rotation."""

    kind: Kind
    edges: frozenset[int]
    """Edges a road or city segment touches."""
    halves: frozenset[int]
    """Half-edges a field segment touches."""
    pennants: int = 0
    """Coats of arms (cities)."""
    cap: bool = False
    """A single-edge semicircular city segment (Bad Neighborhood, CARC-25)."""
    cities: tuple[int, ...] = ()
    """Indexes of the city segments of the same tile a field borders."""

    @property
    def location(self) -> str:
        """The segment's name in the board frame: "ES", "EL.SR" or "MONASTERY"."""
        if self.kind is Kind.MONASTERY:
            return MONASTERY_LOCATION
        if self.kind is Kind.FIELD:
            return ".".join(HALF_NAMES[h] for h in sorted(self.halves))
        return "".join(EDGE_NAMES[d] for d in sorted(self.edges))

    def rotated(self, turns: int) -> Segment:
        """The same segment after ``turns`` quarter turns clockwise."""
        return Segment(
            self.kind,
            frozenset((d + turns) % 4 for d in self.edges),
            frozenset((h + 2 * turns) % 8 for h in self.halves),
            self.pennants,
            self.cap,
            self.cities,
        )


@dataclass(frozen=True)
class TileType:
    """One of the 24 tile types of the base game."""

    letter: str
    """The 2nd-edition letter, A to X."""
    jcz_id: str
    """The JCloisterZone id, such as "RCr": the name scripts and messages use."""
    count: int
    """Copies in the game, the start tile included."""
    start: bool
    """Whether the start tile is one of these."""
    edges: str
    """The kind of each edge unrotated, N E S W: C city, R road, F field."""
    segments: tuple[Segment, ...]
    art: str
    """What one 2nd-edition art variant shows (farmhouses, sheds): documentation only."""

    @property
    def has_city(self) -> bool:
        return any(s.kind is Kind.CITY for s in self.segments)

    @property
    def has_road(self) -> bool:
        return any(s.kind is Kind.ROAD for s in self.segments)

    @property
    def has_monastery(self) -> bool:
        return any(s.kind is Kind.MONASTERY for s in self.segments)


@dataclass(frozen=True)
class Oriented:
    """A tile type turned by some quarter turns: what placement and features read."""

    type: TileType
    rotation: int
    edges: str
    """The kind of the N, E, S, W edge after turning."""
    segments: tuple[Segment, ...]
    edge_segment: tuple[int, ...]
    """Per edge, the index of the road or city segment on it, or -1 for a field edge."""
    half_segment: tuple[int, ...]
    """Per half-edge, the index of the field segment on it, or -1 (city edges)."""
    sides: tuple[tuple[int, int, int], ...]
    """Per edge, its ``edge_segment`` and the ``half_segment`` of its left and right
    half: what joins a neighbour across it, read in one look."""


def _edges(text: str) -> frozenset[int]:
    return frozenset(EDGE_NAMES.index(c) for c in text)


def _halves(text: str) -> frozenset[int]:
    return frozenset(HALF_NAMES.index(h) for h in text.split("."))


def _tile_type(raw: dict[str, object]) -> TileType:
    cities = raw["cities"]
    roads = raw["roads"]
    fields = raw["fields"]
    assert isinstance(cities, list) and isinstance(roads, list) and isinstance(fields, list)
    segments: list[Segment] = []
    if raw["monastery"]:
        segments.append(Segment(Kind.MONASTERY, frozenset(), frozenset()))
    first_city = len(segments)
    for city in cities:
        segments.append(
            Segment(Kind.CITY, _edges(city["edges"]), frozenset(), city["pennants"], city["cap"])
        )
    segments.extend(Segment(Kind.ROAD, _edges(road), frozenset()) for road in roads)
    for field in fields:
        bordered = tuple(first_city + i for i in field["cities"])
        segments.append(Segment(Kind.FIELD, frozenset(), _halves(field["halves"]), cities=bordered))
    return TileType(
        letter=str(raw["letter"]),
        jcz_id=str(raw["jcz_id"]),
        count=int(str(raw["count"])),
        start=bool(raw["start"]),
        edges=str(raw["edges"]),
        segments=tuple(segments),
        art=str(raw["c2_art"]),
    )


@cache
def tile_types() -> dict[str, TileType]:
    """Every tile type by JCloisterZone id, in the order of the data file (A to X)."""
    raw = json.loads(DATA.read_text())
    types = [_tile_type(entry) for entry in raw["tiles"]]
    return {t.jcz_id: t for t in types}


def start_type() -> TileType:
    """The type of the start tile (RCr, letter D)."""
    return next(t for t in tile_types().values() if t.start)


def _orient(tile: TileType, turns: int) -> Oriented:
    segments = tuple(s.rotated(turns) for s in tile.segments)
    edges = "".join(tile.edges[(d - turns) % 4] for d in range(4))
    edge_segment = [-1] * 4
    half_segment = [-1] * 8
    for index, segment in enumerate(segments):
        for d in segment.edges:
            edge_segment[d] = index
        for h in segment.halves:
            half_segment[h] = index
    sides = tuple((edge_segment[d], half_segment[2 * d], half_segment[2 * d + 1]) for d in range(4))
    return Oriented(tile, turns, edges, segments, tuple(edge_segment), tuple(half_segment), sides)


@cache
def oriented(jcz_id: str, turns: int) -> Oriented:
    """A tile type's shape after ``turns`` quarter turns clockwise."""
    return _orient(tile_types()[jcz_id], turns)


def _shape(shape: Oriented) -> frozenset[tuple[Kind, frozenset[int], frozenset[int], int]]:
    return frozenset((s.kind, s.edges, s.halves, s.pennants) for s in shape.segments)


@cache
def distinct_rotations(jcz_id: str) -> tuple[int, ...]:
    """The rotations that give different shapes, each the smallest of its equals (CARC-04)."""
    seen: set[frozenset[tuple[Kind, frozenset[int], frozenset[int], int]]] = set()
    rotations = []
    for turns in range(4):
        shape = _shape(oriented(jcz_id, turns))
        if shape not in seen:
            seen.add(shape)
            rotations.append(turns)
    return tuple(rotations)


def same_shape_rotation(jcz_id: str, turns: int) -> int:
    """The rotation in ``distinct_rotations`` that gives the same shape as ``turns``."""
    shape = _shape(oriented(jcz_id, turns % 4))
    return next(r for r in distinct_rotations(jcz_id) if _shape(oriented(jcz_id, r)) == shape)


def partner_half(half: int) -> int:
    """The half-edge of the neighbour that meets ``half`` (NL meets the north tile's SR)."""
    edge, side = divmod(half, 2)
    return ((edge + 2) % 4) * 2 + (1 - side)


def parse_location(text: str) -> tuple[Kind | None, frozenset[int]]:
    """Read a location in any order: "SE" or "ES" (edges), "EL.SR" (halves), "MONASTERY".

    Returns the kind when the text alone tells it (a field or the monastery)
    and the set of edges or half-edges. Raises ValueError on nonsense.
    """
    name = text.strip().upper()
    if name in (MONASTERY_LOCATION, "CLOISTER", "I"):
        return Kind.MONASTERY, frozenset()
    if "." in name or (len(name) == 2 and name[1] in "LR"):
        parts = name.split(".")
        if any(p not in HALF_NAMES for p in parts) or len(set(parts)) != len(parts):
            raise ValueError(f"expected half-edges such as 'EL.SR', got {text!r}")
        return Kind.FIELD, frozenset(HALF_NAMES.index(p) for p in parts)
    if not name or any(c not in EDGE_NAMES for c in name) or len(set(name)) != len(name):
        raise ValueError(f"expected edges such as 'ES', half-edges or 'MONASTERY', got {text!r}")
    return None, frozenset(EDGE_NAMES.index(c) for c in name)


def find_segment(shape: Oriented, text: str) -> int:
    """The index of the segment of ``shape`` a location names.

    Raises:
        ValueError: the location is malformed or names no segment of the tile.
    """
    kind, places = parse_location(text)
    for index, segment in enumerate(shape.segments):
        if kind is Kind.MONASTERY and segment.kind is Kind.MONASTERY:
            return index
        if kind is Kind.FIELD and segment.halves == places:
            return index
        if kind is None and segment.kind in (Kind.ROAD, Kind.CITY) and segment.edges == places:
            return index
    names = ", ".join(s.location for s in shape.segments)
    raise ValueError(f"tile {shape.type.jcz_id} turned {shape.rotation} has no {text!r}: {names}")
