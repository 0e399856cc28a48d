"""Pieces and where they may go: roads, boats, villages, cities, walls and catapults.

The distance rule, the road and boat networks (LANDOVER-09), what a seat can
afford to build in its main phase, the setup placements and what a setup
city brings (LANDOVER-04), and the hexes a catapult may raid (LANDOVER-20).
"""

from __future__ import annotations

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


def can_extend(state: Position, seat: int, edge: int, piece: int) -> bool:
    """Whether ``seat`` may put a road or boat on ``edge`` (LANDOVER-09)."""
    pieces = state.pieces
    if pieces.edge_owner[edge] >= 0:
        return False
    kind = state.board.edge_kind[edge]
    if (piece == ROAD and kind == EDGE_SEA) or (piece == BOAT and kind == EDGE_LAND):
        return False
    for v in state.board.edges[edge]:
        if pieces.owner[v] == seat:
            return True
        if pieces.owner[v] >= 0:
            continue
        for other in state.board.vertex_edges[v]:
            if pieces.edge_owner[other] == seat and pieces.edge_piece[other] == piece:
                return True
    return False


def route_spots(state: Position, seat: int) -> list[LandoverAction]:
    """Every road and boat ``seat`` may place, cost aside, within its piece limits.

    Only the sides of corners its buildings and routes reach can take one, so
    only those are looked at, in the order of the board's edges.
    """
    pieces, board = state.pieces, state.board
    mine = pieces.routes(seat)
    boats_laid = sum(pieces.edge_piece[e] for e in mine)  # BOAT is 1, ROAD 0
    roads = len(mine) - boats_laid < R.MAX_ROADS
    boats = boats_laid < R.MAX_BOATS
    ends = _route_ends(state, mine)
    ends.update(pieces.held[seat])
    spots: list[LandoverAction] = []
    for e in sorted({e for v in ends for e in board.vertex_edges[v]}):
        if roads and can_extend(state, seat, e, ROAD):
            spots.append(BuildRoad(e))
        if boats and can_extend(state, seat, e, BOAT):
            spots.append(BuildBoat(e))
    return spots


def _route_ends(state: Position, edges: list[int]) -> set[int]:
    board_edges = state.board.edges
    return {v for e in edges for v in board_edges[e]}


def village_spots(state: Position, seat: int) -> list[int]:
    """Free corners at an end of one of the seat's roads or boats."""
    ends = _route_ends(state, state.pieces.routes(seat))
    return [v for v in sorted(ends) if spot_free(state, v)]


def build_options(state: Position, seat: int) -> list[LandoverAction]:
    """What ``seat`` can afford to build, and where, in its main phase."""
    player, pieces = state.seats[seat], state.pieces
    options: list[LandoverAction] = []
    if player.can_pay(R.ROAD_COST) or player.can_pay(R.BOAT_COST):
        for spot in route_spots(state, seat):
            cost = R.ROAD_COST if isinstance(spot, BuildRoad) else R.BOAT_COST
            if player.can_pay(cost):
                options.append(spot)
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
            update_awards(state)
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


def raid_tiles(state: Position, seat: int) -> list[tuple[int, list[int]]]:
    """Tiles ``seat`` may put its catapult on, with the opponents it may rob there."""
    catapults = {player.catapult for player in state.seats}
    result = []
    for tile in range(len(state.board.terrain)):
        if not is_producing(state, tile) or tile in catapults or tile in state.pieces.cleared:
            continue
        victims = sorted(tile_seats(state, tile) - {seat})
        if victims and not any(state.immune(v) for v in victims):
            result.append((tile, victims))
    return result
