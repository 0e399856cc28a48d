"""What a seat sees of a Land game: everything, since nothing is hidden."""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from referee.games.land.state import LandState, Phase
from sdk.pb.landgrave.games.land.v1 import land_pb2

if TYPE_CHECKING:
    from referee.games.land.board import Board

_PHASE_NAMES = {phase: f"PHASE_{phase.name}" for phase in Phase}


def observe(state: LandState, seat: int) -> land_pb2.Observation:
    """The Observation message for one seat (LAND has no hidden information)."""
    observation = land_pb2.Observation(
        seat=seat,
        num_players=state.num_players,
        owner=state.owner,
        half_claim=state.half,
        phase=_PHASE_NAMES[state.phase],
        order=state.order,
        order_rolls=state.order_rolls,
        rolling_seat=state.rolling_seat,
        turn_seat=state.seat_to_move,
        round=state.round,
        rolled_column=state.column,
        rolled_row=state.row,
        cows_left=state.cows_left,
        claimed_this_turn=state.claimed_this_turn,
        pending_mountain=state.pending_mountain,
        plots=state.scores(),
        bonus_cows=state.bonus,
        saved_cows=state.saved,
        idle_turns=state.idle_turns,
        placed_this_turn=state.placed_this_turn,
    )
    observation.MergeFromString(_board_part(state.board))
    return observation


@lru_cache(maxsize=32)
def _board_part(board: Board) -> bytes:
    """The fields that only the board decides, serialized once per board.

    Naming every plot's kind was the largest part of an observation; merged
    from here, the kinds are parsed in C (cheaper than copying a message).
    """
    return land_pb2.Observation(
        map_name=board.name,
        width=board.width,
        height=board.height,
        region_width=board.region_width,
        region_height=board.region_height,
        kinds=[f"PLOT_KIND_{kind.name}" for kind in board.kinds],
        resident=[p in board.residents for p in range(board.size)],
    ).SerializeToString()
