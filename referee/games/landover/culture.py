"""Culture: raising the three tracks (LANDOVER-12, -14) and the metros they win (LANDOVER-15).

The level-3 abilities live where they act: the Aqueduct in roll.py's
production, commerce in ``Position.trade_ratio``, politics in
``Position.military_cap``.
"""

from __future__ import annotations

from referee.games.landover import rules as R
from referee.games.landover.building import CITY
from referee.games.landover.position import Position
from referee.games.landover.tasks import Task


def culture_cost(state: Position, seat: int, track: int) -> int:
    """Commodities the next level costs: the level itself, one fewer with the Crane."""
    return max(0, state.culture[seat][track] + 1 - (1 if state.crane else 0))


def can_improve(state: Position, seat: int, track: int) -> bool:
    level = state.culture[seat][track]
    if level >= 5:
        return False
    if state.rules.culture_needs_city and not state.count_buildings(seat, CITY):
        return False
    return state.hand[seat][R.TRACK_COMMODITY[track]] >= culture_cost(state, seat, track)


def improve(state: Position, seat: int, track: int) -> None:
    """Pay for one level; reaching 4 first, or 5, may take the track's metro."""
    state.hand[seat][R.TRACK_COMMODITY[track]] -= culture_cost(state, seat, track)
    state.crane = False
    state.culture[seat][track] += 1
    level = state.culture[seat][track]
    holder = state.metro_owner[track]
    if state.metro_locked[track] or holder == seat:
        if level == 5 and holder == seat:
            state.metro_locked[track] = True
        return
    if (level == 4 and holder < 0) or level == 5:
        if not metro_spots(state, seat):
            return
        if holder >= 0:
            for v, m in enumerate(state.metro_at):
                if m == track:
                    state.metro_at[v] = -1
        state.metro_owner[track] = seat
        state.metro_locked[track] = level == 5
        state.tasks.append(Task("vertex", seat, "metro", track))


def metro_spots(state: Position, seat: int) -> list[int]:
    """The cities of ``seat`` that could take a metro."""
    return [
        v
        for v in range(len(state.owner))
        if state.owner[v] == seat and state.building[v] == CITY and state.metro_at[v] < 0
    ]
