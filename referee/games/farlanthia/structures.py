"""Structures, resources and their numbers (Rules section, Structures; FARL-09..11)."""

from __future__ import annotations

import enum

from referee.games.farlanthia.board import Terrain


class Res(enum.IntEnum):
    """The four goods; gold is counted apart from the terrain resources."""

    WOOD = 0
    STONE = 1
    FOOD = 2
    GOLD = 3


RESOURCE_NAMES = ("wood", "stone", "food", "gold")


class Structure(enum.IntEnum):
    """A tile's structure (one per tile, FARL-10); the values match the Observation's."""

    NONE = 0
    VILLAGE = 1
    TOWN = 2
    CITY = 3
    CAPITOL = 4
    MINE = 5
    GARRISON = 6
    FORT = 7
    WALL = 8
    ROAD = 9


COST: dict[Structure, tuple[int, int, int, int]] = {
    Structure.VILLAGE: (1, 0, 1, 0),
    Structure.TOWN: (2, 1, 2, 0),
    Structure.CITY: (3, 2, 3, 0),
    Structure.MINE: (2, 2, 0, 0),
    Structure.GARRISON: (1, 1, 2, 2),
    Structure.FORT: (2, 2, 3, 3),
    Structure.WALL: (0, 1, 0, 1),
    Structure.ROAD: (0, 1, 0, 1),
}
"""Wood, stone, food, gold; a capitol cannot be built (FARL-09)."""

TOKENS = {
    Structure.VILLAGE: 10,
    Structure.TOWN: 5,
    Structure.CITY: 5,
    Structure.FORT: 3,
    Structure.WALL: 10,
    Structure.ROAD: 10,
}
"""Tokens per realm; mines and garrisons have no token limit (FARL-10)."""

PRODUCTION = {
    Structure.VILLAGE: (1, 0),
    Structure.TOWN: (1, 1),
    Structure.CITY: (1, 2),
    Structure.CAPITOL: (2, 2),
    Structure.MINE: (0, 1),
}
"""(terrain resources, gold) per season (FARL-11)."""

UPGRADES = {Structure.TOWN: Structure.VILLAGE, Structure.CITY: Structure.TOWN}
"""An upgrade replaces the structure named here and pays the full cost (FARL-09)."""
DOWNGRADE = {
    Structure.VILLAGE: Structure.NONE,
    Structure.TOWN: Structure.VILLAGE,
    Structure.CITY: Structure.TOWN,
}
MILITIA = {Structure.VILLAGE: 1, Structure.TOWN: 2, Structure.CITY: 3}
CIVILIZATIONS = frozenset({Structure.VILLAGE, Structure.TOWN, Structure.CITY, Structure.CAPITOL})
FORTIFYING = frozenset({Structure.CAPITOL, Structure.FORT, Structure.WALL})
"""With one troop on it, its owner rolls 2 defence dice (FARL-14)."""
MUSTER_POINTS = frozenset({Structure.CAPITOL, Structure.GARRISON, Structure.FORT})
NOT_ON_LAKES = frozenset(
    {
        Structure.VILLAGE,
        Structure.TOWN,
        Structure.CITY,
        Structure.CAPITOL,
        Structure.WALL,
        Structure.ROAD,
    }
)
TERRAIN_RESOURCE = {
    Terrain.FIELDS: Res.FOOD,
    Terrain.FOREST: Res.WOOD,
    Terrain.MOUNTAIN: Res.STONE,
}
"""Lakes, badlands and the volcano give no terrain resource (FARL-11)."""
STRUCTURE_NAMES = (
    "-",
    "village",
    "town",
    "city",
    "capitol",
    "gold mine",
    "garrison",
    "fort",
    "wall",
    "road",
)
