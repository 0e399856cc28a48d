"""The data of one Landover position and the questions every rule asks of it.

A ``Position`` owns the game's data: the board's dealt tiles, the pieces,
the seats' cards, tracks and awards, and the turn's bookkeeping. The rule
modules (building.py, cards.py, roll.py, culture.py, awards.py, trade.py)
read and change a Position; observation.py, render.py, svg.py, describe.py
and forward.py read or fill one; state.py's ``LandoverState`` is a Position
with the engine contract and the turn machine on top. Every module imports
this one and none imports state.py, so the imports run one way.
"""

from __future__ import annotations

import enum

from referee.games.landover import rules as R
from referee.games.landover.actions import DealNumber, DealTerrain
from referee.games.landover.board import (
    GENERIC_HARBOR,
    RED_NUMBERS,
    TERRAIN_RESOURCE,
    Board,
)
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
    """Everything that makes one Landover position, with the seat queries."""

    def __init__(  # noqa: PLR0915 (one line per attribute: the state's whole inventory)
        self, board: Board, rules: Rules, num_players: int, identity: bytes
    ) -> None:
        self.board = board
        self.rules = rules
        self.players = num_players
        self.identity = identity
        n_v, n_e = len(board.vertex_xy), len(board.edges)
        self.owner = [-1] * n_v
        self.building = [0] * n_v
        self.wall = [False] * n_v
        self.metro_at = [-1] * n_v
        self.edge_owner = [-1] * n_e
        self.edge_piece = [0] * n_e
        self.hand = [[0] * R.KINDS for _ in range(num_players)]
        self.dev = [[0] * R.NUM_CARDS for _ in range(num_players)]
        self.culture = [[0, 0, 0] for _ in range(num_players)]
        self.military = [0] * num_players
        self.vp_cards = [0] * num_players
        self.defender = [0] * num_players
        self.islands: list[set[int]] = [set() for _ in range(num_players)]
        self.explored = [0] * num_players
        self.catapult = [-1] * num_players
        self.cleared: set[int] = set()
        self.deck = [qty for _, _, qty in R.CARDS]
        self.metro_owner = [-1, -1, -1]
        self.metro_locked = [False, False, False]
        self.merchant_seat = -1
        self.merchant_tile = -1
        self.longest = -1
        self.port = -1
        self.route_lengths = [0] * num_players
        self.barbarian = 0
        self.phase = Phase.SETUP
        self.setup_step = 0
        """Index into the setup order; each step is a building then a road."""
        self.setup_vertex = -1
        """The building whose road is due, -1 when a building is due."""
        self.current = 0
        self.turn = 0
        self.tasks: list[Task] = start_deal(board)
        """What waits (tasks.py); a new game starts with chance dealing the map's hexes."""
        self.raided = False
        self.free_raids = 0
        self.crane = False
        self.fleet = -1
        self.alchemist = (0, 0)
        self.last_roll = (-1, 0, 0)
        self.offer: Offer | None = None
        """This turn's latest offer between players (LANDOVER-06), open or closed."""
        self.offers_made = 0
        self.deal_left = (list(board.deal_pool.terrain), list(board.deal_pool.numbers))
        """What is left to deal to the map's dealt hexes: count per terrain, per number."""
        self.mystery_left = (list(board.mystery_pool.terrain), list(board.mystery_pool.numbers))
        """Likewise for its mystery hexes, dealt as roads and boats reach them."""
        self.winner = -1

    # -- seat queries and moves of cards -------------------------------------

    def victory_points(self, seat: int) -> int:
        points = 0
        for v, owner in enumerate(self.owner):
            if owner == seat:
                points += self.building[v]
        points += 2 * self.metro_owner.count(seat)
        points += 2 * (self.longest == seat) + 2 * (self.port == seat)
        points += (self.merchant_seat == seat) + self.vp_cards[seat] + self.defender[seat]
        return points + self.explored[seat]

    def count_buildings(self, seat: int, kind: int) -> int:
        return sum(1 for v, o in enumerate(self.owner) if o == seat and self.building[v] == kind)

    def count_pieces(self, seat: int, piece: int) -> int:
        return sum(
            1 for e, o in enumerate(self.edge_owner) if o == seat and self.edge_piece[e] == piece
        )

    def harbor_count(self, seat: int) -> int:
        return sum(1 for v, _ in self.board.harbor_spots if self.owner[v] == seat)

    def safe_hand(self, seat: int) -> int:
        walls = sum(1 for v, w in enumerate(self.wall) if w and self.owner[v] == seat)
        return R.BASE_SAFE_HAND + 2 * walls

    def military_cap(self, seat: int) -> int:
        if self.culture[seat][R.POLITICS] >= 3:
            return R.POLITICS_MILITARY_CAP
        return R.MILITARY_CAP

    def trade_ratio(self, seat: int, kind: int) -> int:
        """The best bank ratio for giving ``kind`` (LANDOVER-16)."""
        ratio = 4
        for v, h in self.board.harbor_spots:
            if self.owner[v] == seat:
                if h == GENERIC_HARBOR:
                    ratio = min(ratio, 3)
                elif h == kind:
                    ratio = 2
        if (
            self.merchant_seat == seat
            and TERRAIN_RESOURCE.get(self.board.terrain[self.merchant_tile]) == kind
        ):
            ratio = 2
        if kind >= R.RESOURCES and self.culture[seat][R.COMMERCE] >= 3:
            ratio = 2
        if self.fleet == kind and seat == self.current:
            ratio = 2
        return ratio

    def immune(self, seat: int) -> bool:
        limit = self.rules.raid_immunity_vp
        return limit > 0 and self.victory_points(seat) <= limit

    def dev_hand(self, seat: int) -> int:
        return sum(self.dev[seat])

    def opponents(self, seat: int) -> list[int]:
        """Other seats in turn order after ``seat``."""
        return [(seat + i) % self.players for i in range(1, self.players)]

    def turn_order(self) -> list[int]:
        return [(self.current + i) % self.players for i in range(self.players)]

    def can_pay(self, seat: int, cost: R.Cost) -> bool:
        hand = self.hand[seat]
        return all(hand[k] >= c for k, c in enumerate(cost))

    def pay(self, seat: int, cost: R.Cost) -> None:
        for k, c in enumerate(cost):
            self.hand[seat][k] -= c

    def pools(self, tile: int) -> tuple[list[int], list[int]]:
        """What is left to deal to ``tile``: counts per terrain and per number (LANDOVER-02)."""
        return self.mystery_left if tile in self.board.mystery else self.deal_left

    def deal(self, tile: int, action: DealTerrain | DealNumber) -> None:
        """Chance's terrain or number for a hex, taken from its pool."""
        terrain, numbers = self.pools(tile)
        if isinstance(action, DealTerrain):
            self.board.terrain[tile] = action.terrain
            terrain[action.terrain] -= 1
        else:
            self.board.numbers[tile] = action.number
            numbers[action.number] -= 1

    def give(self, giver: int, taker: int, kind: int, count: int = 1) -> None:
        """Move up to ``count`` cards of ``kind``: as many as the giver holds."""
        moved = min(count, self.hand[giver][kind])
        self.hand[giver][kind] -= moved
        self.hand[taker][kind] += moved

    def setup_seat(self) -> int:
        n = self.players
        step = self.setup_step
        return step if step < n else 2 * n - 1 - step


def start_deal(board: Board) -> list[Task]:
    """Chance's steps before setup on a dealt map (LANDOVER-02).

    Every dealt hex's terrain, then each 6 and 8 of the pool on a hex away
    from the others (chance picks the hex), then the other numbers hex by hex.
    """
    reds = [n for n in RED_NUMBERS for _ in range(board.deal_pool.numbers[n])]
    return (
        [Task("deal", -1, "terrain", t) for t in board.deal]
        + [Task("deal", -1, "red", n) for n in reds]
        + [Task("deal", -1, "number", t) for t in board.deal]
    )
