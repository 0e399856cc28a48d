"""The text picture of a Landover game: tiles, buildings, and each seat's standing."""

from __future__ import annotations

from referee.games.landover import rules as R
from referee.games.landover.board import SEA, TERRAIN_NAMES
from referee.games.landover.position import Position


def render_text(state: Position) -> str:
    board = state.board
    lines = [f"Landover ({board.name}), turn {state.turn}, phase {state.phase.name.lower()}"]
    rows: dict[int, list[str]] = {}
    catapults = {p.catapult: s for s, p in enumerate(state.seats) if p.catapult >= 0}
    for tile, (_q, r) in enumerate(board.coords):
        if board.terrain[tile] == SEA:
            continue
        mark = f"!{catapults[tile]}" if tile in catapults else ""
        number = board.numbers[tile] or "-"
        rows.setdefault(r, []).append(f"{TERRAIN_NAMES[board.terrain[tile]][:4]}{number}{mark}")
    for r in sorted(rows):
        lines.append(" " * (4 * abs(r)) + "  ".join(f"{cell:<7}" for cell in rows[r]))
    lines.append(
        f"barbarians {state.pieces.barbarian}/{R.BARBARIAN_TRACK}; last roll {state.last_roll}"
    )
    pieces = state.pieces
    for seat, player in enumerate(state.seats):
        marks = [
            f"{'C' if pieces.building[v] == 2 else 'v'}{v}"
            + ("w" if pieces.wall[v] else "")
            + ("M" if pieces.metro_at[v] >= 0 else "")
            for v, o in enumerate(pieces.owner)
            if o == seat
        ]
        hand = ",".join(f"{R.KIND_NAMES[k]}:{n}" for k, n in enumerate(player.hand) if n)
        turn = "*" if seat == state.current else " "
        lines.append(
            f"{turn}seat {seat}: {state.victory_points(seat)} VP, culture {player.culture}, "
            f"military {player.military}, route {state.awards.route_lengths[seat]}, "
            f"dev {state.dev_hand(seat)}, buildings {' '.join(marks)}; hand {hand or '-'}"
        )
    if state.winner >= 0:
        lines.append(f"winner: seat {state.winner}")
    return "\n".join(lines)
