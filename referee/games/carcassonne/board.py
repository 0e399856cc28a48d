"""The board: placed tiles, the frontier of open positions, and features.

A feature (a road, city, field or monastery) is a set of tile segments that
connect across edges. Segments are nodes of a union-find: placing a tile
adds its segments and joins each to the segment across every edge it
touches. Features only ever grow, so the union-find never splits, and each
root carries the totals scoring needs (tiles, open edges, coats of arms,
followers). Placement legality reads only the frontier, the empty
positions next to a tile, each with the edges its neighbours show; which
turns of a tile type fit such a need is worked out once per process, so a
turn costs the same early and late.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import cache
from typing import NamedTuple

from referee.games.carcassonne.tiles import (
    OFFSETS,
    Kind,
    Oriented,
    Pos,
    Segment,
    distinct_rotations,
    oriented,
    partner_half,
)


class TileCopy(NamedTuple):
    """A kind of land tile in the pile: a type and whether the copy shows a farmhouse.

    A named tuple rather than a dataclass: the pile is a dict of these, and a
    tuple hashes and sorts in C, which a random game does a thousand times.
    """

    jcz_id: str
    farmhouse: bool = False


class Spot(NamedTuple):
    """Where a follower stands: a seat's follower on one segment of a placed tile.

    A named tuple: observations sort every follower, and tuples compare in C.
    """

    pos: Pos
    segment: int
    seat: int


SegmentFacts = tuple[Kind, int, int, bool, bool, tuple[int, ...]]
"""What a new feature reads of one segment (``_segment_facts``)."""


@dataclass(slots=True)
class Feature:
    """The totals of one connected feature, kept at its union-find root."""

    kind: Kind
    tiles: set[Pos]
    """Tiles the feature lies on; a tile with two parts of it counts once."""
    open_edges: int = 0
    """Road or city edges not yet met by a neighbour: 0 means complete."""
    pennants: int = 0
    farmhouse_tiles: set[Pos] = field(default_factory=set)
    """Road tiles whose copy shows a farmhouse (Peasant Uprising)."""
    full_tiles: set[Pos] = field(default_factory=set)
    """City tiles with a part of this city that is not a semicircular cap (Bad Neighborhood)."""
    cities: set[int] = field(default_factory=set)
    """Fields: the nodes of the city segments they border."""
    followers: list[Spot] = field(default_factory=list)

    def absorb(self, other: Feature) -> None:
        """Add another feature's totals to this one (they just connected)."""
        self.tiles |= other.tiles
        self.open_edges += other.open_edges
        self.pennants += other.pennants
        self.farmhouse_tiles |= other.farmhouse_tiles
        self.full_tiles |= other.full_tiles
        self.cities |= other.cities
        self.followers.extend(other.followers)

    def add_segment(self, pos: Pos, tile: TileCopy, first: int, facts: SegmentFacts) -> None:
        """Add one segment of a tile just placed (``first``: its tile's first node)."""
        _, edges, pennants, farm_road, full_city, cities = facts
        self.tiles.add(pos)
        self.open_edges += edges
        self.pennants += pennants
        if farm_road and tile.farmhouse:
            self.farmhouse_tiles.add(pos)
        if full_city:
            self.full_tiles.add(pos)
        for index in cities:
            self.cities.add(first + index)

    def copy(self) -> Feature:
        return Feature(
            self.kind,
            set(self.tiles),
            self.open_edges,
            self.pennants,
            set(self.farmhouse_tiles),
            set(self.full_tiles),
            set(self.cities),
            list(self.followers),
        )

    def count_by_seat(self, num_players: int) -> list[int]:
        """How many followers each seat has on the feature."""
        counts = [0] * num_players
        for spot in self.followers:
            counts[spot.seat] += 1
        return counts


class Placed(NamedTuple):
    """A tile on the board (a named tuple: one is made per turn, and cheaply)."""

    pos: Pos
    tile: TileCopy
    shape: Oriented
    nodes: tuple[int, ...]
    """The union-find node of each segment."""


REACH = 1 << 10
"""Coordinates stay below this in size (a game places 72 tiles): placement keys need it."""


def placement_key(x: int, y: int, rotation: int) -> int:
    """A placement as one int that sorts as (x, y, rotation) does.

    Legal lists are sorted once per draw: ints sort and hash faster than tuples.
    """
    return ((x + REACH) << 13) | ((y + REACH) << 2) | rotation


def from_placement_key(key: int) -> tuple[int, int, int]:
    """The (x, y, rotation) of a ``placement_key``."""
    return (key >> 13) - REACH, ((key >> 2) & 0x7FF) - REACH, key & 3


