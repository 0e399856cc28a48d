"""The queue of steps a Landover game waits for between a seat's own actions.

Whatever a roll, a raid or a dev card sets off waits in ``LandoverState.tasks``
as a ``Task``; the head task says who acts next. Its ``kind`` says who
resolves it and how:

- chance (roll.py): ``draw`` a dev card, ``discard`` or ``steal`` a random
  card, take a random resource from ``gold``, ``raze`` a random city,
  ``deal`` a hex's terrain or number (purpose "terrain" or "number");
- the engine itself, at once (roll.py): the barbarians' ``attack``, the
  ``seven``, and ``produce``;
- the seat, by a choice (cards.py): ``kind``, ``player``, ``tile``,
  ``vertex``, ``edge``, ``card`` or ``route``.
"""

from __future__ import annotations

from dataclasses import dataclass

CHANCE_TASKS = frozenset({"draw", "discard", "gold", "steal", "raze", "deal"})
AUTO_TASKS = frozenset({"attack", "seven", "produce"})


@dataclass(frozen=True)
class Task:
    """A step the game waits for: chance's, a seat's choice, or the engine's own."""

    kind: str
    """Who resolves it and with what action; see the module docstring."""
    seat: int
    """The seat it is for (-1 for the engine's own)."""
    purpose: str = ""
    """For a seat's choice, what it is for: a card's step ("spy", "harbor_return"), "metro"."""
    a: int = -1
    """A number whose meaning depends on kind and purpose: a deck, count, seat, tile or track."""
