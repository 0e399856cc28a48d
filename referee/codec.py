"""Engine actions to and from a game's protobuf messages.

A game's ``Action`` message is a ``oneof kind`` with one message per kind of
action. When each action dataclass has a message of the same fields, named
as the class in snake case (``PlaceCow`` is ``place_cow``), ``OneofCodec``
does the whole mapping; an engine whose messages differ (Carcassonne's tiles
and enums) writes its own ``Codec``.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Generic, Protocol, TypeVar

from google.protobuf.message import Message

from referee.errors import MalformedAction

ActionT = TypeVar("ActionT")

_WORD_START = re.compile(r"(?<!^)(?=[A-Z])")


class Codec(Protocol[ActionT]):
    """What the engine contract asks of a codec."""

    @property
    def action_type(self) -> type[Message]:
        """The game's Action message class."""

    def to_proto(self, action: ActionT) -> Message:
        """The Action message for an action or a chance outcome."""

    def from_proto(self, message: Message) -> ActionT:
        """The action an Action message names.

        Raises:
            MalformedAction: the message is not the game's Action or names nothing.
        """

    def list_to_proto(self, actions: Sequence[ActionT]) -> Message:
        """The ActionList message for a legal action list, in its order."""


def snake_case(name: str) -> str:
    """``PlaceCow`` as ``place_cow``."""
    return _WORD_START.sub("_", name).lower()


class OneofCodec(Generic[ActionT]):
    """The codec of an Action whose ``kind`` oneof mirrors the action dataclasses.

    Fields map one to one by name; a tuple field is a ``repeated`` one.
    ``renamed`` names a kind whose field is not the class name in snake case
    (``continue`` is a Python keyword, so Farlanthia's ``Continue`` travels as
    ``continue_move``).
    """

    def __init__(
        self,
        action_type: type[Message],
        list_type: type[Message],
        classes: Iterable[type[ActionT]],
        renamed: Mapping[type[ActionT], str] | None = None,
    ) -> None:
        self.action_type = action_type
        self._list_type = list_type
        names = dict(renamed or {})
        self._field_of = {cls: names.get(cls) or snake_case(cls.__name__) for cls in classes}
        self._class_of = {name: cls for cls, name in self._field_of.items()}
        oneof: Any = action_type.DESCRIPTOR.oneofs_by_name["kind"]
        missing = set(self._class_of) - {field.name for field in oneof.fields}
        if missing:
            raise TypeError(f"{action_type.__name__} has no kind {sorted(missing)}")

    def to_proto(self, action: ActionT) -> Message:
        name = self._field_of.get(type(action))
        if name is None:
            raise TypeError(f"expected an action of {self.action_type.__name__}, got {action!r}")
        message = self.action_type()
        part = getattr(message, name)
        part.SetInParent()
        for field in dataclasses.fields(action):  # type: ignore[arg-type]
            value = getattr(action, field.name)
            if isinstance(value, tuple):
                getattr(part, field.name).extend(value)
            else:
                setattr(part, field.name, value)
        return message

    def from_proto(self, message: Message) -> ActionT:
        full_name = self.action_type.DESCRIPTOR.full_name
        if not isinstance(message, self.action_type):
            raise MalformedAction(f"expected a {full_name} message, got {type(message).__name__}")
        kind = message.WhichOneof("kind")
        if kind is None:
            raise MalformedAction(f"expected a {full_name} with one kind set, got none")
        cls: Any = self._class_of.get(kind)
        if cls is None:
            raise MalformedAction(f"expected a kind this engine plays, got {kind}")
        part = getattr(message, kind)
        values = {}
        for field in dataclasses.fields(cls):
            value = getattr(part, field.name)
            values[field.name] = value if isinstance(value, int | str | bool) else tuple(value)
        action: ActionT = cls(**values)
        return action

    def list_to_proto(self, actions: Sequence[ActionT]) -> Message:
        return self._list_type(actions=[self.to_proto(action) for action in actions])