OPEN = "."
"""In a frontier need: no neighbour across this edge, anything fits."""
NO_NEED = OPEN * 4
PARTNER_HALF = tuple(partner_half(half) for half in range(8))
FACING = (2, 3, 0, 1)
"""Per edge, the edge of the neighbour that meets it."""


class Fits(dict[str, tuple[int, ...]]):
    """For one tile type, per frontier need, the distinct rotations whose edges match.

    A dict filled as needs come up: a draw looks up every need group, and a
    plain dict look is the cheapest call Python has.
    """

    def __init__(self, jcz_id: str) -> None:
        super().__init__()
        self.jcz_id = jcz_id

    def __missing__(self, need: str) -> tuple[int, ...]:
        rotations = tuple(
            rotation
            for rotation in distinct_rotations(self.jcz_id)
            if all(
                wanted in (OPEN, shown)
                for wanted, shown in zip(need, oriented(self.jcz_id, rotation).edges, strict=True)
            )
        )
        self[need] = rotations
        return rotations


@cache
def fits_of(jcz_id: str) -> Fits:
    """The (growing) table of fitting rotations of a tile type, one per process."""
    return Fits(jcz_id)


def neighbour(pos: Pos, edge: int) -> Pos:
    dx, dy = OFFSETS[edge]
    return pos[0] + dx, pos[1] + dy


AROUND = tuple((dx, dy) for dy in (-1, 0, 1) for dx in (-1, 0, 1) if dx or dy)
"""The steps to the eight positions around one, row by row."""


def surrounding(pos: Pos) -> Iterator[Pos]:
    """The eight positions around ``pos``."""
    x, y = pos
    for dx, dy in AROUND:
        yield x + dx, y + dy


