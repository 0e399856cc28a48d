"""The actions of Landover: the players' decisions and chance's outcomes.

Tiles, vertices and edges are indices into the board's lists (board.py);
card kinds are 0-4 resources and 5-7 commodities (rules.py).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, order=True)
class BuildRoad:
    edge: int


@dataclass(frozen=True, order=True)
class BuildBoat:
    edge: int


@dataclass(frozen=True, order=True)
class BuildVillage:
    vertex: int


@dataclass(frozen=True, order=True)
class BuildCity:
    vertex: int


@dataclass(frozen=True, order=True)
class BuildWall:
    vertex: int


@dataclass(frozen=True, order=True)
class BuyMilitary:
    pass


@dataclass(frozen=True, order=True)
class ImproveCulture:
    track: int


@dataclass(frozen=True, order=True)
class BankTrade:
    """Give ``ratio`` cards of kind ``give`` to the bank for one of kind ``get``."""

    give: int
    get: int


@dataclass(frozen=True, order=True)
class Raid:
    tile: int
    victim: int


@dataclass(frozen=True, order=True)
class PlayCard:
    card: int


@dataclass(frozen=True, order=True)
class RollDice:
    """Roll normally although holding an Alchemist."""


@dataclass(frozen=True, order=True)
class ChooseDice:
    """Play an Alchemist: set the production dice."""

    red: int
    white: int


@dataclass(frozen=True, order=True)
class EndTurn:
    pass


@dataclass(frozen=True, order=True)
class ChooseKind:
    kind: int


@dataclass(frozen=True, order=True)
class ChoosePlayer:
    seat: int


@dataclass(frozen=True, order=True)
class ChooseTile:
    tile: int


@dataclass(frozen=True, order=True)
class ChooseVertex:
    vertex: int


@dataclass(frozen=True, order=True)
class ChooseEdge:
    edge: int


@dataclass(frozen=True, order=True)
class ChooseCard:
    card: int


@dataclass(frozen=True, order=True)
class Skip:
    pass


@dataclass(frozen=True, order=True)
class ProposeTrade:
    """Start a trade offer to the other players, put together card by card."""


@dataclass(frozen=True, order=True)
class TradeGive:
    """Add a card of ``kind`` to what the offer gives."""

    kind: int


@dataclass(frozen=True, order=True)
class TradeAsk:
    """Add a card of ``kind`` to what the offer asks for."""

    kind: int


@dataclass(frozen=True, order=True)
class SendOffer:
    """Put the offer to the other players."""


@dataclass(frozen=True, order=True)
class AcceptTrade:
    """Answer the open offer: ready to trade."""


@dataclass(frozen=True, order=True)
class DeclineTrade:
    """Answer the open offer: no."""


@dataclass(frozen=True, order=True)
class ChoosePartner:
    """The proposer trades with this seat, which accepted."""

    seat: int


@dataclass(frozen=True, order=True)
class CancelTrade:
    """The proposer withdraws the offer."""


@dataclass(frozen=True, order=True)
class DiceRoll:
    """Chance: the event die and the red and white production dice."""

    event: int
    red: int
    white: int


@dataclass(frozen=True, order=True)
class EventRoll:
    """Chance: the event die alone (after an Alchemist)."""

    event: int


@dataclass(frozen=True, order=True)
class DrawCard:
    """Chance: the dev card a seat draws."""

    card: int


@dataclass(frozen=True, order=True)
class RandomKind:
    """Chance: the kind of a card taken at random (discard, steal, gold)."""

    kind: int


@dataclass(frozen=True, order=True)
class RandomCity:
    """Chance: the city the barbarians reduce."""

    vertex: int


@dataclass(frozen=True, order=True)
class DealTerrain:
    """Chance: the terrain of the hex being dealt (LANDOVER-02)."""

    terrain: int


@dataclass(frozen=True, order=True)
class DealNumber:
    """Chance: the number of the hex being dealt (LANDOVER-02)."""

    number: int


@dataclass(frozen=True, order=True)
class DealPlace:
    """Chance: the hex that gets the 6 or 8 being dealt (LANDOVER-02)."""

    tile: int


@dataclass(frozen=True, order=True)
class DealHarbor:
    """Chance: the type of the harbor being dealt (LANDOVER-02): 0..4 a resource's 2:1, 8 a 3:1."""

    harbor: int


LandoverAction = (
    BuildRoad
    | BuildBoat
    | BuildVillage
    | BuildCity
    | BuildWall
    | BuyMilitary
    | ImproveCulture
    | BankTrade
    | Raid
    | PlayCard
    | RollDice
    | ChooseDice
    | EndTurn
    | ChooseKind
    | ChoosePlayer
    | ChooseTile
    | ChooseVertex
    | ChooseEdge
    | ChooseCard
    | Skip
    | ProposeTrade
    | TradeGive
    | TradeAsk
    | SendOffer
    | AcceptTrade
    | DeclineTrade
    | ChoosePartner
    | CancelTrade
    | DiceRoll
    | EventRoll
    | DrawCard
    | RandomKind
    | RandomCity
    | DealTerrain
    | DealNumber
    | DealPlace
    | DealHarbor
)
