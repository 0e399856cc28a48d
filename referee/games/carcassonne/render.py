"""The text picture of a Carcassonne game: the board in 3x3 blocks, then the seats.

Each tile is three rows of three characters: its edges in the middle of
each side (# city, - or | road, . field), a centre (M monastery, # city,
o road end, + road), and corners. A follower shows as its seat digit on
its feature: a city or road edge, a field corner, the monastery centre.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from referee.games.carcassonne.board import Placed
from referee.games.carcassonne.tiles import Kind

if TYPE_CHECKING:
    from referee.games.carcassonne.state import CarcassonneState

LEGEND = "# city, -| road, o road end, M monastery, digits: a seat's follower, * farmhouse"
EDGE_CELLS = ((0, 1), (1, 2), (2, 1), (1, 0))
"""(row, column) of the middle of each edge N E S W in a block."""
HALF_CORNERS = ((0, 0), (0, 2), (0, 2), (2, 2), (2, 2), (2, 0), (2, 0), (0, 0))
"""(row, column) of the corner by each half-edge NL NR EL ER SL SR WL WR."""


def render_text(state: CarcassonneState) -> str:
    """The board, the tile to place, the scoring tiles and each seat's standing."""
    lines = [_headline(state), "", *_board_lines(state), "", LEGEND, ""]
    lines += _seat_lines(state)
    return "\n".join(lines) + "\n"


def _headline(state: CarcassonneState) -> str:
    from referee.games.carcassonne.state import Phase

    if state.phase is Phase.GAME_OVER:
        text = "Game over."
    else:
        text = f"Seat {state.current} to play; {state.tiles_remaining} tiles in the pile."
    if state.tile is not None:
        shown = state.tile.jcz_id + (" with farmhouse" if state.tile.farmhouse else "")
        text += f" Tile to place: {shown}."
    if state.rules.land_surveyors and state.stacks:
        active = [state.active_scoring(k) for k in (Kind.CITY, Kind.ROAD, Kind.MONASTERY)]
        text += " Scoring tiles: " + ", ".join(t.name for t in active if t is not None) + "."
    return text


def _board_lines(state: CarcassonneState) -> list[str]:
    placed = state.board.placed
    xs = [x for x, _ in placed]
    ys = [y for _, y in placed]
    columns = range(min(xs), max(xs) + 1)
    lines = ["     " + "".join(f"{x:^3}" for x in columns)]
    followers = {(s.pos, s.segment): s.seat for s in state.followers()}
    for y in range(min(ys), max(ys) + 1):
        blocks = [_block(placed[(x, y)], followers) if (x, y) in placed else None for x in columns]
        for row in range(3):
            label = f"{y:>4} " if row == 1 else "     "
            cells = ["".join(b[row]) if b else "   " for b in blocks]
            lines.append((label + "".join(cells)).rstrip())
    return lines


def _block(placed: Placed, followers: dict[tuple[tuple[int, int], int], int]) -> list[list[str]]:
    shape = placed.shape
    block = [[".", ".", "."] for _ in range(3)]
    if placed.tile.farmhouse:
        block[0][0] = "*"
    for edge, (row, col) in enumerate(EDGE_CELLS):
        block[row][col] = {"C": "#", "R": "|-"[edge % 2], "F": "."}[shape.edges[edge]]
    block[1][1] = _centre(placed)
    for index, segment in enumerate(shape.segments):
        seat = followers.get((placed.pos, index))
        if seat is None:
            continue
        if segment.kind is Kind.MONASTERY:
            row, col = 1, 1
        elif segment.kind is Kind.FIELD:
            row, col = HALF_CORNERS[min(segment.halves)]
        else:
            row, col = EDGE_CELLS[min(segment.edges)]
        block[row][col] = str(seat)
    return block


def _centre(placed: Placed) -> str:
    segments = placed.shape.segments
    if any(s.kind is Kind.MONASTERY for s in segments):
        return "M"
    if any(s.kind is Kind.CITY and len(s.edges) > 1 for s in segments):
        return "#"
    roads = [s for s in segments if s.kind is Kind.ROAD]
    if any(len(s.edges) == 1 for s in roads):
        return "o"
    return "+" if roads else "."


def _seat_lines(state: CarcassonneState) -> list[str]:
    lines = []
    for seat, score in enumerate(state.scores):
        lines.append(
            f"seat {seat}: {score.total} points (road {score.road}, city {score.city}, "
            f"monastery {score.monastery}, farm {score.farm}); "
            f"{state.hands[seat]} followers in hand"
        )
    if state.discarded:
        lines.append("removed: " + ", ".join(t.jcz_id for t in state.discarded))
    return lines
