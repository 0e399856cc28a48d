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
    mine = state.pieces.laid[seat]
    if not mine:
        return 0
    walker = _RouteWalk(state, seat, mine)
    return max(walker.longest(v, -1) for v in walker.starts())


class _RouteWalk:
    """A depth-first walk along one seat's roads and boats.

    A road or boat placed asks for a walk from the ends of a seat's routes, and
    these walks were the costliest part of a random game, so the walk:

    - follows the seat's own routes, gathered once per corner, rather than every
      side of a corner with its owner looked up;
    - past a bridge (a side on no loop), has taken no side of what lies ahead,
      so the longest route on from there is the same whichever way the walk
      came: it is worked out once and kept (where the routes form no loop, the
      usual case, that is every side);
    - starts only where a longest route may have to start (``starts``).

    A class, not a closure: a nested function that calls itself is a reference
    cycle, left for the cycle collector after every road a search plays.
    """

    def __init__(self, state: Position, seat: int, mine: list[int]) -> None:
        pieces, edges = state.pieces, state.board.edges
        owner, edge_piece = pieces.owner, pieces.edge_piece
        self.links: dict[int, list[tuple[int, int, int]]] = {}
        """Per corner the seat's routes reach: (edge, its other end, its piece) of each."""
        for e in mine:
            a, b = edges[e]
            self.links.setdefault(a, []).append((e, b, edge_piece[e]))
            self.links.setdefault(b, []).append((e, a, edge_piece[e]))
        self.home = {v for v in self.links if owner[v] == seat}
        """The seat's buildings, where a route may change from road to boat."""
        self.blocked = {v for v in self.links if owner[v] not in (-1, seat)}
        """Other seats' buildings, where a route ends."""
        self.parts: list[list[int]] = []
        """The corners of each connected network of the seat's routes."""
        self.bridges: set[int] = set()
        """The sides on no loop: taking one away splits a network in two."""
        self._order: dict[int, int] = {}
        self._low: dict[int, int] = {}
        for v in self.links:
            if v not in self._order:
                self.parts.append([])
                self._number(v, -1)
        self.used: set[int] = set()
        self.known: dict[tuple[int, int], int] = {}
        """The longest route on from a corner, by the bridge the walk came along."""

    def _number(self, v: int, came: int) -> None:
        """Number the corners of ``v``'s network depth first and find its bridges: a side
        is one if nothing past it leads back to a corner numbered before (Tarjan)."""
        order, low = self._order, self._low
        order[v] = low[v] = len(order)
        self.parts[-1].append(v)
        for e, other, _ in self.links[v]:
            if e == came:
                continue
            if other in order:
                low[v] = min(low[v], order[other])
                continue
            self._number(other, e)
            low[v] = min(low[v], low[other])
            if low[other] > order[v]:
                self.bridges.add(e)

    def _passes(self, v: int) -> bool:
        """Whether a route can only go straight through corner ``v``.

        Two sides, no other seat's building, and one piece on both or the
        seat's own building between them.
        """
        links = self.links[v]
        return (
            len(links) == 2
            and v not in self.blocked
            and (links[0][2] == links[1][2] or v in self.home)
        )

    def starts(self) -> list[int]:
        """The corners from which the walks find the longest route.

        A route that starts at a corner it could go straight through is not the
        longest if it leaves the corner's other side free (it could start back
        along that side); if it comes back along that side, it is a loop, and a
        loop may start at any corner on it. So the walks start from the other
        corners, and from one corner of a network that has none but such corners
        (a ring).
        """
        starts = []
        for part in self.parts:
            others = [v for v in part if not self._passes(v)]
            starts += others or part[:1]
        return starts

    def longest(self, v: int, piece: int, came: int = -1) -> int:
        """The longest route on from corner ``v``, arrived at by ``piece`` along ``came``.

        ``piece`` and ``came`` are -1 at a start.
        """
        keep = came in self.bridges
        if keep and (v, came) in self.known:
            return self.known[v, came]
        best = 0
        if piece < 0 or v not in self.blocked:
            same_piece_only = piece >= 0 and v not in self.home
            used = self.used
            for e, other, p in self.links[v]:
                if e in used or (same_piece_only and p != piece):
                    continue
                used.add(e)
                best = max(best, 1 + self.longest(other, p, e))
                used.discard(e)
        if keep:
            self.known[v, came] = best
        return best


def update_awards(state: Position, route_of: int = -1, corner: int = -1) -> None:
    """Recompute the route lengths and who holds both awards.

    A road or boat changes only its owner's route (``route_of``); a new
    building on ``corner`` only the routes of the seats with a road or boat
    there (a route is walked only along its own sides); by default every
    seat's is recomputed.
    """
    seats = range(state.players)
    awards = state.awards
    if route_of >= 0:
        lengths = list(awards.route_lengths)
        lengths[route_of] = route_length(state, route_of)
    elif corner >= 0:
        edge_owner = state.pieces.edge_owner
        touching = {edge_owner[e] for e in state.board.vertex_edges[corner]}
        lengths = [
            route_length(state, s) if s in touching else length
            for s, length in enumerate(awards.route_lengths)
        ]
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
