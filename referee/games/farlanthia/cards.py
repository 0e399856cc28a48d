"""The event and adventure decks, built from the rule text's examples (FARL-30, FARL-31).

The text lists example cards and leaves its D66 tables blank; these decks
and every card's exact effect are our design, documented card by card in
docs/rules/farlanthia.md. Cards are numbered; a deck is the multiset of its
numbers and chance draws from it (hidden order).
"""

from __future__ import annotations

import enum


class Card(enum.IntEnum):
    """Every card; events below 20, adventures from 20, realm artifacts from 40 + seat."""

    FOREST_THIEVES = 1
    MOUNTAIN_BANDITS = 2
    LOOTERS = 3
    CARAVAN_RAIDERS = 4
    BOUNTIFUL_HARVEST = 5
    AVALANCHE = 6
    FAERIE_RING = 7
    REFUGEES = 8
    TEMPEST = 9
    ABANDONED_KEEP = 10
    HAMLET = 11
    STRANGE_BLUEPRINTS = 20
    HUNTING_TRIP = 21
    PEACE_BETWEEN_VILLAGES = 22
    TRADE_CONTRACT = 23
    HOLD_COURT = 24
    HOLD_BALL = 25
    HOLD_TOURNAMENT = 26
    SHOW_MERCY = 27
    REPAY_DEBT = 28
    FORTUNE_TELLER = 29
    VASSAL_DEBT = 30
    OLD_RUINS = 31
    EMPTY_RUINS = 32
    ASSASSINS = 33
    SCOUT_SKIRMISH = 34
    DECISIVE_VICTORY = 35


ARTIFACT_BASE = 40
"""Card 40 + s is the Realm Ancestry Artifact of seat s."""

EVENT_DECK = tuple(sorted(int(card) for card in Card if card < 20 for _ in range(2)))
"""Two copies of each event."""
BANDITS = {
    Card.FOREST_THIEVES: 0,
    Card.MOUNTAIN_BANDITS: 1,
    Card.LOOTERS: 2,
}
"""Bandit events lie on the realm until resolved; the resource they cost (wood, stone, food)."""
HONOR_CARDS = {
    Card.TRADE_CONTRACT: 1,
    Card.HOLD_COURT: 2,
    Card.HOLD_BALL: 3,
    Card.HOLD_TOURNAMENT: 3,
    Card.SHOW_MERCY: 5,
    Card.REPAY_DEBT: 2,
}
HELD = frozenset({Card.STRANGE_BLUEPRINTS, Card.SCOUT_SKIRMISH})
"""Adventures kept in hand until used (and artifacts of other realms)."""
ROLLED = frozenset(
    {Card.HUNTING_TRIP, Card.OLD_RUINS, Card.EMPTY_RUINS, Card.ASSASSINS, Card.FAERIE_RING}
)
"""Cards that throw a die on their table."""
DRAGON_HUNT = 99
"""The die-roll frame of a hunting trip's second throw (a 6 came up)."""
DOUBLED_ADVENTURES = (Card.HUNTING_TRIP, Card.OLD_RUINS)


def adventure_deck(players: int) -> tuple[int, ...]:
    """The adventure deck: one of each adventure, two hunts and ruins, each seat's artifact."""
    cards = [int(card) for card in Card if card >= 20]
    cards.extend(int(card) for card in DOUBLED_ADVENTURES)
    cards.extend(ARTIFACT_BASE + seat for seat in range(players))
    return tuple(sorted(cards))


def card_name(card: int) -> str:
    """A readable card name."""
    if card >= ARTIFACT_BASE:
        return f"artifact of realm {card - ARTIFACT_BASE}"
    return Card(card).name.lower().replace("_", " ")
