"""Turning the protocol's ``Any`` payloads into typed game messages.

A payload's type is found in one of two places:

- the generated code of the built-in games (``sdk.pb.landgrave.games``), and
  of any game whose generated modules this process imported: such types
  unpack into their generated classes;
- the game's compiled ``.proto`` files that the referee sends in every
  ``MatchStart`` (``game_files``; ``learn`` reads them): such types unpack into
  classes built from the descriptors, so a bot plays a game it has no code for.

``files_of`` is the referee's side: the descriptor set it sends.
"""

from __future__ import annotations

import importlib
import pkgutil
from functools import cache

from google.protobuf import descriptor_pb2, descriptor_pool, message_factory, symbol_database
from google.protobuf.any_pb2 import Any as AnyMessage
from google.protobuf.descriptor import Descriptor, FileDescriptor
from google.protobuf.message import Message

import sdk.pb.landgrave.games as game_messages

_learned = descriptor_pool.DescriptorPool()
"""Game files learnt from MatchStart messages, apart from the generated code's pool."""


@cache
def load_game_messages() -> None:
    """Import every generated game module, registering its message types."""
    prefix = game_messages.__name__ + "."
    for module in pkgutil.walk_packages(game_messages.__path__, prefix):
        if module.name.endswith("_pb2"):
            importlib.import_module(module.name)


def files_of(message_type: type[Message]) -> descriptor_pb2.FileDescriptorSet:
    """The file that defines a message type and every file it imports, dependencies first."""
    files = descriptor_pb2.FileDescriptorSet()
    seen: set[str] = set()

    def add(file: FileDescriptor) -> None:
        if file.name in seen:
            return
        seen.add(file.name)
        for dependency in file.dependencies:
            add(dependency)
        file.CopyToProto(files.file.add())

    add(message_type.DESCRIPTOR.file)  # type: ignore[arg-type]  # upb's own class
    return files


def learn(files: descriptor_pb2.FileDescriptorSet) -> None:
    """Remember a game's files so that ``unpack`` knows their types.

    A file learnt before is kept: the first version of a file name wins.

    Raises:
        ValueError: a file does not build (a missing dependency, a bad type).
    """
    for file in files.file:
        try:
            _learned.FindFileByName(file.name)
        except KeyError:
            pass
        else:
            continue
        try:
            _learned.Add(file)
        except (TypeError, ValueError) as error:
            raise ValueError(f"game file {file.name!r} does not build: {error}") from None


def message_class(type_name: str) -> type[Message]:
    """The class of a full message type name, generated code first.

    Raises:
        ValueError: no installed game and no learnt file defines it.
    """
    generated = _generated.get(type_name)
    if generated is not None:
        return generated
    load_game_messages()
    try:
        generated = symbol_database.Default().GetSymbol(type_name)
    except KeyError:
        pass
    else:
        _generated[type_name] = generated
        return generated
    try:
        descriptor: Descriptor = _learned.FindMessageTypeByName(type_name)
    except KeyError:
        raise ValueError(f"unknown message type {type_name!r}") from None
    return message_factory.GetMessageClass(descriptor)


_generated: dict[str, type[Message]] = {}
"""Generated classes found so far by name: a decision unpacks a few each time, and
the symbol database's look-up cost as much as parsing a short message."""


def unpack(payload: AnyMessage) -> Message:
    """The typed message inside an ``Any``.

    Raises:
        ValueError: the type is not one of the installed or learnt games' messages.
    """
    # The class comes from the type URL itself, so Any.Unpack's check that they match
    # could only pass: parsing the bytes directly costs half as much (a decision
    # decodes an Any per event, besides the observation and the legal actions).
    return message_class(payload.TypeName()).FromString(payload.value)


def pack(message: Message) -> AnyMessage:
    """Wrap a message in an ``Any``."""
    payload = AnyMessage()
    payload.Pack(message)
    return payload
