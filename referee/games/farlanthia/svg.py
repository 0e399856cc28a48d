"""A Farlanthia game as a self-contained SVG picture, for the HTML replay viewer.

Hexes are coloured by terrain (unrevealed grey), ringed in the colour of the
structure's owner with the structure's letter; troops are a disc in their
owner's colour with the count. Scores are listed under the map.
"""

from __future__ import annotations

import math
from html import escape

from referee.games.farlanthia.board import Terrain
from referee.games.farlanthia.render import SEASON_NAMES, STRUCTURE_LETTERS
from referee.games.farlanthia.structures import STRUCTURE_NAMES
from referee.games.farlanthia.table import Table

SIZE = 22
"""Hex radius in SVG units."""
TERRAIN_COLOURS = {
    Terrain.VOLCANO: "#7f2a1a",
    Terrain.LAKE: "#6fa8dc",
    Terrain.BADLANDS: "#b5835a",
    Terrain.MOUNTAIN: "#8c8c8c",
    Terrain.FOREST: "#4e7d3a",
    Terrain.FIELDS: "#d9d36a",
}
SEAT_COLOURS = ("#d62728", "#1f77b4", "#2ca02c", "#9467bd", "#ff7f0e", "#17becf")
WIDTH = 600
MAP_HEIGHT = 520


def _centre(q: int, r: int) -> tuple[float, float]:
    x = SIZE * math.sqrt(3) * (q + r / 2) + WIDTH / 2
    y = SIZE * 1.5 * r + MAP_HEIGHT / 2
    return x, y


def _hexagon(x: float, y: float) -> str:
    points = []
    for i in range(6):
        angle = math.radians(60 * i - 30)
        points.append(f"{x + SIZE * math.cos(angle):.1f},{y + SIZE * math.sin(angle):.1f}")
    return " ".join(points)


def render_svg(state: Table) -> str:
    """The map, the armies and the scores as one SVG document."""
    height = MAP_HEIGHT + 30 + 20 * state.players
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{height}" '
        f'viewBox="0 0 {WIDTH} {height}" font-family="sans-serif">',
        f'<rect width="{WIDTH}" height="{height}" fill="#f7f4ec"/>',
    ]
    geo = state.geo
    for tile, (q, r) in enumerate(geo.coords):
        parts.extend(_tile(state, tile, *_centre(q, r)))
    parts.extend(_status(state))
    parts.append("</svg>")
    return "\n".join(parts)


def _tile(state: Table, tile: int, x: float, y: float) -> list[str]:
    shown = state.tiles.revealed[tile] and state.tiles.terrain[tile] is not Terrain.UNKNOWN
    fill = TERRAIN_COLOURS[state.tiles.terrain[tile]] if shown else "#cfcfcf"
    owner = state.tiles.owner[tile]
    stroke = SEAT_COLOURS[owner] if owner >= 0 else "#ffffff"
    width = 3 if owner >= 0 else 1
    label = state.tiles.terrain[tile].name.lower() if shown else "unrevealed"
    kind = state.tiles.structure[tile]
    if kind:
        label += f", {STRUCTURE_NAMES[kind]} of seat {owner}"
    parts = [
        f'<polygon points="{_hexagon(x, y)}" fill="{fill}" stroke="{stroke}" '
        f'stroke-width="{width}"><title>tile {tile}: {escape(label)}</title></polygon>'
    ]
    if kind:
        parts.append(
            f'<text x="{x:.1f}" y="{y - 6:.1f}" font-size="11" font-weight="bold" '
            f'text-anchor="middle" fill="{stroke}" stroke="#fff" stroke-width="2" '
            f'paint-order="stroke">{STRUCTURE_LETTERS[kind]}</text>'
        )
    if state.tiles.troops[tile]:
        colour = SEAT_COLOURS[state.tiles.troop_owner[tile]]
        parts.append(
            f'<circle cx="{x:.1f}" cy="{y + 7:.1f}" r="8" fill="{colour}" stroke="#222"/>'
            f'<text x="{x:.1f}" y="{y + 11:.1f}" font-size="10" text-anchor="middle" '
            f'fill="#fff">{state.tiles.troops[tile]}</text>'
        )
    return parts


def _status(state: Table) -> list[str]:
    shown = min(state.course.season + 1, state.seasons_total)
    season = f"season {shown}/{state.seasons_total} ({SEASON_NAMES[state.course.season % 4]})"
    lines = [f"{season} · phase {state.course.phase.name.lower()}"]
    for seat, realm in enumerate(state.realms):
        fallen = "" if realm.alive else " · eliminated"
        lines.append(
            f"seat {seat}: renown {realm.renown} · valor {realm.valor} · honor {realm.honor}"
            f" · troops {state.troops_of(seat)}{fallen}"
        )
    parts = []
    for i, line in enumerate(lines):
        colour = SEAT_COLOURS[i - 1] if i else "#222"
        parts.append(
            f'<text x="12" y="{MAP_HEIGHT + 14 + 20 * i}" font-size="14" fill="{colour}">'
            f"{escape(line)}</text>"
        )
    return parts
