"""The match record's line format: canonical protobuf JSON of ``RecordLine``."""

from __future__ import annotations

from google.protobuf import json_format

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
    """One record line: compact canonical JSON, no newline."""
    text: str = json_format.MessageToJson(
        line, indent=None, sort_keys=True, always_print_fields_with_no_presence=True
    )
    return text


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
