"""Everything on the table, each part with its owner: what the rule modules work on.

The parts: the tiles and the face-down pile (tiles.py), each realm and its
season's flags (realm.py), the decks (decks.py), the realms' history with
one another (diplomacy.py), where the game stands (course.py), and the
frames and battle that interrupt it (pending.py). Each part changes only
itself; the rule modules (seasons.py, moves.py, frames.py, combat.py,
negotiation.py, cards.py, economy.py) read the table, work out what
happens, and ask the parts to change. The table itself only answers
questions that span parts, so the rule modules never call back into the
state (state.py), which is the table plus the engine contract.
"""

from __future__ import annotations

from referee.games.farlanthia.board import Geometry, capitol_tiles, geometry
from referee.games.farlanthia.course import SEASONS_PER_YEAR, Course, Phase
from referee.games.farlanthia.decks import Decks
from referee.games.farlanthia.diplomacy import Diplomacy
from referee.games.farlanthia.pending import Pending
from referee.games.farlanthia.realm import Lord, Realm, Season
from referee.games.farlanthia.rules import Rules
from referee.games.farlanthia.tiles import MAX_TROOPS, Tiles


class Table:
    """The parts of one game and the questions that span them."""

    rules: Rules
    players: int
    geo: Geometry
    """The hexagon made from ``rules.map_radius``; shared by every copy."""
    tiles: Tiles
    realms: list[Realm]
    seasonal: list[Season]
    decks: Decks
    diplomacy: Diplomacy
    course: Course
    pending: Pending

    def __init__(self, rules: Rules, players: int, decks: Decks) -> None:
        self.rules = rules
        self.players = players
        self.geo = geometry(rules.map_radius)
        self.tiles = Tiles.fresh(players, rules.map_radius)
        capitols = capitol_tiles(players, rules.map_radius)
        start = rules.starting_resources
        self.realms = [Realm([start] * 4, capitols[s]) for s in range(players)]
        self.seasonal = [Season() for _ in range(players)]
        self.decks = decks
        self.diplomacy = Diplomacy.fresh(players)
        self.course = Course()
        self.pending = Pending()

    @property
    def seasons_total(self) -> int:
        return self.rules.years * SEASONS_PER_YEAR

    @property
    def current(self) -> int:
        """The seat whose part of the phase it is (in the draft: the drafter); -1 none."""
        if self.course.phase is Phase.DRAFT:
            return self.drafter()
        return self.course.seat

    def drafter(self) -> int:
        """The seat that draws and places the next tile: seats take turns from seat 0 (FARL-35)."""
        placed_by = self.tiles.placed_by
        return (len(placed_by) - placed_by.count(-1)) % self.players

    def alive_seats(self) -> list[int]:
        return [s for s in range(self.players) if self.realms[s].alive]

    def lord(self, seat: int) -> Lord:
        """The seat with its realm and this season's flags (economy.py, cards.py)."""
        return Lord(seat, self.realms[seat], self.seasonal[seat])

    def in_battle(self, seat: int) -> int:
        """The seat's troops in the battle being fought."""
        battle = self.pending.battle
        return 0 if battle is None else battle.units_of(seat)

    def troops_of(self, seat: int) -> int:
        """The seat's troops on the map and in the battle being fought."""
        return self.tiles.troops_on_map(seat) + self.in_battle(seat)

    def troop_places(self, seat: int) -> list[int]:
        """Where a troop the realm gains now may stand: a muster point, below its limit.

        Mustered, hired or pressed into service, a troop is placed on a capitol,
        garrison or fort the realm controls (FARL-13, FARL-32); none if it has
        no such place free of enemy troops, or has all its troops already.
        """
        if self.troops_of(seat) >= MAX_TROOPS:
            return []
        return self.tiles.muster_points(seat)

    def add_troops(self, seat: int, tile: int, n: int) -> int:
        """Up to n troops on a tile, within the realm's troop limit (FARL-13); how many."""
        return self.tiles.add_troops(seat, tile, n, elsewhere=self.in_battle(seat))

    def die_value(self, seat: int, die: int) -> int:
        """A spent leadership die with renown pips added, up to 6 (FARL-08)."""
        return self.realms[seat].die_value(die, renown_bonus=self.rules.renown_bonus)

    def spend_die(self, seat: int, die: int, *, use_bonus: bool) -> int:
        """Spend a leadership die; its value with any renown pips it takes (FARL-08)."""
        realm = self.realms[seat]
        if not use_bonus:
            return realm.spend_die(die)
        return realm.spend_die(die, boosted=self.die_value(seat, die))
