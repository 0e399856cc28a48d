"""The event and adventure decks and what a card does when drawn (FARL-30..32).

The text lists example cards and leaves its D66 tables blank; these decks
and every card's exact effect are our design, documented card by card in
docs/rules/farlanthia.md. Cards are numbered; a deck is the multiset of its
numbers and chance draws from it (decks.py). A card changes only the
drawer's realm and season flags; what else it needs (a question for the
drawer, the discard pile) it returns, and frames.py does it.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from fractions import Fraction

from referee.games.farlanthia.actions import DrawCard, FarlanthiaAction
from referee.games.farlanthia.decks import Deck, Decks
from referee.games.farlanthia.pending import Ask, Frame
from referee.games.farlanthia.realm import Lord, Realm
from referee.games.farlanthia.structures import Res


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


def goes_to_hand(card: int, seat: int) -> bool:
    """Whether an adventure drawn by ``seat`` is held face down rather than played (FARL-31)."""
    if card >= ARTIFACT_BASE:
        return card - ARTIFACT_BASE != seat
    return card in HELD


def card_name(card: int) -> str:
    """A readable card name."""
    if card >= ARTIFACT_BASE:
        return f"artifact of realm {card - ARTIFACT_BASE}"
    return Card(card).name.lower().replace("_", " ")


DECK_OF = {Ask.DRAW_EVENT: Deck.EVENTS, Ask.DRAW_ADVENTURE: Deck.ADVENTURES}
"""The deck a draw frame draws from."""


def draw_outcomes(decks: Decks, ask: Ask) -> list[tuple[FarlanthiaAction, Fraction]]:
    """Each distinct card of the deck a draw frame names, by its share of the deck."""
    return [(DrawCard(card), share) for card, share in decks.outcomes(DECK_OF[ask])]


def discard_held(realm: Realm, decks: Decks, card: int) -> None:
    """A held card is used up: from the realm's hand to the adventure discards."""
    realm.use_held(card)
    decks.discard(card)


@dataclass(frozen=True)
class Played:
    """What a drawn card leaves to do: a question to ask, and whether it goes to the discards."""

    ask: Frame | None = None
    discard: bool = True


def event(lord: Lord, card: int) -> Played:
    """An event card's effect on drawing (FARL-32)."""
    kind = Card(card)
    if kind in BANDITS:
        lord.realm.lay_event(card)
        return Played(discard=False)
    if kind is Card.BOUNTIFUL_HARVEST:
        lord.season.add_harvest()
    elif kind is Card.REFUGEES:
        lord.season.welcome_refugees()
    elif kind is Card.TEMPEST:
        return Played(Frame(Ask.LOSE, lord.seat, card, 2))
    elif kind is Card.FAERIE_RING:
        return Played(Frame(Ask.CARD_ROLL, lord.seat, card))
    else:
        return Played(Frame(Ask.EVENT_CHOICE, lord.seat, card))
    return Played()


def adventure(lord: Lord, card: int, villages: int) -> Played:
    """An adventure card's effect on drawing (FARL-31); ``villages``: the realm's villages."""
    realm, seat = lord.realm, lord.seat
    if goes_to_hand(card, seat):
        realm.hold(card)
        return Played(discard=False)
    if card >= ARTIFACT_BASE:  # the drawer's own artifact
        return Played(Frame(Ask.GAIN, seat, card, 1))
    kind = Card(card)
    if kind in HONOR_CARDS:
        realm.add_honor(HONOR_CARDS[kind])
    elif kind is Card.PEACE_BETWEEN_VILLAGES:
        realm.add_honor(villages)
    elif kind is Card.DECISIVE_VICTORY:
        realm.add_honor(1)
        realm.add_valor(1)
    elif kind in ROLLED:
        return Played(Frame(Ask.CARD_ROLL, seat, card))
    else:
        return Played(Frame(Ask.ADVENTURE_CHOICE, seat, card))
    return Played()


HUNT = {1: 1, 2: 1, 3: 2, 4: 2, 5: 3}
"""Fox, stag, boar, bear, white stag: valor (FARL-31)."""


def card_roll(  # noqa: PLR0912 (the die tables, one branch per line)
    lord: Lord, card: int, value: int
) -> Frame | None:
    """The die tables we designed for the rolled cards (FARL-31, FARL-32); a second die to ask."""
    realm = lord.realm
    if card == DRAGON_HUNT:
        if value == 6:
            realm.add_renown(5)  # the dragon
        else:
            realm.add_valor(3)  # a strange beast
    elif card == Card.HUNTING_TRIP:
        if value == 6:
            return Frame(Ask.CARD_ROLL, lord.seat, DRAGON_HUNT)
        realm.add_valor(HUNT[value])
    elif card == Card.OLD_RUINS:
        _old_ruins(realm, value)
    elif card == Card.EMPTY_RUINS:
        if value == 4:
            realm.add_honor(2)
        elif value == 5:
            realm.gain(Res.GOLD, 2)
        elif value == 6:
            realm.add_valor(2)
    elif card == Card.ASSASSINS:
        if value >= 3:
            realm.add_valor(1)
            realm.add_honor(1)
        else:
            realm.add_valor(-1)
    elif card == Card.FAERIE_RING:
        if value <= 2:
            realm.lose_dice()
        elif value <= 5:
            realm.add_honor(2)
        else:
            realm.add_renown(1)
    return None


def _old_ruins(realm: Realm, value: int) -> None:
    """The rule text's own table for exploring old ruins."""
    if value == 1:
        realm.add_valor(-1)
    elif value == 3:
        realm.add_honor(2)
    elif value == 4:
        realm.gain(Res.STONE, 1)
    elif value == 5:
        realm.add_valor(2)
    elif value == 6:
        realm.add_valor(2)
        realm.add_honor(2)
        realm.gain(Res.GOLD, 2)
