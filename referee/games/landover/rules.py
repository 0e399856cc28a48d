"""Landover's constants (costs, yields, the dev card deck) and the rule options of one game."""

from __future__ import annotations

from dataclasses import dataclass

from referee.errors import ConfigError
from sdk.pb.landgrave.games.landover.v1 import landover_pb2

WOOD, CLAY, WOOL, WHEAT, ORE, PAPER, CLOTH, COIN = range(8)
KINDS = 8
RESOURCES = 5
KIND_NAMES = ("wood", "clay", "wool", "wheat", "ore", "paper", "cloth", "coin")

SCIENCE, COMMERCE, POLITICS = range(3)
TRACK_COMMODITY = (PAPER, CLOTH, COIN)
"""LANDOVER-12: science is paid in paper, commerce in cloth, politics in coin."""

EVENT_BARBARIAN = 0
"""Event die faces 1-3 (barbarian ship) have value 0; gates 1-3 name a track + 1 (LANDOVER-05)."""

Cost = tuple[int, int, int, int, int]
ROAD_COST: Cost = (1, 1, 0, 0, 0)
BOAT_COST: Cost = (1, 0, 1, 0, 0)
VILLAGE_COST: Cost = (1, 1, 1, 1, 0)
CITY_COST: Cost = (0, 0, 0, 2, 3)
WALL_COST: Cost = (0, 2, 0, 0, 0)
MILITARY_COST: Cost = (0, 0, 1, 1, 1)
MEDICINE_COST: Cost = (0, 0, 0, 1, 2)
"""LANDOVER-07 (Catan/Seafarers costs, wall 2 clay, military wool+ore+wheat)."""

MAX_VILLAGES, MAX_CITIES, MAX_ROADS, MAX_BOATS, MAX_WALLS = 5, 4, 15, 15, 3
"""LANDOVER-08: the Catan piece limits; the seed gives the wall limit."""

MAX_TRADE_CARDS, MAX_TRADE_OFFERS = 3, 10
"""LANDOVER-06: bounds that keep a legal list of offers short (3 a side is 12,908 offers)."""

BARBARIAN_TRACK = 7
BASE_SAFE_HAND = 7
MILITARY_CAP, POLITICS_MILITARY_CAP = 5, 9
DEV_HAND_LIMIT = 5
ROUTE_MINIMUM = 5
PORT_MINIMUM = 3

# Dev cards: number, name, deck, quantity (LANDOVER-30).
CARDS: tuple[tuple[str, int, int], ...] = (
    ("commercial harbor", COMMERCE, 2),
    ("master merchant", COMMERCE, 2),
    ("merchant", COMMERCE, 6),
    ("merchant fleet", COMMERCE, 2),
    ("resource monopoly", COMMERCE, 4),
    ("commodity monopoly", COMMERCE, 2),
    ("alchemist", SCIENCE, 2),
    ("crane", SCIENCE, 2),
    ("inventor", SCIENCE, 2),
    ("irrigation", SCIENCE, 2),
    ("medicine", SCIENCE, 2),
    ("mining", SCIENCE, 2),
    ("printer", SCIENCE, 1),
    ("road", SCIENCE, 2),
    ("military", SCIENCE, 2),
    ("siege", POLITICS, 2),
    ("bishop", POLITICS, 2),
    ("constitution", POLITICS, 1),
    ("deserter", POLITICS, 2),
    ("vandal", POLITICS, 2),
    ("diplomat", POLITICS, 2),
    ("raze", POLITICS, 2),
    ("spy", POLITICS, 3),
    ("wedding", POLITICS, 2),
)
(
    COMMERCIAL_HARBOR,
    MASTER_MERCHANT,
    MERCHANT,
    MERCHANT_FLEET,
    RESOURCE_MONOPOLY,
    COMMODITY_MONOPOLY,
    ALCHEMIST,
    CRANE,
    INVENTOR,
    IRRIGATION,
    MEDICINE,
    MINING,
    PRINTER,
    ROAD_CARD,
    MILITARY,
    SIEGE,
    BISHOP,
    CONSTITUTION,
    DESERTER,
    VANDAL,
    DIPLOMAT,
    RAZE,
    SPY,
    WEDDING,
) = range(len(CARDS))
NUM_CARDS = len(CARDS)
VP_CARDS = frozenset({PRINTER, CONSTITUTION})
"""Played on the spot when drawn: 1 VP each (LANDOVER-31)."""


@dataclass(frozen=True)
class Rules:
    """The options of one game (docs/rules/landover.md)."""

    victory_points: int = 13
    """LANDOVER-01."""
    turn_limit: int = 400
    """LANDOVER-03: 0 is no limit."""
    raid_immunity_vp: int = 0
    """LANDOVER-21."""
    culture_needs_city: bool = True
    """LANDOVER-14."""
    trade_cards: int = 2
    """LANDOVER-06: most cards a side of an offer between players; 0 is no trading."""
    trade_offers: int = 3
    """LANDOVER-06: offers a player may make per turn."""
    merchant_not_on_gold: bool = False
    """LANDOVER-23: gold hexes are no place for the merchant token."""
    commercial_harbor_skip: bool = False
    """LANDOVER-33: the Commercial Harbor's player may pass over an opponent."""
    setup_resources_per_hex: bool = False
    """LANDOVER-04: a setup city gives one resource per hex it touches, not per terrain."""

    @classmethod
    def from_config(cls, config: landover_pb2.Config) -> Rules:
        """The rules a Config sets (its map is the engine's business).

        Raises:
            ConfigError: victory_points, trade_cards or trade_offers is out of range.
        """
        if not 3 <= config.victory_points <= 100:
            raise ConfigError(
                f"landover victory_points: expected 3..100, got {config.victory_points}"
            )
        if config.trade_cards > MAX_TRADE_CARDS:
            raise ConfigError(
                f"landover trade_cards: expected 0..{MAX_TRADE_CARDS}, got {config.trade_cards}"
            )
        if config.trade_offers > MAX_TRADE_OFFERS:
            raise ConfigError(
                f"landover trade_offers: expected 0..{MAX_TRADE_OFFERS}, got {config.trade_offers}"
            )
        return cls(
            victory_points=config.victory_points,
            turn_limit=config.turn_limit,
            raid_immunity_vp=config.raid_immunity_vp,
            culture_needs_city=config.culture_needs_city,
            trade_cards=config.trade_cards,
            trade_offers=config.trade_offers,
            merchant_not_on_gold=config.merchant_not_on_gold,
            commercial_harbor_skip=config.commercial_harbor_skip,
            setup_resources_per_hex=config.setup_resources_per_hex,
        )


def default_config() -> landover_pb2.Config:
    """The Config with every documented default."""
    return landover_pb2.Config(
        victory_points=13,
        map="standard",
        turn_limit=400,
        culture_needs_city=True,
        trade_cards=2,
        trade_offers=3,
        merchant_not_on_gold=False,
        commercial_harbor_skip=False,
        setup_resources_per_hex=False,
    )
