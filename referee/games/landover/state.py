"""One position of Landover and its turn sequence (docs/rules/landover.md).

A turn is: an optional Alchemist decision, chance's roll of the event die
and the two production dice, the resolution of that roll, then the
player's actions in any order until EndTurn. Everything that happens
between (random discards, steals, dev card draws, gold, razed cities, and
the follow-up choices of dev cards) waits in a queue of tasks (tasks.py):
the head task says who acts next, chance or a seat.

This module is the turn machine and the seat queries; the rules it applies
live by concept: building.py (pieces and placement), roll.py (the roll,
production and chance's steps), cards.py (dev cards and the choices they
ask for), culture.py (culture and metros) and awards.py (longest route and
Port Authority). It is longer than most modules because the engine
contract, the seat queries that observation.py and render.py read, and the
phases of a turn are all methods of the one state object.
"""

from __future__ import annotations

import enum
from fractions import Fraction

from referee.engine import CHANCE, SeatOutcome, State, outcomes_from_scores
from referee.errors import IllegalAction
from referee.games.landover import awards, building, cards, culture, roll, trade
from referee.games.landover import rules as R
from referee.games.landover.actions import (
    BankTrade,
    BuildBoat,
    BuildCity,
    BuildRoad,
    BuildVillage,
    BuildWall,
    BuyMilitary,
    CancelTrade,
    ChooseDice,
    DealNumber,
    DealTerrain,
    DeclineTrade,
    DiceRoll,
    DrawCard,
    EndTurn,
    EventRoll,
    ImproveCulture,
    LandoverAction,
    PlayCard,
    ProposeTrade,
    Raid,
    RollDice,
    Skip,
)
from referee.games.landover.board import GENERIC_HARBOR, GOLD, TERRAIN_RESOURCE, Board
from referee.games.landover.building import BOAT, CITY, ROAD, VILLAGE
from referee.games.landover.rules import Rules
from referee.games.landover.tasks import AUTO_TASKS, CHANCE_TASKS, Task
from sdk.pb.landgrave.games.landover.v1 import landover_pb2

# Re-exports building.py's CITY and VILLAGE, which tests import from here.
__all__ = ["CITY", "VILLAGE", "LandoverState", "Phase"]


PRIVATE_CHOICES = frozenset({"master_take", "wedding", "harbor_give", "harbor_return"})
"""Choices of a card to hand over that only the giver and the taker see (LANDOVER-33, -35)."""
CLONED_LISTS = (
    "owner",
    "building",
    "wall",
    "metro_at",
    "edge_owner",
    "edge_piece",
    "military",
    "vp_cards",
    "defender",
    "explored",
    "catapult",
    "deck",
    "metro_owner",
    "metro_locked",
    "route_lengths",
    "tasks",
)
"""Flat lists of a state that ``clone`` copies (their items are numbers or frozen values)."""
CLONED_NESTED = ("hand", "dev", "culture")
"""Lists of per-seat lists that ``clone`` copies two deep."""


class Phase(enum.IntEnum):
    SETUP = 1
    PRE_ROLL = 2
    """The player holds an Alchemist: roll or set the dice."""
    ROLL = 3
    """Chance rolls."""
    MAIN = 4
    OVER = 5


