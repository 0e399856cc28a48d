"""Landover's shortcuts for speed against the rules written plainly, over random games.

The engine finds route lengths, road and boat spots, raid tiles and an
observation's board by shortcuts (fewer walks, fewer corners looked at,
parts kept from the last step). Here each is checked at every step of
random games against a plain reading of the rule: every start, every edge,
every tile, a board filled afresh.
"""

from __future__ import annotations

import random

import pytest

from referee.engine import CHANCE
from referee.games.landover import ENGINE
from referee.games.landover import observation as O
from referee.games.landover import rules as R
from referee.games.landover.actions import BuildBoat, BuildRoad
from referee.games.landover.board import EDGE_LAND, EDGE_SEA
from referee.games.landover.building import (
    is_producing,
    raid_tiles,
    route_spots,
    tile_seats,
)
from referee.games.landover.position import Phase, Position
from referee.games.landover.records import BOAT, ROAD
from referee.games.landover.state import LandoverState
from referee.match.chance import sample_outcome
from sdk.pb.landgrave.games.landover.v1 import landover_pb2


def plain_route_length(state: Position, seat: int) -> int:
    """LANDOVER-24 read plainly: the longest walk from every corner a road or boat touches."""
    pieces, board = state.pieces, state.board
    mine = [e for e, o in enumerate(pieces.edge_owner) if o == seat]
    used: set[int] = set()

    def longest(v: int, piece: int) -> int:
        if piece >= 0 and pieces.owner[v] not in (-1, seat):
            return 0
        best = 0
        for e in board.vertex_edges[v]:
            if e in used or pieces.edge_owner[e] != seat:
                continue
            p = pieces.edge_piece[e]
            if piece >= 0 and p != piece and pieces.owner[v] != seat:
                continue
            used.add(e)
            a, b = board.edges[e]
            best = max(best, 1 + longest(b if a == v else a, p))
            used.discard(e)
        return best

    return max((longest(v, -1) for e in mine for v in board.edges[e]), default=0)


def can_extend(state: Position, seat: int, edge: int, piece: int) -> bool:
    """LANDOVER-09 read plainly: may ``seat`` put a road or boat on ``edge``."""
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


def plain_route_spots(state: Position, seat: int) -> list[object]:
    """Every edge asked, as LANDOVER-09 says, within the piece limits."""
    pieces = state.pieces
    mine = [e for e, o in enumerate(pieces.edge_owner) if o == seat]
    boats = sum(pieces.edge_piece[e] == BOAT for e in mine)
    spots: list[object] = []
    for e in range(len(pieces.edge_owner)):
        if len(mine) - boats < R.MAX_ROADS and can_extend(state, seat, e, ROAD):
            spots.append(BuildRoad(e))
        if boats < R.MAX_BOATS and can_extend(state, seat, e, BOAT):
            spots.append(BuildBoat(e))
    return spots


def plain_raid_tiles(state: Position, seat: int) -> list[tuple[int, list[int]]]:
    catapults = {player.catapult for player in state.seats}
    result = []
    for tile in range(len(state.board.terrain)):
        if not is_producing(state, tile) or tile in catapults or tile in state.pieces.cleared:
            continue
        victims = sorted(tile_seats(state, tile) - {seat})
        if victims and not any(state.immune(v) for v in victims):
            result.append((tile, victims))
    return result


def fresh_board_part(state: Position) -> bytes:
    message = landover_pb2.Observation()
    message.MergeFrom(O._make_geometry(state.board))
    O._fill_board(message, state)
    return message.SerializeToString()


def check(state: LandoverState) -> None:
    for seat in range(state.players):
        assert state.awards.route_lengths[seat] == plain_route_length(state, seat)
        assert route_spots(state, seat) == plain_route_spots(state, seat)
        assert raid_tiles(state, seat) == plain_raid_tiles(state, seat)
    part = landover_pb2.Observation()
    part.MergeFromString(O._board_part(state))
    fresh = landover_pb2.Observation()
    fresh.MergeFromString(fresh_board_part(state))
    assert part == fresh


@pytest.mark.slow
@pytest.mark.parametrize(
    ("players", "map_name", "seed", "immunity"),
    [(4, "standard", 2, 0), (3, "islands", 1, 0), (2, "beginner", 5, 0), (3, "standard", 4, 4)],
)
def test_shortcuts_agree_with_the_plain_rules_at_every_step(
    players: int, map_name: str, seed: int, immunity: int
) -> None:
    """Seeds whose routes close loops (a walk that kept what it found there would fail)."""
    config = ENGINE.default_config()
    config.map = map_name
    config.raid_immunity_vp = immunity
    rng = random.Random(seed)
    state = ENGINE.new_game(config, players)
    assert isinstance(state, LandoverState)
    steps = 0
    while not state.is_terminal():
        actors = state.to_act()
        if actors == (CHANCE,):
            state.apply(CHANCE, sample_outcome(state.chance_outcomes(), rng))
        else:
            moves = [(seat, rng.choice(state.legal_actions(seat))) for seat in actors]
            for seat, action in moves:
                state.apply(seat, action)
        steps += 1
        if steps % 5 == 0 or state.phase is Phase.SETUP:
            check(state.clone() if steps % 2 else state)
    check(state)
