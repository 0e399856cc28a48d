"""The text picture of a Land game: the map with owners, then the seats."""

from __future__ import annotations

from typing import TYPE_CHECKING

from referee.games.land.mapfile import PLOT_CHARS

if TYPE_CHECKING:
    from referee.games.land.state import LandState

_MAP_CHARS = {value: char for char, value in PLOT_CHARS.items()}
LEGEND = (
    "0-5 owned by that seat, A-F one cow of seat 0-5 on a mountain;"
    " . grass, c resident cow, ^ mountain, ~ water, : coast, * small island"
)


def render_text(state: LandState) -> str:
    """The board, region numbers in the margins, and each seat's standing."""
    lines = [headline(state), "", _column_numbers(state)]
    board = state.board
    for y in range(board.height):
        if y and y % board.region_height == 0:
            lines.append("")
        label = str(y // board.region_height + 1) if y % board.region_height == 0 else ""
        lines.append(f"{label:>3} " + _plot_row(state, y))
    lines += ["", LEGEND, ""]
    lines += _seat_lines(state)
    return "\n".join(lines) + "\n"


def plot_char(state: LandState, plot: int) -> str:
    """One character for a plot: its owner, a half-claim, or its kind."""
    if state.owner[plot] >= 0:
        return str(state.owner[plot])
    if state.half[plot] >= 0:
        return "ABCDEF"[state.half[plot]]
    return _MAP_CHARS[(state.board.kinds[plot], plot in state.board.residents)]


def _plot_row(state: LandState, y: int) -> str:
    board = state.board
    row = ""
    for x in range(board.width):
        if x and x % board.region_width == 0:
            row += " "
        row += plot_char(state, board.plot(x, y))
    return row


def _column_numbers(state: LandState) -> str:
    width = state.board.region_width
    numbers = " ".join(f"{c:<{width}}" for c in range(1, state.board.columns + 1))
    return ("    " + numbers).rstrip()


def headline(state: LandState) -> str:
    """One line: the map, the round, and who does what now."""
    from referee.games.land.state import Phase

    title = f"Land: {state.board.name}"
    seat = state.seat_to_move
    match state.phase:
        case Phase.ORDER:
            return f"{title}, rolling for the playing order (seat {state.rolling_seat} rolls)"
        case Phase.COLUMN | Phase.ROW:
            return f"{title}, round {state.round}: seat {seat} rolls for a starting region"
        case Phase.START:
            region = f"({state.column}, {state.row})"
            return f"{title}, round {state.round}: seat {seat} picks a start in region {region}"
        case Phase.PLACE:
            return f"{title}, round {state.round}: seat {seat} places cows ({state.cows_left} left)"
    return f"{title}, game over after round {state.round}"


def _seat_lines(state: LandState) -> list[str]:
    ranks = [o.rank for o in state.outcome()]
    lines = []
    for seat, plots in enumerate(state.scores()):
        notes = [f"rank {ranks[seat]}"] if state.is_terminal() else []
        if state.order:
            notes.append(f"plays {state.order.index(seat) + 1} of {state.num_players}")
        elif state.order_rolls[seat]:
            notes.append(f"rolled {state.order_rolls[seat]}")
        if state.bonus[seat]:
            notes.append(f"+{state.bonus[seat]} resident cow next turn")
        if state.saved[seat]:
            notes.append(f"{state.saved[seat]} cows saved")
        marker = " <" if seat == state.seat_to_move else ""
        lines.append(f"seat {seat}: {plots:3} plots; {', '.join(notes)}".rstrip("; ") + marker)
    return lines
