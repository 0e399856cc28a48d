"""The match record's line format: canonical protobuf JSON of ``RecordLine``."""

from __future__ import annotations

import enum
import json
import math
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache, lru_cache
from json.encoder import encode_basestring_ascii
from typing import Any

from google.protobuf import json_format
from google.protobuf.any_pb2 import Any as AnyMessage
from google.protobuf.descriptor import FieldDescriptor
from google.protobuf.message import Message

from referee.entrant import describe_bot
from referee.games import load_installed_messages
from sdk.pb.landgrave.v1 import record_pb2

FORMAT_VERSION = 3
"""Bumped whenever a record written now could not be read by the previous reader.

1: chance from ``random.Random(seed)``; 2: a keyed chance stream, committed and revealed
(referee/match/chance.py), and an optional signature line; 3: each seat's ``entrant``,
the organiser's name for its bot (referee/entrant.py).
"""


def encode_line(line: record_pb2.RecordLine) -> str:
    """One record line: compact canonical JSON, no newline.

    The lines of a step (digest, chance, decision) take a short cut to the same
    text: protobuf's printer walks every field's descriptor and unpacks every
    ``Any`` each time, which made most of a record's cost. The short cut writes
    the text json.dumps(sort_keys=True) would make of the printer's dict: keys in
    order, ", " and ": " between items, strings escaped to ASCII, numbers as repr.
    """
    kind = line.WhichOneof("kind")
    if kind is not None:
        body = _flat_text(getattr(line, kind))
        if body is not None:
            return "{" + _LINE_KEYS[kind] + body + "}"
    text: str = json_format.MessageToJson(
        line, indent=None, sort_keys=True, always_print_fields_with_no_presence=True
    )
    return text


def _key(json_name: str) -> str:
    """A field's JSON key and the separator after it."""
    return encode_basestring_ascii(json_name) + ": "


_LINE_KEYS = {
    field.name: _key(field.json_name) for field in record_pb2.RecordLine.DESCRIPTOR.fields
}

_ANY = "google.protobuf.Any"


class _Kind(enum.Enum):
    """How the short cut writes a field's value."""

    INT = enum.auto()
    """As json writes an int."""
    BOOL = enum.auto()
    """``true`` or ``false``."""
    STRING = enum.auto()
    """Quoted, escaped to ASCII, as json.dumps does."""
    DOUBLE = enum.auto()
    """As json writes a float, when finite (else protobuf's printer writes a string)."""
    ANY = enum.auto()
    """The packed message as protobuf's printer makes it, with its ``@type``."""


@dataclass(frozen=True)
class _Field:
    name: str
    json_name: str
    key: str
    """The JSON key, quoted, and ``": "``."""
    kind: _Kind
    has_presence: bool


@cache
def _flat_fields(message_type: str) -> tuple[_Field, ...] | None:
    """The fields of a message the short cut can print, in key order; None if one cannot be."""
    descriptor = record_pb2.RecordLine.DESCRIPTOR.file.pool.FindMessageTypeByName(message_type)
    fields = []
    for field in descriptor.fields:
        is_any = field.message_type is not None and field.message_type.full_name == _ANY
        kind = _Kind.ANY if is_any else _SCALAR_KINDS.get(field.type)
        if kind is None or field.is_repeated:
            return None
        fields.append(
            _Field(field.name, field.json_name, _key(field.json_name), kind, field.has_presence)
        )
    return tuple(sorted(fields, key=lambda field: field.json_name))  # as sort_keys orders them


_SCALAR_KINDS = {
    FieldDescriptor.TYPE_INT32: _Kind.INT,
    FieldDescriptor.TYPE_UINT32: _Kind.INT,
    FieldDescriptor.TYPE_SINT32: _Kind.INT,
    FieldDescriptor.TYPE_FIXED32: _Kind.INT,
    FieldDescriptor.TYPE_SFIXED32: _Kind.INT,
    FieldDescriptor.TYPE_BOOL: _Kind.BOOL,
    FieldDescriptor.TYPE_STRING: _Kind.STRING,
    FieldDescriptor.TYPE_DOUBLE: _Kind.DOUBLE,
}
"""Scalars the short cut writes; not 64-bit ints, which protobuf's JSON prints as strings."""


