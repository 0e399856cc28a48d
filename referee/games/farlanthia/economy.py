"""What structures earn and cost: seasonal income, building, and razing loot.

The numbers are in structures.py; this module applies them to a realm:
realm phase income with the harvest and bandits' toll (FARL-11, FARL-32),
where and whether a seat may build (FARL-09, FARL-10), and what razing a
structure yields (FARL-17).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from referee.games.farlanthia.board import Terrain
from referee.games.farlanthia.cards import BANDITS, Card, discard_held
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

if TYPE_CHECKING:
    from referee.games.farlanthia.state import FarlanthiaState

SETTLEMENTS = (Structure.VILLAGE, Structure.TOWN, Structure.CITY)
"""What refugees settle for no food and strange blueprints raise on a lake (FARL-31, 32)."""


def produce(state: FarlanthiaState, seat: int) -> None:
    """Realm phase income (FARL-11), harvest, and unresolved bandits' toll (FARL-32)."""
    for tile, owner in enumerate(state.tiles.owner):
        if owner != seat or state.tiles.troop_owner[tile] not in (-1, seat):
            continue
        kind = state.tiles.structure[tile]
        if kind not in PRODUCTION:
            continue
        amount, gold = PRODUCTION[kind]
        resource = TERRAIN_RESOURCE.get(state.tiles.terrain[tile])
        if resource is not None and kind in CIVILIZATIONS:
            state.realms[seat].gain(resource, amount)
        state.realms[seat].gain(Res.GOLD, gold)
    season = state.seasonal[seat]
    state.realms[seat].gain(Res.FOOD, season.harvest)
    season.harvest = 0
    resources = state.realms[seat].resources
    for card in state.realms[seat].events:
        lost = BANDITS[Card(card)]
        state.realms[seat].gain(lost if resources[lost] else Res.GOLD, -1)
    state.produced = True


def raze_gain(kind: Structure, terrain: Terrain) -> tuple[int, int]:
    """(terrain resources, gold) razing ``kind`` on ``terrain`` gives: its production (FARL-17)."""
    if kind not in PRODUCTION:
        return (0, 0)
    amount, gold = PRODUCTION[kind]
    if kind not in CIVILIZATIONS or terrain not in TERRAIN_RESOURCE:
        amount = 0
    return amount, gold


def can_build(  # noqa: PLR0911 (one return per rule)
    state: FarlanthiaState, seat: int, tile: int, kind: Structure
) -> bool:
    """Whether ``seat`` may build or upgrade to ``kind`` on ``tile`` now (FARL-09, 10)."""
    if not state.tiles.revealed[tile] or state.tiles.terrain[tile] is Terrain.VOLCANO:
        return False
    if state.tiles.troop_owner[tile] not in (-1, seat):
        return False
    current = state.tiles.structure[tile]
    if kind in UPGRADES:
        if current is not UPGRADES[kind] or state.tiles.owner[tile] != seat:
            return False
    elif current is not Structure.NONE or not _next_to_own(state, seat, tile):
        return False
    if kind is Structure.MINE and state.tiles.terrain[tile] is not Terrain.MOUNTAIN:
        return False
    if state.tiles.terrain[tile] is Terrain.LAKE and kind in NOT_ON_LAKES:
        blueprints = Card.STRANGE_BLUEPRINTS in state.realms[seat].hand
        if not (blueprints and kind in SETTLEMENTS):
            return False
    if kind in TOKENS and state.tiles.tokens_used(seat, kind) >= TOKENS[kind]:
        return False
    return _can_afford(state, seat, _build_cost(state, seat, kind))


def _build_cost(state: FarlanthiaState, seat: int, kind: Structure) -> tuple[int, int, int, int]:
    wood, stone, food, gold = COST[kind]
    if state.seasonal[seat].refugees and kind in SETTLEMENTS:
        food = 0  # Refugees (FARL-32)
    return (wood, stone, food, gold)


def build(state: FarlanthiaState, seat: int, tile: int, kind: Structure) -> None:
    """Pay for ``kind`` (refugees and blueprints are used up) and put it on ``tile``."""
    cost = _build_cost(state, seat, kind)
    for resource, amount in enumerate(cost):
        state.realms[seat].gain(resource, -amount)
    if state.seasonal[seat].refugees and cost[2] != COST[kind][2]:
        state.seasonal[seat].refugees = False
    if state.tiles.terrain[tile] is Terrain.LAKE and kind in NOT_ON_LAKES:
        discard_held(state, seat, Card.STRANGE_BLUEPRINTS)
    state.tiles.set_structure(tile, kind, seat)


def _can_afford(state: FarlanthiaState, seat: int, cost: tuple[int, int, int, int]) -> bool:
    have = state.realms[seat].resources
    return all(h >= n for h, n in zip(have, cost, strict=True))


def _next_to_own(state: FarlanthiaState, seat: int, tile: int) -> bool:
    return any(state.tiles.owner[n] == seat for n in state.geo.neighbours[tile])
