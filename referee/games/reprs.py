"""The repr of long lists that change on few steps: the bulk of an engine's canonical bytes.

An engine's ``canonical()`` is the repr of its state, and a board game's
state is mostly lists of a hundred small ints of which a step changes one
or none. ``ListReprs`` keeps each list's text beside a copy of the list and
the type of every item, and remakes the text only when one of them differs:
``True == 1``, but their reprs do not, so equal values alone are not enough.
A ``Verbatim`` stands in for the list in the tuple whose repr is taken, so
the canonical bytes, and every digest, stay exactly what ``repr`` writes.
"""

from __future__ import annotations

from collections.abc import Sequence


class Verbatim:
    """An object whose repr is a given text: a precomputed part of a larger repr."""

    __slots__ = ("text",)

    def __init__(self, text: str) -> None:
        self.text = text

    def __repr__(self) -> str:
        return self.text


class ListReprs:
    """Each slot's latest list and its repr, remade only when the list changed."""

    def __init__(self) -> None:
        self._kept: dict[int, tuple[list[int], list[type], Verbatim]] = {}

    def of(self, slot: int, values: Sequence[int]) -> Verbatim:
        """What ``repr(values)`` writes; ``slot`` names the list among the caller's.

        ``values`` holds scalars (ints, bools, enums), not containers, which
        could change inside unseen. A list is remembered; another sequence's
        text is made every time.
        """
        if type(values) is not list:  # a tuple's text differs from its copy's
            return Verbatim(repr(values))
        kept = self._kept.get(slot)
        types = list(map(type, values))
        if kept is not None and kept[0] == values and kept[1] == types:
            return kept[2]
        text = Verbatim(repr(values))
        self._kept[slot] = (list(values), types, text)
        return text


def kept_reprs(state: object) -> ListReprs:
    """The ``ListReprs`` a state keeps as ``_list_reprs``, made on its first digest.

    A clone that copies the state's ``__dict__`` shares it, which only makes
    it remake texts more often: every list is checked each time. A state
    names ``_list_reprs`` in ``not_in_canonical``.
    """
    reprs: ListReprs | None = vars(state).get(ATTRIBUTE)
    if reprs is None:
        reprs = ListReprs()
        setattr(state, ATTRIBUTE, reprs)
    return reprs


ATTRIBUTE = "_list_reprs"
