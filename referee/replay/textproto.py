"""Protobuf messages as compact text for people: a short sub-message on one line.

Protobuf's text format puts every field of every sub-message on a line of
its own, so an observation with a list of small messages (Carcassonne's
remaining tiles) runs to hundreds of lines. Here a sub-message whose fields
fit in ``WIDTH`` characters is written on one line, ``tile { tile: "CC.2"
letter: "I" }``; longer ones keep the usual indented block. The result is
still text format: ``text_format.Parse`` reads it back.

Formatting is slow in pure Python (a Landover observation has some 270
sub-messages), and from one step to the next most of them do not change:
``CompactPrinter`` remembers each top-level sub-message's lines by its bytes.
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from typing import Any

from google.protobuf import text_format
from google.protobuf.descriptor import FieldDescriptor
from google.protobuf.message import Message

INDENT = "  "
WIDTH = 120
"""Longest one-line sub-message: a Landover vertex (place, tiles, neighbours, edges,
harbor, owner) fits, so a board reads one place a line."""


def compact_text(message: Message, width: int = WIDTH) -> str:
    """The message in text format, short sub-messages and repeated numbers on one line."""
    return CompactPrinter(width).text(message)


class CompactPrinter:
    """``compact_text`` for many messages of one kind, reusing unchanged parts."""

    def __init__(self, width: int = WIDTH) -> None:
        self.width = width
        self._blocks: dict[tuple[int, bytes], list[str]] = {}

    def text(self, message: Message) -> str:
        """The compact text of a message, one line a field or short sub-message."""
        return "".join(line + "\n" for line in self.lines(message))

    def lines(self, message: Message) -> list[str]:
        """``text`` as its lines, without their newlines."""
        fields = message.ListFields()
        if any(_is_map(field) for field, _ in fields):  # none of ours has a map: no cache
            inside, _ = _parse(_text_format(message).splitlines(), 0)
            return [line for item in inside for line in _render(item, "", self.width)]
        lines: list[str] = []
        for field, value in fields:
            if field.message_type is None:
                lines += _plain_lines(field, value)
            else:
                for element in value if field.is_repeated else [value]:
                    lines += self._block(field, element)
        return lines

    def _block(self, field: FieldDescriptor, element: Message) -> list[str]:
        key = (field.number, element.SerializeToString(deterministic=True))
        lines = self._blocks.get(key)
        if lines is None:
            inside, _ = _parse(_text_format(element).splitlines(), 0)
            lines = self._blocks[key] = _render(_Block(field.name, inside), "", self.width)
        return lines


def _text_format(message: Message) -> str:
    text: str = text_format.MessageToString(message, use_short_repeated_primitives=True)
    return text


def _is_map(field: FieldDescriptor) -> bool:
    return field.message_type is not None and field.message_type.GetOptions().map_entry


def _plain_lines(field: FieldDescriptor, value: Any) -> list[str]:
    """A field of numbers, strings or enums as text format writes it (lists on one line)."""
    if not field.is_repeated:
        return [f"{field.name}: {_value(field, value)}"]
    if field.cpp_type == FieldDescriptor.CPPTYPE_STRING:
        return [f"{field.name}: {_value(field, item)}" for item in value]
    if field.cpp_type in _WHOLE_NUMBERS:  # the long lists (a board's cells): kept fast
        return [f"{field.name}: [{', '.join(map(str, value))}]"]
    return [f"{field.name}: [{', '.join(_value(field, item) for item in value)}]"]


def _value(field: FieldDescriptor, value: Any) -> str:
    """One value: whole numbers, booleans and enums directly, the rest by text_format."""
    if field.cpp_type == FieldDescriptor.CPPTYPE_BOOL:
        return "true" if value else "false"
    if field.cpp_type == FieldDescriptor.CPPTYPE_ENUM:
        known = field.enum_type.values_by_number.get(value) if field.enum_type else None
        return known.name if known else str(value)
    if field.cpp_type in _WHOLE_NUMBERS:
        return str(value)
    out = io.StringIO()
    text_format.PrintFieldValue(field, value, out)
    return out.getvalue()


_WHOLE_NUMBERS = frozenset(
    {
        FieldDescriptor.CPPTYPE_INT32,
        FieldDescriptor.CPPTYPE_INT64,
        FieldDescriptor.CPPTYPE_UINT32,
        FieldDescriptor.CPPTYPE_UINT64,
    }
)


@dataclass(frozen=True)
class _Block:
    """A sub-message: its field name and what is inside."""

    name: str
    inside: list[_Block | str]


def _parse(lines: list[str], start: int) -> tuple[list[_Block | str], int]:
    """The items from ``start`` up to the ``}`` that closes their block (or the end)."""
    items: list[_Block | str] = []
    index = start
    while index < len(lines):
        line = lines[index].strip()
        index += 1
        if line == "}":
            break
        # Text format ends a field's line with " {" only to open a sub-message:
        # a string value ends with its closing quote.
        if line.endswith(" {"):
            inside, index = _parse(lines, index)
            items.append(_Block(line[:-2], inside))
        else:
            items.append(line)
    return items, index


def _one_line(item: _Block | str) -> str:
    if isinstance(item, str):
        return item
    inside = "".join(f" {_one_line(i)}" for i in item.inside)
    return f"{item.name} {{{inside} }}"


def _render(item: _Block | str, indent: str, width: int) -> list[str]:
    line = indent + _one_line(item)
    if isinstance(item, str) or len(line) <= width:
        return [line]
    inner = [part for i in item.inside for part in _render(i, indent + INDENT, width)]
    return [f"{indent}{item.name} {{", *inner, f"{indent}}}"]
