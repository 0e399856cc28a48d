"""The Landover state: the engine contract and the turn machine (docs/rules/landover.md).

A turn is: an optional Alchemist decision, chance's roll of the event die
and the two production dice, the resolution of that roll, then the
player's actions in any order until EndTurn. Everything that happens
between (random discards, steals, dev card draws, gold, razed cities, hex
deals, and the follow-up choices of dev cards) waits in a queue of tasks
(tasks.py): the head task says who acts next, chance or a seat. An offer
between players (trade.py) takes the floor while it is open.

The data's owners and the seat queries are the ``Position`` this class
extends (position.py, records.py); the rules it applies live by concept:
building.py (pieces and placement), roll.py (the roll, production and
chance's steps), cards.py (dev cards and the choices they ask for),
culture.py (culture and metros), awards.py (longest route and Port
Authority) and trade.py (offers between players). Those modules know only
the Position, never this one: they change the data through its owners and
return the tasks they set off, which this class queues (ahead of the
others for what must come next). The imports run one way: into here.
"""

from __future__ import annotations

import operator
from collections.abc import Sequence
from fractions import Fraction
from itertools import repeat

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
from referee.games.landover.describe import describe
from referee.games.landover.observation import observe
from referee.games.landover.position import Phase, Position
from referee.games.landover.records import BOAT, CITY, ROAD, VILLAGE, Perks
from referee.games.landover.render import render_text
from referee.games.landover.svg import render_svg
from referee.games.landover.tasks import AUTO_TASKS, CHANCE_TASKS, Task
from referee.games.reprs import kept_reprs
from sdk.pb.landgrave.games.landover.v1 import landover_pb2

# Re-exports records.py's CITY and VILLAGE, which tests import from here.
__all__ = ["CITY", "VILLAGE", "LandoverState", "Phase"]


PRIVATE_CHOICES = frozenset({"master_take", "wedding", "harbor_give", "harbor_return"})
"""Choices of a card to hand over that only the giver and the taker see (LANDOVER-33, -35)."""

# The main phase's fixed actions, made once: its options are listed at most steps,
# and a frozen dataclass costs a call to make. An action is a value, so sharing is safe.
_BANK_TRADES = tuple(
    tuple(BankTrade(give, get) for get in range(R.KINDS) if get != give) for give in range(R.KINDS)
)
"""Per kind given, the bank trades for every other kind, in order."""
_IMPROVE = tuple(ImproveCulture(track) for track in range(3))
_PLAY = tuple(PlayCard(card) for card in range(R.NUM_CARDS))
_PRE_ROLL: tuple[LandoverAction, ...] = (
    RollDice(),
    *(ChooseDice(r, w) for r in range(1, 7) for w in range(1, 7)),
)


