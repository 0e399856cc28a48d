"""Sampling chance outcomes with a match's seeded RNG.

The record keeps every outcome, so replay never depends on this function
or on Python's RNG algorithm; only a fresh match with the same seed does.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from fractions import Fraction
from typing import TypeVar

OutcomeT = TypeVar("OutcomeT")


def sample_outcome(outcomes: Sequence[tuple[OutcomeT, Fraction]], rng: random.Random) -> OutcomeT:
    """Pick one outcome with its probability, using exact arithmetic.

    One ``rng.random()`` call per sample keeps matches with equal seeds equal.
    """
    if not outcomes:
        raise ValueError("chance has no outcomes to choose from")
    point = Fraction(rng.random())
    total = Fraction(0)
    for outcome, probability in outcomes:
        total += probability
        if point < total:
            return outcome
    return outcomes[-1][0]
