"""The SVG picture of a Landover game, for the HTML replay viewer.

``render_svg(state)`` returns one self-contained ``<svg>`` element: the hexes
with their numbers and catapults, harbors, roads and boats, villages and
cities in seat colours (walls and metros marked), and the standings below.
"""

from __future__ import annotations

import math
from html import escape

from referee.games.landover.board import GENERIC_HARBOR, SEA, TERRAIN_NAMES
from referee.games.landover.position import Position
from referee.games.landover.rules import KIND_NAMES

SIZE = 30
"""Hex radius in pixels."""
MARGIN = 20
LINE = 18
SEAT_COLOURS = ("#d62728", "#1f77b4", "#e3b800", "#8e44ad")
TERRAIN_COLOURS = (
    "#5b9bd5",  # sea
    "#e8d8a0",  # desert
    "#2e7d32",  # forest
    "#9ccc65",  # pasture
    "#8d8d8d",  # mountains
    "#f2c94c",  # fields
    "#c0623b",  # hills
    "#ffd700",  # gold
    "#4a4a5a",  # mystery
)
UNIT_X = SIZE * math.sqrt(3) / 2
UNIT_Y = SIZE / 2


def render_svg(state: Position) -> str:
    """The board and standings as a standalone SVG document string."""
    board = state.board
    xs = [x for x, _ in board.vertex_xy]
    ys = [y for _, y in board.vertex_xy]
    left, top = min(xs) * UNIT_X - MARGIN, min(ys) * UNIT_Y - MARGIN
    width = (max(xs) - min(xs)) * UNIT_X + 2 * MARGIN
    board_height = (max(ys) - min(ys)) * UNIT_Y + 2 * MARGIN
    height = board_height + LINE * (state.players + 2)
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" height="{height:.0f}" '
        f'viewBox="{left:.1f} {top:.1f} {width:.1f} {height:.1f}" '
        'font-family="sans-serif" font-size="11">',
        f'<rect x="{left:.1f}" y="{top:.1f}" width="{width:.1f}" height="{height:.1f}" '
        'fill="#fdfdf8"/>',
    ]
    parts += _tiles(state)
    parts += _edges(state)
    parts += _vertices(state)
    parts += _standings(state, left + 6, top + board_height)
    parts.append("</svg>")
    return "\n".join(parts)


def _point(state: Position, vertex: int) -> tuple[float, float]:
    x, y = state.board.vertex_xy[vertex]
    return x * UNIT_X, y * UNIT_Y


def _tiles(state: Position) -> list[str]:
    board = state.board
    catapults = {p.catapult: seat for seat, p in enumerate(state.seats) if p.catapult >= 0}
    parts = []
    for tile, (q, r) in enumerate(board.coords):
        terrain = board.terrain[tile]
        points = " ".join(
            f"{px:.1f},{py:.1f}" for px, py in (_point(state, v) for v in board.tile_vertices[tile])
        )
        stroke = "#3a6f9f" if terrain == SEA else "#6b5b3e"
        parts.append(
            f'<polygon points="{points}" fill="{TERRAIN_COLOURS[terrain]}" stroke="{stroke}">'
            f"<title>{TERRAIN_NAMES[terrain]}</title></polygon>"
        )
        cx, cy = (2 * q + r) * UNIT_X, 3 * r * UNIT_Y
        number = board.numbers[tile]
        if number:
            colour = "#c00" if number in (6, 8) else "#222"
            parts.append(f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="9" fill="#fff8e0"/>')
            parts.append(
                f'<text x="{cx:.1f}" y="{cy + 4:.1f}" text-anchor="middle" fill="{colour}">'
                f"{number}</text>"
            )
        if tile in state.pieces.cleared:
            parts.append(
                f'<text x="{cx:.1f}" y="{cy - 12:.1f}" text-anchor="middle" fill="#1565c0">'
                "shield</text>"
            )
        if tile in catapults:
            colour = SEAT_COLOURS[catapults[tile]]
            parts.append(
                f'<rect x="{cx - 6:.1f}" y="{cy + 9:.1f}" width="12" height="8" '
                f'fill="{colour}" stroke="#000"><title>catapult</title></rect>'
            )
    return parts


def _edges(state: Position) -> list[str]:
    parts = []
    for e, (a, b) in enumerate(state.board.edges):
        owner = state.pieces.edge_owner[e]
        if owner < 0:
            continue
        (x1, y1), (x2, y2) = _point(state, a), _point(state, b)
        dash = ' stroke-dasharray="4,3"' if state.pieces.edge_piece[e] else ""
        parts.append(
            f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" '
            f'stroke="{SEAT_COLOURS[owner]}" stroke-width="5"{dash}/>'
        )
    return parts


def _vertices(state: Position) -> list[str]:
    board = state.board
    parts = []
    for v in range(len(board.vertex_xy)):
        x, y = _point(state, v)
        harbor = board.harbor[v]
        if harbor >= 0:
            label = "3:1" if harbor == GENERIC_HARBOR else f"2:1 {KIND_NAMES[harbor]}"
            parts.append(
                f'<circle cx="{x:.1f}" cy="{y:.1f}" r="3" fill="#fff" stroke="#333">'
                f"<title>{label}</title></circle>"
            )
        owner = state.pieces.owner[v]
        if owner < 0:
            continue
        colour = SEAT_COLOURS[owner]
        if state.pieces.building[v] == 2:
            stroke = "#000" if state.pieces.wall[v] else "#fff"
            parts.append(
                f'<rect x="{x - 7:.1f}" y="{y - 7:.1f}" width="14" height="14" fill="{colour}" '
                f'stroke="{stroke}" stroke-width="{3 if state.pieces.wall[v] else 1}"/>'
            )
            if state.pieces.metro_at[v] >= 0:
                parts.append(
                    f'<text x="{x:.1f}" y="{y + 4:.1f}" text-anchor="middle" fill="#fff">M</text>'
                )
        else:
            parts.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="6" fill="{colour}" stroke="#fff"/>')
    return parts


def _standings(state: Position, x: float, y: float) -> list[str]:
    parts = [
        f'<text x="{x:.1f}" y="{y + LINE:.1f}">turn {state.turn}, barbarians '
        f"{state.pieces.barbarian}/7, target {state.rules.victory_points} VP</text>"
    ]
    for seat, player in enumerate(state.seats):
        mark = " (winner)" if seat == state.winner else " *" if seat == state.current else ""
        text = (
            f"seat {seat}: {state.victory_points(seat)} VP, culture "
            f"{'/'.join(map(str, player.culture))}, military {player.military}, "
            f"cards {sum(player.hand)}, dev {state.dev_hand(seat)}{mark}"
        )
        parts.append(
            f'<text x="{x:.1f}" y="{y + LINE * (seat + 2):.1f}" '
            f'fill="{SEAT_COLOURS[seat]}">{escape(text)}</text>'
        )
    return parts
