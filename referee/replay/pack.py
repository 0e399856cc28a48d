"""Many similar texts stored small: a table of distinct pieces, and runs.

A long match has thousands of pictures (and observations) that differ in a
few elements (or lines), so the viewer stores them as a table of distinct
pieces plus, per position, the piece numbers, written as ``[from, to)``
runs copied from the position before wherever they agree. The page's
script undoes it once at load. A 106-step Land match is then 62 KB of SVG
instead of 1.9 MB.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any, Generic, TypeVar

T = TypeVar("T", str, list[str])

_PIECE_START = re.compile(r"(?=<)")
_XML_DECLARATION = re.compile(r"^\s*<\?xml[^>]*\?>\s*")


def svg_pieces(svg: str) -> list[str]:
    """An SVG document cut before every ``<``: one element (or end tag) a piece."""
    svg = _XML_DECLARATION.sub("", svg)
    return [piece for piece in _PIECE_START.split(svg) if piece]


LIST_CHUNK = 16
"""Items of a long list per piece: a list of 127 tile owners changes in one or two
places a step, so the unchanged chunks are shared (a guess; any 10-30 does as well)."""


def text_lines(text: str) -> list[str]:
    """A text cut into its lines, each keeping its newline, and long lists into chunks."""
    pieces: list[str] = []
    for line in text.splitlines(keepends=True):
        items = line.split(", ")
        for start in range(0, len(items), LIST_CHUNK):
            chunk = ", ".join(items[start : start + LIST_CHUNK])
            pieces.append(chunk if start + LIST_CHUNK >= len(items) else chunk + ", ")
    return pieces


class Packer:
    """A table of distinct pieces, and each text as runs of piece numbers."""

    def __init__(self, cut: Callable[[str], list[str]]) -> None:
        self.pieces: list[str] = []
        self._index: dict[str, int] = {}
        self._lines: dict[str, list[int]] = {}
        self._cut = cut

    def numbers(self, text: str) -> list[int]:
        """The piece numbers that spell ``text``, adding new pieces to the table."""
        return [self._number(piece) for piece in self._cut(text)]

    def line_numbers(self, lines: list[str]) -> list[int]:
        """The piece numbers of lines (without their newlines) cut one by one, each
        distinct line once: from one position to the next most lines recur."""
        numbers: list[int] = []
        for line in lines:
            known = self._lines.get(line)
            if known is None:
                known = self._lines[line] = self.numbers(line + "\n")
            numbers += known
        return numbers

    def _number(self, piece: str) -> int:
        number = self._index.get(piece)
        if number is None:
            number = self._index[piece] = len(self.pieces)
            self.pieces.append(piece)
        return number


class Series(Generic[T]):
    """One series of texts (a picture or an observation per position), packed."""

    def __init__(self, numbers: Callable[[T], list[int]]) -> None:
        """``numbers`` is a Packer's ``numbers`` (a text) or ``line_numbers`` (lines)."""
        self.frames: list[list[Any]] = []
        self._numbers: Callable[[T], list[int]] = numbers
        self._before: list[int] = []

    def add(self, text: T) -> None:
        """The next position's text (or lines)."""
        current = self._numbers(text)
        self.frames.append(delta(self._before, current))
        self._before = current


def delta(before: list[int], current: list[int]) -> list[Any]:
    """``current`` as [from, to) runs copied from ``before``, and piece numbers.

    The common start and end are one run each (found by comparing slices, so
    in C); between them the walk is greedy and linear: each piece continues
    the run in progress when it can, else starts a run where it occurs in
    the changed middle of ``before``. Between two positions only a few
    elements change, so runs are long and the middle is short.
    """
    same_start = _common_length(before, current, from_end=False)
    rest = min(len(before), len(current)) - same_start
    same_end = _common_length(before[same_start:], current[same_start:], from_end=True)
    same_end = min(same_end, rest)
    coded: list[Any] = []
    _flush_run(coded, before, 0, same_start)
    middle_end = len(before) - same_end
    first_at: dict[int, int] = {}
    for index in range(same_start, middle_end):
        first_at.setdefault(before[index], index)
    start = end = -1
    for number in current[same_start : len(current) - same_end]:
        if 0 <= end < middle_end and before[end] == number:
            end += 1
            continue
        _flush_run(coded, before, start, end)
        start = first_at.get(number, -1)
        end = start + 1 if start >= 0 else -1
        if start < 0:
            coded.append(number)
    _flush_run(coded, before, start, end)
    _flush_run(coded, before, middle_end, len(before))
    return coded


def _common_length(a: list[int], b: list[int], *, from_end: bool) -> int:
    """How many pieces two lists share at their start (or end): a binary search on slices."""
    low, high = 0, min(len(a), len(b))
    while low < high:
        middle = (low + high + 1) // 2
        same = a[-middle:] == b[-middle:] if from_end else a[:middle] == b[:middle]
        if same:
            low = middle
        else:
            high = middle - 1
    return low


def _flush_run(coded: list[Any], before: list[int], start: int, end: int) -> None:
    """A run of one is shorter as its piece number."""
    if end - start == 1:
        coded.append(before[start])
    elif end - start > 1:
        coded.append([start, end])
