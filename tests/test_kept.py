"""Parts of observations made once per board: kept by key, checked by identity, bounded."""

from __future__ import annotations

from referee.games.kept import Kept


def test_a_value_is_made_once_per_key_and_object_and_the_store_stays_bounded() -> None:
    made: list[str] = []

    def make(text: str) -> str:
        made.append(text)
        return text.upper()

    kept: Kept[str] = Kept(most=2)
    board, other = object(), object()
    assert kept.get(("a", id(board)), board, lambda: make("a")) == "A"
    assert kept.get(("a", id(board)), board, lambda: make("again")) == "A"
    assert made == ["a"]
    # the same key from another object (an id passed on): made afresh, not the other's
    assert kept.get(("a", id(board)), other, lambda: make("b")) == "B"
    kept.get("c", board, lambda: make("c"))
    kept.get("d", board, lambda: make("d"))  # full: starts afresh
    assert kept.get("c", board, lambda: make("c2")) == "C2"
    assert made == ["a", "b", "c", "d", "c2"]
