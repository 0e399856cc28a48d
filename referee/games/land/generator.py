"""Seeded random maps for Land (LAND-17).

``generate_map(seed, ...)`` always makes the same board from the same
arguments, on any machine and any Python: it uses its own small generator
(SplitMix64) rather than ``random``, whose algorithms may change between
Python versions, and only float steps IEEE 754 rounds exactly (+, -, *, /,
sqrt). It runs once, in ``new_game``; play itself has no randomness but the
dice chance rolls.

The recipe: a few round hills make an island's height field; low plots are
water, land on the shore may turn to beach, the highest land to mountains,
tiny pieces of land to small islands, and some grass gets a resident cow.
"""

from __future__ import annotations

import math

from referee.games.land.board import Board, PlotKind
from referee.games.splitmix import SplitMix64

SEA_LEVEL = 0.22
MOUNTAIN_LEVEL = 0.7
"""Heights (0..1 of a hill's top) for shore and peaks; picked by eye on many seeds."""
BEACH_CHANCE = 0.45
RESIDENT_CHANCE = 0.08
ISLET_CHANCE = 0.04
MAX_ISLET_SIZE = 2
"""Land pieces this small (plots) become small islands."""


def generate_map(
    seed: int, columns: int, rows: int, region_width: int, region_height: int
) -> Board:
    """A board of columns x rows regions, each region_width x region_height plots.

    The result always has at least one grass plot.
    """
    rng = SplitMix64(seed)
    width, height = columns * region_width, rows * region_height
    heights = _height_field(rng, width, height)
    kinds = [PlotKind.GRASS if h > SEA_LEVEL else PlotKind.WATER for h in heights]
    _shrink_small_land(kinds, width, height)
    _add_beaches(rng, kinds, width, height)
    _add_mountains(rng, kinds, heights)
    _add_islets(rng, kinds, width, height)
    if PlotKind.GRASS not in kinds:
        kinds[max(range(len(kinds)), key=lambda p: heights[p])] = PlotKind.GRASS
    residents = frozenset(
        p
        for p, kind in enumerate(kinds)
        if kind is PlotKind.GRASS and rng.uniform(0, 1) < RESIDENT_CHANCE
    )
    name = f"random-{seed}-{columns}x{rows}-{region_width}x{region_height}"
    return Board(name, width, height, region_width, region_height, tuple(kinds), residents)


def _height_field(rng: SplitMix64, width: int, height: int) -> list[float]:
    """Heights 0..1 from round hills placed away from the board's edge."""
    hills = []
    for _ in range(max(2, width * height // 30)):
        cx = rng.uniform(0.2, 0.8) * width
        cy = rng.uniform(0.2, 0.8) * height
        radius = rng.uniform(0.2, 0.4) * min(width, height) + 1.0
        hills.append((cx, cy, radius, rng.uniform(0.6, 1.0)))
    field = []
    for y in range(height):
        for x in range(width):
            top = max(
                peak * (1 - _distance(x + 0.5 - cx, y + 0.5 - cy) / radius)
                for cx, cy, radius, peak in hills
            )
            shore = min(1.0, (min(x, y, width - 1 - x, height - 1 - y) + 0.5) / 2)
            field.append(max(0.0, top) * shore + rng.uniform(-0.08, 0.08))
    return field


def _distance(dx: float, dy: float) -> float:
    return math.sqrt(dx * dx + dy * dy)


def _land_pieces(kinds: list[PlotKind], width: int, height: int) -> list[list[int]]:
    """The 4-connected pieces of usable land."""
    seen: set[int] = set()
    pieces = []
    for start, kind in enumerate(kinds):
        if not kind.is_usable or start in seen:
            continue
        piece, frontier = [], [start]
        seen.add(start)
        while frontier:
            plot = frontier.pop()
            piece.append(plot)
            for other in _around(plot, width, height):
                if kinds[other].is_usable and other not in seen:
                    seen.add(other)
                    frontier.append(other)
        pieces.append(sorted(piece))
    return pieces


def _shrink_small_land(kinds: list[PlotKind], width: int, height: int) -> None:
    for piece in _land_pieces(kinds, width, height):
        if len(piece) <= MAX_ISLET_SIZE:
            for plot in piece:
                kinds[plot] = PlotKind.ISLET


def _add_beaches(rng: SplitMix64, kinds: list[PlotKind], width: int, height: int) -> None:
    shore = [
        p
        for p, kind in enumerate(kinds)
        if kind is PlotKind.GRASS
        and any(kinds[q] is PlotKind.WATER for q in _around(p, width, height))
    ]
    for plot in shore:
        if rng.uniform(0, 1) < BEACH_CHANCE:
            kinds[plot] = PlotKind.COAST


def _add_mountains(rng: SplitMix64, kinds: list[PlotKind], heights: list[float]) -> None:
    for plot, kind in enumerate(kinds):
        if kind is PlotKind.GRASS and heights[plot] > MOUNTAIN_LEVEL and rng.uniform(0, 1) < 0.7:
            kinds[plot] = PlotKind.MOUNTAIN


def _add_islets(rng: SplitMix64, kinds: list[PlotKind], width: int, height: int) -> None:
    for plot, kind in enumerate(kinds):
        open_sea = all(kinds[q] is PlotKind.WATER for q in _around(plot, width, height))
        if kind is PlotKind.WATER and open_sea and rng.uniform(0, 1) < ISLET_CHANCE:
            kinds[plot] = PlotKind.ISLET


def _around(plot: int, width: int, height: int) -> list[int]:
    x, y = plot % width, plot // width
    steps = ((x, y - 1), (x - 1, y), (x + 1, y), (x, y + 1))
    return [b * width + a for a, b in steps if 0 <= a < width and 0 <= b < height]
