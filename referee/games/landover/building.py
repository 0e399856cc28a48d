"""Pieces and where they may go: roads, boats, villages, cities, walls and catapults.

The distance rule, the road and boat networks (LANDOVER-09), what a seat can
afford to build in its main phase, the setup placements and what a setup
city brings (LANDOVER-04), and the hexes a catapult may raid (LANDOVER-20).
"""

from __future__ import annotations

from collections.abc import Iterable

from referee.games.landover import rules as R
from referee.games.landover.actions import (
    BuildBoat,
    BuildCity,
    BuildRoad,
    BuildVillage,
    BuildWall,
    LandoverAction,
)
from referee.games.landover.awards import update_awards
from referee.games.landover.board import (
    DESERT,
    EDGE_LAND,
    EDGE_SEA,
    GOLD,
    MYSTERY,
    SEA,
    TERRAIN_RESOURCE,
)
from referee.games.landover.position import Position
from referee.games.landover.records import BOAT, CITY, ROAD, VILLAGE
from referee.games.landover.tasks import Task


def spot_free(state: Position, vertex: int) -> bool:
    """Empty, on land, and no building on a neighbouring corner (distance rule)."""
    owner = state.pieces.owner
    if owner[vertex] >= 0 or not state.board.vertex_on_land(vertex):
        return False
    return all(owner[n] < 0 for n in state.board.vertex_neighbours[vertex])


def route_spots(state: Position, seat: int) -> list[LandoverAction]:
    """Every road and boat ``seat`` may place, cost aside, within its piece limits."""
    return _route_spots(state, seat, roads=True, boats=True)


ROAD_BIT, BOAT_BIT = 1 << ROAD, 1 << BOAT
"""The pieces a route may be extended with from a corner, as bits (``_route_starts``)."""


def _route_spots(state: Position, seat: int, roads: bool, boats: bool) -> list[LandoverAction]:
    """The roads (if ``roads``) and boats (if ``boats``) ``seat`` may place, within its limits.

    A free side of the right kind (no road at sea, no boat inland) next to a
    corner it may extend from (LANDOVER-09, ``_route_starts``); only those
    corners' sides are looked at, in the order of the board's edges.
    """
    pieces, board = state.pieces, state.board
    mine = pieces.laid[seat]
    boats_laid = sum(pieces.edge_piece[e] for e in mine)  # BOAT is 1, ROAD 0
    roads = roads and len(mine) - boats_laid < R.MAX_ROADS
    boats = boats and boats_laid < R.MAX_BOATS
    if not (roads or boats):
        return []
    starts = _route_starts(state, seat)
    edge_owner, edge_kind, edges = pieces.edge_owner, board.edge_kind, board.edges
    spots: list[LandoverAction] = []
    for e in sorted({e for v in starts for e in board.vertex_edges[v]}):
        if edge_owner[e] >= 0:
            continue
        a, b = edges[e]
        may = starts.get(a, 0) | starts.get(b, 0)
        if roads and may & ROAD_BIT and edge_kind[e] != EDGE_SEA:
            spots.append(BuildRoad(e))
        if boats and may & BOAT_BIT and edge_kind[e] != EDGE_LAND:
            spots.append(BuildBoat(e))
    return spots


def _route_starts(state: Position, seat: int) -> dict[int, int]:
    """The corners ``seat`` may extend a route from, with the pieces it may use there.

    Its buildings, for either piece; an empty corner at the end of its roads or
    boats, for the same piece (LANDOVER-09); never another seat's building.
    """
    pieces, edges = state.pieces, state.board.edges
    owner, edge_piece = pieces.owner, pieces.edge_piece
    starts: dict[int, int] = {}
    for e in pieces.laid[seat]:
        bit = 1 << edge_piece[e]
        for v in edges[e]:
            if owner[v] < 0:
                starts[v] = starts.get(v, 0) | bit
    for v in pieces.held[seat]:
        starts[v] = ROAD_BIT | BOAT_BIT
    return starts


def _route_ends(state: Position, edges: list[int]) -> set[int]:
    board_edges = state.board.edges
    return {v for e in edges for v in board_edges[e]}


def village_spots(state: Position, seat: int) -> list[int]:
    """Free corners at an end of one of the seat's roads or boats."""
    ends = _route_ends(state, state.pieces.laid[seat])
    return [v for v in sorted(ends) if spot_free(state, v)]


def build_options(state: Position, seat: int) -> list[LandoverAction]:
    """What ``seat`` can afford to build, and where, in its main phase."""
    player, pieces = state.seats[seat], state.pieces
    roads, boats = player.can_pay(R.ROAD_COST), player.can_pay(R.BOAT_COST)
    options: list[LandoverAction] = []
    if roads or boats:
        options += _route_spots(state, seat, roads, boats)
    if player.can_pay(R.VILLAGE_COST) and (pieces.count_buildings(seat, VILLAGE) < R.MAX_VILLAGES):
        options += [BuildVillage(v) for v in village_spots(state, seat)]
    if player.can_pay(R.CITY_COST) and pieces.count_buildings(seat, CITY) < R.MAX_CITIES:
        options += [BuildCity(v) for v in pieces.corners(seat, VILLAGE)]
    if player.can_pay(R.WALL_COST) and pieces.count_walls(seat) < R.MAX_WALLS:
        options += [BuildWall(v) for v in pieces.corners(seat, CITY) if not pieces.wall[v]]
    return options


