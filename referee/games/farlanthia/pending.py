"""What the game waits for besides a seat's own phase: the frames on the stack, a battle.

An interruption (a card to resolve, a proposal to answer, resources to
choose, a card or tile for chance to deal) is a frame; the top frame says
who acts next. frames.py lists and applies the answers. A dice battle
(battle.py) interrupts everything while it is fought. ``Pending`` owns both.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field, replace

from referee.games.farlanthia.battle import Battle


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


@dataclass
class Pending:
    """The stack of frames and the battle being fought: what interrupts a seat's phase.

    The battle comes first: while one is fought, the frames wait.
    """

    frames: list[Frame] = field(default_factory=list)
    battle: Battle | None = None

    def top(self) -> Frame | None:
        return self.frames[-1] if self.frames else None

    def push(self, frame: Frame) -> None:
        self.frames.append(frame)

    def pop(self) -> Frame:
        return self.frames.pop()

    def start_battle(self, battle: Battle) -> None:
        self.battle = battle

    def end_battle(self) -> None:
        self.battle = None

    def clear(self) -> None:
        """The game is over: nothing waits any more."""
        self.frames = []
        self.battle = None

    def copy(self) -> Pending:
        battle = None if self.battle is None else replace(self.battle)
        return Pending(list(self.frames), battle)
