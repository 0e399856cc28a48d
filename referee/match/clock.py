"""A seat's clock: a per-decision limit plus an optional bank with increment.

What the bot is told (``Clock`` in the protocol) is kept apart from what
the referee enforces (``deadline``), as python-chess keeps ``Limit`` apart
from its own timeout.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class TimeControl:
    """How much time each seat has."""

    decision_s: float = 1.0
    """Time allowed for each decision."""
    bank_s: float = 0.0
    """Spent once a decision runs past ``decision_s``; chess-style."""
    increment_s: float = 0.0
    """Added to the bank after each decision."""

    def __post_init__(self) -> None:
        if self.decision_s <= 0 or self.bank_s < 0 or self.increment_s < 0:
            raise ValueError(f"time control must be positive, got {self}")


MAX_ALLOWANCE_S = (2**32 - 1) / 1000
"""The longest allowance a decision request can state (``Clock.remaining_ms`` is uint32)."""


class SeatClock:
    """The time one seat has left in one match, on the monotonic clock."""

    def __init__(self, control: TimeControl) -> None:
        self.control = control
        self.bank_s = control.bank_s

    def allowance(self) -> float:
        """Seconds the next decision may take before the referee stops waiting."""
        return self.control.decision_s + self.bank_s

    def charge(self, elapsed_s: float) -> None:
        """Account for a decision that took ``elapsed_s``: spend bank, add increment."""
        overrun = max(0.0, elapsed_s - self.control.decision_s)
        bank_s = max(0.0, self.bank_s - overrun) + self.control.increment_s
        # Increments stop where the allowance would no longer fit the protocol's uint32 ms.
        self.bank_s = min(bank_s, MAX_ALLOWANCE_S - self.control.decision_s)
