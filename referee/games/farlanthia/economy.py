"""What structures earn and cost: seasonal income, building, and razing loot.

The numbers are in structures.py; this module applies them to a realm:
realm phase income with the harvest and bandits' toll (FARL-11, FARL-32),
where and whether a seat may build (FARL-09, FARL-10), and what razing a
structure yields (FARL-17). It reads the tiles and changes only the
builder's realm and season flags; placing the structure is the tiles' job.
"""

from __future__ import annotations

from collections import Counter

from referee.games.farlanthia.board import Terrain
from referee.games.farlanthia.cards import BANDITS, Card
from referee.games.farlanthia.realm import Lord, Realm, Season
from referee.games.farlanthia.structures import (
    CIVILIZATIONS,
    COST,
    NOT_ON_LAKES,
    PRODUCTION,
    TERRAIN_RESOURCE,
    TOKENS,
    UPGRADES,
    Res,
    Structure,
)
from referee.games.farlanthia.tiles import Tiles

SETTLEMENTS = (Structure.VILLAGE, Structure.TOWN, Structure.CITY)
"""What refugees settle for no food and strange blueprints raise on a lake (FARL-31, 32)."""


def produce(tiles: Tiles, builder: Lord) -> None:
    """Realm phase income (FARL-11), harvest, and unresolved bandits' toll (FARL-32)."""
    seat, realm, season = builder.seat, builder.realm, builder.season
    for tile in tiles.held_by(seat):
        if tiles.troop_owner[tile] not in (-1, seat):
            continue
        kind = tiles.structure[tile]
        if kind not in PRODUCTION:
            continue
        amount, gold = PRODUCTION[kind]
        resource = TERRAIN_RESOURCE.get(tiles.terrain[tile])
        if resource is not None and kind in CIVILIZATIONS:
            realm.gain(resource, amount)
        realm.gain(Res.GOLD, gold)
    realm.gain(Res.FOOD, season.reap())
    for card in realm.events:
        lost = BANDITS[Card(card)]
        realm.gain(lost if realm.resources[lost] else Res.GOLD, -1)


def raze_gain(kind: Structure, terrain: Terrain) -> tuple[int, int]:
    """(terrain resources, gold) razing ``kind`` on ``terrain`` gives: its production (FARL-17)."""
    if kind not in PRODUCTION:
        return (0, 0)
    amount, gold = PRODUCTION[kind]
    if kind not in CIVILIZATIONS or terrain not in TERRAIN_RESOURCE:
        amount = 0
    return amount, gold


def builds(tiles: Tiles, builder: Lord) -> list[tuple[int, Structure]]:
    """Every (tile, structure) the builder may build or upgrade to now (FARL-09, FARL-10).

    A new structure goes on a revealed empty tile next to one of the builder's
    structures; an upgrade on its own village or town; neither where enemy
    troops stand. The kinds it can pay for and has tokens left for are found
    first, so most realm phases check no tile at all.
    """
    seat = builder.seat
    mine = tiles.held_by(seat)
    owned = Counter(tiles.structure[tile] for tile in mine)
    kinds = [
        kind
        for kind in COST
        if _can_afford(builder.realm, _build_cost(builder.season, kind))
        and (kind not in TOKENS or owned[kind] < TOKENS[kind])
    ]
    if not kinds:
        return []
    blueprints = Card.STRANGE_BLUEPRINTS in builder.realm.hand
    neighbours = tiles.geo.neighbours
    near = sorted({n for tile in mine for n in (tile, *neighbours[tile])})
    return [
        (tile, kind)
        for tile in near
        if tiles.revealed[tile]
        and tiles.terrain[tile] is not Terrain.VOLCANO
        and tiles.troop_owner[tile] in (-1, seat)
        for kind in _fitting(tiles, seat, tile, kinds, blueprints=blueprints)
    ]


def _fitting(
    tiles: Tiles, seat: int, tile: int, kinds: list[Structure], *, blueprints: bool
) -> list[Structure]:
    """The ``kinds`` that may stand on a revealed tile free of enemies (FARL-09, FARL-10).

    An upgrade replaces the builder's own lesser settlement; anything else
    needs an empty tile next to one of the builder's structures.
    """
    current, terrain = tiles.structure[tile], tiles.terrain[tile]
    own = tiles.owner[tile] == seat
    beside_own = current is Structure.NONE and any(
        tiles.owner[n] == seat for n in tiles.geo.neighbours[tile]
    )
    fitting = []
    for kind in kinds:
        if kind in UPGRADES:
            if current is not UPGRADES[kind] or not own:
                continue
        elif not beside_own:
            continue
        if kind is Structure.MINE and terrain is not Terrain.MOUNTAIN:
            continue
        on_lake = terrain is Terrain.LAKE and kind in NOT_ON_LAKES
        if on_lake and not (blueprints and kind in SETTLEMENTS):
            continue
        fitting.append(kind)
    return fitting


def _build_cost(season: Season, kind: Structure) -> tuple[int, int, int, int]:
    wood, stone, food, gold = COST[kind]
    if season.refugees and kind in SETTLEMENTS:
        food = 0  # Refugees (FARL-32)
    return (wood, stone, food, gold)


def pay_for(builder: Lord, kind: Structure, terrain: Terrain) -> tuple[int, ...]:
    """Pay for ``kind`` on ``terrain`` (refugees and blueprints are used up).

    Returns:
        The held cards used up, for the discard pile.
    """
    cost = _build_cost(builder.season, kind)
    for resource, amount in enumerate(cost):
        builder.realm.gain(resource, -amount)
    if builder.season.refugees and cost[2] != COST[kind][2]:
        builder.season.settle_refugees()
    if terrain is Terrain.LAKE and kind in NOT_ON_LAKES:
        builder.realm.use_held(Card.STRANGE_BLUEPRINTS)
        return (int(Card.STRANGE_BLUEPRINTS),)
    return ()


def _can_afford(realm: Realm, cost: tuple[int, int, int, int]) -> bool:
    return all(h >= n for h, n in zip(realm.resources, cost, strict=True))
