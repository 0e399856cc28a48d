"""A Land state from one seat's observation: Land hides nothing, so it is the one state.

What is not shown is implied by what is: the turn is the turn seat's place
in the order, the plots each seat owns are read from the owners, and the
turn-order groups are spent once the order is known. Turn-order rolling is
the one stretch whose tied groups the observation leaves out; no seat
decides then, so it is refused.
"""

from __future__ import annotations

from referee.games.land.state import NOBODY, LandState, Phase
from sdk.pb.landgrave.games.land.v1 import land_pb2


def state_from_observation(blank: LandState, observation: land_pb2.Observation) -> LandState:
    """Fill ``blank`` (a new game of the observed config) with the observed position.

    Raises:
        ValueError: the observation is from turn-order rolling, or does not
            fit the game's board.
    """
    state = blank
    phase = Phase[land_pb2.Phase.Name(observation.phase).removeprefix("PHASE_")]
    if phase is Phase.ORDER:
        raise ValueError("land: no seat decides while the turn order is rolled")
    if len(observation.owner) != state.board.size:
        raise ValueError(
            f"land: expected an observation of {state.board.size} plots, "
            f"got {len(observation.owner)}"
        )
    state.phase = phase
    state.groups = []
    state.group_rolls = []
    state.order_rolls = list(observation.order_rolls)
    state.order = tuple(observation.order)
    state.turn = state.order.index(observation.turn_seat) if observation.turn_seat != NOBODY else 0
    state.round = observation.round
    state.column = observation.rolled_column
    state.row = observation.rolled_row
    state.owner = list(observation.owner)
    state.half = list(observation.half_claim)
    state.owned = [[] for _ in range(state.num_players)]
    for plot, owner in enumerate(state.owner):
        if owner != NOBODY:
            state.owned[owner].append(plot)
    state.bonus = list(observation.bonus_cows)
    state.saved = list(observation.saved_cows)
    state.cows_left = observation.cows_left
    state.claimed_this_turn = list(observation.claimed_this_turn)
    state.pending_mountain = observation.pending_mountain
    state.placed_this_turn = observation.placed_this_turn
    state.idle_turns = observation.idle_turns
    return state
