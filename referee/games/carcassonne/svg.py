"""The SVG picture of a Carcassonne game, for the HTML replay viewer.

``render_svg(state)`` returns one self-contained ``<svg>`` element: every
tile drawn from its segments (green fields, brown cities, pale roads, a small
house for a farmhouse), each follower as a disc in its seat's colour, and the
standings below. Monasteries and pennants are marked in colours no seat
uses (violet, white), so a marker is never taken for a follower.
"""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING

from referee.games.carcassonne.board import Placed
from referee.games.carcassonne.tiles import HALF_NAMES, Kind, Segment

if TYPE_CHECKING:
    from referee.games.carcassonne.state import CarcassonneState

CELL = 48
MARGIN = 16
LINE = 18
SEAT_COLOURS = ("#d62728", "#1f77b4", "#e3b800", "#2ca02c", "#111111")
"""Follower colours of seats 0-4 (red, blue, yellow, green, black, as the meeples)."""
FIELD = "#9ccc65"
CITY = "#b5835a"
ROAD = "#f4ecd8"
MONASTERY = "#c27ee0"
"""Light violet: far from every seat colour (a red monastery read as seat 0's follower)."""
PENNANT = "#ffffff"
"""White with a violet rim: on a brown city it reads as a shield, not a follower."""
MARKER_EDGE = "#4a2a63"
CORNERS = ((0.0, 0.0), (1.0, 0.0), (1.0, 1.0), (0.0, 1.0))
"""Tile corners in unit coordinates, clockwise from the top left: edge d runs d to d+1."""
MIDS = ((0.5, 0.0), (1.0, 0.5), (0.5, 1.0), (0.0, 0.5))
"""Midpoints of the edges N E S W."""
HALF_POINTS = (
    (0.25, 0.12), (0.75, 0.12), (0.88, 0.25), (0.88, 0.75),
    (0.75, 0.88), (0.25, 0.88), (0.12, 0.75), (0.12, 0.25),
)  # fmt: skip
"""A point in the field by each half-edge NL NR EL ER SL SR WL WR."""

Point = tuple[float, float]


def render_svg(state: CarcassonneState) -> str:
    """The board and standings as a standalone SVG document string."""
    placed = state.board.placed
    left = min(x for x, _ in placed)
    top = min(y for _, y in placed)
    columns = max(x for x, _ in placed) - left + 1
    rows = max(y for _, y in placed) - top + 1
    status = _status(state)
    # About 6.6 px a character at 12 px sans-serif: wide enough that no line is cut off.
    width = max(columns * CELL + 2 * MARGIN, 420, 2 * MARGIN + int(6.6 * len(status)))
    board_bottom = MARGIN + rows * CELL
    height = board_bottom + 12 + LINE * (state.num_players + 2)
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="12">',
        f'<rect width="{width}" height="{height}" fill="#fdfdf8"/>',
    ]
    followers = {(s.pos, s.segment): s.seat for s in state.followers()}
    for (x, y), tile in sorted(placed.items()):
        origin = (MARGIN + (x - left) * CELL, MARGIN + (y - top) * CELL)
        parts += _tile(tile, origin, followers)
    parts += _standings(state, status, board_bottom + 12)
    parts.append("</svg>")
    return "\n".join(parts)


def _at(origin: tuple[int, int], point: Point) -> str:
    return f"{origin[0] + point[0] * CELL:.1f},{origin[1] + point[1] * CELL:.1f}"