class Board:
    """Placed tiles and their features; grows one tile at a time."""

    def __init__(self) -> None:
        self.placed: dict[Pos, Placed] = {}
        self.frontier: dict[Pos, str] = {}
        """Empty positions that share an edge with a placed tile, each with its need:
        per edge (N, E, S, W) the kind the neighbour shows there, or ``OPEN``."""
        self._needing: dict[str, set[int]] = {}
        """The frontier grouped by need, as placement keys of rotation 0: a tile
        type is matched once per group."""
        self._parent: list[int] = []
        self._features: dict[int, Feature] = {}
        self.monasteries: dict[Pos, int] = {}
        """The node of every monastery by its tile's position, in the order placed."""

    def clone(self) -> Board:
        """An independent copy: placed tiles are shared (frozen), features copied."""
        twin = Board.__new__(Board)
        twin.placed = dict(self.placed)
        twin.frontier = dict(self.frontier)
        twin._needing = {need: set(positions) for need, positions in self._needing.items()}
        twin._parent = list(self._parent)
        twin._features = {root: feature.copy() for root, feature in self._features.items()}
        twin.monasteries = dict(self.monasteries)
        return twin

    # -- features -------------------------------------------------------------

    def root(self, node: int) -> int:
        parent = self._parent
        while parent[node] != node:
            parent[node] = parent[parent[node]]
            node = parent[node]
        return node

    def feature(self, node: int) -> Feature:
        """The feature a segment node belongs to."""
        return self._features[self.root(node)]

    def feature_at(self, pos: Pos, segment: int) -> Feature:
        return self.feature(self.placed[pos].nodes[segment])

    def features(self) -> Iterator[Feature]:
        """Every feature once."""
        return iter(self._features.values())

    def is_complete(self, node: int) -> bool:
        """Whether the feature of a node is complete (fields never are)."""
        return self.is_feature_complete(self.feature(node))

    def is_feature_complete(self, feature: Feature) -> bool:
        """Whether a feature of this board is complete (fields never are)."""
        if feature.kind is Kind.MONASTERY:
            (pos,) = feature.tiles
            return self.neighbour_count(pos) == 8
        if feature.kind is Kind.FIELD:
            return False
        return feature.open_edges == 0

    def neighbour_count(self, pos: Pos) -> int:
        x, y = pos
        placed = self.placed
        return sum((x + dx, y + dy) in placed for dx, dy in AROUND)

    def monasteries_around(self, pos: Pos) -> list[int]:
        """The monastery nodes on ``pos`` and the eight tiles around it."""
        x, y = pos
        return [
            node
            for (mx, my), node in self.monasteries.items()
            if -1 <= mx - x <= 1 and -1 <= my - y <= 1
        ]

    def _union(self, a: int, b: int) -> int:
        ra, rb = self.root(a), self.root(b)
        if ra == rb:
            return ra
        fa, fb = self._features[ra], self._features[rb]
        if len(fa.tiles) < len(fb.tiles):
            ra, rb, fa, fb = rb, ra, fb, fa
        self._parent[rb] = ra
        fa.absorb(fb)
        del self._features[rb]
        return ra

    # -- placement ------------------------------------------------------------

    def placements(self, jcz_id: str) -> list[tuple[int, int, int]]:
        """Every legal (x, y, rotation) for a tile type, sorted; symmetric turns once."""
        return [from_placement_key(key) for key in self.placement_keys(jcz_id)]

    def placement_keys(self, jcz_id: str) -> list[int]:
        """``placements`` as sorted ``placement_key`` ints."""
        fits = fits_of(jcz_id)
        found = [
            key + rotation
            for need, keys in self._needing.items()
            for rotation in fits[need]
            for key in keys
        ]
        found.sort()
        return found

    def place(self, pos: Pos, tile: TileCopy, rotation: int) -> Placed:
        """Put a tile down and join its segments to the features around it.

        Does not check legality (``placements``): the start tile and test boards
        go down without neighbours.
        """
        x, y = pos
        if not (-REACH < x < REACH and -REACH < y < REACH):
            raise ValueError(f"expected coordinates within {REACH} of the start, got {pos}")
        shape = oriented(tile.jcz_id, rotation)
        first = len(self._parent)
        nodes = tuple(range(first, first + len(shape.segments)))
        self._parent.extend(nodes)
        placed = Placed(pos, tile, shape, nodes)
        self.placed[pos] = placed
        if shape.segments[0].kind is Kind.MONASTERY:
            self.monasteries[pos] = first
        self._set_need(pos, None)
        links: list[tuple[int, int, bool]] = []
        for edge, (dx, dy) in enumerate(OFFSETS):
            next_pos = (x + dx, y + dy)
            other = self.placed.get(next_pos)
            if other is None:
                need = self.frontier.get(next_pos, NO_NEED)
                facing = FACING[edge]
                self._set_need(next_pos, need[:facing] + shape.edges[edge] + need[facing + 1 :])
                continue
            # My left half meets the neighbour's right half (tiles.partner_half).
            edge_mine, left_mine, right_mine = shape.sides[edge]
            edge_theirs, left_theirs, right_theirs = other.shape.sides[FACING[edge]]
            theirs = other.nodes
            if edge_mine >= 0 and edge_theirs >= 0:
                links.append((edge_mine, theirs[edge_theirs], True))
            if left_mine >= 0 and right_theirs >= 0:
                links.append((left_mine, theirs[right_theirs], False))
            if right_mine >= 0 and left_theirs >= 0:
                links.append((right_mine, theirs[left_theirs], False))
        facts = _segment_facts(tile.jcz_id)
        joined = self._link(placed, links, facts)
        # A segment that met no neighbour starts a feature of its own.
        features = self._features
        for node, segment, linked in zip(nodes, facts, joined, strict=True):
            if not linked:
                features[node] = _fresh_feature(pos, tile, first, segment)
        return placed

    def _link(
        self, placed: Placed, links: list[tuple[int, int, bool]], facts: tuple[SegmentFacts, ...]
    ) -> list[bool]:
        """Join segments of the new tile to neighbours' nodes; which segments joined.

        ``links`` are (segment, neighbour's node, whether an edge closes). A
        segment's first link adds its totals straight to the neighbour's
        feature: most segments join one, and a feature made only to be
        absorbed at once was most of what a placement cost.
        """
        joined = [False] * len(placed.nodes)
        parent, features, root_of = self._parent, self._features, self.root
        for segment, theirs, closes in links:
            node = placed.nodes[segment]
            if joined[segment]:
                root = self._union(node, theirs)
            else:
                root = root_of(theirs)
                parent[node] = root
                features[root].add_segment(placed.pos, placed.tile, placed.nodes[0], facts[segment])
                joined[segment] = True
            if closes:
                features[root].open_edges -= 2
        return joined

    def _set_need(self, pos: Pos, need: str | None) -> None:
        """Record what a tile on the empty ``pos`` must show; None: ``pos`` is no longer open."""
        key = ((pos[0] + REACH) << 13) | ((pos[1] + REACH) << 2)  # placement_key, rotation 0
        needing = self._needing
        old = self.frontier.pop(pos, None)
        if old is not None:
            group = needing[old]
            group.discard(key)
            if not group:
                del needing[old]
        if need is not None:
            self.frontier[pos] = need
            fellows = needing.get(need)
            if fellows is None:
                needing[need] = {key}
            else:
                fellows.add(key)

    def preview(self, pos: Pos, tile: TileCopy, rotation: int) -> list[Preview]:
        """What each feature of the new tile would become if it went on ``pos``.

        Nothing changes on the board. Segments that would join one feature
        come as one ``Preview``. Bots use this to weigh placements.
        """
        shape = oriented(tile.jcz_id, rotation)
        groups = [_Group({i}, set()) for i in range(len(shape.segments))]
        closed = [0] * len(shape.segments)
        for edge in range(4):
            other = self.placed.get(neighbour(pos, edge))
            if other is None:
                continue
            mine = shape.edge_segment[edge]
            theirs = other.shape.edge_segment[(edge + 2) % 4]
            if mine >= 0 and theirs >= 0:
                groups[mine].roots.add(self.root(other.nodes[theirs]))
                closed[mine] += 1
            for half in (2 * edge, 2 * edge + 1):
                mine = shape.half_segment[half]
                theirs = other.shape.half_segment[partner_half(half)]
                if mine >= 0 and theirs >= 0:
                    groups[mine].roots.add(self.root(other.nodes[theirs]))
        return [self._preview_group(pos, tile, shape, group, closed) for group in _merge(groups)]

    def _preview_group(
        self, pos: Pos, tile: TileCopy, shape: Oriented, group: _Group, closed: list[int]
    ) -> Preview:
        first = min(group.segments)
        nodes = tuple(-1 - i for i in range(len(shape.segments)))  # not on the board
        merged = _new_feature(pos, tile, shape.segments[first], nodes)
        for index in group.segments - {first}:
            merged.absorb(_new_feature(pos, tile, shape.segments[index], nodes))
        for root in group.roots:
            merged.absorb(self._features[root])
        merged.open_edges -= 2 * sum(closed[i] for i in group.segments)
        complete = merged.open_edges == 0 and merged.kind in (Kind.ROAD, Kind.CITY)
        if merged.kind is Kind.MONASTERY:
            complete = self.neighbour_count(pos) == 8
        return Preview(tuple(sorted(group.segments)), frozenset(group.roots), merged, complete)