class LandoverState(State[LandoverAction]):
    """A Landover game."""

    not_in_canonical = frozenset({"rules", "players", "route_lengths"})
    """Rules and players are named in ``identity``; route lengths follow from the roads."""

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
        self.tasks: list[Task] = roll.start_deal(board)
        """What waits (tasks.py); a new game starts with chance dealing the map's hexes."""
        self.raided = False
        self.free_raids = 0
        self.crane = False
        self.fleet = -1
        self.alchemist = (0, 0)
        self.last_roll = (-1, 0, 0)
        self.offer: trade.Offer | None = None
        """This turn's latest offer between players (LANDOVER-06), open or closed."""
        self.offers_made = 0
        self.deal_left = (list(board.deal_pool.terrain), list(board.deal_pool.numbers))
        """What is left to deal to the map's dealt hexes: count per terrain, per number."""
        self.mystery_left = (list(board.mystery_pool.terrain), list(board.mystery_pool.numbers))
        """Likewise for its mystery hexes, dealt as roads and boats reach them."""
        self.winner = -1

    # -- the contract --------------------------------------------------------

    @property
    def num_players(self) -> int:
        return self.players

    def to_act(self) -> tuple[int, ...]:
        if self.phase is Phase.OVER:
            return ()
        if self.offer is not None and self.offer.is_open:
            return self.offer.to_act()
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
            return roll.roll_outcomes(self.alchemist)
        return roll.task_outcomes(self, self.tasks[0])

    def legal_actions(self, seat: int) -> list[LandoverAction]:
        if seat == CHANCE or seat not in self.to_act():
            return []
        if self.offer is not None and self.offer.is_open:
            return trade.options(self.offer, seat, self.hand[seat], self.rules.trade_cards)
        if self.tasks:
            return cards.task_options(self, self.tasks[0])
        if self.phase is Phase.SETUP:
            return building.setup_options(self)
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
            if self.offer is not None and self.offer.is_open:
                self._apply_trade(seat, action)
            elif self.tasks:
                cards.apply_choice(self, self.tasks.pop(0), action)
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
            self.board.terrain,
            self.board.numbers,
            self.deal_left,
            self.mystery_left,
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
            self.offer,
            self.offers_made,
            self.winner,
        )
        return self.identity + repr(fields).encode()

    def render(self) -> str:
        from referee.games.landover.render import render_text

        return render_text(self)

    def render_svg(self) -> str:
        from referee.games.landover.svg import render_svg

        return render_svg(self)

    def describe(self, seat: int, action: LandoverAction) -> str:
        from referee.games.landover.describe import describe

        return describe(self, seat, action)

    def hides(self, viewer: int, seat: int, action: LandoverAction) -> bool:
        """Whether ``viewer`` may not see this step (docs/rules/landover.md, "What a seat sees").

        A dev card dealt face down (VP cards are played on the spot, so public), a
        card stolen at random, a dev card taken by Spy, and the cards of choice that
        Master Merchant, Wedding and the Commercial Harbor move between two seats.
        """
        if not self.tasks or (self.offer is not None and self.offer.is_open):
            return False
        head = self.tasks[0]
        if head.kind == "draw":
            return (
                isinstance(action, DrawCard)
                and action.card not in R.VP_CARDS
                and viewer != head.seat
            )
        if head.kind in ("steal", "card") or head.purpose in PRIVATE_CHOICES:
            return viewer not in (head.seat, head.a)
        return False

    def clone(self) -> LandoverState:
        """A copy sharing what never changes: the rules, the identity, the board's geometry."""
        other = object.__new__(LandoverState)
        other.__dict__.update(self.__dict__)
        other.board = self.board.with_own_tiles()
        for name in CLONED_LISTS:
            setattr(other, name, list(getattr(self, name)))
        for name in CLONED_NESTED:
            setattr(other, name, [list(row) for row in getattr(self, name)])
        other.islands = [set(i) for i in self.islands]
        other.cleared = set(self.cleared)
        other.deal_left = (list(self.deal_left[0]), list(self.deal_left[1]))
        other.mystery_left = (list(self.mystery_left[0]), list(self.mystery_left[1]))
        return other

    def default_action(self, seat: int) -> LandoverAction:
        legal = self.legal_actions(seat)
        for neutral in (EndTurn(), RollDice(), Skip(), DeclineTrade(), CancelTrade()):
            if neutral in legal:
                return neutral
        return legal[0]

    # -- seat queries and moves of cards ---------------------------------------

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

    # -- setup ---------------------------------------------------------------

    def setup_seat(self) -> int:
        n = self.players
        step = self.setup_step
        return step if step < n else 2 * n - 1 - step

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
        building.place_route(
            self, seat, action.edge, BOAT if isinstance(action, BuildBoat) else ROAD
        )
        self.setup_vertex = -1
        self.setup_step += 1
        if self.setup_step == 2 * self.players:
            self.current = 0
            self._start_turn()
        self._update_awards()

    def _update_awards(self) -> None:
        """Recompute longest route and Port Authority (tests call it after moving pieces)."""
        awards.update_awards(self)

    # -- the turn ------------------------------------------------------------

    def _start_turn(self) -> None:
        self.offer = None
        self.offers_made = 0
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

    def _apply_chance(self, action: LandoverAction) -> None:
        if self.tasks:
            roll.apply_outcome(self, self.tasks.pop(0), action)
            return
        if isinstance(action, EventRoll):
            red, white = self.alchemist
        else:
            assert isinstance(action, DiceRoll)
            red, white = action.red, action.white
        self.last_roll = (action.event, red, white)
        self.alchemist = (0, 0)
        self.phase = Phase.MAIN
        self.tasks = roll.roll_tasks(self, action.event, red, white)

    def _main_options(self) -> list[LandoverAction]:
        seat = self.current
        hand = self.hand[seat]
        options: list[LandoverAction] = [EndTurn(), *building.build_options(self, seat)]
        if self.can_pay(seat, R.MILITARY_COST) and self.military[seat] < self.military_cap(seat):
            options.append(BuyMilitary())
        for track in range(3):
            if culture.can_improve(self, seat, track):
                options.append(ImproveCulture(track))
        for give in range(R.KINDS):
            if hand[give] >= self.trade_ratio(seat, give):
                options += [BankTrade(give, get) for get in range(R.KINDS) if get != give]
        if self.free_raids or (not self.raided and self.military[seat] >= 1):
            for tile, victims in building.raid_tiles(self, seat):
                options += [Raid(tile, victim) for victim in victims]
        for card, count in enumerate(self.dev[seat]):
            if count and cards.can_play(self, seat, card):
                options.append(PlayCard(card))
        if self.offers_made < self.rules.trade_offers and self.rules.trade_cards and sum(hand):
            options.append(ProposeTrade())
        return options

    def _apply_trade(self, seat: int, action: LandoverAction) -> None:
        """A step of the open offer between players (LANDOVER-06)."""
        assert self.offer is not None
        self.offer = trade.step(self.offer, seat, action, self.hand)

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
                building.apply_build(self, seat, action)
            case BuyMilitary():
                self.pay(seat, R.MILITARY_COST)
                self.military[seat] += 1
            case ImproveCulture(track):
                culture.improve(self, seat, track)
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
                cards.play(self, seat, card)
            case ProposeTrade():
                self.offers_made += 1
                self.offer = trade.Offer(seat)
            case _:
                raise IllegalAction(f"landover: unexpected {action!r}")

    def _advance(self) -> None:
        """Run the engine's own tasks and drop moot ones until someone must act."""
        while self.tasks:
            head = self.tasks[0]
            if head.kind in AUTO_TASKS:
                self.tasks.pop(0)
                self.tasks = roll.run_auto_task(self, head) + self.tasks
                continue
            if head.kind in CHANCE_TASKS:
                if roll.is_moot(self, head):
                    self.tasks.pop(0)
                    continue
                break
            if not cards.task_options(self, head):
                self.tasks.pop(0)
                continue
            break
        if (
            not self.tasks
            and not (self.offer is not None and self.offer.is_open)
            and self.phase in (Phase.MAIN, Phase.PRE_ROLL, Phase.ROLL)
            and self.victory_points(self.current) >= self.rules.victory_points
        ):
            self.winner = self.current
            self.phase = Phase.OVER
