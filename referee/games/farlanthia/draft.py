"""The setup draft: the realms draw the face-down tiles in turn and place them (FARL-35).

The rule text: each player draws a tile, looks at it, and places it face
down next to an existing tile, "equidistant or further from your Capitol
than it is to an opponent's capitol"; if no empty place qualifies, as far
from your capitol as possible. Chance draws (``DrawTile``, seen by the
drafting seat alone), the seat places (``PlaceTile``), seats take turns from
seat 0 on, until every place on the map holds a tile.
"""

from __future__ import annotations

from functools import cache

from referee.games.farlanthia.board import Terrain, capitol_tiles, geometry


@cache
def draft_zone(players: int, radius: int) -> tuple[frozenset[int], ...]:
    """Per seat, the tiles at least as near an opponent's capitol as its own."""
    geo = geometry(radius)
    capitols = capitol_tiles(players, radius)
    zones = []
    for seat, home in enumerate(capitols):
        others = [c for s, c in enumerate(capitols) if s != seat]
        zones.append(
            frozenset(
                t
                for t in range(len(geo.coords))
                if min(geo.distance(t, c) for c in others) <= geo.distance(t, home)
            )
        )
    return tuple(zones)


def open_places(terrain: list[Terrain], radius: int) -> list[int]:
    """Empty places next to a placed tile (the volcano and the capitols count)."""
    neighbours = geometry(radius).neighbours
    unknown = Terrain.UNKNOWN
    # From the placed tiles outwards, by set updates: half the time of a look around
    # every empty place, and search lists the places at every step of the draft.
    near_placed: set[int] = set()
    for tile, kind in enumerate(terrain):
        if kind is not unknown:
            near_placed.update(neighbours[tile])
    return [t for t in sorted(near_placed) if terrain[t] is unknown]


def may_place(terrain: list[Terrain], players: int, radius: int, seat: int, tile: int) -> bool:
    """Whether ``seat`` may place its drawn tile on ``tile``; one look for a place in its zone."""
    inside = 0 <= tile < len(terrain) and tile in draft_zone(players, radius)[seat]
    if inside and _is_open(terrain, radius, tile):
        return True  # an open place in the zone: the zone has one, so this is legal
    return tile in legal_places(terrain, players, radius, seat)


def _is_open(terrain: list[Terrain], radius: int, tile: int) -> bool:
    """Whether a tile is an open place: empty, next to a placed tile."""
    if terrain[tile] is not Terrain.UNKNOWN:
        return False
    return any(terrain[n] is not Terrain.UNKNOWN for n in geometry(radius).neighbours[tile])


def legal_places(terrain: list[Terrain], players: int, radius: int, seat: int) -> list[int]:
    """Where ``seat`` may place its drawn tile: in its zone, else as far from home as it gets."""
    places = open_places(terrain, radius)
    zone = draft_zone(players, radius)[seat]
    inside = [t for t in places if t in zone]
    if inside or not places:
        return inside
    geo = geometry(radius)
    home = capitol_tiles(players, radius)[seat]
    farthest = max(geo.distance(t, home) for t in places)
    return [t for t in places if geo.distance(t, home) == farthest]
