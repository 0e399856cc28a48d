"""Longest route and Port Authority, the awards that move with the pieces (LANDOVER-24, -25).

Both are recomputed whenever a road, boat or building is placed or removed.
Metros, the culture awards, are in culture.py; ``Position.victory_points``
adds every award up.
"""

from __future__ import annotations

from referee.games.landover import rules as R
from referee.games.landover.position import Position


def route_length(state: Position, seat: int) -> int:
    """The longest route of roads and boats (LANDOVER-24)."""
    mine = [e for e, o in enumerate(state.pieces.edge_owner) if o == seat]
    if not mine:
        return 0
    walker = _RouteWalk(state, seat)
    starts = {v for e in mine for v in state.board.edges[e]}
    return max(walker.longest(v, -1) for v in sorted(starts))


class _RouteWalk:
    """A depth-first walk along one seat's roads and boats.

    A class, not a closure: a nested function that calls itself is a reference
    cycle, left for the cycle collector after every road a search plays.
    """

    def __init__(self, state: Position, seat: int) -> None:
        pieces = state.pieces
        self.board = state.board
        self.seat = seat
        self.owner, self.edge_owner, self.edge_piece = (
            pieces.owner,
            pieces.edge_owner,
            pieces.edge_piece,
        )
        self.used: set[int] = set()

    def longest(self, v: int, piece: int) -> int:
        """The longest route on from corner ``v``, arrived at by ``piece`` (-1: a start)."""
        owner, seat, used = self.owner, self.seat, self.used
        if piece >= 0 and owner[v] not in (-1, seat):
            return 0
        best = 0
        for e in self.board.vertex_edges[v]:
            if e in used or self.edge_owner[e] != seat:
                continue
            p = self.edge_piece[e]
            if piece >= 0 and p != piece and owner[v] != seat:
                continue
            used.add(e)
            a, b = self.board.edges[e]
            best = max(best, 1 + self.longest(b if a == v else a, p))
            used.discard(e)
        return best


def update_awards(state: Position, route_of: int = -1) -> None:
    """Recompute the route lengths and who holds both awards.

    A road or boat changes only its owner's route (``route_of``); a building
    may cut anyone's, so by default every seat's is recomputed.
    """
    seats = range(state.players)
    awards = state.awards
    if route_of >= 0:
        lengths = list(awards.route_lengths)
        lengths[route_of] = route_length(state, route_of)
    else:
        lengths = [route_length(state, s) for s in seats]
    harbors = [state.harbor_count(s) for s in seats]
    awards.settle_routes(
        lengths,
        _award(awards.longest, lengths, R.ROUTE_MINIMUM),
        _award(awards.port, harbors, R.PORT_MINIMUM),
    )


def _award(holder: int, values: list[int], minimum: int) -> int:
    """Who holds a "most X, at least N" award: the holder keeps it while tied for the top."""
    best = max(values)
    if holder >= 0 and values[holder] == best and best >= minimum:
        return holder
    leaders = [s for s, v in enumerate(values) if v == best]
    if best >= minimum and len(leaders) == 1:
        return leaders[0]
    return -1
