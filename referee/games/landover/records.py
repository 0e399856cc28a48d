"""The owners of a Landover position's data, each changing only itself.

- ``Player``: one seat's cards, tracks and points (its hand, dev cards,
  culture, military, catapult, islands);
- ``Pieces``: what stands on the board (buildings, walls, metros, roads,
  boats, cleared hexes) and the barbarians' ship on its track;
- ``Bank``: what is left to draw or deal (the dev decks, the map's pools);
- ``Awards``: who holds the metros, the merchant, longest route and Port
  Authority;
- ``Perks``: what the current turn's cards and raids granted.

The rule modules (building.py, cards.py, roll.py, culture.py, awards.py)
decide what happens and ask these owners to change through the methods
below; no owner knows the rules, the others, or the Position that holds
them, so data flows one way: rules -> owners. Each has ``copy`` for
``LandoverState.clone``.
"""

from __future__ import annotations

import bisect
import operator

from referee.games.landover import rules as R

VILLAGE, CITY = 1, 2
"""Values of ``Pieces.building`` (0 is an empty corner); each is also the building's VP."""
ROAD, BOAT = 0, 1
"""Values of ``Pieces.edge_piece``."""


class Player:
    """One seat's own things: cards, culture, military, catapult and points."""

    def __init__(self) -> None:
        self.hand = [0] * R.KINDS
        """Resources then commodities, count per kind."""
        self.dev = [0] * R.NUM_CARDS
        """Dev cards held, count per card (VP cards are scored on the spot)."""
        self.culture = [0, 0, 0]
        self.military = 0
        self.vp_cards = 0
        self.defender = 0
        self.islands: set[int] = set()
        """Islands with a building of this seat."""
        self.explored = 0
        """Points for islands settled after setup (LANDOVER-22)."""
        self.catapult = -1
        """The hex this seat's catapult stands on, or -1."""

    def copy(self) -> Player:
        other = object.__new__(Player)
        other.__dict__.update(self.__dict__)
        other.hand = list(self.hand)
        other.dev = list(self.dev)
        other.culture = list(self.culture)
        other.islands = set(self.islands)
        return other

    # -- cards -----------------------------------------------------------------

    def can_pay(self, cost: R.Cost) -> bool:
        # map over operator functions: twice as fast as a generator (a search asks often).
        return all(map(operator.ge, self.hand, cost))

    def pay(self, cost: R.Cost) -> None:
        # A cost names the five resources, the first of the hand's kinds.
        self.hand[: len(cost)] = map(operator.sub, self.hand, cost)

    def gain(self, kind: int, count: int = 1) -> None:
        self.hand[kind] += count

    def lose(self, kind: int, count: int = 1) -> int:
        """Give up to ``count`` cards of ``kind``: as many as held; return how many."""
        lost = min(count, self.hand[kind])
        self.hand[kind] -= lost
        return lost

    def take_dev(self, card: int) -> None:
        self.dev[card] += 1

    def spend_dev(self, card: int) -> None:
        self.dev[card] -= 1

    def score_vp_card(self) -> None:
        self.vp_cards += 1

    # -- tracks and points -----------------------------------------------------

    def raise_culture(self, track: int, cost: int) -> int:
        """Pay ``cost`` of the track's commodity for one level; return the new level."""
        self.hand[R.TRACK_COMMODITY[track]] -= cost
        self.culture[track] += 1
        return self.culture[track]

    def add_military(self, count: int, cap: int) -> None:
        self.military = min(cap, self.military + count)

    def lose_military(self) -> None:
        self.military = max(0, self.military - 1)

    def win_defence(self) -> None:
        self.defender += 1

    def settle(self, islands: frozenset[int], explore: bool) -> None:
        """A building on ``islands``; new ones score when ``explore`` (after setup)."""
        new = islands - self.islands
        if new:
            self.islands |= new
            if explore:
                self.explored += len(new)

    def place_catapult(self, tile: int) -> None:
        self.catapult = tile

    def lift_catapult(self) -> int:
        """Take the catapult off the board; return the hex it stood on, or -1."""
        tile, self.catapult = self.catapult, -1
        return tile


