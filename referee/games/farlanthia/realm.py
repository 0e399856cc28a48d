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
    refugees: bool = False
    harvest: int = 0
    no_negotiations: bool = False
    proposed: tuple[int, ...] = ()
    forced_labor: bool = False

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
