"""The SVG picture of a Land game, for the HTML replay viewer.

``render_svg(state)`` returns one self-contained ``<svg>`` element: the map
(kinds, region lines, region numbers), each seat's cows in its colour, and
the standings below.
"""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING

from referee.games.land.board import PlotKind

if TYPE_CHECKING:
    from referee.games.land.state import LandState

CELL = 28
MARGIN = 24
LINE = 18
SEAT_COLOURS = ("#d62728", "#1f77b4", "#e3b800", "#8e44ad", "#ff7f0e", "#333333")
"""Each seat's cow colour (land.txt: "each player has their own cow color")."""
KIND_COLOURS = {
    PlotKind.GRASS: "#8cc66d",
    PlotKind.MOUNTAIN: "#9c9a86",
    PlotKind.WATER: "#5b9bd5",
    PlotKind.COAST: "#ecdca4",
    PlotKind.ISLET: "#5b9bd5",
}


def render_svg(state: LandState) -> str:
    """The board and standings as a standalone SVG document string."""
    board = state.board
    width = board.width * CELL + 2 * MARGIN
    board_bottom = MARGIN + board.height * CELL
    height = board_bottom + 16 + LINE * (state.num_players + 1)
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="12">',
        f'<rect width="{width}" height="{height}" fill="#fdfdf8"/>',
    ]
    for plot in range(board.size):
        parts += _plot(state, plot)
    parts += _regions(state)
    parts += _standings(state, board_bottom + 16)
    parts.append("</svg>")
    return "\n".join(parts)


def _corner(state: LandState, plot: int) -> tuple[int, int]:
    x, y = state.board.xy(plot)
    return MARGIN + x * CELL, MARGIN + y * CELL


def _plot(state: LandState, plot: int) -> list[str]:
    kind = state.board.kinds[plot]
    left, top = _corner(state, plot)
    cx, cy = left + CELL // 2, top + CELL // 2
    parts = [
        f'<rect x="{left}" y="{top}" width="{CELL}" height="{CELL}" '
        f'fill="{KIND_COLOURS[kind]}" stroke="#00000022"/>'
    ]
    if kind is PlotKind.ISLET:
        parts.append(f'<circle cx="{cx}" cy="{cy}" r="{CELL // 5}" fill="#a7c77a"/>')
    if kind is PlotKind.MOUNTAIN:
        parts.append(
            f'<polygon points="{left + 4},{top + CELL - 5} {cx},{top + 4} '
            f'{left + CELL - 4},{top + CELL - 5}" fill="#6f6b5e"/>'
        )
    owner, half = state.owner[plot], state.half[plot]
    if owner >= 0:
        parts.append(_cow(cx, cy, CELL // 3, SEAT_COLOURS[owner], f"seat {owner}"))
    elif half >= 0:
        parts.append(_cow(cx, cy + 4, CELL // 5, SEAT_COLOURS[half], f"seat {half}: 1 of 2 cows"))
    elif plot in state.board.residents:
        parts.append(_cow(cx, cy, CELL // 4, "#ffffff", "resident cow"))
    return parts


def _cow(cx: int, cy: int, radius: int, colour: str, title: str) -> str:
    return (
        f'<circle cx="{cx}" cy="{cy}" r="{radius}" fill="{colour}" stroke="#000" '
        f'stroke-width="1.5"><title>{escape(title)}</title></circle>'
    )


def _regions(state: LandState) -> list[str]:
    board = state.board
    right, bottom = MARGIN + board.width * CELL, MARGIN + board.height * CELL
    parts = []
    for column in range(board.columns + 1):
        x = MARGIN + column * board.region_width * CELL
        parts.append(f'<line x1="{x}" y1="{MARGIN}" x2="{x}" y2="{bottom}" stroke="#222"/>')
        if column < board.columns:
            middle = x + board.region_width * CELL // 2
            label = f'<text x="{middle}" y="{MARGIN - 8}" text-anchor="middle">'
            parts.append(f"{label}{column + 1}</text>")
    for row in range(board.rows + 1):
        y = MARGIN + row * board.region_height * CELL
        parts.append(f'<line x1="{MARGIN}" y1="{y}" x2="{right}" y2="{y}" stroke="#222"/>')
        if row < board.rows:
            middle = y + board.region_height * CELL // 2 + 4
            parts.append(f'<text x="{MARGIN - 8}" y="{middle}" text-anchor="end">{row + 1}</text>')
    return parts


def _standings(state: LandState, top: int) -> list[str]:
    from referee.games.land.render import headline

    parts = [f'<text x="{MARGIN}" y="{top}" font-weight="bold">{escape(headline(state))}</text>']
    for seat, plots in enumerate(state.scores()):
        y = top + LINE * (seat + 1)
        mark = " \u25c0" if seat == state.seat_to_move else ""
        parts.append(_cow(MARGIN + 6, y - 4, 6, SEAT_COLOURS[seat], f"seat {seat}"))
        parts.append(f'<text x="{MARGIN + 18}" y="{y}">seat {seat}: {plots} plots{mark}</text>')
    return parts
