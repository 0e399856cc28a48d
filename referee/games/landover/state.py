"""One position of Landover and its turn sequence (docs/rules/landover.md).

A turn is: an optional Alchemist decision, chance's roll of the event die
and the two production dice, the resolution of that roll, then the
player's actions in any order until EndTurn. Everything that happens
between (random discards, steals, dev card draws, gold, razed cities, and
the follow-up choices of dev cards) waits in a queue of ``Task``s: the head
task says who acts next, chance or a seat.
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction

from referee.engine import CHANCE, SeatOutcome, State, outcomes_from_scores
from referee.errors import IllegalAction
from referee.games.landover import rules as R
from referee.games.landover.actions import (
    BankTrade,
    BuildBoat,
    BuildCity,
    BuildRoad,
    BuildVillage,
    BuildWall,
    BuyMilitary,
    ChooseCard,
    ChooseDice,
    ChooseEdge,
    ChooseKind,
    ChoosePlayer,
    ChooseTile,
    ChooseVertex,
    DiceRoll,
    DrawCard,
    EndTurn,
    EventRoll,
    ImproveCulture,
    LandoverAction,
    PlayCard,
    Raid,
    RandomCity,
    RandomKind,
    RollDice,
    Skip,
)
from referee.games.landover.board import (
    DESERT,
    EDGE_LAND,
    EDGE_SEA,
    FIELDS,
    FOREST,
    GENERIC_HARBOR,
    GOLD,
    HILLS,
    MOUNTAINS,
    PASTURE,
    SEA,
    TERRAIN_RESOURCE,
    Board,
)
from referee.games.landover.rules import Rules
from sdk.pb.landgrave.games.landover.v1 import landover_pb2

VILLAGE, CITY = 1, 2
ROAD, BOAT = 0, 1
CITY_YIELD = {
    FOREST: (R.WOOD, R.PAPER),
    PASTURE: (R.WOOL, R.CLOTH),
    MOUNTAINS: (R.ORE, R.COIN),
    FIELDS: (R.WHEAT, R.WHEAT),
    HILLS: (R.CLAY, R.CLAY),
}
"""LANDOVER-10: what a city takes from each terrain (C&K yields)."""
PROTECTED_NUMBERS = (2, 12, 6, 8)
"""Inventor cannot move these numbers (LANDOVER-36)."""
EVENT_ODDS = (Fraction(3, 6), Fraction(1, 6), Fraction(1, 6), Fraction(1, 6))


class Phase(enum.IntEnum):
    SETUP = 1
    PRE_ROLL = 2
    """The player holds an Alchemist: roll or set the dice."""
    ROLL = 3
    """Chance rolls."""
    MAIN = 4
    OVER = 5


CHANCE_TASKS = frozenset({"draw", "discard", "gold", "steal", "raze"})
AUTO_TASKS = frozenset({"attack", "seven", "produce"})
FIXED_KIND_CHOICES = {
    "aqueduct": range(R.RESOURCES),
    "resource_monopoly": range(R.RESOURCES),
    "commodity_monopoly": range(R.RESOURCES, R.KINDS),
    "fleet": range(R.KINDS),
}
CARD_TASKS = {
    R.MASTER_MERCHANT: ("player", "master_merchant", -1),
    R.MERCHANT: ("tile", "merchant", -1),
    R.MERCHANT_FLEET: ("kind", "fleet", -1),
    R.RESOURCE_MONOPOLY: ("kind", "resource_monopoly", -1),
    R.COMMODITY_MONOPOLY: ("kind", "commodity_monopoly", -1),
    R.INVENTOR: ("tile", "inventor", -1),
    R.MEDICINE: ("vertex", "medicine", -1),
    R.ROAD_CARD: ("route", "road", 2),
    R.BISHOP: ("tile", "bishop", -1),
    R.DESERTER: ("player", "deserter", -1),
    R.DIPLOMAT: ("edge", "diplomat", -1),
    R.RAZE: ("player", "raze", -1),
    R.SPY: ("player", "spy", -1),
}
"""Dev cards whose whole effect waits for one choice of the player (LANDOVER-33..)."""


@dataclass(frozen=True)
class Task:
    """A step the game waits for: chance's, a seat's choice, or the engine's own."""

    kind: str
    seat: int
    purpose: str = ""
    a: int = -1


