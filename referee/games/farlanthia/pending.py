"""What the game waits for besides a seat's own phase: the frames on the stack.

An interruption (a card to resolve, a proposal to answer, resources to
choose, a card or tile for chance to deal) is a frame; the top frame says
who acts next. frames.py lists and applies the answers.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass


class Ask(enum.IntEnum):
    """What a frame waits for; values are the Observation's ``pending``."""

    NONE = 0
    EVENT_CHOICE = 1
    ADVENTURE_CHOICE = 2
    GAIN = 3
    LOSE = 4
    RESPOND = 5
    OCCUPY = 6
    SWAPS = 7
    REALM_EVENT = 8
    DRAW_EVENT = 9
    DRAW_ADVENTURE = 10
    CARD_ROLL = 11
    DEAL = 12


CHANCE_ASKS = frozenset({Ask.DRAW_EVENT, Ask.DRAW_ADVENTURE, Ask.CARD_ROLL, Ask.DEAL})


@dataclass(frozen=True)
class Frame:
    """One pending question: who answers, and about what."""

    ask: Ask
    seat: int
    card: int = -1
    count: int = 0
    other: int = -1
    tile: int = -1
