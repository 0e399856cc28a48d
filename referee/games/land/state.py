"""A Land game in progress: turn order, starting plots, cows, the end.

The turn structure (docs/rules/land.md):

- ORDER: chance rolls a d6 for each seat; ties re-roll among the tied
  seats only, group by group, until the playing order is strict (LAND-01).
- Then rounds of turns in that order. A landless seat's turn is COLUMN and
  ROW (two chance rolls) and, if the rolled region has free grass, START (its
  choice of plot); otherwise it waits for its next turn (LAND-04, LAND-05).
  A seat with land has a PLACE turn: one decision per cow (LAND-06..11).
- A seat with nothing it could do is skipped without a decision; the game
  is OVER when nobody can claim land any more, or after a full round of
  idle turns (LAND-13).

The module is long because the turn machine is one piece: order, turns,
starts and placements share the same few fields and end-of-game test.
"""

from __future__ import annotations

import enum
from array import array
from collections.abc import Iterable
from fractions import Fraction
from functools import cache
from typing import Self

from referee.engine import CHANCE, SeatOutcome, State, outcomes_from_scores
from referee.errors import IllegalAction
from referee.games.land.actions import (
    ChooseStart,
    ColumnRoll,
    EndTurn,
    LandAction,
    OrderRoll,
    PlaceCow,
    RowRoll,
)
from referee.games.land.board import Board, PlotKind
from referee.games.land.rules import Rules
from sdk.pb.landgrave.games.land.v1 import land_pb2

ORDER_DIE = 6
"""Faces of the turn-order die: land.txt says "a dice"."""
NOBODY = -1
"""The owner of a free plot, and the seat of no one."""


class Phase(enum.IntEnum):
    """What the game waits for; the values match the ``Phase`` proto enum."""

    ORDER = 1
    """Chance rolls a turn-order die (LAND-01)."""
    COLUMN = 2
    """Chance rolls the column die for a landless seat (LAND-04)."""
    ROW = 3
    """Chance rolls the row die for a landless seat (LAND-04)."""
    START = 4
    """A landless seat chooses its starting plot in the rolled region."""
    PLACE = 5
    """A seat places cows, one decision per cow."""
    OVER = 6
    """The game has ended."""


