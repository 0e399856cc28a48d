"""A LAND 6 game as a self-contained SVG picture, for the HTML replay viewer.

Squares are coloured by kind (city grey, sea blue, forest dark green,
field yellow-green); a die is a white rounded square with its value, a cube
a red square in its tile's corner; tile numbers sit in each tile's centre.
"""

from __future__ import annotations

from html import escape

from referee.games.land6.board import SLOTS, Kind, board_size, slot_origin
from referee.games.land6.state import ENDING_WORDS, Land6State, Phase, Purpose, title_for

CELL = 56
"""The side of a square, in SVG units."""
MARGIN = 12
STATUS_HEIGHT = 64
MIN_WIDTH = 460
"""Room for the status lines under the narrow grid layout."""
COLOURS = {
    Kind.CITY: "#b9b4aa",
    Kind.SEA: "#6fa8dc",
    Kind.FOREST: "#4e7d3a",
    Kind.FIELD: "#d9d36a",
}
LABELS = {Kind.CITY: "city", Kind.SEA: "sea", Kind.FOREST: "forest", Kind.FIELD: "field"}


def render_svg(state: Land6State) -> str:
    """The board, the dice, the cubes and the score as one SVG document."""
    width, height = board_size(state.rules.layout)
    pixels_wide = max(2 * MARGIN + width * CELL, MIN_WIDTH)
    pixels_high = 2 * MARGIN + height * CELL + STATUS_HEIGHT
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{pixels_wide}" height="{pixels_high}" '
        f'viewBox="0 0 {pixels_wide} {pixels_high}" font-family="sans-serif">',
        f'<rect width="{pixels_wide}" height="{pixels_high}" fill="#f7f4ec"/>',
        *_squares(state),
        *_tiles(state),
        *_dice(state),
        *_status(state, MARGIN + height * CELL + MARGIN),
        "</svg>",
    ]
    return "\n".join(parts)


def _origin(x: int, y: int) -> tuple[int, int]:
    return MARGIN + x * CELL, MARGIN + y * CELL


def _squares(state: Land6State) -> list[str]:
    board = state.board
    if board is None:
        width, height = board_size(state.rules.layout)
        return [
            f'<rect x="{_origin(x, y)[0]}" y="{_origin(x, y)[1]}" width="{CELL}" '
            f'height="{CELL}" fill="#ddd" stroke="#fff"/>'
            for y in range(height)
            for x in range(width)
        ]
    parts = []
    for square in board.squares:
        left, top = _origin(square.x, square.y)
        parts.append(
            f'<rect x="{left}" y="{top}" width="{CELL}" height="{CELL}" '
            f'fill="{COLOURS[square.kind]}" stroke="#fff"><title>{LABELS[square.kind]} '
            f"(tile {square.tile}, square {square.index})</title></rect>"
        )
    return parts


def _tiles(state: Land6State) -> list[str]:
    parts = []
    for slot, placement in enumerate(state.placements):
        x, y = slot_origin(state.rules.layout, slot)
        left, top = _origin(x, y)
        parts.append(
            f'<rect x="{left}" y="{top}" width="{2 * CELL}" height="{2 * CELL}" '
            'fill="none" stroke="#333" stroke-width="3"/>'
        )
        if placement is None:
            continue
        tile = placement[0]
        centre_x, centre_y = left + CELL, top + CELL
        parts.append(
            f'<circle cx="{centre_x}" cy="{centre_y}" r="11" fill="#fff" stroke="#333"/>'
            f'<text x="{centre_x}" y="{centre_y + 5}" font-size="14" text-anchor="middle">'
            f"{tile}</text>"
        )
        if tile in state.cubes:
            parts.append(
                f'<rect x="{centre_x + 12}" y="{centre_y - 26}" width="14" height="14" '
                'fill="#c0392b" stroke="#5a0f08"><title>cube</title></rect>'
            )
    return parts


def _dice(state: Land6State) -> list[str]:
    board = state.board
    if board is None:
        return []
    parts = []
    for index, die in sorted(state.dice.items()):
        square = board.squares[index]
        left, top = _origin(square.x, square.y)
        stroke = "#e67e22" if die.rerolled else "#222"
        parts.append(
            f'<rect x="{left + 12}" y="{top + 12}" width="{CELL - 24}" height="{CELL - 24}" '
            f'rx="6" fill="#fff" stroke="{stroke}" stroke-width="2"/>'
            f'<text x="{left + CELL // 2}" y="{top + CELL // 2 + 7}" font-size="20" '
            f'font-weight="bold" text-anchor="middle">{die.value}</text>'
        )
    return parts


def _status(state: Land6State, top: int) -> list[str]:
    score = state.score()
    lines = [
        f"turn {state.turn} · {state.rules.difficulty.name.lower()} · "
        f"cubes {len(state.cubes)}/6 · score {score} ({title_for(score)})",
        _second_line(state),
    ]
    return [
        f'<text x="{MARGIN}" y="{top + 20 + 22 * i}" font-size="15">{escape(line)}</text>'
        for i, line in enumerate(lines)
    ]


def _second_line(state: Land6State) -> str:
    if state.ending is not None:
        return f"{'WON' if state.won else 'LOST'}: {ENDING_WORDS[state.ending]}"
    if state.phase is Phase.THROW:
        what = "fight" if state.throw_purpose is Purpose.FIGHT else "Lord of the Cubes"
        return f"action die ({what}) shows {state.throw_value}"
    if state.phase is Phase.SETUP:
        placed = sum(p is not None for p in state.placements)
        return f"laying tiles: {placed} of {len(SLOTS[state.rules.layout])}"
    return "extra action" if state.extra_action else state.phase.name.lower().replace("_", " ")
