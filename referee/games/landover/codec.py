"""Landover's actions to and from its ``Action`` protobuf message.

Every action dataclass has a message of the same fields in the ``kind``
oneof (actions.FIELD_NAMES), so one generic mapping does the work.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any

from referee.errors import MalformedAction
from referee.games.landover.actions import FIELD_NAMES, LandoverAction
from sdk.pb.landgrave.games.landover.v1 import landover_pb2

CLASSES = {name: cls for cls, name in FIELD_NAMES.items()}


def to_proto(action: LandoverAction) -> landover_pb2.Action:
    """The Action message for an action or a chance outcome."""
    name = FIELD_NAMES.get(type(action))
    if name is None:
        raise TypeError(f"expected a Landover action, got {action!r}")
    message = landover_pb2.Action()
    inner = getattr(message, name)
    inner.SetInParent()
    for item in dataclasses.fields(action):
        setattr(inner, item.name, getattr(action, item.name))
    return message


def from_proto(message: landover_pb2.Action) -> LandoverAction:
    """The action an Action message names.

    Raises:
        MalformedAction: the message is not a Landover Action or names no action.
    """
    if not isinstance(message, landover_pb2.Action):
        raise MalformedAction(f"expected a landover Action message, got {type(message).__name__}")
    kind = message.WhichOneof("kind")
    if kind is None:
        raise MalformedAction("expected a landover Action with one kind set, got none")
    cls: Any = CLASSES[kind]
    inner = getattr(message, kind)
    values = {item.name: int(getattr(inner, item.name)) for item in dataclasses.fields(cls)}
    action: LandoverAction = cls(**values)
    return action


def list_to_proto(actions: Sequence[LandoverAction]) -> landover_pb2.ActionList:
    """The ActionList message for a legal action list, in its order."""
    return landover_pb2.ActionList(actions=[to_proto(action) for action in actions])
