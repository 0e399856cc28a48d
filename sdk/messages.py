"""Turning the protocol's ``Any`` payloads into typed game messages.

Every game's messages are generated into ``sdk.pb.landgrave.games``;
importing them registers their types, so an ``Any`` can be unpacked by
its type URL alone.
"""

from __future__ import annotations

import importlib
import pkgutil
from functools import cache

from google.protobuf import symbol_database
from google.protobuf.any_pb2 import Any as AnyMessage
from google.protobuf.message import Message

import sdk.pb.landgrave.games as game_messages


@cache
def load_game_messages() -> None:
    """Import every generated game module, registering its message types."""
    prefix = game_messages.__name__ + "."
    for module in pkgutil.walk_packages(game_messages.__path__, prefix):
        if module.name.endswith("_pb2"):
            importlib.import_module(module.name)


def unpack(payload: AnyMessage) -> Message:
    """The typed message inside an ``Any``.

    Raises:
        ValueError: the type is not one of the installed games' messages.
    """
    load_game_messages()
    type_name = payload.TypeName()
    try:
        message_class = symbol_database.Default().GetSymbol(type_name)
    except KeyError:
        raise ValueError(f"unknown message type {type_name!r}") from None
    message: Message = message_class()
    payload.Unpack(message)
    return message


def pack(message: Message) -> AnyMessage:
    """Wrap a message in an ``Any``."""
    payload = AnyMessage()
    payload.Pack(message)
    return payload