class LandState(State[LandAction]):
    """One position of a Land game. Build it with ``LandEngine.new_game``."""

    not_in_canonical = frozenset(
        {"board", "rules", "_num_players", "owned", "_reach", "_reach_of_plots", "_turn_base"}
    )
    """The first three are named in ``_identity``; ``owned`` mirrors ``owner``; the
    last three are worked out from ``owned`` and ``claimed_this_turn``."""

    def __init__(self, board: Board, rules: Rules, num_players: int, identity: bytes) -> None:
        self.board = board
        self.rules = rules
        self._num_players = num_players
        self._identity = identity
        """The unchanging part of ``canonical()``: engine, rules and map."""
        self.phase = Phase.ORDER
        self.groups: list[tuple[int, ...]] = [tuple(range(num_players))]
        """Seats by turn-order rank while rolling; a group of several is still tied."""
        self.group_rolls: list[int] = []
        """Rolls so far of the first tied group, in its seat order."""
        self.order_rolls = [0] * num_players
        """Per seat, its latest turn-order roll."""
        self.order: tuple[int, ...] = ()
        self.turn = 0
        """Index into ``order`` of the seat whose turn it is."""
        self.round = 0
        self.column = 0
        self.row = 0
        self.owner = [NOBODY] * board.size
        self.half = [NOBODY] * board.size
        """Per mountain plot, the seat whose single cow stands on it (LAND-08)."""
        self.owned: list[list[int]] = [[] for _ in range(num_players)]
        self.bonus = [0] * num_players
        """Per seat, extra cows for its next turn from resident cows (LAND-09)."""
        self.saved = [0] * num_players
        """Per seat, unused cows carried over (keep_unused_cows, LAND-10)."""
        self.cows_left = 0
        self.claimed_this_turn: list[int] = []
        self.pending_mountain = NOBODY
        self.placed_this_turn = 0
        self.idle_turns = 0
        """Consecutive turns in which nobody made progress (LAND-13)."""
        self._reach: list[set[int]] = [set() for _ in range(num_players)]
        """Per seat, the plots next to its land (its own among them): grown, never
        rebuilt, as land is never lost; see ``_reach_of``."""
        self._reach_of_plots: list[tuple[list[int], int]] = [([], 0)] * num_players
        """Per seat, the ``owned`` list ``_reach`` was grown from and how much of it."""
        self._turn_base: tuple[int, list[int], int, set[int]] | None = None
        """The seat, its ``owned`` list, how much of it it held at turn start, and
        the plots next to that: see ``_turn_start_reach``."""

    def __repr__(self) -> str:
        return f"<LandState {self.board.name!r} round {self.round} {self.phase.name}>"

    # -- the contract ------------------------------------------------------

    @property
    def num_players(self) -> int:
        return self._num_players

    @property
    def seat_to_move(self) -> int:
        """The seat whose turn it is, or -1 while the order is rolled and at the end."""
        if self.phase in (Phase.ORDER, Phase.OVER):
            return NOBODY
        return self.order[self.turn]

    @property
    def rolling_seat(self) -> int:
        """The seat whose turn-order roll is due, or -1 outside PHASE_ORDER."""
        if self.phase is not Phase.ORDER:
            return NOBODY
        return self._tied_group()[len(self.group_rolls)]

    def to_act(self) -> tuple[int, ...]:
        if self.phase in (Phase.ORDER, Phase.COLUMN, Phase.ROW):
            return (CHANCE,)
        if self.phase is Phase.OVER:
            return ()
        return (self.seat_to_move,)

    def chance_outcomes(self) -> list[tuple[LandAction, Fraction]]:
        if self.phase is Phase.ORDER:
            return [(OrderRoll(v), Fraction(1, ORDER_DIE)) for v in range(1, ORDER_DIE + 1)]
        if self.phase is Phase.COLUMN:
            faces = self.board.columns
            return [(ColumnRoll(v), Fraction(1, faces)) for v in range(1, faces + 1)]
        if self.phase is Phase.ROW:
            faces = self.board.rows
            return [(RowRoll(v), Fraction(1, faces)) for v in range(1, faces + 1)]
        raise IllegalAction(f"no chance roll is due in phase {self.phase.name}")

    def legal_actions(self, seat: int) -> list[LandAction]:
        if seat == CHANCE or seat not in self.to_act():
            return []
        if self.phase is Phase.START:
            starts = self.board.in_action_order(self._free_starts())
            return [ChooseStart(*self.board.xy(p)) for p in starts]
        if self.pending_mountain != NOBODY:
            return [PlaceCow(*self.board.xy(self.pending_mountain))]
        cows = _cow_actions(self.board.width, self.board.height)
        legal: list[LandAction] = [cows[p] for p in self.board.in_action_order(self._targets(seat))]
        if not self.rules.must_place_all:
            legal.append(EndTurn())
        return legal

    def clone(self) -> Self:
        """A copy for search: the board, rules and identity shared, the rest copied."""
        twin = object.__new__(type(self))
        twin.__dict__.update(self.__dict__)
        twin.groups = list(self.groups)
        twin.group_rolls = list(self.group_rolls)
        twin.order_rolls = list(self.order_rolls)
        twin.owner = list(self.owner)
        twin.half = list(self.half)
        twin.owned = [list(plots) for plots in self.owned]
        twin.bonus = list(self.bonus)
        twin.saved = list(self.saved)
        twin.claimed_this_turn = list(self.claimed_this_turn)
        # The worked-out reaches follow the copied ``owned`` lists (the turn-start
        # reach is never changed once made, so it is shared).
        twin._reach = [set(reach) for reach in self._reach]
        twin._reach_of_plots = [
            (copied, done) if grown_from is owned else ([], 0)
            for copied, owned, (grown_from, done) in zip(
                twin.owned, self.owned, self._reach_of_plots, strict=True
            )
        ]
        if self._turn_base is not None:
            seat, owned, held, reach = self._turn_base
            kept = owned is self.owned[seat]
            twin._turn_base = (seat, twin.owned[seat], held, reach) if kept else None
        return twin

    def default_action(self, seat: int) -> LandAction:
        """Ending the turn when that is legal: it helps nobody."""
        legal = self.legal_actions(seat)
        return EndTurn() if EndTurn() in legal else legal[0]

    def apply(self, seat: int, action: LandAction) -> None:
        if seat == CHANCE:
            if self.to_act() != (CHANCE,):
                raise IllegalAction(f"chance may not act in phase {self.phase.name}")
        else:
            self.check_can_act(seat)
        match self.phase, action:
            case Phase.ORDER, OrderRoll(value):
                self._roll_order(self._die_face(value, ORDER_DIE, "turn-order"))
            case Phase.COLUMN, ColumnRoll(value):
                self.column = self._die_face(value, self.board.columns, "column")
                self.phase = Phase.ROW
            case Phase.ROW, RowRoll(value):
                self._roll_row(self._die_face(value, self.board.rows, "row"))
            case Phase.START, ChooseStart(x, y):
                self._choose_start(seat, self._plot_at(x, y))
            case Phase.PLACE, PlaceCow(x, y):
                self._place_cow(seat, self._plot_at(x, y))
            case Phase.PLACE, EndTurn():
                self._check_may_end_turn(seat)
                self._end_turn(progress=self.placed_this_turn > 0)
            case _:
                raise IllegalAction(f"{action!r} is not possible in phase {self.phase.name}")

    def observation(self, seat: int) -> land_pb2.Observation:
        from referee.games.land.observation import observe

        return observe(self, seat)

    def is_terminal(self) -> bool:
        return self.phase is Phase.OVER

    def scores(self) -> list[int]:
        """Plots owned per seat: the score (LAND-14)."""
        return [len(plots) for plots in self.owned]

    def outcome(self) -> list[SeatOutcome]:
        return outcomes_from_scores(self.scores())

    def canonical(self) -> bytes:
        dynamic = (
            self.phase.value,
            tuple(self.groups),
            tuple(self.group_rolls),
            tuple(self.order_rolls),
            self.order,
            self.turn,
            self.round,
            self.column,
            self.row,
            _seats_plus_one(self.owner),
            _seats_plus_one(self.half),
            tuple(self.bonus),
            tuple(self.saved),
            self.cows_left,
            tuple(sorted(self.claimed_this_turn)),
            self.pending_mountain,
            self.placed_this_turn,
            self.idle_turns,
        )
        return self._identity + repr(dynamic).encode()

    def render(self) -> str:
        from referee.games.land.render import render_text

        return render_text(self)

    def render_svg(self) -> str:
        from referee.games.land.svg import render_svg

        return render_svg(self)

    def describe(self, seat: int, action: LandAction) -> str:
        from referee.games.land.describe import describe

        return describe(self, seat, action)

    # -- validation ----------------------------------------------------------

    def _die_face(self, value: int, faces: int, die: str) -> int:
        if not 1 <= value <= faces:
            raise IllegalAction(f"{die} die: expected a face 1..{faces}, got {value}")
        return value

    def _plot_at(self, x: int, y: int) -> int:
        if not self.board.contains(x, y):
            raise IllegalAction(
                f"expected a plot within {self.board.width}x{self.board.height}, got ({x}, {y})"
            )
        return self.board.plot(x, y)

    def _check_may_end_turn(self, seat: int) -> None:
        if self.pending_mountain != NOBODY:
            raise IllegalAction(
                f"seat {seat} must place the second cow on the mountain at "
                f"{self.board.xy(self.pending_mountain)} this turn (LAND-08)"
            )
        if self.rules.must_place_all:
            raise IllegalAction(f"seat {seat} must place cows while it can (LAND-11)")

    # -- turn order (LAND-01) ----------------------------------------------

    def _tied_group(self) -> tuple[int, ...]:
        return next(group for group in self.groups if len(group) > 1)

    def _roll_order(self, value: int) -> None:
        group = self._tied_group()
        self.order_rolls[group[len(self.group_rolls)]] = value
        self.group_rolls.append(value)
        if len(self.group_rolls) < len(group):
            return
        # Split the tied group by its rolls, highest first; equal rolls stay
        # tied and roll again, apart from everyone else (LAND-01).
        split = [
            tuple(s for s, r in zip(group, self.group_rolls, strict=True) if r == value)
            for value in sorted(set(self.group_rolls), reverse=True)
        ]
        at = self.groups.index(group)
        self.groups[at : at + 1] = split
        self.group_rolls = []
        if all(len(g) == 1 for g in self.groups):
            self.order = tuple(g[0] for g in self.groups)
            self.groups = []
            self.turn = len(self.order) - 1
            self._next_turn()

    # -- turns ---------------------------------------------------------------

    def _next_turn(self) -> None:
        """Pass the turn on, skipping seats that have nothing to do (LAND-12)."""
        while not self._is_over():
            self.turn = (self.turn + 1) % self.num_players
            if self.turn == 0:
                self.round += 1
            if self._begin_turn():
                return
        self.phase = Phase.OVER

    def _begin_turn(self) -> bool:
        """Set up the turn of the seat at ``turn``; False if it is skipped."""
        seat = self.order[self.turn]
        self.column = self.row = 0
        self.claimed_this_turn = []
        self.placed_this_turn = 0
        self.pending_mountain = NOBODY
        self.cows_left = 0
        if not self.owned[seat]:
            if self._start_available():
                self.phase = Phase.COLUMN
                return True
            self.idle_turns += 1
            return False
        self.cows_left = len(self.owned[seat]) + self.bonus[seat] + self.saved[seat]
        self.bonus[seat] = self.saved[seat] = 0
        if self._has_target(seat):
            self.phase = Phase.PLACE
            return True
        # Skipped: with keep_unused_cows the seat may be saving for a mountain.
        if self.rules.keep_unused_cows:
            self.saved[seat] = self.cows_left
        self.idle_turns = 0 if self._can_claim_later(seat) else self.idle_turns + 1
        return False

    def _end_turn(self, progress: bool) -> None:
        seat = self.seat_to_move
        if self.rules.keep_unused_cows:
            self.saved[seat] = self.cows_left
        self.cows_left = 0
        self.idle_turns = 0 if progress else self.idle_turns + 1
        self._next_turn()

    def _is_over(self) -> bool:
        """Whether nobody can claim land any more, or a full round was idle (LAND-13)."""
        if self.idle_turns >= self.num_players:
            return True
        return not any(self._can_claim_later(seat) for seat in range(self.num_players))

    def _can_claim_later(self, seat: int) -> bool:
        """Whether the seat could claim something on its next turn, between turns."""
        if not self.owned[seat]:
            return self._start_available()
        cows = len(self.owned[seat]) + self.bonus[seat] + self.saved[seat]
        if self.rules.keep_unused_cows:
            cows = max(cows, 2)  # it can save up for a mountain
        return bool(self._free_of(seat, self._frontier(seat, True), cows, first=True))

    # -- starting plots (LAND-04, LAND-05) -------------------------------------

    def _start_available(self) -> bool:
        return NOBODY in self.board.start_plot_values(self.owner)

    def _free_starts(self) -> list[int]:
        region = self.board.region_plots(self.column, self.row)
        return [p for p in region if self.board.kinds[p] is PlotKind.GRASS and self.owner[p] < 0]

    def _roll_row(self, row: int) -> None:
        self.row = row
        if self._free_starts():
            self.phase = Phase.START
        else:
            self._end_turn(progress=True)  # it waits and rolls again next round

    def _choose_start(self, seat: int, plot: int) -> None:
        if plot not in self._free_starts():
            raise IllegalAction(
                f"seat {seat}: expected a free grass plot in region "
                f"({self.column}, {self.row}), got {self.board.xy(plot)}"
            )
        self._claim(seat, plot)
        self._end_turn(progress=True)

    # -- placing cows (LAND-06..LAND-11) -----------------------------------------

    def _reach_of(self, seat: int) -> set[int]:
        """Plots next to anything the seat owns, grown by what it claimed since last asked."""
        owned = self.owned[seat]
        grown_from, done = self._reach_of_plots[seat]
        reach = self._reach[seat]
        if grown_from is not owned or done > len(owned):  # owned was replaced: start over
            reach = self._reach[seat] = set()
            done = 0
        neighbours = self.board.neighbours
        for plot in owned[done:]:
            reach.update(neighbours(plot))
        self._reach_of_plots[seat] = (owned, len(owned))
        return reach

    def _frontier(self, seat: int, whole: bool) -> set[int]:
        """Plots next to the seat's base: all it owns, or what it owned at turn start."""
        reach = self._reach_of(seat)
        if whole or self.rules.adjacency_extends_this_turn or not self.claimed_this_turn:
            return reach
        return self._turn_start_reach(seat)

    def _turn_start_reach(self, seat: int) -> set[int]:
        """Plots next to the land the seat held when its turn began (LAND-07).

        This turn's claims are the tail of ``owned``, so the land held before is
        a prefix of it, the same for the whole turn: worked out once a turn.
        """
        owned, claimed = self.owned[seat], self.claimed_this_turn
        held = len(owned) - len(claimed)
        kept = self._turn_base
        in_order = owned[held:] == claimed
        if in_order and kept is not None:
            kept_seat, kept_owned, kept_held, kept_reach = kept
            if kept_owned is owned and (kept_seat, kept_held) == (seat, held):
                return kept_reach
        neighbours = self.board.neighbours
        if in_order:
            reach = {q for p in owned[:held] for q in neighbours(p)}
            self._turn_base = (seat, owned, held, reach)
            return reach
        new = set(claimed)  # a state not built by play: no order to rely on
        return {q for p in owned if p not in new for q in neighbours(p)}

    def _is_free_for(self, seat: int, plot: int, cows: int) -> bool:
        """Whether the seat, holding ``cows``, may put a cow on this plot, adjacency aside."""
        if self.owner[plot] != NOBODY:
            return False
        kind = self.board.kinds[plot]
        if kind is PlotKind.GRASS:
            return True
        if kind is PlotKind.MOUNTAIN:
            holder = self.half[plot]
            if holder == NOBODY:
                return cows >= self.rules.mountain_first_cow_needs
            return holder == seat
        return False

    def _targets(self, seat: int) -> list[int]:
        if self.pending_mountain != NOBODY:
            return [self.pending_mountain]
        frontier = self._frontier(seat, False)
        return self._free_of(seat, frontier, self.cows_left)

    def _free_of(
        self, seat: int, plots: Iterable[int], cows: int, first: bool = False
    ) -> list[int]:
        """``_is_free_for`` over many plots at once (the hot loop of a game); with
        ``first``, stop at the first free plot."""
        owner, half, kinds = self.owner, self.half, self.board.kinds
        first_mountain_cow = cows >= self.rules.mountain_first_cow_needs
        free = []
        for plot in plots:
            if owner[plot] != NOBODY:
                continue
            kind = kinds[plot]
            if kind is PlotKind.GRASS or (
                kind is PlotKind.MOUNTAIN
                and (half[plot] == seat or (first_mountain_cow and half[plot] == NOBODY))
            ):
                free.append(plot)
                if first:
                    break
        return free

    def _is_target(self, seat: int, plot: int) -> bool:
        """Whether ``plot`` is in ``_targets(seat)``, without listing them all."""
        if self.pending_mountain != NOBODY:
            return plot == self.pending_mountain
        if not self._is_free_for(seat, plot, self.cows_left):
            return False
        return plot in self._frontier(seat, False)

    def _has_target(self, seat: int) -> bool:
        if self.cows_left <= 0:
            return False
        if self.pending_mountain != NOBODY:
            return True
        return bool(self._free_of(seat, self._frontier(seat, False), self.cows_left, first=True))

    def _place_cow(self, seat: int, plot: int) -> None:
        if not self._is_target(seat, plot):
            raise IllegalAction(
                f"seat {seat} may not place a cow on {self.board.xy(plot)}: "
                f"{self._refusal(seat, plot)}"
            )
        if self.board.kinds[plot] is PlotKind.MOUNTAIN and self.half[plot] != seat:
            self.half[plot] = seat
            if self.rules.mountain_same_turn:
                self.pending_mountain = plot
        else:
            self.half[plot] = NOBODY
            self.pending_mountain = NOBODY
            self._claim(seat, plot)
        self.cows_left -= 1
        self.placed_this_turn += 1
        if not self._has_target(seat):
            self._end_turn(progress=True)

    def _refusal(self, seat: int, plot: int) -> str:
        """Why a placement is illegal, for the error message."""
        kind = self.board.kinds[plot]
        if self.pending_mountain != NOBODY:
            return f"the mountain at {self.board.xy(self.pending_mountain)} needs its second cow"
        if not kind.is_usable:
            return f"{kind.name.lower()} is unusable land (LAND-03)"
        if self.owner[plot] != NOBODY:
            return f"seat {self.owner[plot]} owns it"
        if kind is PlotKind.MOUNTAIN and self.half[plot] not in (NOBODY, seat):
            return f"seat {self.half[plot]} has a cow on this mountain (LAND-08)"
        if kind is PlotKind.MOUNTAIN and self.cows_left < self.rules.mountain_first_cow_needs:
            return "a mountain needs both cows this turn (LAND-08)"
        return "not north, south, east or west of the seat's land (LAND-07)"

    def _claim(self, seat: int, plot: int) -> None:
        self.owner[plot] = seat
        self.owned[seat].append(plot)
        self.claimed_this_turn.append(plot)
        if plot in self.board.residents:
            self.bonus[seat] += 1


_PLUS_ONE = bytes.maketrans(bytes(range(256)), bytes(range(1, 256)) + b"\x00")
"""Byte by byte, the value one up (NOBODY's 0xff becomes 0)."""


def _seats_plus_one(seats: list[int]) -> bytes:
    """``bytes(s + 1 for s in seats)`` for seats from NOBODY to 126, made in C."""
    return array("b", seats).tobytes().translate(_PLUS_ONE)


@cache
def _cow_actions(width: int, height: int) -> tuple[PlaceCow, ...]:
    """Per plot of a board this size, the action that places a cow there (shared)."""
    return tuple(PlaceCow(plot % width, plot // width) for plot in range(width * height))
