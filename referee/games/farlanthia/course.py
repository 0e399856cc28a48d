"""Where the game stands: season, phase, whose turn, and the flags of that turn (one owner).

The season sequence (seasons.py) decides what comes next and asks the
course to move there; the phase rules (moves.py) ask it to note what a
turn has used up: the free scout, the extra scouting a die bought, the
adventure drawn, the caravan's goods, the stack still moving.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field, replace

SEASONS_PER_YEAR = 4


class Phase(enum.IntEnum):
    """The phase of the season; values match the Observation's."""

    SETUP = 0
    LEADERSHIP = 1
    SCOUT = 2
    HERO = 3
    REALM = 4
    CONFLICT = 5
    OVER = 6
    DRAFT = 7
    """The setup draft (FARL-35), before the first leadership phase."""


def _no_caravan_taken() -> list[bool]:
    return [False] * 4


@dataclass
class Course:
    """The season, the phase and the turn order, and what the current turn has used."""

    season: int = 0
    phase: Phase = Phase.SETUP
    order: tuple[int, ...] = ()
    """The living realms by leadership total, lowest first (FARL-07)."""
    turn: int = 0
    """The index in ``order`` of the seat whose part of the phase it is."""
    to_roll: tuple[int, ...] = ()
    """The seats chance still rolls leadership dice for."""
    ending_turn: bool = False
    """The turn is over once the frames it left are answered."""
    scout_free: bool = False
    scout_extra: int = 0
    scout_die_used: bool = False
    scout_frontier: tuple[int, ...] = ()
    scout_count: int = 0
    hero_done: bool = False
    produced: bool = False
    requisitioned: bool = False
    """The realm has spent a die at the merchant this realm phase (FARL-22)."""
    active: tuple[int, int, int] | None = None
    """The moving stack: tile, units, movement left."""
    caravan_taken: list[bool] = field(default_factory=_no_caravan_taken)
    eliminations: int = 0
    winner: int = -1

    def copy(self) -> Course:
        return replace(self, caravan_taken=list(self.caravan_taken))

    @property
    def seat(self) -> int:
        """The seat whose part of the phase it is; -1 between turns."""
        return self.order[self.turn] if self.turn < len(self.order) else -1

    def is_turn_over(self) -> bool:
        return self.turn >= len(self.order)

    # -- the sequence ----------------------------------------------------------

    def start_draft(self) -> None:
        self.phase = Phase.DRAFT

    def start_season(self, alive: tuple[int, ...]) -> None:
        """Leadership: chance rolls for every living realm; the caravan is full again."""
        self.phase = Phase.LEADERSHIP
        self.caravan_taken = _no_caravan_taken()
        self.to_roll = alive
        self.order = ()

    def next_to_roll(self) -> int:
        """The seat chance rolls for now, off the list."""
        seat, self.to_roll = self.to_roll[0], self.to_roll[1:]
        return seat

    def roll_again(self, tied: tuple[int, ...]) -> None:
        self.to_roll = tied

    def set_order(self, order: tuple[int, ...]) -> None:
        self.order = order

    def start_phase(self, phase: Phase) -> None:
        self.phase = phase
        self.turn = 0

    def skip(self) -> None:
        """The current seat has fallen: on to the next."""
        self.turn += 1

    def start_turn(self) -> None:
        self.ending_turn = False

    def start_scouting(self, frontier: tuple[int, ...]) -> None:
        self.scout_frontier = frontier
        self.scout_free = bool(frontier)
        self.scout_extra, self.scout_die_used, self.scout_count = 0, False, 0

    def start_hero(self, *, done: bool) -> None:
        self.hero_done = done

    def start_realm(self) -> None:
        self.produced = self.requisitioned = False

    def next_season(self) -> None:
        self.season += 1

    def end_turn(self) -> None:
        if self.phase is Phase.CONFLICT:
            self.active = None
        self.ending_turn = True

    def advance(self) -> None:
        self.ending_turn = False
        self.turn += 1

    def finish(self, winner: int = -1) -> None:
        """The game is over (a winner if one capitol stands)."""
        self.phase = Phase.OVER
        self.active = None
        if winner >= 0:
            self.winner = winner

    def count_elimination(self) -> int:
        """A realm falls: its place in the order of the fallen (0 first)."""
        place = self.eliminations
        self.eliminations += 1
        return place

    # -- what a turn uses up ----------------------------------------------------

    def scouted(self) -> None:
        """A tile revealed: the free reveal first, then the extra ones."""
        self.scout_count += 1
        if self.scout_free:
            self.scout_free = False
        else:
            self.scout_extra -= 1

    def scout_with_die(self, value: int) -> None:
        self.scout_die_used = True
        self.scout_extra += value

    def adventured(self) -> None:
        self.hero_done = True

    def mark_produced(self) -> None:
        self.produced = True

    def take_from_caravan(self, resource: int) -> None:
        """A leadership die takes the merchant's good, for the rest of the season."""
        self.caravan_taken[resource] = True
        self.requisitioned = True

    def stop_moving(self) -> None:
        """The moving stack may not move again (FARL-12)."""
        self.active = None

    def keep_moving(self, tile: int, units: int, moves_left: int) -> None:
        self.active = (tile, units, moves_left)
