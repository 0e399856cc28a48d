"""The event and adventure decks and their discard piles: one owner (FARL-30, FARL-31).

A deck is a multiset of card numbers that chance draws from (so it has no
order to hide); a drawn card goes to its discard pile when used up, and an
empty deck takes its discards back. Events are numbered below 20,
adventures from 20 (cards.py), so a card knows its pile.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from fractions import Fraction

FIRST_ADVENTURE = 20
"""Cards numbered from here are adventures (cards.py)."""


class Deck(enum.IntEnum):
    EVENTS = 0
    ADVENTURES = 1


@dataclass
class Decks:
    """The two draw piles and the two discard piles, face up."""

    events: list[int]
    event_discard: list[int]
    adventures: list[int]
    adventure_discard: list[int]

    @classmethod
    def fresh(cls, events: tuple[int, ...], adventures: tuple[int, ...]) -> Decks:
        return cls(sorted(events), [], sorted(adventures), [])

    def pile(self, deck: Deck) -> list[int]:
        return self.events if deck is Deck.EVENTS else self.adventures

    def outcomes(self, deck: Deck) -> list[tuple[int, Fraction]]:
        """Each distinct card of a deck with its share of the deck."""
        pile = self.pile(deck)
        return [(card, Fraction(pile.count(card), len(pile))) for card in sorted(set(pile))]

    def ready(self, deck: Deck) -> bool:
        """Whether a card can be drawn; an empty deck takes its discards back first."""
        if deck is Deck.EVENTS and not self.events:
            self.events, self.event_discard = sorted(self.event_discard), []
        elif deck is Deck.ADVENTURES and not self.adventures:
            self.adventures, self.adventure_discard = sorted(self.adventure_discard), []
        return bool(self.pile(deck))

    def take(self, deck: Deck, card: int) -> None:
        """The card chance drew leaves its deck."""
        self.pile(deck).remove(card)

    def discard(self, card: int) -> None:
        """A card is used up: onto its discard pile."""
        pile = self.adventure_discard if card >= FIRST_ADVENTURE else self.event_discard
        pile.append(int(card))

    def recover(self, card: int) -> None:
        """A card taken back from the adventure discards (the fortune teller's pick, FARL-31)."""
        self.adventure_discard.remove(card)

    def copy(self) -> Decks:
        return Decks(
            list(self.events),
            list(self.event_discard),
            list(self.adventures),
            list(self.adventure_discard),
        )

    def key(self) -> tuple[object, ...]:
        return (self.events, self.event_discard, self.adventures, self.adventure_discard)