class LandoverState(Position, State[LandoverAction]):
    """A Landover game: the engine contract and the turn machine over a Position."""

    not_in_canonical = frozenset(
        {
            "rules",
            "players",
            "awards.route_lengths",
            "pieces.held",
            "pieces.laid",
            "pieces.counts",
            "_steps",
            "_listed",
            "_chance_listed",
            "_list_reprs",
            "_board_seen",
        }
    )
    """Rules and players are named in ``identity``; route lengths follow from the roads, and
    the seats' tallies of pieces from the board's lists; the step count and the lists it
    stamps only spare ``apply`` from listing again; the texts ``canonical()`` keeps of the
    board's lists (referee/games/reprs.py), and the board the last observation showed."""
    records = frozenset({"seats", "pieces", "bank", "awards", "perks"})
    """The owners of the data (records.py), checked field by field for the digest."""

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

    def chance_outcomes(self) -> Sequence[tuple[LandoverAction, Fraction]]:
        if self.to_act() != (CHANCE,):
            raise IllegalAction("landover: chance does not act now")
        if not self.tasks:
            self._chance_listed = (self._steps, roll.roll_actions(self.alchemist))
            return roll.roll_outcomes(self.alchemist)
        outcomes = roll.task_outcomes(self, self.tasks[0])
        self._chance_listed = (self._steps, tuple(o for o, _ in outcomes))
        return outcomes

    def legal_actions(self, seat: int) -> list[LandoverAction]:
        legal = self._legal_actions(seat)
        if self._listed[0] != self._steps:
            self._listed = (self._steps, {})
        self._listed[1][seat] = tuple(legal)
        return legal

    def _was_listed(self, seat: int, action: LandoverAction) -> bool:
        """Whether ``action`` itself (not an equal one) is in the list given ``seat`` this step.

        ``apply`` then need not check it, nor who acts: a list given this step is
        empty for a seat that does not act. Any other action, and any action after
        a step, is checked against a new list; a hand-made change between listing
        and applying is the caller's to avoid (as with any legal list it holds).
        """
        if seat == CHANCE:
            steps, listed = self._chance_listed
        else:
            steps, lists = self._listed
            listed = lists.get(seat, ())
        # map over operator.is_: the scan in C, twice as fast as a generator.
        return steps == self._steps and any(map(operator.is_, listed, repeat(action)))

    def _legal_actions(self, seat: int) -> list[LandoverAction]:
        if seat == CHANCE or seat not in self.to_act():
            return []
        if self.offer is not None and self.offer.is_open:
            hand = self.seats[seat].hand
            return trade.options(self.offer, seat, hand, self.rules.trade_cards)
        if self.tasks:
            return cards.task_options(self, self.tasks[0])
        if self.phase is Phase.SETUP:
            return building.setup_options(self)
        if self.phase is Phase.PRE_ROLL:
            return list(_PRE_ROLL)
        return self._main_options()

    def apply(self, seat: int, action: LandoverAction) -> None:
        if not self._was_listed(seat, action):
            self._check_legal(seat, action)
        self._steps += 1
        if seat == CHANCE:
            self._apply_chance(action)
        elif self.offer is not None and self.offer.is_open:
            self._apply_trade(seat, action)
        elif self.tasks:
            self.tasks[:1] = cards.apply_choice(self, self.tasks[0], action)
        elif self.phase is Phase.SETUP:
            self._apply_setup(seat, action)
        elif self.phase is Phase.PRE_ROLL:
            self._apply_pre_roll(action)
        else:
            self._apply_main(seat, action)
        self._advance()

    def _check_legal(self, seat: int, action: LandoverAction) -> None:
        """Raise IllegalAction unless ``seat`` acts now and ``action`` is legal for it."""
        if seat == CHANCE:
            if self.to_act() != (CHANCE,):
                raise IllegalAction("landover: chance does not act now")
            if action not in [o for o, _ in self.chance_outcomes()]:
                raise IllegalAction(f"landover: {action!r} is not a chance outcome now")
            return
        self.check_can_act(seat)
        if action not in self._legal_actions(seat):
            raise IllegalAction(f"landover: {action!r} is not legal for seat {seat} now")

    def observation(self, seat: int) -> landover_pb2.Observation:
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
        pieces, bank, awards, perks, seats = (
            self.pieces,
            self.bank,
            self.awards,
            self.perks,
            self.seats,
        )
        board, kept = self.board, kept_reprs(self)
        # The fields in the order of the first digest, so old records still verify.
        fields = (
            kept.of(0, pieces.owner),
            kept.of(1, pieces.building),
            kept.of(2, pieces.wall),
            kept.of(3, pieces.metro_at),
            kept.of(4, pieces.edge_owner),
            kept.of(5, pieces.edge_piece),
            kept.of(6, board.terrain),
            kept.of(7, board.numbers),
            bank.deal_left,
            bank.mystery_left,
            [p.hand for p in seats],
            [p.dev for p in seats],
            [p.culture for p in seats],
            [p.military for p in seats],
            [p.vp_cards for p in seats],
            [p.defender for p in seats],
            [sorted(p.islands) for p in seats],
            [p.explored for p in seats],
            [p.catapult for p in seats],
            sorted(pieces.cleared),
            bank.deck,
            awards.metro_owner,
            awards.metro_locked,
            awards.merchant_seat,
            awards.merchant_tile,
            awards.longest,
            awards.port,
            pieces.barbarian,
            int(self.phase),
            self.setup_step,
            self.setup_vertex,
            self.current,
            self.turn,
            self.tasks,
            perks.raided,
            perks.free_raids,
            perks.crane,
            perks.fleet,
            self.alchemist,
            self.last_roll,
            self.offer,
            self.offers_made,
            self.winner,
            kept.of(8, board.harbor),
            bank.harbors_left,
        )
        return self.identity + repr(fields).encode()

    def render(self) -> str:
        return render_text(self)

    def render_svg(self) -> str:
        return render_svg(self)

    def describe(self, seat: int, action: LandoverAction) -> str:
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
        other.seats = [player.copy() for player in self.seats]
        other.pieces = self.pieces.copy()
        other.bank = self.bank.copy()
        other.awards = self.awards.copy()
        other.perks = self.perks.copy()
        other.tasks = list(self.tasks)
        other._listed = (-1, {})  # a clone lists for itself
        return other

    def default_action(self, seat: int) -> LandoverAction:
        legal = self.legal_actions(seat)
        for neutral in (EndTurn(), RollDice(), Skip(), DeclineTrade(), CancelTrade()):
            if neutral in legal:
                return neutral
        return legal[0]

    # -- setup ---------------------------------------------------------------

    def _apply_setup(self, seat: int, action: LandoverAction) -> None:
        player = self.seats[seat]
        if isinstance(action, (BuildVillage, BuildCity)):
            v = action.vertex
            self.pieces.build(v, seat, CITY if isinstance(action, BuildCity) else VILLAGE)
            player.settle(self.board.vertex_islands(v), explore=False)
            self.setup_vertex = v
            if isinstance(action, BuildCity):
                self.tasks += building.city_start(self, seat, v)
            self._update_awards()
            return
        assert isinstance(action, (BuildRoad, BuildBoat))
        piece = BOAT if isinstance(action, BuildBoat) else ROAD
        self.tasks[:0] = building.place_route(self, seat, action.edge, piece)
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
        self.perks = Perks()
        self.alchemist = (0, 0)
        alchemist = self.seats[self.current].dev[R.ALCHEMIST]
        self.phase = Phase.PRE_ROLL if alchemist else Phase.ROLL

    def _apply_pre_roll(self, action: LandoverAction) -> None:
        if isinstance(action, ChooseDice):
            self.seats[self.current].spend_dev(R.ALCHEMIST)
            self.alchemist = (action.red, action.white)
        self.phase = Phase.ROLL

    def _apply_chance(self, action: LandoverAction) -> None:
        if self.tasks:
            self.tasks[:1] = roll.apply_outcome(self, self.tasks[0], action)
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
        player = self.seats[seat]
        hand = player.hand
        options: list[LandoverAction] = [EndTurn(), *building.build_options(self, seat)]
        if player.can_pay(R.MILITARY_COST) and player.military < self.military_cap(seat):
            options.append(BuyMilitary())
        options += [_IMPROVE[track] for track in culture.improvable(self, seat)]
        for give, ratio in enumerate(self.trade_ratios(seat)):
            if hand[give] >= ratio:
                options += _BANK_TRADES[give]
        perks = self.perks
        if perks.free_raids or (not perks.raided and player.military >= 1):
            for tile, victims in building.raid_tiles(self, seat):
                options += [Raid(tile, victim) for victim in victims]
        for card, count in enumerate(player.dev):
            if count and cards.can_play(self, seat, card):
                options.append(_PLAY[card])
        if self.offers_made < self.rules.trade_offers and self.rules.trade_cards and sum(hand):
            options.append(ProposeTrade())
        return options

    def _apply_trade(self, seat: int, action: LandoverAction) -> None:
        """A step of the open offer between players (LANDOVER-06)."""
        assert self.offer is not None
        self.offer = trade.step(self.offer, seat, action, self.seats)

    def _apply_main(self, seat: int, action: LandoverAction) -> None:
        player = self.seats[seat]
        match action:
            case EndTurn():
                self.turn += 1
                if self.rules.turn_limit and self.turn >= self.rules.turn_limit:
                    self.phase = Phase.OVER
                    return
                self.current = (self.current + 1) % self.players
                self._start_turn()
            case BuildRoad() | BuildBoat() | BuildVillage() | BuildCity() | BuildWall():
                self.tasks[:0] = building.apply_build(self, seat, action)
            case BuyMilitary():
                player.pay(R.MILITARY_COST)
                player.add_military(1, self.military_cap(seat))
            case ImproveCulture(track):
                self.tasks += culture.improve(self, seat, track)
            case BankTrade(give, get):
                player.lose(give, self.trade_ratio(seat, give))
                player.gain(get)
            case Raid(tile, victim):
                if self.perks.raid():
                    player.lose_military()
                player.place_catapult(tile)
                self.tasks.append(Task("steal", seat, "", victim))
            case PlayCard(card):
                player.spend_dev(card)
                self.tasks += cards.play(self, seat, card)
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
