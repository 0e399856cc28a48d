"""Protobuf messages as compact text for people: a short sub-message on one line.

Protobuf's text format puts every field of every sub-message on a line of
its own, so an observation with a list of small messages (Carcassonne's
remaining tiles) runs to hundreds of lines. Here a sub-message whose fields
fit in ``width`` characters is written on one line, ``tile { tile: "CC.2"
letter: "I" }``; longer ones keep the usual indented block.
"""

from __future__ import annotations

from dataclasses import dataclass

from google.protobuf import text_format
from google.protobuf.message import Message

INDENT = "  "


@dataclass(frozen=True)
class _Block:
    """A sub-message: its ``name {`` line and what is inside."""

    header: str
    inside: list[_Block | str]


def compact_text(message: Message, width: int = 100) -> str:
    """The message in text format, short sub-messages and repeated numbers on one line."""
    text: str = text_format.MessageToString(message, use_short_repeated_primitives=True)
    items, _ = _parse(text.splitlines(), 0)
    lines = [line for item in items for line in _render(item, "", width)]
    return "".join(line + "\n" for line in lines)


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
    return f"{item.header} {{{inside} }}"


def _render(item: _Block | str, indent: str, width: int) -> list[str]:
    line = indent + _one_line(item)
    if isinstance(item, str) or len(line) <= width:
        return [line]
    inner = [part for i in item.inside for part in _render(i, indent + INDENT, width)]
    return [f"{indent}{item.header} {{", *inner, f"{indent}}}"]
