"""What each seat keeps: its realm and hero, and this season's flags.

A realm changes only itself: goods never below zero, ten valor or honor
make a renown (FARL-19).
"""

from __future__ import annotations

from dataclasses import dataclass

POINTS_FOR_RENOWN = 10
"""Valor or honor that make one renown (FARL-19)."""


@dataclass
class Realm:
    """One seat's realm and hero."""

    resources: list[int]
    capitol: int
    alive: bool = True
    renown: int = 0
    valor: int = 0
    honor: int = 0
    dice: tuple[int, ...] = ()
    hand: tuple[int, ...] = ()
    events: tuple[int, ...] = ()
    bonus_left: int = 0
    eliminated_order: int = -1

    def gain(self, resource: int, n: int = 1) -> None:
        """Gain (or, with n < 0, lose) goods; a realm never has fewer than none."""
        self.resources[resource] = max(0, self.resources[resource] + n)

    def score(self) -> int:
        """Renown first, then valor + honor (FARL-20): renown x 100 + valor + honor."""
        return self.renown * 100 + self.valor + self.honor

    def die_value(self, die: int, *, renown_bonus: bool) -> int:
        """A leadership die as it counts when spent, renown pips added up to 6 (FARL-08)."""
        if not renown_bonus:
            return die
        return min(6, die + max(0, self.bonus_left))

    def spend_die(self, die: int, *, boosted: int | None = None) -> int:
        """A leadership die is spent; with ``boosted`` its renown pips are used up too.

        Returns:
            The value the die counts for.
        """
        dice = list(self.dice)
        dice.remove(die)
        self.dice = tuple(dice)
        if boosted is None:
            return die
        self.bonus_left -= boosted - die
        return boosted

    def roll(self, dice: tuple[int, ...]) -> None:
        """Chance rolled this season's leadership dice (FARL-07)."""
        self.dice = dice

    def start_season(self) -> None:
        """No dice yet; renown pips to add to spent dice again (FARL-08)."""
        self.dice = ()
        self.bonus_left = max(0, self.renown)

    def fall(self, place: int) -> None:
        """The capitol was razed: the realm leaves the game (FARL-21)."""
        self.alive = False
        self.eliminated_order = place
        self.dice = ()

    def lose_renown(self, n: int) -> None:
        """Renown may go below zero (a broken truce, FARL-25)."""
        self.renown -= n

    def add_renown(self, n: int) -> None:
        self.renown += n

    def lose_dice(self) -> None:
        """Every leadership die of this season is lost (a faerie ring, FARL-32)."""
        self.dice = ()

    def lay_event(self, card: int) -> None:
        """A bandit event lies on the realm until resolved (FARL-32)."""
        self.events = tuple(sorted((*self.events, card)))

    def hold(self, card: int) -> None:
        """An adventure card goes to the hand, face down (FARL-31)."""
        self.hand = tuple(sorted((*self.hand, card)))

    def resolve_event(self, card: int) -> None:
        """A bandit event lying on the realm is resolved and leaves it (FARL-32)."""
        events = list(self.events)
        events.remove(card)
        self.events = tuple(events)

    def use_held(self, card: int) -> None:
        """A held card is used up and leaves the hand (the caller discards it)."""
        hand = list(self.hand)
        hand.remove(card)
        self.hand = tuple(hand)

    def add_valor(self, n: int) -> None:
        self.valor = max(0, self.valor + n)
        while self.valor >= POINTS_FOR_RENOWN:  # FARL-19
            self.valor -= POINTS_FOR_RENOWN
            self.renown += 1

    def add_honor(self, n: int) -> None:
        self.honor = max(0, self.honor + n)
        while self.honor >= POINTS_FOR_RENOWN:
            self.honor -= POINTS_FOR_RENOWN
            self.renown += 1

    def key(self) -> tuple[object, ...]:
        return (
            tuple(self.resources),
            self.capitol,
            self.alive,
            self.renown,
            self.valor,
            self.honor,
            self.dice,
            self.hand,
            self.events,
            self.bonus_left,
            self.eliminated_order,
        )


@dataclass
class Season:
    """Per-season flags of one realm, cleared when a season starts."""

    caravan_blocked: bool = False
    """Caravan Raiders: no 2-for-1 trades this season; requisitions stay open (FARL-32)."""
    refugees: bool = False
    harvest: int = 0
    no_negotiations: bool = False
    proposed: tuple[int, ...] = ()
    forced_labor: bool = False

    def block_caravan(self) -> None:
        self.caravan_blocked = True

    def welcome_refugees(self) -> None:
        self.refugees = True

    def settle_refugees(self) -> None:
        """The refugees settled in a new settlement (FARL-32)."""
        self.refugees = False

    def add_harvest(self) -> None:
        self.harvest += 1

    def reap(self) -> int:
        """This season's extra harvest, gathered now."""
        harvest, self.harvest = self.harvest, 0
        return harvest

    def repent(self) -> None:
        """No negotiations this season (bandits repented, FARL-32)."""
        self.no_negotiations = True

    def propose_to(self, target: int, *, forced_labor: bool) -> None:
        self.proposed = (*self.proposed, target)
        if forced_labor:
            self.forced_labor = True

    def clear(self) -> None:
        """A new season: every flag down."""
        self.caravan_blocked = self.refugees = self.no_negotiations = self.forced_labor = False
        self.harvest = 0
        self.proposed = ()

    def key(self) -> tuple[object, ...]:
        return (
            self.caravan_blocked,
            self.refugees,
            self.harvest,
            self.no_negotiations,
            self.proposed,
            self.forced_labor,
        )


@dataclass(frozen=True)
class Lord:
    """A seat with its realm and this season's flags: what card and building rules change."""

    seat: int
    realm: Realm
    season: Season