class Pieces:
    """Buildings, walls, metros, roads and boats on the board, and the barbarians.

    Besides the board's lists, each seat's tallies are kept as pieces change
    (its corners, its routes, its buildings' counts and points): search asks
    for them at every step, and counting over the board's lists each time was
    about a fifth of a Landover search's time.
    """

    def __init__(self, vertices: int, edges: int, players: int) -> None:
        self.owner = [-1] * vertices
        self.building = [0] * vertices
        self.wall = [False] * vertices
        self.metro_at = [-1] * vertices
        """The culture track whose metro stands on a corner, or -1."""
        self.edge_owner = [-1] * edges
        self.edge_piece = [0] * edges
        self.cleared: set[int] = set()
        """Hexes a 7 cleared of a catapult, which no catapult may raid again (LANDOVER-20)."""
        self.barbarian = 0
        """The barbarians' ship on its track (LANDOVER-19)."""
        self.held: list[list[int]] = [[] for _ in range(players)]
        """Per seat, the corners it has a building on, in order."""
        self.laid: list[list[int]] = [[] for _ in range(players)]
        """Per seat, the edges it has a road or boat on, in order."""
        self.counts: list[list[int]] = [[0, 0, 0, 0] for _ in range(players)]
        """Per seat: its villages, cities, walls and buildings' points."""

    def copy(self) -> Pieces:
        other = object.__new__(Pieces)
        other.owner = list(self.owner)
        other.building = list(self.building)
        other.wall = list(self.wall)
        other.metro_at = list(self.metro_at)
        other.edge_owner = list(self.edge_owner)
        other.edge_piece = list(self.edge_piece)
        other.cleared = set(self.cleared)
        other.barbarian = self.barbarian
        other.held = [list(corners) for corners in self.held]
        other.laid = [list(edges) for edges in self.laid]
        other.counts = [list(row) for row in self.counts]
        return other

    def recount(self) -> None:
        """The seats' tallies from the board's lists, after they were written directly."""
        players = len(self.counts)
        self.held = [[] for _ in range(players)]
        self.laid = [[] for _ in range(players)]
        self.counts = [[0, 0, 0, 0] for _ in range(players)]
        for v, owner in enumerate(self.owner):
            if owner >= 0:
                self.held[owner].append(v)
                self._count(v, owner, +1)
        for e, owner in enumerate(self.edge_owner):
            if owner >= 0:
                self.laid[owner].append(e)

    def _count(self, vertex: int, seat: int, sign: int) -> None:
        row, kind = self.counts[seat], self.building[vertex]
        row[kind - 1] += sign  # VILLAGE is 1, CITY 2
        row[2] += sign * self.wall[vertex]
        row[3] += sign * kind

    # -- what stands where -----------------------------------------------------

    def count_buildings(self, seat: int, kind: int) -> int:
        return self.counts[seat][kind - 1]

    def count_pieces(self, seat: int, piece: int) -> int:
        pieces = self.edge_piece
        return sum(1 for e in self.laid[seat] if pieces[e] == piece)

    def tallies(self, players: int) -> list[tuple[int, int, int]]:
        """Per seat: its villages, cities and walls."""
        return [(row[0], row[1], row[2]) for row in self.counts[:players]]

    def points(self, seat: int) -> int:
        """The victory points of ``seat``'s buildings: 1 a village, 2 a city."""
        return self.counts[seat][3]

    def count_walls(self, seat: int) -> int:
        return self.counts[seat][2]

    def corners(self, seat: int, kind: int) -> list[int]:
        """The corners where ``seat`` has a building of ``kind``, in order."""
        building = self.building
        return [v for v in self.held[seat] if building[v] == kind]

    # -- changes -----------------------------------------------------------------

    def build(self, vertex: int, seat: int, kind: int) -> None:
        before = self.owner[vertex]
        if before >= 0:
            self._count(vertex, before, -1)
            self.held[before].remove(vertex)
        self.owner[vertex] = seat
        self.building[vertex] = kind
        bisect.insort(self.held[seat], vertex)
        self._count(vertex, seat, +1)

    def upgrade(self, vertex: int) -> None:
        self._rebuild(vertex, CITY, self.wall[vertex])

    def raze(self, vertex: int) -> None:
        """A city falls back to a village and loses its wall."""
        self._rebuild(vertex, VILLAGE, False)

    def add_wall(self, vertex: int) -> None:
        self._rebuild(vertex, self.building[vertex], True)

    def _rebuild(self, vertex: int, kind: int, wall: bool) -> None:
        """The building on ``vertex`` becomes ``kind``, with or without a wall."""
        seat = self.owner[vertex]
        self._count(vertex, seat, -1)
        self.building[vertex] = kind
        self.wall[vertex] = wall
        self._count(vertex, seat, +1)

    def put_metro(self, vertex: int, track: int) -> None:
        self.metro_at[vertex] = track

    def remove_metro(self, track: int) -> None:
        for v, m in enumerate(self.metro_at):
            if m == track:
                self.metro_at[v] = -1

    def lay(self, edge: int, seat: int, piece: int) -> None:
        """Put a road or boat on ``edge``."""
        self.lift(edge)
        self.edge_owner[edge] = seat
        self.edge_piece[edge] = piece
        bisect.insort(self.laid[seat], edge)

    def lift(self, edge: int) -> None:
        """Take a road or boat off ``edge`` (its kind stays, as before)."""
        owner = self.edge_owner[edge]
        if owner >= 0:
            self.laid[owner].remove(edge)
            self.edge_owner[edge] = -1

    def mark_cleared(self, tile: int) -> None:
        self.cleared.add(tile)

    def advance_barbarians(self) -> bool:
        """Move the ship one step; return whether it arrived (it then starts over)."""
        self.barbarian += 1
        if self.barbarian < R.BARBARIAN_TRACK:
            return False
        self.barbarian = 0
        return True