def _flat_text(message: Message) -> str | None:
    """What json.dumps makes of protobuf's printing of a message; None when it is not flat."""
    fields = _flat_fields(message.DESCRIPTOR.full_name)
    if fields is None:
        return None
    values = {
        field.name: getattr(message, field.name)
        for field in fields
        if not field.has_presence or message.HasField(field.name)
    }
    return _flat_body(fields, values)


def _flat_body(fields: tuple[_Field, ...], values: dict[str, Any]) -> str | None:
    """The text of a flat message with these field values: a field left out is unset,
    printed as its default unless it has presence; None for a double protobuf prints
    as a string."""
    items = []
    for field in fields:
        value = values.get(field.name, _UNSET)
        if value is _UNSET:
            if field.has_presence:
                continue
            value = _DEFAULTS[field.kind]
        text = _WRITERS[field.kind](value)
        if text is None:
            return None  # a double printed as a string: protobuf's printer knows how
        items.append(field.key + text)
    return "{" + ", ".join(items) + "}"


def step_line(kind: str, **values: Any) -> str:
    """The line ``encode_line`` makes of a RecordLine whose ``kind`` (``digest``,
    ``chance``, ``decision``) message has these field values, written without
    making the messages: the match runner writes these lines at every step."""
    body = _flat_body(_STEP_FIELDS[kind], values)
    if body is None:
        return encode_line(record_pb2.RecordLine(**{kind: values}))
    return "{" + _LINE_KEYS[kind] + body + "}"


_UNSET = object()

_DEFAULTS: dict[_Kind, Any] = {_Kind.INT: 0, _Kind.BOOL: False, _Kind.STRING: "", _Kind.DOUBLE: 0.0}
"""What protobuf reads back from a scalar field never set."""


def _bool_text(value: bool) -> str:
    return "true" if value else "false"


def _double_text(value: float) -> str | None:
    value = float(value)  # an int set on a double field reads back as a float
    return float.__repr__(value) if math.isfinite(value) else None


def _any_payload_text(value: AnyMessage) -> str:
    return _any_text(value.type_url, value.value)


_WRITERS: dict[_Kind, Callable[[Any], str | None]] = {
    _Kind.INT: int.__repr__,
    _Kind.BOOL: _bool_text,
    _Kind.STRING: encode_basestring_ascii,
    _Kind.DOUBLE: _double_text,
    _Kind.ANY: _any_payload_text,
}
"""How each kind of field's value is written, as json.dumps writes it."""


def _step_fields(message: type[Message]) -> tuple[_Field, ...]:
    fields = _flat_fields(message.DESCRIPTOR.full_name)
    assert fields is not None, f"{message.DESCRIPTOR.name} lines are flat"
    return fields


_STEP_FIELDS = {
    "digest": _step_fields(record_pb2.Digest),
    "chance": _step_fields(record_pb2.Chance),
    "decision": _step_fields(record_pb2.Decision),
}
"""The fields of the lines written at every step, in key order."""


@lru_cache(maxsize=4096)
def _any_text(type_url: str, value: bytes) -> str:
    """An ``Any`` as protobuf prints it, as JSON; cached, as a match repeats its actions."""
    payload = AnyMessage(type_url=type_url, value=value)
    printed = json_format.MessageToDict(payload, always_print_fields_with_no_presence=True)
    return json.dumps(printed, sort_keys=True)


def decode_line(text: str) -> record_pb2.RecordLine:
    """Parse one record line.

    Raises:
        json_format.ParseError: the line is not a RecordLine.
    """
    load_installed_messages()  # Any payloads resolve by type URL
    return json_format.Parse(text, record_pb2.RecordLine())


def seat_name(seat: record_pb2.SeatInfo) -> str:
    """The organiser's name for a seat's bot; the bot's own in records before format 3."""
    return seat.entrant or seat.bot_name


def seat_label(seat: record_pb2.SeatInfo) -> str:
    """``greedy (land-greedy 2)``: the organiser's name, then what the bot says it is."""
    return describe_bot(seat_name(seat), seat.bot_name, seat.bot_version)