def _tile(
    tile: Placed, origin: tuple[int, int], followers: dict[tuple[tuple[int, int], int], int]
) -> list[str]:
    x, y = tile.pos
    label = f"{tile.tile.jcz_id} ({tile.shape.type.letter}) at {x},{y}"
    parts = [
        f"<g><title>{escape(label)}</title>",
        f'<rect x="{origin[0]}" y="{origin[1]}" width="{CELL}" height="{CELL}" '
        f'fill="{FIELD}" stroke="#00000033"/>',
    ]
    for segment in tile.shape.segments:
        if segment.kind is Kind.CITY:
            parts += _city(segment, origin)
        elif segment.kind is Kind.ROAD:
            parts.append(_road(segment, origin))
        elif segment.kind is Kind.MONASTERY:
            parts.append(_monastery(origin))
    segments = tile.shape.segments
    if segments[0].kind is not Kind.MONASTERY and any(
        s.kind is Kind.ROAD and len(s.edges) == 1 for s in segments
    ):
        parts.append(_disc(origin, (0.5, 0.5), CELL * 0.1, "#8d6e63", "roads end here"))
    if tile.tile.farmhouse:
        parts.append(_farmhouse(tile, origin))
    for index, segment in enumerate(tile.shape.segments):
        seat = followers.get((tile.pos, index))
        if seat is not None:
            parts.append(_follower(segment, origin, seat))
    parts.append("</g>")
    return parts


def _city(segment: Segment, origin: tuple[int, int]) -> list[str]:
    edges = sorted(segment.edges)
    if segment.cap:
        (edge,) = edges
        start, end = CORNERS[edge], CORNERS[(edge + 1) % 4]
        inner = (0.5 + (MIDS[edge][0] - 0.5) * 0.1, 0.5 + (MIDS[edge][1] - 0.5) * 0.1)
        path = f"M{_at(origin, start)} Q{_at(origin, inner)} {_at(origin, end)} Z"
        shapes = [f'<path d="{path}" fill="{CITY}" stroke="#6d4c33"/>']
    else:
        points = _city_outline(set(edges))
        outline = " ".join(_at(origin, p) for p in points)
        shapes = [f'<polygon points="{outline}" fill="{CITY}" stroke="#6d4c33"/>']
    if segment.pennants:
        mid = MIDS[edges[0]]
        spot = (0.5 + (mid[0] - 0.5) * 0.5, 0.5 + (mid[1] - 0.5) * 0.5)
        corner = origin[0] + spot[0] * CELL - 4, origin[1] + spot[1] * CELL - 4
        shapes.append(
            f'<rect x="{corner[0]:.1f}" y="{corner[1]:.1f}" width="8" height="8" '
            f'fill="{PENNANT}" stroke="{MARKER_EDGE}"><title>pennant</title></rect>'
        )
    return shapes


def _city_outline(edges: set[int]) -> list[Point]:
    """Corners of the city's edges, with the missing edges pulled in toward the centre."""
    if len(edges) == 4:
        return list(CORNERS)
    start = next(d for d in range(4) if d in edges and (d - 1) % 4 not in edges)
    points: list[Point] = []
    for step in range(4):
        edge = (start + step) % 4
        if edge in edges:
            for corner in (CORNERS[edge], CORNERS[(edge + 1) % 4]):
                if corner not in points:
                    points.append(corner)
        else:
            mid = MIDS[edge]
            points.append((0.5 + (mid[0] - 0.5) * 0.5, 0.5 + (mid[1] - 0.5) * 0.5))
    return points


def _road(segment: Segment, origin: tuple[int, int]) -> str:
    edges = sorted(segment.edges)
    centre = _at(origin, (0.5, 0.5))
    if len(edges) == 2:
        path = f"M{_at(origin, MIDS[edges[0]])} Q{centre} {_at(origin, MIDS[edges[1]])}"
    else:
        path = f"M{_at(origin, MIDS[edges[0]])} L{centre}"
    return (
        f'<path d="{path}" fill="none" stroke="#7a7a6a" stroke-width="{CELL * 0.16:.1f}"/>'
        f'<path d="{path}" fill="none" stroke="{ROAD}" stroke-width="{CELL * 0.1:.1f}"/>'
    )


def _monastery(origin: tuple[int, int]) -> str:
    side = CELL * 0.3
    x = origin[0] + (CELL - side) / 2
    y = origin[1] + (CELL - side) / 2
    return (
        f'<rect x="{x:.1f}" y="{y:.1f}" width="{side:.1f}" height="{side:.1f}" '
        f'fill="{MONASTERY}" stroke="{MARKER_EDGE}"><title>monastery</title></rect>'
    )