def apply_build(state: Position, seat: int, action: LandoverAction) -> list[Task]:
    """Pay for and place a piece; a village on a new island scores it (LANDOVER-22).

    Returns the tasks that must come first: chance's deals of the mystery hexes
    a road or boat reveals.
    """
    player, pieces = state.seats[seat], state.pieces
    match action:
        case BuildRoad(edge) | BuildBoat(edge):
            boat = isinstance(action, BuildBoat)
            player.pay(R.BOAT_COST if boat else R.ROAD_COST)
            return place_route(state, seat, edge, BOAT if boat else ROAD)
        case BuildVillage(vertex):
            player.pay(R.VILLAGE_COST)
            pieces.build(vertex, seat, VILLAGE)
            player.settle(state.board.vertex_islands(vertex), explore=True)
            update_awards(state, corner=vertex)
        case BuildCity(vertex):
            player.pay(R.CITY_COST)
            pieces.upgrade(vertex)
        case BuildWall(vertex):
            player.pay(R.WALL_COST)
            pieces.add_wall(vertex)
    return []


def place_route(state: Position, seat: int, edge: int, piece: int) -> list[Task]:
    """Place a road or boat; return chance's deals of the mystery hexes it touches (LANDOVER-02).

    Those deals come before anything else waiting.
    """
    state.pieces.lay(edge, seat, piece)
    update_awards(state, route_of=seat)
    board = state.board
    touched = sorted(
        {t for v in board.edges[edge] for t in board.vertex_tiles[v] if board.terrain[t] == MYSTERY}
    )
    return [Task("deal", -1, part, t) for t in touched for part in ("terrain", "number")]


def setup_options(state: Position) -> list[LandoverAction]:
    """The setup step's placements: a village or city, then a road or boat touching it."""
    if state.setup_vertex < 0:
        mystery = state.board.mystery
        spots = [
            v
            for v in range(len(state.pieces.owner))
            if spot_free(state, v) and not mystery.intersection(state.board.vertex_tiles[v])
        ]
        if state.setup_step < state.players:
            return [BuildVillage(v) for v in spots]
        return [BuildCity(v) for v in spots]
    options: list[LandoverAction] = []
    for e in state.board.vertex_edges[state.setup_vertex]:
        if state.pieces.edge_owner[e] >= 0:
            continue
        if state.board.edge_kind[e] != EDGE_SEA:
            options.append(BuildRoad(e))
        if state.board.edge_kind[e] != EDGE_LAND:
            options.append(BuildBoat(e))
    return options


def city_start(state: Position, seat: int, vertex: int) -> list[Task]:
    """Give a setup city's resources (LANDOVER-04); return the gold draws, chance's to make.

    One card per terrain the city touches, not per hex: two forests bring one wood
    (per hex with ``setup_resources_per_hex``). The desert brings nothing, gold one
    random resource.
    """
    board, player = state.board, state.seats[seat]
    terrains = [board.terrain[t] for t in board.vertex_tiles[vertex]]
    if not state.rules.setup_resources_per_hex:
        terrains = sorted(set(terrains))
    for terrain in terrains:
        if terrain in TERRAIN_RESOURCE:
            player.gain(TERRAIN_RESOURCE[terrain])
    return [Task("gold", seat, "", 1) for terrain in terrains if terrain == GOLD]


def tile_seats(state: Position, tile: int) -> set[int]:
    """The seats with a building on a corner of ``tile``."""
    owner = state.pieces.owner
    return {owner[v] for v in state.board.tile_vertices[tile] if owner[v] >= 0}


def is_producing(state: Position, tile: int) -> bool:
    return state.board.terrain[tile] not in (SEA, DESERT, MYSTERY)


def tiles_near(state: Position, seats: Iterable[int]) -> list[int]:
    """The tiles with a building of one of ``seats`` on a corner, in order.

    Only they can hold what a rule looks for next to a seat's buildings: the
    few corners held, not every tile of the board, are looked at.
    """
    held, vertex_tiles = state.pieces.held, state.board.vertex_tiles
    return sorted({t for seat in seats for v in held[seat] for t in vertex_tiles[v]})


def raid_tiles(state: Position, seat: int) -> list[tuple[int, list[int]]]:
    """Tiles ``seat`` may put its catapult on, with the opponents it may rob there."""
    catapults = {player.catapult for player in state.seats}
    result = []
    for tile in tiles_near(state, state.opponents(seat)):
        if not is_producing(state, tile) or tile in catapults or tile in state.pieces.cleared:
            continue
        victims = sorted(tile_seats(state, tile) - {seat})
        if victims and not any(state.immune(v) for v in victims):
            result.append((tile, victims))
    return result
