"""The allowed range of every number an organiser gives: one table for specs and flags.

A tournament spec key and the flag that sets it share one entry, so
``decision_ms = 5e9`` in a TOML file and ``--decision-ms 5000000000`` on
the command line are refused with the same range. Ranges come from what
the number feeds: the clock travels as protobuf ``uint32`` milliseconds,
rlimits must fit the kernel's, and a limit that can never be met (a heap
of 0 MB, a startup timeout of -1 s) fails every bot, which would blame
the bots for the organiser's typo.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from dataclasses import dataclass

from referee.errors import ConfigError

UINT32_MAX = 2**32 - 1


@dataclass(frozen=True)
class Bound:
    """An inclusive range of a number an organiser gives."""

    low: float
    high: float
    note: str = ""
    """Said after the range: why it is what it is (e.g. ``0 = no limit``)."""

    def describe(self) -> str:
        text = f"{_number(self.low)} to {_number(self.high)}"
        return f"{text} ({self.note})" if self.note else text


BOUNDS: dict[str, Bound] = {
    "decision_ms": Bound(1, UINT32_MAX),
    "bank_ms": Bound(0, UINT32_MAX),
    "increment_ms": Bound(0, UINT32_MAX),
    "max_strikes": Bound(0, UINT32_MAX),
    "startup_timeout_s": Bound(0.001, 3600),
    "remote_timeout_s": Bound(0.001, 7 * 24 * 3600),
    # A heap under 16 MB cannot hold an interpreter; 2**24 MB is 16 TiB.
    "bot_memory_mb": Bound(16, 2**24),
    "bot_cpu_s": Bound(0, UINT32_MAX, "0 = no limit"),
    "bot_output_mb": Bound(0, 2**20, "0 = no cap"),
    "games_per_table": Bound(1, 10**12),
    "table_size": Bound(0, 64, "0 = the game's minimum"),
    "concurrency": Bound(1, 1024),
    "workers": Bound(1, 256),
    "swiss_rounds": Bound(0, 10_000, "0 = ceil(log2(bots)) + 1"),
    "max_fault_rate": Bound(0, 1),
    "seed": Bound(0, 2**63 - 1),
    "max_games": Bound(1, 10**12),
    # A conformance check's matches per game: enough to catch a rare fault, few enough to end.
    "check_matches": Bound(1, 100),
    "standings_every": Bound(0, 10**12, "0 = only at the end"),
}
"""Every bounded key, by its spec name; a flag uses its key's entry."""


def check(key: str, value: float) -> None:
    """Refuse a value outside its key's range (or not a finite number).

    Raises:
        ConfigError: ``KEY: expected LOW to HIGH, got VALUE``.
    """
    bound = BOUNDS[key]
    is_number = isinstance(value, int | float) and not isinstance(value, bool)
    if not is_number or not bound.low <= value <= bound.high:  # NaN compares false: refused
        raise ConfigError(f"{key}: expected {bound.describe()}, got {value!r}")


def check_clock(decision_ms: int, bank_ms: int) -> None:
    """Refuse a clock whose first allowance (decision plus bank) the protocol cannot state.

    Raises:
        ConfigError: the sum is over ``Clock.remaining_ms``'s uint32 milliseconds.
    """
    if decision_ms + bank_ms > UINT32_MAX:
        raise ConfigError(
            f"decision_ms + bank_ms: expected at most {UINT32_MAX}, got {decision_ms + bank_ms}"
        )


def flag_type(key: str, kind: Callable[[str], float] = int) -> Callable[[str], float]:
    """An argparse ``type=`` that parses a number and checks it against ``key``'s range.

    argparse turns the ArgumentTypeError into ``argument --flag: ...``, one line, exit 2.
    """

    def parse(text: str) -> float:
        try:
            value = kind(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"invalid {kind.__name__} value: {text!r}") from None
        try:
            check(key, value)
        except ConfigError as error:
            raise argparse.ArgumentTypeError(str(error).partition(": ")[2]) from None
        return value

    parse.__name__ = kind.__name__  # argparse names the type in its messages
    return parse


def _number(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:g}"
