"""Pieces and where they may go: roads, boats, villages, cities, walls and catapults.

The distance rule, the road and boat networks (LANDOVER-09), what a seat can
afford to build in its main phase, the setup placements (LANDOVER-04), and
the hexes a catapult may raid (LANDOVER-20).
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
from referee.games.landover.board import DESERT, EDGE_LAND, EDGE_SEA, MYSTERY, SEA
from referee.games.landover.position import Position
from referee.games.landover.tasks import Task

VILLAGE, CITY = 1, 2
"""Values of ``Position.building`` (0 is an empty corner); each is also the building's VP."""
ROAD, BOAT = 0, 1
"""Values of ``Position.edge_piece``."""


def spot_free(state: Position, vertex: int) -> bool:
    """Empty, on land, and no building on a neighbouring corner (distance rule)."""
    if state.owner[vertex] >= 0 or not state.board.vertex_on_land(vertex):
        return False
    return all(state.owner[n] < 0 for n in state.board.vertex_neighbours[vertex])


def can_extend(state: Position, seat: int, edge: int, piece: int) -> bool:
    """Whether ``seat`` may put a road or boat on ``edge`` (LANDOVER-09)."""
    if state.edge_owner[edge] >= 0:
        return False
    kind = state.board.edge_kind[edge]
    if (piece == ROAD and kind == EDGE_SEA) or (piece == BOAT and kind == EDGE_LAND):
        return False
    for v in state.board.edges[edge]:
        if state.owner[v] == seat:
            return True
        if state.owner[v] >= 0:
            continue
        for other in state.board.vertex_edges[v]:
            if state.edge_owner[other] == seat and state.edge_piece[other] == piece:
                return True
    return False


def route_spots(state: Position, seat: int) -> list[LandoverAction]:
    """Every road and boat ``seat`` may place, cost aside, within its piece limits."""
    spots: list[LandoverAction] = []
    roads = state.count_pieces(seat, ROAD) < R.MAX_ROADS
    boats = state.count_pieces(seat, BOAT) < R.MAX_BOATS
    for e in range(len(state.board.edges)):
        if roads and can_extend(state, seat, e, ROAD):
            spots.append(BuildRoad(e))
        if boats and can_extend(state, seat, e, BOAT):
            spots.append(BuildBoat(e))
    return spots


def village_spots(state: Position, seat: int) -> list[int]:
    spots = []
    for v in range(len(state.owner)):
        if spot_free(state, v) and any(
            state.edge_owner[e] == seat for e in state.board.vertex_edges[v]
        ):
            spots.append(v)
    return spots


def build_options(state: Position, seat: int) -> list[LandoverAction]:
    """What ``seat`` can afford to build, and where, in its main phase."""
    options: list[LandoverAction] = []
    if state.can_pay(seat, R.ROAD_COST) or state.can_pay(seat, R.BOAT_COST):
        for spot in route_spots(state, seat):
            cost = R.ROAD_COST if isinstance(spot, BuildRoad) else R.BOAT_COST
            if state.can_pay(seat, cost):
                options.append(spot)
    if state.can_pay(seat, R.VILLAGE_COST) and (
        state.count_buildings(seat, VILLAGE) < R.MAX_VILLAGES
    ):
        options += [BuildVillage(v) for v in village_spots(state, seat)]
    if state.can_pay(seat, R.CITY_COST) and state.count_buildings(seat, CITY) < R.MAX_CITIES:
        options += [
            BuildCity(v)
            for v, o in enumerate(state.owner)
            if o == seat and state.building[v] == VILLAGE
        ]
    if state.can_pay(seat, R.WALL_COST):
        walls = sum(1 for v, w in enumerate(state.wall) if w and state.owner[v] == seat)
        if walls < R.MAX_WALLS:
            options += [
                BuildWall(v)
                for v, o in enumerate(state.owner)
                if o == seat and state.building[v] == CITY and not state.wall[v]
            ]
    return options


def apply_build(state: Position, seat: int, action: LandoverAction) -> None:
    """Pay for and place a piece; a village on a new island scores it (LANDOVER-22)."""
    match action:
        case BuildRoad(edge) | BuildBoat(edge):
            boat = isinstance(action, BuildBoat)
            state.pay(seat, R.BOAT_COST if boat else R.ROAD_COST)
            place_route(state, seat, edge, BOAT if boat else ROAD)
        case BuildVillage(vertex):
            state.pay(seat, R.VILLAGE_COST)
            state.owner[vertex] = seat
            state.building[vertex] = VILLAGE
            new = state.board.vertex_islands(vertex) - state.islands[seat]
            if new:
                state.explored[seat] += len(new)
                state.islands[seat] |= new
            update_awards(state)
        case BuildCity(vertex):
            state.pay(seat, R.CITY_COST)
            state.building[vertex] = CITY
        case BuildWall(vertex):
            state.pay(seat, R.WALL_COST)
            state.wall[vertex] = True


def place_route(state: Position, seat: int, edge: int, piece: int) -> None:
    """Place a road or boat; chance first deals any mystery hex it touches (LANDOVER-02)."""
    state.edge_owner[edge] = seat
    state.edge_piece[edge] = piece
    update_awards(state)
    board = state.board
    touched = sorted(
        {t for v in board.edges[edge] for t in board.vertex_tiles[v] if board.terrain[t] == MYSTERY}
    )
    state.tasks[:0] = [Task("deal", -1, part, t) for t in touched for part in ("terrain", "number")]


def setup_options(state: Position) -> list[LandoverAction]:
    """The setup step's placements: a village or city, then a road or boat touching it."""
    if state.setup_vertex < 0:
        mystery = state.board.mystery
        spots = [
            v
            for v in range(len(state.owner))
            if spot_free(state, v) and not mystery.intersection(state.board.vertex_tiles[v])
        ]
        if state.setup_step < state.players:
            return [BuildVillage(v) for v in spots]
        return [BuildCity(v) for v in spots]
    options: list[LandoverAction] = []
    for e in state.board.vertex_edges[state.setup_vertex]:
        if state.edge_owner[e] >= 0:
            continue
        if state.board.edge_kind[e] != EDGE_SEA:
            options.append(BuildRoad(e))
        if state.board.edge_kind[e] != EDGE_LAND:
            options.append(BuildBoat(e))
    return options


def tile_seats(state: Position, tile: int) -> set[int]:
    """The seats with a building on a corner of ``tile``."""
    return {state.owner[v] for v in state.board.tile_vertices[tile] if state.owner[v] >= 0}


def is_producing(state: Position, tile: int) -> bool:
    return state.board.terrain[tile] not in (SEA, DESERT, MYSTERY)


def raid_tiles(state: Position, seat: int) -> list[tuple[int, list[int]]]:
    """Tiles ``seat`` may put its catapult on, with the opponents it may rob there."""
    catapults = set(state.catapult)
    result = []
    for tile in range(len(state.board.terrain)):
        if not is_producing(state, tile) or tile in catapults or tile in state.cleared:
            continue
        victims = sorted(tile_seats(state, tile) - {seat})
        if victims and not any(state.immune(v) for v in victims):
            result.append((tile, victims))
    return result
