"""Long repeated fields of an observation, serialized once per value they take.

A board game's observation repeats, per decision, lists that change on few
steps: a terrain per hex, an owner per corner. Setting such a list on a
protobuf message converts every item in Python each time; here each field's
bytes are made once per value and a whole group is parsed into the message
in one call, in C. Protobuf writes an equal value the same way (``True`` or
``1`` in a bool field, an ``IntEnum`` or its int), so equal lists share bytes.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from google.protobuf.message import Message

KEPT = 4096
"""Serialized values kept per message type; past it they start afresh (a guess: a few MB)."""


class FieldBytes:
    """Repeated scalar fields of one message type, as the bytes protobuf writes for them."""

    def __init__(self, message_type: type[Message]) -> None:
        self._message_type = message_type
        self._kept: dict[tuple[str, tuple[object, ...]], bytes] = {}

    def merge(self, message: Message, fields: Iterable[tuple[str, Sequence[object]]]) -> None:
        """Set each (name, values) on ``message``, whose fields of those names are empty."""
        message.MergeFromString(b"".join([self._bytes(name, values) for name, values in fields]))

    def _bytes(self, name: str, values: Sequence[object]) -> bytes:
        key = (name, tuple(values))
        kept = self._kept.get(key)
        if kept is None:
            kept = self._message_type(**{name: values}).SerializeToString()
            if len(self._kept) >= KEPT:
                self._kept.clear()
            self._kept[key] = kept
        return kept