@dataclass(frozen=True)
class Preview:
    """One feature of a tile not yet placed, as it would be after placing it."""

    segments: tuple[int, ...]
    """Indexes of the new tile's segments in this feature."""
    roots: frozenset[int]
    """The board features it would join (their root nodes)."""
    feature: Feature
    """The joined totals (city nodes of the new tile itself are left out of fields)."""
    complete: bool


@dataclass
class _Group:
    segments: set[int]
    roots: set[int]


def _merge(groups: list[_Group]) -> list[_Group]:
    """Join groups of new segments that share a board feature (a road closing a loop)."""
    merged: list[_Group] = []
    for group in groups:
        joined = _Group(set(group.segments), set(group.roots))
        for other in [m for m in merged if m.roots & joined.roots]:
            merged.remove(other)
            joined.segments |= other.segments
            joined.roots |= other.roots
        merged.append(joined)
    return merged


def _fresh_feature(pos: Pos, tile: TileCopy, first: int, facts: SegmentFacts) -> Feature:
    """The feature of one segment alone (``first``: its tile's first node)."""
    kind, edges, pennants, farm_road, full_city, cities = facts
    return Feature(
        kind,
        {pos},
        edges,
        pennants,
        {pos} if farm_road and tile.farmhouse else set(),
        {pos} if full_city else set(),
        {first + i for i in cities} if cities else set(),
        [],
    )


@cache
def _segment_facts(jcz_id: str) -> tuple[SegmentFacts, ...]:
    """Per segment of a tile type, what a new feature reads: kind, road or city edges,
    coats of arms, whether a farmhouse copy marks it, whether it is a full city part,
    and the tile's city segments it borders. The same in every rotation."""
    return tuple(
        (
            segment.kind,
            len(segment.edges),
            segment.pennants,
            segment.kind is Kind.ROAD,
            segment.kind is Kind.CITY and not segment.cap,
            segment.cities,
        )
        for segment in oriented(jcz_id, 0).segments
    )


def _new_feature(pos: Pos, tile: TileCopy, segment: Segment, nodes: tuple[int, ...]) -> Feature:
    """The feature of one segment alone; ``nodes`` are its tile's nodes (negative: none)."""
    kind = segment.kind
    return Feature(
        kind,
        {pos},
        len(segment.edges),
        segment.pennants,
        {pos} if kind is Kind.ROAD and tile.farmhouse else set(),
        {pos} if kind is Kind.CITY and not segment.cap else set(),
        {nodes[i] for i in segment.cities if nodes[i] >= 0},
        [],
    )