class Bank:
    """What is left to draw and deal: the dev decks, and the map's pools (LANDOVER-02, -13)."""

    def __init__(
        self,
        deal: tuple[list[int], list[int]],
        mystery: tuple[list[int], list[int]],
        harbors: list[int],
    ) -> None:
        self.deck = [qty for _, _, qty in R.CARDS]
        """Cards left per dev card, all three decks."""
        self.deal_left = deal
        """Left to deal to the map's dealt hexes: count per terrain, per number."""
        self.mystery_left = mystery
        """Likewise for its mystery hexes, dealt as roads and boats reach them."""
        self.harbors_left = harbors
        """Left to deal to the map's dealt harbors: count per harbor type."""

    def copy(self) -> Bank:
        other = object.__new__(Bank)
        other.deck = list(self.deck)
        other.deal_left = (list(self.deal_left[0]), list(self.deal_left[1]))
        other.mystery_left = (list(self.mystery_left[0]), list(self.mystery_left[1]))
        other.harbors_left = list(self.harbors_left)
        return other

    def pools(self, mystery: bool) -> tuple[list[int], list[int]]:
        return self.mystery_left if mystery else self.deal_left

    def draw(self, card: int) -> None:
        self.deck[card] -= 1

    def take_terrain(self, mystery: bool, terrain: int) -> None:
        self.pools(mystery)[0][terrain] -= 1

    def take_number(self, mystery: bool, number: int) -> None:
        self.pools(mystery)[1][number] -= 1

    def take_harbor(self, harbor: int) -> None:
        self.harbors_left[harbor] -= 1


class Awards:
    """Who holds what is worth points beyond the pieces: metros, merchant, route, harbors."""

    def __init__(self, players: int) -> None:
        self.metro_owner = [-1, -1, -1]
        self.metro_locked = [False, False, False]
        """A metro won at level 5 stays for good (LANDOVER-15)."""
        self.merchant_seat = -1
        self.merchant_tile = -1
        self.longest = -1
        self.port = -1
        self.route_lengths = [0] * players
        """Each seat's longest route, kept in step with the pieces (not in the digest)."""

    def copy(self) -> Awards:
        other = object.__new__(Awards)
        other.__dict__.update(self.__dict__)
        other.metro_owner = list(self.metro_owner)
        other.metro_locked = list(self.metro_locked)
        other.route_lengths = list(self.route_lengths)
        return other

    def hand_metro(self, track: int, seat: int, locked: bool) -> None:
        self.metro_owner[track] = seat
        self.metro_locked[track] = locked

    def lock_metro(self, track: int) -> None:
        self.metro_locked[track] = True

    def move_merchant(self, seat: int, tile: int) -> None:
        self.merchant_seat, self.merchant_tile = seat, tile

    def settle_routes(self, lengths: list[int], longest: int, port: int) -> None:
        self.route_lengths = lengths
        self.longest = longest
        self.port = port


class Perks:
    """What the current turn's cards and raids granted; a new turn starts with none."""

    def __init__(self) -> None:
        self.raided = False
        """The seat raided with its military this turn."""
        self.free_raids = 0
        """Raids granted by Siege, without military."""
        self.crane = False
        """The next culture level costs one commodity less (Crane)."""
        self.fleet = -1
        """The kind the Merchant Fleet trades 2:1 this turn, or -1."""

    def copy(self) -> Perks:
        other = object.__new__(Perks)
        other.__dict__.update(self.__dict__)
        return other

    def raid(self) -> bool:
        """Spend a free raid if any, else the turn's one raid; return whether it was that one."""
        if self.free_raids:
            self.free_raids -= 1
            return False
        self.raided = True
        return True

    def grant_raid(self) -> None:
        self.free_raids += 1

    def start_crane(self) -> None:
        self.crane = True

    def spend_crane(self) -> None:
        self.crane = False

    def hire_fleet(self, kind: int) -> None:
        self.fleet = kind
