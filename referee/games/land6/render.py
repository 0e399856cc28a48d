"""The text picture of a LAND 6 game.

Each tile is a box headed by its number (and ``#`` when a cube stands on
it); each square shows its kind (C city, S sea, F forest, G growing field)
and its die's value, or ``.`` when empty. A ``*`` marks a die already
rerolled this turn.
"""

from __future__ import annotations

from referee.games.land6.board import SLOTS, Kind, board_size
from referee.games.land6.state import ENDING_WORDS, Land6State, Phase, Purpose, title_for

CELL_WIDTH = 8
"""A tile box's inside: a space, two three-character squares, a space."""

LETTERS = {Kind.CITY: "C", Kind.SEA: "S", Kind.FOREST: "F", Kind.FIELD: "G"}


def render_text(state: Land6State) -> str:
    """The board, the cubes, the turn and the score as lines of text."""
    return "\n".join([_header(state), *_board_lines(state), *_status_lines(state)])


def _header(state: Land6State) -> str:
    rules = state.rules
    return (
        f"LAND 6 ({rules.difficulty.name.lower()}, {rules.layout.name.lower()}) "
        f"turn {state.turn}, {state.phase.name.lower().replace('_', ' ')}"
    )


def _board_lines(state: Land6State) -> list[str]:
    layout = state.rules.layout
    width, height = board_size(layout)
    columns, rows = width // 2, height // 2
    slot_at = {place: slot for slot, place in enumerate(SLOTS[layout])}
    border = "+" + "-" * CELL_WIDTH + ("+" + "-" * CELL_WIDTH) * (columns - 1) + "+"
    lines = [border]
    for row in range(rows):
        slots = [slot_at[(column, row)] for column in range(columns)]
        lines.append("|" + "".join(_tile_title(state, slot) for slot in slots))
        for dy in (0, 1):
            y = 2 * row + dy
            boxes = [
                f" {_cell(state, 2 * column, y)}{_cell(state, 2 * column + 1, y)} |"
                for column in range(columns)
            ]
            lines.append("|" + "".join(boxes))
        lines.append(border)
    return lines


def _tile_title(state: Land6State, slot: int) -> str:
    placement = state.placements[slot]
    if placement is None:
        return " ?".ljust(CELL_WIDTH) + "|"
    tile = placement[0]
    cube = "#" if tile in state.cubes else ""
    return f" {tile}{cube}".ljust(CELL_WIDTH) + "|"


def _cell(state: Land6State, x: int, y: int) -> str:
    board = state.board
    if board is None:
        return "?? "
    index = y * board.width + x
    die = state.dice.get(index)
    letter = LETTERS[board.kind(index)]
    if die is None:
        return f"{letter}. "
    return f"{letter}{die.value}" + ("*" if die.rerolled else " ")


def _status_lines(state: Land6State) -> list[str]:
    score = state.score()
    cubes = ", ".join(str(t) for t in sorted(state.cubes)) or "none"
    lines = [
        f"cubes on tiles: {cubes} ({6 - len(state.cubes)} in supply); "
        f"dice on board: {len(state.dice)}; a new die would be {state.deploy_value()}",
        f"score {score} ({title_for(score)})",
    ]
    if state.phase is Phase.THROW:
        what = "fight" if state.throw_purpose is Purpose.FIGHT else "lord of the cubes"
        final = ", rerolled" if state.throw_rerolled else ""
        lines.append(f"action die ({what}) shows {state.throw_value}{final}")
    if state.extra_action:
        lines.append("extra action (may skip)")
    if state.ending is not None:
        result = "WON" if state.won else "LOST"
        lines.append(f"{result}: {ENDING_WORDS[state.ending]}")
    return lines
