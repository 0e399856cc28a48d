"""The text picture of a Landover game: tiles, buildings, and each seat's standing."""

from __future__ import annotations

from referee.games.landover import rules as R
from referee.games.landover.board import SEA, TERRAIN_NAMES
from referee.games.landover.position import Position


def render_text(state: Position) -> str:
    board = state.board
    lines = [f"Landover ({board.name}), turn {state.turn}, phase {state.phase.name.lower()}"]
    rows: dict[int, list[str]] = {}
    catapults = {t: s for s, t in enumerate(state.catapult) if t >= 0}
    for tile, (_q, r) in enumerate(board.coords):
        if board.terrain[tile] == SEA:
            continue
        mark = f"!{catapults[tile]}" if tile in catapults else ""
        number = board.numbers[tile] or "-"
        rows.setdefault(r, []).append(f"{TERRAIN_NAMES[board.terrain[tile]][:4]}{number}{mark}")
    for r in sorted(rows):
        lines.append(" " * (4 * abs(r)) + "  ".join(f"{cell:<7}" for cell in rows[r]))
    lines.append(f"barbarians {state.barbarian}/{R.BARBARIAN_TRACK}; last roll {state.last_roll}")
    for seat in range(state.players):
        marks = [
            f"{'C' if state.building[v] == 2 else 'v'}{v}"
            + ("w" if state.wall[v] else "")
            + ("M" if state.metro_at[v] >= 0 else "")
            for v, o in enumerate(state.owner)
            if o == seat
        ]
        hand = ",".join(f"{R.KIND_NAMES[k]}:{n}" for k, n in enumerate(state.hand[seat]) if n)
        turn = "*" if seat == state.current else " "
        lines.append(
            f"{turn}seat {seat}: {state.victory_points(seat)} VP, culture {state.culture[seat]}, "
            f"military {state.military[seat]}, route {state.route_lengths[seat]}, "
            f"dev {state.dev_hand(seat)}, buildings {' '.join(marks)}; hand {hand or '-'}"
        )
    if state.winner >= 0:
        lines.append(f"winner: seat {state.winner}")
    return "\n".join(lines)
