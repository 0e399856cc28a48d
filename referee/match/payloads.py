"""Actions as the protocol's ``Any`` payloads, each action encoded once per match.

Every decision request carries the legal list, and every step's record line its
action: the same few dozen actions again and again. The engine's codec builds a
message per action each time; here an action's bytes are made once per match,
and a legal list's ``ActionList`` is put together from them. A repeated message
field is its items' bytes, each behind the field's tag and its length, so the
joined bytes are the ones protobuf writes for the same list.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from google.protobuf.any_pb2 import Any as AnyMessage
from google.protobuf.descriptor import FieldDescriptor

from referee.engine import Engine
from sdk.messages import pack

TYPE_URL_PREFIX = "type.googleapis.com/"
ACTIONS_TAG = bytes([1 << 3 | 2])
"""``repeated Action actions = 1``: field 1, length-delimited (docs/protocol.md)."""


class ActionPayloads:
    """One match's actions and legal lists as ``Any`` payloads."""

    def __init__(self, engine: Engine[Any]) -> None:
        self._engine = engine
        self._encoded: dict[Any, bytes] = {}
        self._framed: dict[Any, bytes] = {}
        """An action's bytes as an item of a legal list: behind the field's tag and length."""
        self._action_url = TYPE_URL_PREFIX + engine.action_type.DESCRIPTOR.full_name
        list_type = engine.action_list_to_proto([]).DESCRIPTOR
        self._list_url = TYPE_URL_PREFIX + list_type.full_name
        self._joinable = [
            (field.number, field.type, field.is_repeated, field.message_type)
            for field in list_type.fields
        ] == [(1, FieldDescriptor.TYPE_MESSAGE, True, engine.action_type.DESCRIPTOR)]

    def action(self, action: Any) -> AnyMessage:
        """What ``pack(engine.action_to_proto(action))`` makes."""
        return AnyMessage(type_url=self._action_url, value=self._bytes(action))

    def legal(self, actions: Sequence[Any]) -> AnyMessage:
        """What ``pack(engine.action_list_to_proto(actions))`` makes."""
        if not self._joinable:  # an ActionList of another shape: the engine's own way
            return pack(self._engine.action_list_to_proto(actions))
        framed = self._framed
        try:  # one look-up per action once a match has met its actions
            value = b"".join([framed[action] for action in actions])
        except (KeyError, TypeError):  # a new action (kept), or an unhashable one (not)
            value = b"".join([self._frame(action) for action in actions])
        return AnyMessage(type_url=self._list_url, value=value)

    def _frame(self, action: Any) -> bytes:
        encoded = self._bytes(action)
        framed = ACTIONS_TAG + _varint(len(encoded)) + encoded
        try:
            self._framed[action] = framed
        except TypeError:
            pass
        return framed

    def _bytes(self, action: Any) -> bytes:
        try:
            return self._encoded[action]
        except KeyError:
            encoded = self._encode(action)
            self._encoded[action] = encoded
            return encoded
        except TypeError:  # an unhashable action: encoded every time
            return self._encode(action)

    def _encode(self, action: Any) -> bytes:
        encoded: bytes = self._engine.action_to_proto(action).SerializeToString()
        return encoded


def _varint(value: int) -> bytes:
    """Protobuf's base-128 varint of a length."""
    out = bytearray()
    while value > 0x7F:
        out.append(value & 0x7F | 0x80)
        value >>= 7
    out.append(value)
    return bytes(out)
