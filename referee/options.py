"""The options table of a game (``referee games``), read from its Config message.

Every field of the Config message is an option. Its default is the field's
value in the engine's ``default_config()``; its help is the field's comment
in the ``.proto``, with the rule id it names (``LAND-07``) in a column of
its own. Generated ``_pb2`` modules carry no comments, so the comments come
from the compiled ``.proto`` with source info that the code generator writes
beside the module as ``<file>.binpb`` (``protoc --include_source_info
--descriptor_set_out``; tools/codegen.py and docs/engines.md).
"""

from __future__ import annotations

import re
import sys
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from google.protobuf import descriptor_pb2, text_format
from google.protobuf.descriptor import Descriptor, FieldDescriptor
from google.protobuf.message import Message

RULE_ID = re.compile(r"\b[A-Z][A-Z0-9]*-\d+\b")
"""A rule id in a comment, as docs/rules/*.md number the choices: LAND-07, CARC-24."""
RULE_REFERENCE = re.compile(
    rf"\s*\(\s*{RULE_ID.pattern}(?:\s*,\s*{RULE_ID.pattern})*\s*\)\.?|\s*{RULE_ID.pattern}\.?"
)
"""Rule ids as a comment cites them, to be cut from its help: "LAND-07", "(FARL-02, FARL-35)"."""

_MESSAGE_TYPE, _FIELD = 4, 2
"""Field numbers of ``message_type`` in FileDescriptorProto and ``field`` in DescriptorProto:
source info locates a comment by such a path."""


@dataclass(frozen=True)
class OptionDoc:
    """The documentation of one rule option, shown by ``referee games``."""

    name: str
    default: str
    help: str
    rule: str = ""
    """The id of the rule choice it settles, such as LAND-07."""


def options_of(default_config: Message) -> tuple[OptionDoc, ...]:
    """One OptionDoc per Config field, in field order."""
    comments = field_comments(default_config.DESCRIPTOR)
    options = []
    fields: list[FieldDescriptor] = list(default_config.DESCRIPTOR.fields)  # type: ignore[arg-type]  # upb's own class
    for field in fields:
        comment = comments.get(field.name, "")
        rules = RULE_ID.findall(comment)
        options.append(
            OptionDoc(
                name=field.name,
                default=_value_text(field, getattr(default_config, field.name)),
                help=RULE_REFERENCE.sub("", comment).strip(),
                rule=", ".join(dict.fromkeys(rules)),
            )
        )
    return tuple(options)


@cache
def field_comments(message: Descriptor) -> dict[str, str]:
    """The leading comment of each field of a top-level message, as one line each.

    Empty when the compiled file with source info is not beside the module.
    """
    source = _source_file(message)
    if source is None:
        return {}
    index = [m.name for m in source.message_type].index(message.name)
    comments = {}
    for location in source.source_code_info.location:
        path = list(location.path)
        if len(path) == 4 and path[:3] == [_MESSAGE_TYPE, index, _FIELD]:
            text = " ".join(location.leading_comments.split())
            comments[source.message_type[index].field[path[3]].name] = text
    return comments


def _source_file(message: Descriptor) -> descriptor_pb2.FileDescriptorProto | None:
    generated = _module_path(message)
    if generated is None:
        return None
    compiled = generated.with_name(Path(message.file.name).stem + ".binpb")
    if not compiled.is_file():
        return None
    files = descriptor_pb2.FileDescriptorSet.FromString(compiled.read_bytes())
    return next((file for file in files.file if file.name == message.file.name), None)


def _module_path(message: Descriptor) -> Path | None:
    """Where the generated module of a message type's file is.

    Generated classes name their module by the .proto path, not by where the
    module was imported from, so the module is found by its ``DESCRIPTOR``.
    """
    for name, module in list(sys.modules.items()):
        if name.endswith("_pb2") and getattr(module, "DESCRIPTOR", None) is message.file:
            path = getattr(module, "__file__", None)
            return Path(path) if path else None
    return None


def _value_text(field: FieldDescriptor, value: object) -> str:
    if field.is_repeated:
        items = value if isinstance(value, list | tuple) else list(value)  # type: ignore[call-overload]
        return ", ".join(_single_text(field, item) for item in items)
    return _single_text(field, value)


def _single_text(field: FieldDescriptor, value: object) -> str:
    if isinstance(value, Message):
        return text_format.MessageToString(value, as_one_line=True)
    if field.type == FieldDescriptor.TYPE_BOOL:
        return "true" if value else "false"
    if field.enum_type is not None and isinstance(value, int):
        named = field.enum_type.values_by_number.get(value)
        return named.name if named else str(value)
    return str(value)
