"""The match record's line format: canonical protobuf JSON of ``RecordLine``."""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from functools import cache, lru_cache
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
    ``Any`` each time, which made most of a record's cost.
    """
    kind = line.WhichOneof("kind")
    body = None if kind is None else _flat_object(getattr(line, kind))
    if kind is not None and body is not None:
        return json.dumps({_LINE_FIELDS[kind]: body}, sort_keys=True)
    text: str = json_format.MessageToJson(
        line, indent=None, sort_keys=True, always_print_fields_with_no_presence=True
    )
    return text


_LINE_FIELDS = {field.name: field.json_name for field in record_pb2.RecordLine.DESCRIPTOR.fields}

_PLAIN_TYPES = frozenset(
    {
        FieldDescriptor.TYPE_INT32,
        FieldDescriptor.TYPE_UINT32,
        FieldDescriptor.TYPE_SINT32,
        FieldDescriptor.TYPE_FIXED32,
        FieldDescriptor.TYPE_SFIXED32,
        FieldDescriptor.TYPE_BOOL,
        FieldDescriptor.TYPE_STRING,
    }
)
"""Field types whose protobuf JSON is the Python value itself (not 64-bit ints: strings)."""

_ANY = "google.protobuf.Any"


@dataclass(frozen=True)
class _Field:
    name: str
    json_name: str
    kind: str
    """``plain``, ``double`` or ``any``."""
    has_presence: bool


@cache
def _flat_fields(message_type: str) -> tuple[_Field, ...] | None:
    """The fields of a message the short cut can print; None if one is of another kind."""
    descriptor = record_pb2.RecordLine.DESCRIPTOR.file.pool.FindMessageTypeByName(message_type)
    fields = []
    for field in descriptor.fields:
        if field.is_repeated:
            return None
        if field.type in _PLAIN_TYPES:
            kind = "plain"
        elif field.type == FieldDescriptor.TYPE_DOUBLE:
            kind = "double"
        elif field.message_type is not None and field.message_type.full_name == _ANY:
            kind = "any"
        else:
            return None
        fields.append(_Field(field.name, field.json_name, kind, field.has_presence))
    return tuple(fields)


def _flat_object(message: Message) -> dict[str, Any] | None:
    """What protobuf's printer makes of a message of plain fields; None when it is not one."""
    fields = _flat_fields(message.DESCRIPTOR.full_name)
    if fields is None:
        return None
    body: dict[str, Any] = {}
    for field in fields:
        if field.has_presence and not message.HasField(field.name):
            continue
        value = getattr(message, field.name)
        if field.kind == "any":
            value = _any_object(value.type_url, value.value)
        elif field.kind == "double" and not math.isfinite(value):
            return None  # printed as a string: protobuf's printer knows how
        body[field.json_name] = value
    return body


@lru_cache(maxsize=4096)
def _any_object(type_url: str, value: bytes) -> dict[str, Any]:
    """An ``Any`` as protobuf prints it; cached, as a match repeats its actions. Not to mutate."""
    payload = AnyMessage(type_url=type_url, value=value)
    return json_format.MessageToDict(payload, always_print_fields_with_no_presence=True)


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
