"""Who sits where in a single match: the organiser's bots in an order drawn from the seed.

Seat 0 moves first in every engine, and the rule texts leave the first
player to chance ("player order is random"), so ``referee match`` seats the
bots it is given in an order drawn from the match seed: the same seed seats
them the same way on any machine, and the record's header says who sat
where. Tournaments do not draw: they rotate every table through its seat
orders on one seed (referee/tournament/schedule.py).
"""

from __future__ import annotations

import hashlib


def seating(seed: int, count: int) -> tuple[int, ...]:
    """For each seat, which of the ``count`` bots (in the organiser's order) sits there.

    A uniformly random order, drawn from the seed alone: the bots sorted by a
    SHA-256 hash of the seed and their place in the list.
    """

    def draw(place: int) -> bytes:
        return hashlib.sha256(f"landgrave seating/{seed}/{place}".encode()).digest()

    return tuple(sorted(range(count), key=draw))
