"""Land's actions in words, for the stepper, the viewer and the logs."""

from __future__ import annotations

from typing import TYPE_CHECKING

from referee.engine import actor
from referee.games.land.actions import (
    ChooseStart,
    ColumnRoll,
    EndTurn,
    LandAction,
    OrderRoll,
    PlaceCow,
    RowRoll,
)
from referee.games.land.board import PlotKind

if TYPE_CHECKING:
    from referee.games.land.state import LandState


def describe(state: LandState, seat: int, action: LandAction) -> str:
    """One sentence: "seat 0 places a cow on plot (3, 4) in region 2-3"."""
    who = actor(seat)
    match action:
        case OrderRoll(value):
            return f"{who} rolls {value} for seat {state.rolling_seat}'s place in the turn order"
        case ColumnRoll(value):
            return f"{who} rolls column {value} for seat {state.seat_to_move}'s start"
        case RowRoll(value):
            region = f"{state.column}-{value}"
            return f"{who} rolls row {value}: seat {state.seat_to_move} may start in {region}"
        case ChooseStart(x, y):
            return f"{who} starts on {_plot(state, x, y)}"
        case PlaceCow(x, y):
            return f"{who} places a cow on {_plot(state, x, y)}"
        case EndTurn():
            unplaced = state.cows_left
            cows = f"{unplaced} cow{'' if unplaced == 1 else 's'}"
            return f"{who} ends the turn with {cows} unplaced"
    raise TypeError(f"expected a Land action, got {type(action).__name__}")


def _plot(state: LandState, x: int, y: int) -> str:
    """A plot by its place, its region and, for a mountain, its kind."""
    board = state.board
    if not board.contains(x, y):
        return f"plot ({x}, {y}), off the map"
    plot = board.plot(x, y)
    column, row = board.region_of(plot)
    mountain = " (a mountain)" if board.kinds[plot] is PlotKind.MOUNTAIN else ""
    return f"plot ({x}, {y}) in region {column}-{row}{mountain}"