class LandoverState(State[LandoverAction]):
    """A Landover game."""

    def __init__(self, board: Board, rules: Rules, num_players: int, identity: bytes) -> None:
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
        self.tasks: list[Task] = []
        self.raided = False
        self.free_raids = 0
        self.crane = False
        self.fleet = -1
        self.alchemist = (0, 0)
        self.last_roll = (-1, 0, 0)
        self.winner = -1

    # -- the contract --------------------------------------------------------

    @property
    def num_players(self) -> int:
        return self.players

    def to_act(self) -> tuple[int, ...]:
        if self.phase is Phase.OVER:
            return ()
        if self.tasks:
            head = self.tasks[0]
            return (CHANCE,) if head.kind in CHANCE_TASKS else (head.seat,)
        if self.phase is Phase.ROLL:
            return (CHANCE,)
        if self.phase is Phase.SETUP:
            return (self.setup_seat(),)
        return (self.current,)

    def is_terminal(self) -> bool:
        return self.phase is Phase.OVER

    def chance_outcomes(self) -> list[tuple[LandoverAction, Fraction]]:
        if self.to_act() != (CHANCE,):
            raise IllegalAction("landover: chance does not act now")
        if not self.tasks:
            if self.alchemist != (0, 0):
                return [(EventRoll(e), EVENT_ODDS[e]) for e in range(4)]
            return [
                (DiceRoll(e, red, white), EVENT_ODDS[e] / 36)
                for e in range(4)
                for red in range(1, 7)
                for white in range(1, 7)
            ]
        head = self.tasks[0]
        if head.kind == "draw":
            counts = self._deck_counts(head.a)
            total = sum(counts.values())
            return [(DrawCard(c), Fraction(q, total)) for c, q in sorted(counts.items())]
        if head.kind in ("discard", "steal"):
            hand = self.hand[head.seat if head.kind == "discard" else head.a]
            total = sum(hand)
            return [(RandomKind(k), Fraction(q, total)) for k, q in enumerate(hand) if q]
        if head.kind == "gold":
            return [(RandomKind(k), Fraction(1, R.RESOURCES)) for k in range(R.RESOURCES)]
        cities = self._razable(head.seat)
        return [(RandomCity(v), Fraction(1, len(cities))) for v in cities]

    def legal_actions(self, seat: int) -> list[LandoverAction]:
        if seat not in self.to_act():
            return []
        if self.tasks:
            return self._task_options(self.tasks[0])
        if self.phase is Phase.SETUP:
            return self._setup_options()
        if self.phase is Phase.PRE_ROLL:
            dice: list[LandoverAction] = [
                ChooseDice(r, w) for r in range(1, 7) for w in range(1, 7)
            ]
            return [RollDice(), *dice]
        return self._main_options()

    def apply(self, seat: int, action: LandoverAction) -> None:
        if seat == CHANCE:
            if self.to_act() != (CHANCE,):
                raise IllegalAction("landover: chance does not act now")
            if action not in [o for o, _ in self.chance_outcomes()]:
                raise IllegalAction(f"landover: {action!r} is not a chance outcome now")
            self._apply_chance(action)
        else:
            self.check_can_act(seat)
            if action not in self.legal_actions(seat):
                raise IllegalAction(f"landover: {action!r} is not legal for seat {seat} now")
            if self.tasks:
                self._apply_task(self.tasks.pop(0), action)
            elif self.phase is Phase.SETUP:
                self._apply_setup(seat, action)
            elif self.phase is Phase.PRE_ROLL:
                self._apply_pre_roll(action)
            else:
                self._apply_main(seat, action)
        self._advance()

    def observation(self, seat: int) -> landover_pb2.Observation:
        from referee.games.landover.observation import observe

        return observe(self, seat)

    def outcome(self) -> list[SeatOutcome]:
        scores = [self.victory_points(s) for s in range(self.players)]
        if self.winner < 0:
            return outcomes_from_scores(scores)
        others = [s for s in range(self.players) if s != self.winner]
        result = []
        for s in range(self.players):
            if s == self.winner:
                result.append(SeatOutcome(float(scores[s]), 1))
            else:
                rank = 2 + sum(scores[o] > scores[s] for o in others)
                result.append(SeatOutcome(float(scores[s]), rank))
        return result

    def canonical(self) -> bytes:
        fields = (
            self.owner,
            self.building,
            self.wall,
            self.metro_at,
            self.edge_owner,
            self.edge_piece,
            self.board.numbers,
            self.hand,
            self.dev,
            self.culture,
            self.military,
            self.vp_cards,
            self.defender,
            [sorted(i) for i in self.islands],
            self.explored,
            self.catapult,
            sorted(self.cleared),
            self.deck,
            self.metro_owner,
            self.metro_locked,
            self.merchant_seat,
            self.merchant_tile,
            self.longest,
            self.port,
            self.barbarian,
            int(self.phase),
            self.setup_step,
            self.setup_vertex,
            self.current,
            self.turn,
            self.tasks,
            self.raided,
            self.free_raids,
            self.crane,
            self.fleet,
            self.alchemist,
            self.last_roll,
            self.winner,
        )
        return self.identity + repr(fields).encode()

    def render(self) -> str:
        from referee.games.landover.render import render

        return render(self)

    def default_action(self, seat: int) -> LandoverAction:
        legal = self.legal_actions(seat)
        for neutral in (EndTurn(), RollDice(), Skip()):
            if neutral in legal:
                return neutral
        return legal[0]

    # -- scores --------------------------------------------------------------

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
        return sum(1 for v, h in enumerate(self.board.harbor) if h >= 0 and self.owner[v] == seat)

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
        for v, h in enumerate(self.board.harbor):
            if h >= 0 and self.owner[v] == seat:
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

    # -- helpers -------------------------------------------------------------

    def _deck_counts(self, deck: int) -> dict[int, int]:
        return {c: q for c, q in enumerate(self.deck) if q and (deck == 3 or R.CARDS[c][1] == deck)}

    def _razable(self, seat: int) -> list[int]:
        return [
            v
            for v, o in enumerate(self.owner)
            if o == seat and self.building[v] == CITY and self.metro_at[v] < 0
        ]

    def _can_pay(self, seat: int, cost: R.Cost) -> bool:
        hand = self.hand[seat]
        return all(hand[k] >= c for k, c in enumerate(cost))

    def _pay(self, seat: int, cost: R.Cost) -> None:
        for k, c in enumerate(cost):
            self.hand[seat][k] -= c

    def _opponents(self, seat: int) -> list[int]:
        """Other seats in turn order after ``seat``."""
        return [(seat + i) % self.players for i in range(1, self.players)]

    def _turn_order(self) -> list[int]:
        return [(self.current + i) % self.players for i in range(self.players)]

    def _spot_free(self, vertex: int) -> bool:
        """Empty, on land, and no building on a neighbouring corner (distance rule)."""
        if self.owner[vertex] >= 0 or not self.board.vertex_on_land(vertex):
            return False
        return all(self.owner[n] < 0 for n in self.board.vertex_neighbours[vertex])

    def _can_extend(self, seat: int, edge: int, piece: int) -> bool:
        """Whether ``seat`` may put a road or boat on ``edge`` (LANDOVER-09)."""
        if self.edge_owner[edge] >= 0:
            return False
        kind = self.board.edge_kind[edge]
        if (piece == ROAD and kind == EDGE_SEA) or (piece == BOAT and kind == EDGE_LAND):
            return False
        for v in self.board.edges[edge]:
            if self.owner[v] == seat:
                return True
            if self.owner[v] >= 0:
                continue
            for other in self.board.vertex_edges[v]:
                if self.edge_owner[other] == seat and self.edge_piece[other] == piece:
                    return True
        return False

    def _route_spots(self, seat: int) -> list[LandoverAction]:
        spots: list[LandoverAction] = []
        roads = self.count_pieces(seat, ROAD) < R.MAX_ROADS
        boats = self.count_pieces(seat, BOAT) < R.MAX_BOATS
        for e in range(len(self.board.edges)):
            if roads and self._can_extend(seat, e, ROAD):
                spots.append(BuildRoad(e))
            if boats and self._can_extend(seat, e, BOAT):
                spots.append(BuildBoat(e))
        return spots

    def _village_spots(self, seat: int) -> list[int]:
        spots = []
        for v in range(len(self.owner)):
            if self._spot_free(v) and any(
                self.edge_owner[e] == seat for e in self.board.vertex_edges[v]
            ):
                spots.append(v)
        return spots

    def _producing(self, tile: int) -> bool:
        return self.board.terrain[tile] not in (SEA, DESERT)

    def _tile_seats(self, tile: int) -> set[int]:
        return {self.owner[v] for v in self.board.tile_vertices[tile] if self.owner[v] >= 0}

    def _raid_tiles(self, seat: int) -> list[tuple[int, list[int]]]:
        """Tiles ``seat`` may put its catapult on, with the opponents it may rob there."""
        catapults = set(self.catapult)
        result = []
        for tile in range(len(self.board.terrain)):
            if not self._producing(tile) or tile in catapults or tile in self.cleared:
                continue
            victims = sorted(self._tile_seats(tile) - {seat})
            if victims and not any(self.immune(v) for v in victims):
                result.append((tile, victims))
        return result

    def _open_edges(self) -> list[int]:
        """Roads and boats with an end touching nothing else of their owner (Diplomat)."""
        result = []
        for e, owner in enumerate(self.edge_owner):
            if owner < 0:
                continue
            for v in self.board.edges[e]:
                if self.owner[v] == owner:
                    continue
                if not any(
                    o != e and self.edge_owner[o] == owner for o in self.board.vertex_edges[v]
                ):
                    result.append(e)
                    break
        return result

    def _merchant_tiles(self, seat: int) -> list[int]:
        return [
            t
            for t in range(len(self.board.terrain))
            if self._producing(t) and seat in self._tile_seats(t)
        ]

    def _inventor_tiles(self, exclude: int = -1) -> list[int]:
        return [
            t
            for t, n in enumerate(self.board.numbers)
            if n and n not in PROTECTED_NUMBERS and t != exclude
        ]

    def _give(self, giver: int, taker: int, kind: int, count: int = 1) -> None:
        moved = min(count, self.hand[giver][kind])
        self.hand[giver][kind] -= moved
        self.hand[taker][kind] += moved

    # -- setup ---------------------------------------------------------------

    def setup_seat(self) -> int:
        n = self.players
        step = self.setup_step
        return step if step < n else 2 * n - 1 - step

    def _setup_options(self) -> list[LandoverAction]:
        if self.setup_vertex < 0:
            spots = [v for v in range(len(self.owner)) if self._spot_free(v)]
            if self.setup_step < self.players:
                return [BuildVillage(v) for v in spots]
            return [BuildCity(v) for v in spots]
        options: list[LandoverAction] = []
        for e in self.board.vertex_edges[self.setup_vertex]:
            if self.edge_owner[e] >= 0:
                continue
            if self.board.edge_kind[e] != EDGE_SEA:
                options.append(BuildRoad(e))
            if self.board.edge_kind[e] != EDGE_LAND:
                options.append(BuildBoat(e))
        return options

    def _apply_setup(self, seat: int, action: LandoverAction) -> None:
        if isinstance(action, (BuildVillage, BuildCity)):
            v = action.vertex
            self.owner[v] = seat
            self.building[v] = CITY if isinstance(action, BuildCity) else VILLAGE
            self.islands[seat] |= self.board.vertex_islands(v)
            self.setup_vertex = v
            if isinstance(action, BuildCity):
                for t in self.board.vertex_tiles[v]:
                    terrain = self.board.terrain[t]
                    if terrain in TERRAIN_RESOURCE:
                        self.hand[seat][TERRAIN_RESOURCE[terrain]] += 1
                    elif terrain == GOLD:
                        self.tasks.append(Task("gold", seat, "", 1))
            self._update_awards()
            return
        assert isinstance(action, (BuildRoad, BuildBoat))
        self.edge_owner[action.edge] = seat
        self.edge_piece[action.edge] = BOAT if isinstance(action, BuildBoat) else ROAD
        self.setup_vertex = -1
        self.setup_step += 1
        if self.setup_step == 2 * self.players:
            self.current = 0
            self._start_turn()
        self._update_awards()

    # -- the roll ------------------------------------------------------------

    def _start_turn(self) -> None:
        self.raided = False
        self.free_raids = 0
        self.crane = False
        self.fleet = -1
        self.alchemist = (0, 0)
        self.phase = Phase.PRE_ROLL if self.dev[self.current][R.ALCHEMIST] else Phase.ROLL

    def _apply_pre_roll(self, action: LandoverAction) -> None:
        if isinstance(action, ChooseDice):
            self.dev[self.current][R.ALCHEMIST] -= 1
            self.alchemist = (action.red, action.white)
        self.phase = Phase.ROLL

    def _resolve_roll(self, event: int, red: int, white: int) -> None:
        self.last_roll = (event, red, white)
        self.alchemist = (0, 0)
        self.phase = Phase.MAIN
        tasks: list[Task] = []
        if event == R.EVENT_BARBARIAN:
            self.barbarian += 1
            if self.barbarian >= R.BARBARIAN_TRACK:
                self.barbarian = 0
                tasks.append(Task("attack", -1))
        else:
            track = event - 1
            for seat in self._turn_order():
                if self.culture[seat][track] >= red:
                    tasks.append(Task("draw", seat, "", track))
        if red + white == 7:
            tasks.append(Task("seven", -1))
        else:
            tasks.append(Task("produce", -1, "", red + white))
        self.tasks = tasks + self.tasks

    def _attack(self) -> list[Task]:
        """The barbarians arrive (LANDOVER-19)."""
        strength = sum(1 for b in self.building if b == CITY)
        defence = sum(self.military)
        tasks = []
        if strength > defence:
            least = min(self.military)
            for seat in self._turn_order():
                if self.military[seat] == least and self._razable(seat):
                    tasks.append(Task("raze", seat))
        else:
            best = max(self.military)
            leaders = [s for s in self._turn_order() if self.military[s] == best]
            if best > 0 and len(leaders) == 1:
                self.defender[leaders[0]] += 1
            elif best > 0:
                tasks += [Task("draw", s, "", 3) for s in leaders]
        self.military = [max(0, m - 1) for m in self.military]
        return tasks

    def _seven(self) -> list[Task]:
        for seat in range(self.players):
            if self.catapult[seat] >= 0:
                self.cleared.add(self.catapult[seat])
                self.catapult[seat] = -1
        tasks = []
        for seat in self._turn_order():
            cards = sum(self.hand[seat])
            if cards > self.safe_hand(seat):
                tasks.append(Task("discard", seat, "", cards // 2))
        return tasks

    def _produce(self, total: int) -> list[Task]:
        gained = [False] * self.players
        tasks = []
        catapults = set(self.catapult)
        for tile, number in enumerate(self.board.numbers):
            if number != total or tile in catapults:
                continue
            terrain = self.board.terrain[tile]
            for v in self.board.tile_vertices[tile]:
                seat = self.owner[v]
                if seat < 0:
                    continue
                if terrain == GOLD:
                    tasks.append(Task("gold", seat, "", self.building[v]))
                    gained[seat] = True
                elif terrain in CITY_YIELD:
                    kinds = (
                        CITY_YIELD[terrain]
                        if self.building[v] == CITY
                        else (TERRAIN_RESOURCE[terrain],)
                    )
                    for kind in kinds:
                        self.hand[seat][kind] += 1
                    gained[seat] = True
        for seat in self._turn_order():
            if not gained[seat] and self.culture[seat][R.SCIENCE] >= 3:
                tasks.append(Task("kind", seat, "aqueduct"))
        return tasks

    def _apply_chance(self, action: LandoverAction) -> None:
        if not self.tasks:
            if isinstance(action, EventRoll):
                red, white = self.alchemist
                self._resolve_roll(action.event, red, white)
            else:
                assert isinstance(action, DiceRoll)
                self._resolve_roll(action.event, action.red, action.white)
            return
        head = self.tasks[0]
        if isinstance(action, DrawCard):
            self.tasks.pop(0)
            self.deck[action.card] -= 1
            if action.card in R.VP_CARDS:
                self.vp_cards[head.seat] += 1
            else:
                self.dev[head.seat][action.card] += 1
        elif isinstance(action, RandomCity):
            self.tasks.pop(0)
            self.building[action.vertex] = VILLAGE
            self.wall[action.vertex] = False
        else:
            assert isinstance(action, RandomKind)
            self.tasks.pop(0)
            if head.kind == "discard":
                self.hand[head.seat][action.kind] -= 1
            elif head.kind == "steal":
                self._give(head.a, head.seat, action.kind)
            else:
                self.hand[head.seat][action.kind] += 1
            if head.a > 1 and head.kind in ("discard", "gold"):
                self.tasks.insert(0, Task(head.kind, head.seat, "", head.a - 1))

    def _advance(self) -> None:
        """Run the engine's own tasks and drop moot ones until someone must act."""
        while self.tasks:
            head = self.tasks[0]
            if head.kind in AUTO_TASKS:
                self.tasks.pop(0)
                if head.kind == "attack":
                    new = self._attack()
                elif head.kind == "seven":
                    new = self._seven()
                else:
                    new = self._produce(head.a)
                self.tasks = new + self.tasks
                continue
            if head.kind in CHANCE_TASKS:
                if self._chance_moot(head):
                    self.tasks.pop(0)
                    continue
                break
            if not self._task_options(head):
                self.tasks.pop(0)
                continue
            break
        if (
            not self.tasks
            and self.phase in (Phase.MAIN, Phase.PRE_ROLL, Phase.ROLL)
            and self.victory_points(self.current) >= self.rules.victory_points
        ):
            self.winner = self.current
            self.phase = Phase.OVER

    def _chance_moot(self, task: Task) -> bool:
        if task.kind == "draw":
            return self.dev_hand(task.seat) >= R.DEV_HAND_LIMIT or not self._deck_counts(task.a)
        if task.kind == "discard":
            return task.a <= 0 or not sum(self.hand[task.seat])
        if task.kind == "steal":
            return not sum(self.hand[task.a])
        if task.kind == "raze":
            return not self._razable(task.seat)
        return False

    # -- the main phase ------------------------------------------------------

    def _main_options(self) -> list[LandoverAction]:
        seat = self.current
        hand = self.hand[seat]
        options: list[LandoverAction] = [EndTurn(), *self._build_options(seat)]
        if self._can_pay(seat, R.MILITARY_COST) and self.military[seat] < self.military_cap(seat):
            options.append(BuyMilitary())
        for track in range(3):
            if self._can_improve(seat, track):
                options.append(ImproveCulture(track))
        for give in range(R.KINDS):
            if hand[give] >= self.trade_ratio(seat, give):
                options += [BankTrade(give, get) for get in range(R.KINDS) if get != give]
        if self.free_raids or (not self.raided and self.military[seat] >= 1):
            for tile, victims in self._raid_tiles(seat):
                options += [Raid(tile, victim) for victim in victims]
        for card, count in enumerate(self.dev[seat]):
            if count and self._card_playable(seat, card):
                options.append(PlayCard(card))
        return options

    def _build_options(self, seat: int) -> list[LandoverAction]:
        options: list[LandoverAction] = []
        if self._can_pay(seat, R.ROAD_COST) or self._can_pay(seat, R.BOAT_COST):
            for spot in self._route_spots(seat):
                cost = R.ROAD_COST if isinstance(spot, BuildRoad) else R.BOAT_COST
                if self._can_pay(seat, cost):
                    options.append(spot)
        if self._can_pay(seat, R.VILLAGE_COST) and (
            self.count_buildings(seat, VILLAGE) < R.MAX_VILLAGES
        ):
            options += [BuildVillage(v) for v in self._village_spots(seat)]
        if self._can_pay(seat, R.CITY_COST) and self.count_buildings(seat, CITY) < R.MAX_CITIES:
            options += [
                BuildCity(v)
                for v, o in enumerate(self.owner)
                if o == seat and self.building[v] == VILLAGE
            ]
        if self._can_pay(seat, R.WALL_COST):
            walls = sum(1 for v, w in enumerate(self.wall) if w and self.owner[v] == seat)
            if walls < R.MAX_WALLS:
                options += [
                    BuildWall(v)
                    for v, o in enumerate(self.owner)
                    if o == seat and self.building[v] == CITY and not self.wall[v]
                ]
        return options

    def culture_cost(self, seat: int, track: int) -> int:
        return max(0, self.culture[seat][track] + 1 - (1 if self.crane else 0))

    def _can_improve(self, seat: int, track: int) -> bool:
        level = self.culture[seat][track]
        if level >= 5:
            return False
        if self.rules.culture_needs_city and not self.count_buildings(seat, CITY):
            return False
        return self.hand[seat][R.TRACK_COMMODITY[track]] >= self.culture_cost(seat, track)

    def _card_playable(self, seat: int, card: int) -> bool:
        checks: dict[int, Callable[[], bool]] = {
            R.ALCHEMIST: lambda: False,
            R.COMMERCIAL_HARBOR: lambda: (
                sum(self.hand[seat][: R.RESOURCES]) > 0
                and any(sum(self.hand[o][R.RESOURCES :]) for o in self._opponents(seat))
            ),
            R.MASTER_MERCHANT: lambda: bool(self._master_targets(seat)),
            R.MERCHANT: lambda: bool(self._merchant_tiles(seat)),
            R.CRANE: lambda: not self.crane,
            R.MEDICINE: lambda: bool(self._medicine_spots(seat)),
            R.ROAD_CARD: lambda: bool(self._route_spots(seat)),
            R.MILITARY: lambda: self.military[seat] < self.military_cap(seat),
            R.BISHOP: lambda: bool(self._raid_tiles(seat)),
            R.DESERTER: lambda: any(self.military[o] for o in self._opponents(seat)),
            R.RAZE: lambda: any(self.military[o] for o in self._opponents(seat)),
            R.DIPLOMAT: lambda: bool(self._open_edges()),
            R.SPY: lambda: any(self.dev_hand(o) for o in self._opponents(seat)),
        }
        check = checks.get(card)
        return True if check is None else check()

    def _master_targets(self, seat: int) -> list[int]:
        mine = self.victory_points(seat)
        return [
            o
            for o in self._opponents(seat)
            if self.victory_points(o) > mine and sum(self.hand[o]) > 0
        ]

    def _medicine_spots(self, seat: int) -> list[int]:
        if not self._can_pay(seat, R.MEDICINE_COST):
            return []
        if self.count_buildings(seat, CITY) >= R.MAX_CITIES:
            return []
        return [v for v, o in enumerate(self.owner) if o == seat and self.building[v] == VILLAGE]

    def _apply_main(self, seat: int, action: LandoverAction) -> None:
        match action:
            case EndTurn():
                self.turn += 1
                if self.rules.turn_limit and self.turn >= self.rules.turn_limit:
                    self.phase = Phase.OVER
                    return
                self.current = (self.current + 1) % self.players
                self._start_turn()
            case BuildRoad() | BuildBoat() | BuildVillage() | BuildCity() | BuildWall():
                self._apply_build(seat, action)
            case BuyMilitary():
                self._pay(seat, R.MILITARY_COST)
                self.military[seat] += 1
            case ImproveCulture(track):
                self._improve(seat, track)
            case BankTrade(give, get):
                self.hand[seat][give] -= self.trade_ratio(seat, give)
                self.hand[seat][get] += 1
            case Raid(tile, victim):
                if self.free_raids:
                    self.free_raids -= 1
                else:
                    self.raided = True
                    self.military[seat] -= 1
                self.catapult[seat] = tile
                self.tasks.append(Task("steal", seat, "", victim))
            case PlayCard(card):
                self.dev[seat][card] -= 1
                self._play(seat, card)
            case _:
                raise IllegalAction(f"landover: unexpected {action!r}")

    def _apply_build(self, seat: int, action: LandoverAction) -> None:
        match action:
            case BuildRoad(edge) | BuildBoat(edge):
                boat = isinstance(action, BuildBoat)
                self._pay(seat, R.BOAT_COST if boat else R.ROAD_COST)
                self._place_route(seat, edge, BOAT if boat else ROAD)
            case BuildVillage(vertex):
                self._pay(seat, R.VILLAGE_COST)
                self.owner[vertex] = seat
                self.building[vertex] = VILLAGE
                new = self.board.vertex_islands(vertex) - self.islands[seat]
                if new:
                    self.explored[seat] += len(new)
                    self.islands[seat] |= new
                self._update_awards()
            case BuildCity(vertex):
                self._pay(seat, R.CITY_COST)
                self.building[vertex] = CITY
            case BuildWall(vertex):
                self._pay(seat, R.WALL_COST)
                self.wall[vertex] = True

    def _place_route(self, seat: int, edge: int, piece: int) -> None:
        self.edge_owner[edge] = seat
        self.edge_piece[edge] = piece
        self._update_awards()

    def _improve(self, seat: int, track: int) -> None:
        self.hand[seat][R.TRACK_COMMODITY[track]] -= self.culture_cost(seat, track)
        self.crane = False
        self.culture[seat][track] += 1
        level = self.culture[seat][track]
        holder = self.metro_owner[track]
        if self.metro_locked[track] or holder == seat:
            if level == 5 and holder == seat:
                self.metro_locked[track] = True
            return
        if (level == 4 and holder < 0) or level == 5:
            free = [v for v in range(len(self.owner)) if self._metro_spot(seat, v)]
            if not free:
                return
            if holder >= 0:
                for v, m in enumerate(self.metro_at):
                    if m == track:
                        self.metro_at[v] = -1
            self.metro_owner[track] = seat
            self.metro_locked[track] = level == 5
            self.tasks.append(Task("vertex", seat, "metro", track))

    def _metro_spot(self, seat: int, vertex: int) -> bool:
        return (
            self.owner[vertex] == seat
            and self.building[vertex] == CITY
            and self.metro_at[vertex] < 0
        )

    # -- dev cards -----------------------------------------------------------

    def _play(self, seat: int, card: int) -> None:
        """Play a dev card: its effect, or the follow-up choices it needs (LANDOVER-33..)."""
        follow_up = CARD_TASKS.get(card)
        if follow_up is not None:
            self.tasks.append(Task(follow_up[0], seat, follow_up[1], follow_up[2]))
            return
        opponents = self._opponents(seat)
        mine = self.victory_points(seat)
        if card == R.COMMERCIAL_HARBOR:
            self.tasks += [Task("kind", seat, "harbor_give", o) for o in opponents]
        elif card == R.CRANE:
            self.crane = True
        elif card in (R.IRRIGATION, R.MINING):
            terrain, kind = (FIELDS, R.WHEAT) if card == R.IRRIGATION else (MOUNTAINS, R.ORE)
            for tile, t in enumerate(self.board.terrain):
                if t == terrain and seat in self._tile_seats(tile):
                    self.hand[seat][kind] += 2
        elif card == R.MILITARY:
            self.military[seat] = min(self.military_cap(seat), self.military[seat] + 2)
        elif card == R.SIEGE:
            self.free_raids += 1
        elif card == R.VANDAL:
            self.tasks += [
                Task("discard", o, "", sum(self.hand[o]) // 2)
                for o in opponents
                if self.victory_points(o) >= mine
            ]
        else:  # wedding
            for o in opponents:
                if self.victory_points(o) > mine:
                    self.tasks += [Task("kind", o, "wedding", seat)] * 2

    def _task_options(self, task: Task) -> list[LandoverAction]:
        if task.kind == "kind":
            return [ChooseKind(k) for k in self._kind_options(task)]
        if task.kind in ("player", "tile"):
            return self._choice_options(task)
        seat = task.seat
        options: list[LandoverAction]
        if task.kind == "vertex":
            if task.purpose == "metro":
                spots = [v for v in range(len(self.owner)) if self._metro_spot(seat, v)]
            else:
                spots = self._medicine_spots(seat)
            options = [ChooseVertex(v) for v in spots]
        elif task.kind == "edge":
            options = [ChooseEdge(e) for e in self._open_edges()]
        elif task.kind == "card":
            options = [ChooseCard(c) for c, q in enumerate(self.dev[task.a]) if q]
        else:  # route: free roads or boats, or stop
            routes = self._route_spots(seat)
            options = [*routes, Skip()] if routes else []
        return options

    def _choice_options(self, task: Task) -> list[LandoverAction]:
        seat, purpose = task.seat, task.purpose
        if task.kind == "player":
            if purpose == "master_merchant":
                targets = self._master_targets(seat)
            elif purpose == "spy":
                targets = [o for o in self._opponents(seat) if self.dev_hand(o)]
            else:
                targets = [o for o in self._opponents(seat) if self.military[o]]
            return [ChoosePlayer(o) for o in sorted(targets)]
        if purpose == "merchant":
            tiles = self._merchant_tiles(seat)
        elif purpose == "inventor":
            tiles = self._inventor_tiles(task.a)
        else:
            tiles = [t for t, _ in self._raid_tiles(seat)]
        return [ChooseTile(t) for t in tiles]

    def _kind_options(self, task: Task) -> list[int]:
        seat, purpose = task.seat, task.purpose
        fixed = FIXED_KIND_CHOICES.get(purpose)
        if fixed is not None:
            return list(fixed)
        if purpose == "harbor_give":
            if not sum(self.hand[task.a][R.RESOURCES :]):
                return []
            return [k for k in range(R.RESOURCES) if self.hand[seat][k]]
        if purpose == "harbor_return":
            return [k for k in range(R.RESOURCES, R.KINDS) if self.hand[seat][k]]
        holder = seat if purpose == "wedding" else task.a  # else master_take
        return [k for k in range(R.KINDS) if self.hand[holder][k]]

    def _apply_task(self, task: Task, action: LandoverAction) -> None:
        seat, purpose = task.seat, task.purpose
        match action:
            case ChooseKind(kind):
                self._apply_kind(task, kind)
            case ChoosePlayer(other):
                self._apply_player(task, other)
            case ChooseTile(tile):
                self._apply_tile(task, tile)
            case ChooseVertex(vertex) if purpose == "metro":
                self.metro_at[vertex] = task.a
            case ChooseVertex(vertex):
                self._pay(seat, R.MEDICINE_COST)
                self.building[vertex] = CITY
            case ChooseEdge(edge):
                owner = self.edge_owner[edge]
                self.edge_owner[edge] = -1
                self._update_awards()
                if owner == seat:
                    self.tasks.insert(0, Task("route", seat, "diplomat", 1))
            case ChooseCard(card):
                self.dev[task.a][card] -= 1
                self.dev[seat][card] += 1
            case BuildRoad(edge) | BuildBoat(edge):
                self._place_route(seat, edge, BOAT if isinstance(action, BuildBoat) else ROAD)
                if task.a > 1:
                    self.tasks.insert(0, Task("route", seat, purpose, task.a - 1))
            case Skip():
                pass
            case _:
                raise IllegalAction(f"landover: unexpected {action!r}")

    def _apply_player(self, task: Task, other: int) -> None:
        seat, purpose = task.seat, task.purpose
        if purpose == "master_merchant":
            self.tasks[:0] = [Task("kind", seat, "master_take", other)] * 2
        elif purpose == "spy":
            self.tasks.insert(0, Task("card", seat, "spy", other))
        else:
            self.military[other] -= 1
            if purpose == "deserter":
                cap = self.military_cap(seat)
                self.military[seat] = min(cap, self.military[seat] + 1)

    def _apply_kind(self, task: Task, kind: int) -> None:
        seat, purpose = task.seat, task.purpose
        if purpose == "aqueduct":
            self.hand[seat][kind] += 1
        elif purpose in ("resource_monopoly", "commodity_monopoly"):
            count = 2 if purpose == "resource_monopoly" else 1
            for o in self._opponents(seat):
                self._give(o, seat, kind, count)
        elif purpose == "fleet":
            self.fleet = kind
        elif purpose == "harbor_give":
            self._give(seat, task.a, kind)
            self.tasks.insert(0, Task("kind", task.a, "harbor_return", seat))
        elif purpose in ("harbor_return", "wedding"):
            self._give(seat, task.a, kind)
        else:  # master_take
            self._give(task.a, seat, kind)

    def _apply_tile(self, task: Task, tile: int) -> None:
        seat, purpose = task.seat, task.purpose
        if purpose == "merchant":
            self.merchant_seat, self.merchant_tile = seat, tile
        elif purpose == "inventor" and task.a < 0:
            self.tasks.insert(0, Task("tile", seat, "inventor", tile))
        elif purpose == "inventor":
            numbers = self.board.numbers
            numbers[tile], numbers[task.a] = numbers[task.a], numbers[tile]
        else:  # bishop
            self.catapult[seat] = tile
            victims = sorted(self._tile_seats(tile) - {seat})
            self.tasks[:0] = [Task("steal", seat, "", v) for v in victims]

    # -- longest route and port authority ------------------------------------

    def route_length(self, seat: int) -> int:
        """The longest route of roads and boats (LANDOVER-24)."""
        board = self.board
        mine = [e for e, o in enumerate(self.edge_owner) if o == seat]
        if not mine:
            return 0
        used: set[int] = set()

        def walk(v: int, piece: int) -> int:
            if piece >= 0 and self.owner[v] not in (-1, seat):
                return 0
            best = 0
            for e in board.vertex_edges[v]:
                if e in used or self.edge_owner[e] != seat:
                    continue
                p = self.edge_piece[e]
                if piece >= 0 and p != piece and self.owner[v] != seat:
                    continue
                used.add(e)
                a, b = board.edges[e]
                best = max(best, 1 + walk(b if a == v else a, p))
                used.discard(e)
            return best

        starts = {v for e in mine for v in board.edges[e]}
        return max(walk(v, -1) for v in sorted(starts))

    def _update_awards(self) -> None:
        self.route_lengths = [self.route_length(s) for s in range(self.players)]
        self.longest = _award(self.longest, self.route_lengths, R.ROUTE_MINIMUM)
        harbors = [self.harbor_count(s) for s in range(self.players)]
        self.port = _award(self.port, harbors, R.PORT_MINIMUM)


def _award(holder: int, values: list[int], minimum: int) -> int:
    """Who holds a "most X, at least N" award: the holder keeps it while tied for the top."""
    best = max(values)
    if holder >= 0 and values[holder] == best and best >= minimum:
        return holder
    leaders = [s for s, v in enumerate(values) if v == best]
    if best >= minimum and len(leaders) == 1:
        return leaders[0]
    return -1
