"""Parts of an observation made once and kept, by what decides them.

Engines observe the same board again and again: its fixed geometry, and
pieces that change on few steps. A ``Kept`` holds what was made from such a
part, bounded, under a key that names the objects it came from by identity
(``id``); the entry keeps that object too, so the id cannot pass to another
object while the entry stands, and a look-up checks that it is the same one.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

T = TypeVar("T")


class Kept(Generic[T]):
    """At most ``most`` values, each made once per key (afresh once full)."""

    def __init__(self, most: int) -> None:
        self._most = most
        self._kept: dict[Hashable, tuple[object, T]] = {}

    def get(self, key: Hashable, anchor: object, make: Callable[[], T]) -> T:
        """The value kept for ``key`` and made from ``anchor``, made by ``make`` if none is."""
        kept = self._kept.get(key)
        if kept is not None and kept[0] is anchor:
            return kept[1]
        value = make()
        if len(self._kept) >= self._most:
            self._kept.clear()
        self._kept[key] = (anchor, value)
        return value
