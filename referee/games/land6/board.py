"""The board of LAND 6: six tiles of four squares, laid out in slots.

The rule text shows the layout only in a figure we do not have, so the
layouts are our choice (docs/rules/land6.md, LAND6-01 and LAND6-02):

* every tile has the same pattern: going clockwise from the top left,
  city, sea, field, forest; a tile may be turned by quarter turns;
* slot 0 holds tile 1, unturned, so its city is the board's top-left corner;
  the last slot holds tile 6 turned half round, so its city is the
  bottom-right corner: the two cities are as far apart as the board allows;
* the grid layout is three tiles by two, the strip layout six in a row.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache, cached_property


class Kind(enum.IntEnum):
    """What a square is; the values match the proto's SquareKind."""

    CITY = 1
    """Pays to deploy and to move; its dice make the score."""
    SEA = 2
    """Pays for rerolls (the sea action)."""
    FOREST = 3
    """Pays to fight."""
    FIELD = 4
    """Pays to feed."""


class Layout(enum.IntEnum):
    """How the six tiles are arranged; the values match the proto's Layout."""

    GRID = 1
    """Three tiles by two (LAND6-01, the default)."""
    STRIP = 2
    """Six tiles in one row (LAND6-01)."""


PATTERN = (Kind.CITY, Kind.SEA, Kind.FIELD, Kind.FOREST)
"""The kinds of an unturned tile, clockwise from its top-left square."""

CORNERS = ((0, 0), (1, 0), (1, 1), (0, 1))
"""The (dx, dy) of a tile's squares, clockwise from its top left."""

SLOTS: dict[Layout, tuple[tuple[int, int], ...]] = {
    Layout.GRID: ((0, 0), (1, 0), (2, 0), (0, 1), (1, 1), (2, 1)),
    Layout.STRIP: ((0, 0), (1, 0), (2, 0), (3, 0), (4, 0), (5, 0)),
}
"""Per layout, the (column, row) of each slot in tiles; slot 0 is tile 1's, slot 5 tile 6's."""

MIDDLE_SLOTS = (1, 2, 3, 4)
"""The slots chance fills with tiles 2 to 5."""

MIDDLE_TILES = (2, 3, 4, 5)
HOME_TILE = 1
ENEMY_TILE = 6
HOME_ROTATION = 0
"""Tile 1 unturned: its city is the board's top-left square."""
ENEMY_ROTATION = 2
"""Tile 6 half round: its city is its bottom-right square, the board's corner."""

Placement = tuple[int, int]
"""A laid tile: (tile number, quarter turns clockwise)."""


@dataclass(frozen=True)
class Square:
    """One square of the board."""

    index: int
    """``y * width + x``."""
    x: int
    y: int
    tile: int
    """The number (1-6) of its tile."""
    kind: Kind


def board_size(layout: Layout) -> tuple[int, int]:
    """The (width, height) of a layout in squares."""
    slots = SLOTS[layout]
    return 2 * (1 + max(c for c, _ in slots)), 2 * (1 + max(r for _, r in slots))


def tile_kind(rotation: int, corner: int) -> Kind:
    """The kind of a tile's square at clockwise ``corner`` after ``rotation`` quarter turns."""
    return PATTERN[(corner - rotation) % 4]


@dataclass(frozen=True)
class Board:
    """A complete layout: squares, their neighbours, and the two capital cities."""

    layout: Layout
    placements: tuple[Placement, ...]
    """Per slot, the tile and its rotation."""
    width: int
    height: int
    squares: tuple[Square, ...]
    """Indexed by square index."""
    neighbours: tuple[tuple[int, ...], ...]
    """Per square, the orthogonally adjacent squares (across tile borders too)."""
    home_city: int
    """Tile 1's city, where the first die stands."""
    enemy_city: int
    """Tile 6's city, the Lord of the Cubes' city."""

    tile_members: tuple[tuple[int, ...], ...]
    """Per tile number minus one, its four squares."""
    cities: tuple[int, ...]
    """Every city square, sorted."""

    def tile_squares(self, tile: int) -> tuple[int, ...]:
        """The four squares of a tile."""
        return self.tile_members[tile - 1]

    def kind(self, square: int) -> Kind:
        return self.squares[square].kind

    @cached_property
    def kinds(self) -> tuple[Kind, ...]:
        """Per square, its kind (what the turn's legal lists read most)."""
        return tuple(square.kind for square in self.squares)

    def tile(self, square: int) -> int:
        return self.squares[square].tile


@cache
def make_board(layout: Layout, placements: tuple[Placement, ...]) -> Board:
    """Build the board from the six slots' tiles and rotations."""
    width, height, neighbours, corners = _geometry(layout)
    cells: dict[int, Square] = {}
    members: dict[int, tuple[int, ...]] = {}
    for slot_corners, (tile, rotation) in zip(corners, placements, strict=True):
        for corner, (index, x, y) in enumerate(slot_corners):
            cells[index] = _square(index, x, y, tile, tile_kind(rotation, corner))
        members[tile] = tuple(sorted(index for index, _, _ in slot_corners))
    squares = tuple(cells[i] for i in range(width * height))
    return Board(
        layout=layout,
        placements=placements,
        width=width,
        height=height,
        squares=squares,
        neighbours=neighbours,
        home_city=_city_of(squares, members[HOME_TILE]),
        enemy_city=_city_of(squares, members[ENEMY_TILE]),
        tile_members=tuple(members[tile] for tile in range(1, 7)),
        cities=tuple(s.index for s in squares if s.kind is Kind.CITY),
    )


@cache
def _geometry(
    layout: Layout,
) -> tuple[int, int, tuple[tuple[int, ...], ...], tuple[tuple[tuple[int, int, int], ...], ...]]:
    """What a layout fixes whatever the tiles: its size, each square's neighbours, and
    per slot the (index, x, y) of its squares, clockwise from the top left."""
    width, height = board_size(layout)
    neighbours = tuple(
        _neighbours(index % width, index // width, width, height) for index in range(width * height)
    )
    corners = tuple(
        tuple(
            ((2 * row + dy) * width + 2 * column + dx, 2 * column + dx, 2 * row + dy)
            for dx, dy in CORNERS
        )
        for column, row in SLOTS[layout]
    )
    return width, height, neighbours, corners


@cache
def _square(index: int, x: int, y: int, tile: int, kind: Kind) -> Square:
    """Squares are frozen and few: made once each, shared by the boards that hold them."""
    return Square(index, x, y, tile, kind)


def _neighbours(x: int, y: int, width: int, height: int) -> tuple[int, ...]:
    steps = ((0, -1), (1, 0), (0, 1), (-1, 0))
    return tuple(
        (y + dy) * width + x + dx
        for dx, dy in steps
        if 0 <= x + dx < width and 0 <= y + dy < height
    )


def _city_of(squares: Sequence[Square], members: tuple[int, ...]) -> int:
    """The city square among a tile's squares."""
    return next(index for index in members if squares[index].kind is Kind.CITY)


def slot_origin(layout: Layout, slot: int) -> tuple[int, int]:
    """The (x, y) of a slot's top-left square."""
    column, row = SLOTS[layout][slot]
    return 2 * column, 2 * row
