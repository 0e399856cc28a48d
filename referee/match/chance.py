"""Chance no bot can predict: a keyed stream, committed before the match and revealed after.

Every match has a secret 32-byte chance key. Its n-th chance event reads
the blocks HMAC-SHA256(key, "landgrave chance" | n | j) for j = 0, 1, ...
and picks an outcome from them with exact integer arithmetic. HMAC is a
pseudo-random function: without the key, the seed, the match id and every
earlier outcome tell a bot nothing about the next one.

A match's key is HMAC-SHA256(secret, "landgrave match key" | seed), where
the secret belongs to the tournament (random unless the organiser gives
one). So matches that share a seed (the seat orders of a duplicate-seed
group) draw the same chance, and a resumed match draws what it would have.
The record's header carries SHA-256 of the key (``commitment``) and its
footer the key itself, so anyone can check afterwards that every outcome
is what the stream drew (``referee replay --verify``).
"""

from __future__ import annotations

import bisect
import hashlib
import hmac
import itertools
import math
import secrets
from collections.abc import Iterable, Iterator, Sequence
from fractions import Fraction
from typing import Any, Protocol, TypeVar

OutcomeT = TypeVar("OutcomeT")

KEY_BYTES = 32
_MATCH_KEY = b"landgrave match key\0"
_CHANCE = b"landgrave chance\0"
_MARGIN_BYTES = 8
"""Extra random bytes per draw: a rejection (a redraw) then happens with odds below 2^-64."""


def new_secret() -> bytes:
    """A fresh random secret, for a tournament or a single match."""
    return secrets.token_bytes(KEY_BYTES)


def match_key(secret: bytes, seed: int) -> bytes:
    """The chance key of the match with this seed, under this secret."""
    return hmac.digest(secret, _MATCH_KEY + str(seed).encode(), "sha256")


def commitment(key: bytes) -> str:
    """What the record's header shows of the key before any draw: its SHA-256, in hex."""
    return hashlib.sha256(key).hexdigest()


class UniformSource(Protocol):
    """Where chance draws come from: a match's ``ChanceStream``, or ``random.Random`` in tests."""

    def randrange(self, stop: int, /) -> int:
        """A uniform integer in [0, stop)."""


class ChanceStream:
    """The chance draws of one match, in order; draw n depends only on the key and n."""

    def __init__(self, key: bytes, draws: int = 0) -> None:
        self.key = key
        self.draws = draws
        """How many chance events were drawn (or skipped) so far."""

    def skip(self) -> None:
        """Pass over one draw: a chance event that was applied from a record instead."""
        self.draws += 1

    def randrange(self, bound: int, /) -> int:
        """A uniform integer in [0, bound): one chance event's draw."""
        if bound < 1:
            raise ValueError(f"a draw needs a positive bound, got {bound}")
        size = (bound.bit_length() + 7) // 8 + _MARGIN_BYTES
        limit = 256**size - (256**size) % bound
        stream = self._bytes(self.draws)
        self.draws += 1
        while True:
            value = int.from_bytes(bytes(next(stream) for _ in range(size)), "big")
            if value < limit:  # reject the uneven top of the range: no bias
                return value % bound

    def _bytes(self, draw: int) -> Iterator[int]:
        prefix = _CHANCE + draw.to_bytes(8, "big")
        block = 0
        while True:
            yield from hmac.digest(self.key, prefix + block.to_bytes(8, "big"), "sha256")
            block += 1


def sample_outcome(
    outcomes: Sequence[tuple[OutcomeT, Fraction]], source: UniformSource
) -> OutcomeT:
    """Pick one outcome with its exact probability: one draw from the source.

    Probabilities are scaled to integers over their common denominator, so
    the pick is exact and the same on every machine: the draw is a point
    below their sum, and the outcome the one whose share of the sum holds it.
    """
    if not outcomes:
        raise ValueError("chance has no outcomes to choose from")
    if isinstance(outcomes, OutcomeTable):
        bounds = outcomes.bounds
    else:
        bounds = _bounds(p for _, p in outcomes)
    point = source.randrange(bounds[-1])
    return outcomes[bisect.bisect_right(bounds, point)][0]


def _bounds(probabilities: Iterable[Fraction]) -> tuple[int, ...]:
    """Where each outcome's share ends, in integers over the common denominator."""
    # Integer arithmetic only: a Fraction product per outcome made sampling a
    # third of a random Landover game's time. Fractions, ints and floats all
    # give their exact ratio.
    ratios = [p.as_integer_ratio() for p in probabilities]
    denominator = math.lcm(*(d for _, d in ratios))
    return tuple(itertools.accumulate(n * (denominator // d) for n, d in ratios))


class OutcomeTable(tuple[tuple[Any, Fraction], ...]):
    """Outcomes and odds an engine deals from again and again (its dice), made once.

    ``sample_outcome`` then draws without working out the integer shares
    anew: for Landover's 144 rolls that was a fifth of a search's time.
    """

    bounds: tuple[int, ...]

    def __new__(cls, outcomes: Iterable[tuple[Any, Fraction]]) -> OutcomeTable:
        table = super().__new__(cls, outcomes)
        if not table:
            raise ValueError("chance has no outcomes to choose from")
        table.bounds = _bounds(p for _, p in table)
        return table
