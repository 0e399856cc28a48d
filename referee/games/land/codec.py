"""Land's actions to and from its ``Action`` protobuf message."""

from __future__ import annotations

from collections.abc import Sequence

from referee.errors import MalformedAction
from referee.games.land.actions import (
    ChooseStart,
    ColumnRoll,
    EndTurn,
    LandAction,
    OrderRoll,
    PlaceCow,
    RowRoll,
)
from sdk.pb.landgrave.games.land.v1 import land_pb2


def to_proto(action: LandAction) -> land_pb2.Action:
    """The Action message for an action or a chance outcome."""
    match action:
        case OrderRoll(value):
            return land_pb2.Action(order_roll=land_pb2.OrderRoll(value=value))
        case ColumnRoll(value):
            return land_pb2.Action(column_roll=land_pb2.ColumnRoll(value=value))
        case RowRoll(value):
            return land_pb2.Action(row_roll=land_pb2.RowRoll(value=value))
        case ChooseStart(x, y):
            return land_pb2.Action(choose_start=land_pb2.ChooseStart(x=x, y=y))
        case PlaceCow(x, y):
            return land_pb2.Action(place_cow=land_pb2.PlaceCow(x=x, y=y))
        case EndTurn():
            return land_pb2.Action(end_turn=land_pb2.EndTurn())
    raise TypeError(f"expected a Land action, got {action!r}")


def from_proto(message: land_pb2.Action) -> LandAction:
    """The action an Action message names.

    Raises:
        MalformedAction: the message is not a Land Action or names no action.
    """
    if not isinstance(message, land_pb2.Action):
        raise MalformedAction(f"expected a land Action message, got {type(message).__name__}")
    kind = message.WhichOneof("kind")
    if kind == "order_roll":
        return OrderRoll(message.order_roll.value)
    if kind == "column_roll":
        return ColumnRoll(message.column_roll.value)
    if kind == "row_roll":
        return RowRoll(message.row_roll.value)
    if kind == "choose_start":
        return ChooseStart(message.choose_start.x, message.choose_start.y)
    if kind == "place_cow":
        return PlaceCow(message.place_cow.x, message.place_cow.y)
    if kind == "end_turn":
        return EndTurn()
    raise MalformedAction("expected a land Action with one kind set, got none")


def list_to_proto(actions: Sequence[LandAction]) -> land_pb2.ActionList:
    """The ActionList message for a legal action list, in its order."""
    return land_pb2.ActionList(actions=[to_proto(action) for action in actions])