def _farmhouse(tile: Placed, origin: tuple[int, int]) -> str:
    fields = [s for s in tile.shape.segments if s.kind is Kind.FIELD]
    half = min(fields[-1].halves) if fields else 0
    cx, cy = HALF_POINTS[half]
    s = 0.07
    house = [(cx - s, cy + s), (cx - s, cy), (cx, cy - s), (cx + s, cy), (cx + s, cy + s)]
    points = " ".join(_at(origin, p) for p in house)
    return (
        f'<polygon points="{points}" fill="#f0e0c0" stroke="#5a4630">'
        f"<title>farmhouse ({escape(HALF_NAMES[half])})</title></polygon>"
    )


def _follower(segment: Segment, origin: tuple[int, int], seat: int) -> str:
    if segment.kind is Kind.MONASTERY:
        spot: Point = (0.5, 0.5)
    elif segment.kind is Kind.FIELD:
        spot = HALF_POINTS[min(segment.halves)]
    else:
        mid = MIDS[min(segment.edges)]
        spot = (0.5 + (mid[0] - 0.5) * 0.55, 0.5 + (mid[1] - 0.5) * 0.55)
    colour = SEAT_COLOURS[seat % len(SEAT_COLOURS)]
    title = f"seat {seat}: {segment.kind.name.lower()} {segment.location}"
    return _disc(origin, spot, CELL * 0.11, colour, title)


def _disc(origin: tuple[int, int], spot: Point, radius: float, fill: str, title: str) -> str:
    cx, cy = origin[0] + spot[0] * CELL, origin[1] + spot[1] * CELL
    return (
        f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="{radius:.1f}" fill="{fill}" stroke="#ffffff">'
        f"<title>{escape(title)}</title></circle>"
    )


def _status(state: CarcassonneState) -> str:
    """Who plays, the pile, and the scoring tiles in force: the line above the standings."""
    from referee.games.carcassonne.state import Phase

    if state.phase is Phase.GAME_OVER:
        status = "game over"
    else:
        status = f"seat {state.current} to play, {state.tiles_remaining} tiles in the pile"
    if state.rules.land_surveyors and state.stacks:
        active = [state.active_scoring(k) for k in (Kind.CITY, Kind.ROAD, Kind.MONASTERY)]
        status += "; scoring tiles: " + ", ".join(
            t.name.lower().replace("_", " ") for t in active if t is not None
        )
    return status


def _standings(state: CarcassonneState, status: str, top: int) -> list[str]:
    parts = [f'<text x="{MARGIN}" y="{top + 12}">{escape(status)}</text>']
    for seat, score in enumerate(state.scores):
        y = top + LINE * (seat + 1)
        colour = SEAT_COLOURS[seat % len(SEAT_COLOURS)]
        text = (
            f"seat {seat}: {score.total} (road {score.road}, city {score.city}, "
            f"monastery {score.monastery}, farm {score.farm}), {state.hands[seat]} in hand"
        )
        parts.append(f'<rect x="{MARGIN}" y="{y + 2}" width="12" height="12" fill="{colour}"/>')
        parts.append(f'<text x="{MARGIN + 18}" y="{y + 12}">{escape(text)}</text>')
    return parts + _legend(top + LINE * (len(state.scores) + 1))


def _legend(top: int) -> list[str]:
    """What the two markers mean, on the spare line below the standings."""
    parts = []
    for number, (fill, name) in enumerate(
        ((MONASTERY, "monastery"), (PENNANT, "pennant (coat of arms)"))
    ):
        x = MARGIN + 110 * number
        parts.append(
            f'<rect x="{x}" y="{top + 2}" width="12" height="12" fill="{fill}" '
            f'stroke="{MARKER_EDGE}"/><text x="{x + 18}" y="{top + 12}">{name}</text>'
        )
    return parts
