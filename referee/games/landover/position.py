"""One Landover position: the owners of its data, the turn's bookkeeping, and the seat queries.

A ``Position`` holds the data's owners (records.py: a ``Player`` per seat,
the ``Pieces``, the ``Bank``, the ``Awards``, the turn's ``Perks``; the
board's dealt hexes are the ``Board``'s), the turn machine's own fields
(phase, seat to act, the task queue, the open offer), and answers the
questions every rule asks (victory points, trade ratios, safe hands).

The rule modules (building.py, cards.py, roll.py, culture.py, awards.py,
trade.py) read a Position, ask its owners to change, and return the tasks
they set off; state.py's ``LandoverState`` is a Position with the engine
contract and the turn machine on top, and queues those tasks.
observation.py, render.py, svg.py and describe.py read a Position;
forward.py fills a blank one. None imports state.py, so the imports run
one way.
"""

from __future__ import annotations

import enum

from referee.games.landover import rules as R
from referee.games.landover.actions import LandoverAction
from referee.games.landover.board import (
    GENERIC_HARBOR,
    RED_NUMBERS,
    TERRAIN_RESOURCE,
    Board,
)
from referee.games.landover.records import Awards, Bank, Perks, Pieces, Player
from referee.games.landover.rules import Rules
from referee.games.landover.tasks import Task
from referee.games.landover.trade import Offer


class Phase(enum.IntEnum):
    SETUP = 1
    PRE_ROLL = 2
    """The player holds an Alchemist: roll or set the dice."""
    ROLL = 3
    """Chance rolls."""
    MAIN = 4
    OVER = 5


class Position:
    """One Landover position: its data's owners, the turn's bookkeeping, and the seat queries."""

    def __init__(self, board: Board, rules: Rules, num_players: int, identity: bytes) -> None:
        self.board = board
        """The geometry, shared by every copy, and the dealt hexes (``Board.deal_hex``)."""
        self.rules = rules
        self.players = num_players
        self.identity = identity
        self.seats = [Player() for _ in range(num_players)]
        self.pieces = Pieces(len(board.vertex_xy), len(board.edges), num_players)
        self.bank = Bank(
            (list(board.deal_pool.terrain), list(board.deal_pool.numbers)),
            (list(board.mystery_pool.terrain), list(board.mystery_pool.numbers)),
            list(board.harbor_pool),
        )
        self.awards = Awards(num_players)
        self.perks = Perks()
        # The turn machine's own (state.py); the rule modules only read these.
        self.phase = Phase.SETUP
        self.setup_step = 0
        """Index into the setup order; each step is a building then a road."""
        self.setup_vertex = -1
        """The building whose road is due, -1 when a building is due."""
        self.current = 0
        self.turn = 0
        self.tasks: list[Task] = start_deal(board)
        """What waits (tasks.py); a new game starts with chance dealing the map's hexes."""
        self.alchemist = (0, 0)
        self.last_roll = (-1, 0, 0)
        self.offer: Offer | None = None
        """This turn's latest offer between players (LANDOVER-06), open or closed."""
        self.offers_made = 0
        self.winner = -1
        self._steps = 0
        """Actions applied so far: stamps the lists last given, so ``apply`` need not list again."""
        self._listed: tuple[int, dict[int, tuple[LandoverAction, ...]]] = (-1, {})
        self._chance_listed: tuple[int, tuple[LandoverAction, ...]] = (-1, ())
        self._board_seen: tuple[object, tuple[list[int], ...], bytes] | None = None
        """The board's lists as last observed (copies) and their part of an Observation
        (observation.py); a clone starts from its original's."""

    # -- seat queries ----------------------------------------------------------

    def victory_points(self, seat: int) -> int:
        """The seat's victory points."""
        awards, player = self.awards, self.seats[seat]
        points = self.pieces.points(seat)
        points += 2 * awards.metro_owner.count(seat)
        points += 2 * (awards.longest == seat) + 2 * (awards.port == seat)
        points += (awards.merchant_seat == seat) + player.vp_cards + player.defender
        return points + player.explored

    def harbor_count(self, seat: int) -> int:
        harbor = self.board.harbor
        return sum(1 for v in self.pieces.held[seat] if harbor[v] >= 0)

    def _harbors(self, seat: int) -> set[int]:
        """The harbor types at the seat's buildings.

        Looked up from the seat's few corners, not over the board's harbors: the
        main phase asks at every step.
        """
        harbor = self.board.harbor
        return {harbor[v] for v in self.pieces.held[seat] if harbor[v] >= 0}

    def safe_hand(self, seat: int) -> int:
        """Cards a 7 leaves alone."""
        return R.BASE_SAFE_HAND + 2 * self.pieces.count_walls(seat)

    def military_cap(self, seat: int) -> int:
        if self.seats[seat].culture[R.POLITICS] >= 3:
            return R.POLITICS_MILITARY_CAP
        return R.MILITARY_CAP

    def trade_ratio(self, seat: int, kind: int) -> int:
        """The best bank ratio for giving ``kind`` (LANDOVER-16)."""
        return self.trade_ratios(seat)[kind]

    def trade_ratios(self, seat: int) -> list[int]:
        """The best bank ratio for giving each kind (LANDOVER-16)."""
        harbors = self._harbors(seat)
        ratios = [3 if GENERIC_HARBOR in harbors else 4] * R.KINDS
        for kind in harbors - {GENERIC_HARBOR}:
            ratios[kind] = 2
        awards = self.awards
        if awards.merchant_seat == seat:
            kind = TERRAIN_RESOURCE.get(self.board.terrain[awards.merchant_tile], -1)
            if kind >= 0:
                ratios[kind] = 2
        if self.seats[seat].culture[R.COMMERCE] >= 3:
            ratios[R.RESOURCES :] = [2] * (R.KINDS - R.RESOURCES)
        if self.perks.fleet >= 0 and seat == self.current:
            ratios[self.perks.fleet] = 2
        return ratios

    def immune(self, seat: int) -> bool:
        limit = self.rules.raid_immunity_vp
        return limit > 0 and self.victory_points(seat) <= limit

    def hand_size(self, seat: int) -> int:
        return sum(self.seats[seat].hand)

    def dev_hand(self, seat: int) -> int:
        return sum(self.seats[seat].dev)

    def opponents(self, seat: int) -> list[int]:
        """Other seats in turn order after ``seat``."""
        return [(seat + i) % self.players for i in range(1, self.players)]

    def turn_order(self) -> list[int]:
        return [(self.current + i) % self.players for i in range(self.players)]

    def is_mystery(self, tile: int) -> bool:
        """Whether ``tile`` is dealt from the mystery pool (LANDOVER-02)."""
        return tile in self.board.mystery

    def setup_seat(self) -> int:
        n = self.players
        step = self.setup_step
        return step if step < n else 2 * n - 1 - step


def start_deal(board: Board) -> list[Task]:
    """Chance's steps before setup on a dealt map (LANDOVER-02).

    Every dealt hex's terrain, then each 6 and 8 of the pool on a hex away
    from the others (chance picks the hex), then the other numbers hex by
    hex, then the type of each dealt harbor.
    """
    reds = [n for n in RED_NUMBERS for _ in range(board.deal_pool.numbers[n])]
    return (
        [Task("deal", -1, "terrain", t) for t in board.deal]
        + [Task("deal", -1, "red", n) for n in reds]
        + [Task("deal", -1, "number", t) for t in board.deal]
        + [Task("deal", -1, "harbor", h) for h in range(len(board.harbor_deal))]
    )
