"""Actions as the protocol's ``Any`` payloads, each action encoded once per engine.

Every decision request carries the legal list, and every step's record line its
action: the same few dozen actions again and again, match after match. The
engine's codec builds a message per action each time; here an action's bytes
are made once per engine and process (an engine's codec is a pure function of
the action), and a legal list's ``ActionList`` is put together from them. A
repeated message field is its items' bytes, each behind the field's tag and its
length, so the joined bytes are the ones protobuf writes for the same list.
"""

from __future__ import annotations

import contextlib
import weakref
from collections.abc import Sequence
from typing import Any

from google.protobuf.any_pb2 import Any as AnyMessage
from google.protobuf.descriptor import FieldDescriptor

from referee.engine import Engine
from sdk.messages import pack

TYPE_URL_PREFIX = "type.googleapis.com/"
ACTIONS_TAG = bytes([1 << 3 | 2])
"""``repeated Action actions = 1``: field 1, length-delimited (docs/protocol.md)."""

MAX_KEPT = 1 << 16
"""Encodings kept per engine; past it they start afresh (a guess: a few MB at most)."""


class _Encodings:
    """An engine's actions as bytes, alone and as items of a legal list."""

    def __init__(self) -> None:
        self.alone: dict[Any, bytes] = {}
        self.framed: dict[Any, bytes] = {}
        """An action's bytes as an item of a legal list: behind the field's tag and length."""

    def keep(self, table: dict[Any, bytes], action: Any, encoded: bytes) -> None:
        if len(table) >= MAX_KEPT:
            table.clear()
        with contextlib.suppress(TypeError):  # an unhashable action: encoded every time
            table[action] = encoded


_BY_ENGINE: dict[int, tuple[weakref.ref[Engine[Any]], _Encodings]] = {}
"""Each live engine's encodings, by its identity (equal engines may encode differently)."""


def _encodings_of(engine: Engine[Any]) -> _Encodings:
    kept = _BY_ENGINE.get(id(engine))
    if kept is not None and kept[0]() is engine:
        return kept[1]
    for key in [key for key, (ref, _) in _BY_ENGINE.items() if ref() is None]:
        del _BY_ENGINE[key]  # engines gone, their ids free for others
    encodings = _Encodings()
    with contextlib.suppress(TypeError):  # an engine no weak reference reaches: per match
        _BY_ENGINE[id(engine)] = (weakref.ref(engine), encodings)
    return encodings


class ActionPayloads:
    """One match's actions and legal lists as ``Any`` payloads."""

    def __init__(self, engine: Engine[Any]) -> None:
        self._engine = engine
        self._encodings = _encodings_of(engine)
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
        framed = self._encodings.framed
        try:  # one look-up per action once the engine has met its actions
            value = b"".join([framed[action] for action in actions])
        except (KeyError, TypeError):  # a new action, or an unhashable one
            value = b"".join([self._frame(action) for action in actions])
        return AnyMessage(type_url=self._list_url, value=value)

    def _frame(self, action: Any) -> bytes:
        try:
            return self._encodings.framed[action]
        except (KeyError, TypeError):
            encoded = self._bytes(action)
            framed = ACTIONS_TAG + _varint(len(encoded)) + encoded
            self._encodings.keep(self._encodings.framed, action, framed)
            return framed

    def _bytes(self, action: Any) -> bytes:
        try:
            return self._encodings.alone[action]
        except (KeyError, TypeError):
            encoded: bytes = self._engine.action_to_proto(action).SerializeToString()
            self._encodings.keep(self._encodings.alone, action, encoded)
            return encoded


def _varint(value: int) -> bytes:
    """Protobuf's base-128 varint of a length."""
    out = bytearray()
    while value > 0x7F:
        out.append(value & 0x7F | 0x80)
        value >>= 7
    out.append(value)
    return bytes(out)
