"""SplitMix64: the seeded generator every engine's map generator uses.

Fully specified (Steele, Lea and Flood, 2014) and a few lines of integer
arithmetic, so a seed makes the same map on any machine and any Python,
which ``random``'s algorithms do not promise across versions. Engines use it
only to build a position from a config seed; play itself gets its chance
from the referee.
"""

from __future__ import annotations

_MASK = (1 << 64) - 1


class SplitMix64:
    """A stream of 64-bit numbers from a seed."""

    def __init__(self, seed: int) -> None:
        self.state = seed & _MASK

    def next(self) -> int:
        """The next 64-bit number."""
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A number in [0, n)."""
        return self.next() % n

    def uniform(self, low: float, high: float) -> float:
        """A float in [low, high), from the top 53 bits."""
        return low + (high - low) * (self.next() >> 11) / (1 << 53)
