"""Culture: raising the three tracks (LANDOVER-12, -14) and the metros they win (LANDOVER-15).

The level-3 abilities live where they act: the Aqueduct in roll.py's
production, commerce in ``Position.trade_ratio``, politics in
``Position.military_cap``.
"""

from __future__ import annotations

from referee.games.landover import rules as R
from referee.games.landover.position import Position
from referee.games.landover.records import CITY
from referee.games.landover.tasks import Task


def culture_cost(state: Position, seat: int, track: int) -> int:
    """Commodities the next level costs: the level itself, one fewer with the Crane."""
    return max(0, state.seats[seat].culture[track] + 1 - (1 if state.perks.crane else 0))


def improvable(state: Position, seat: int) -> list[int]:
    """The tracks ``seat`` can raise now: below 5, paid for, and a city if the rules ask one."""
    player = state.seats[seat]
    if state.rules.culture_needs_city and not state.pieces.count_buildings(seat, CITY):
        return []
    return [
        track
        for track in range(3)
        if player.culture[track] < 5
        and player.hand[R.TRACK_COMMODITY[track]] >= culture_cost(state, seat, track)
    ]


def improve(state: Position, seat: int, track: int) -> list[Task]:
    """Pay for one level (spending a Crane); reaching 4 first, or 5, may take the track's metro.

    Returns the seat's choice of a city for a metro it wins, to queue.
    """
    level = state.seats[seat].raise_culture(track, culture_cost(state, seat, track))
    state.perks.spend_crane()
    awards = state.awards
    holder = awards.metro_owner[track]
    if awards.metro_locked[track] or holder == seat:
        if level == 5 and holder == seat:
            awards.lock_metro(track)
        return []
    if (level == 4 and holder < 0) or level == 5:
        if not metro_spots(state, seat):
            return []
        if holder >= 0:
            state.pieces.remove_metro(track)
        awards.hand_metro(track, seat, locked=level == 5)
        return [Task("vertex", seat, "metro", track)]
    return []


def metro_spots(state: Position, seat: int) -> list[int]:
    """The cities of ``seat`` that could take a metro."""
    pieces = state.pieces
    return [v for v in pieces.corners(seat, CITY) if pieces.metro_at[v] < 0]
