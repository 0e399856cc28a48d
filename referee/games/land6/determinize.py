"""A LAND 6 state from the seat's observation: LAND 6 hides nothing, so it is the one state.

The observation shows the whole position at every decision. Between
decisions chance may be throwing a die, which the observation does not say
(no seat decides then), so only decision points are rebuilt.
"""

from __future__ import annotations

from referee.games.land6.board import make_board
from referee.games.land6.state import Die, Ending, Land6State, Phase, Purpose, Rolling
from sdk.pb.landgrave.games.land6.v1 import land6_pb2


def state_from_observation(blank: Land6State, observation: land6_pb2.Observation) -> Land6State:
    """Fill ``blank`` (a new game of the observed config) with the observed position.

    Raises:
        ValueError: the observation is from a moment when chance throws.
    """
    state = blank
    phase = Phase[land6_pb2.Phase.Name(observation.phase).removeprefix("PHASE_")]
    if phase is Phase.ROLLING:
        raise ValueError("land6: no seat decides while chance throws a die")
    state.phase = phase
    for tile in observation.tiles:
        state.placements[tile.slot] = (tile.tile, tile.rotation)
    if all(placement is not None for placement in state.placements):
        laid = tuple(p for p in state.placements if p is not None)
        state.board = make_board(state.rules.layout, laid)
    state.dice = {die.square: Die(die.value, die.rerolled_this_turn) for die in observation.dice}
    state.cubes = set(observation.cube_tiles)
    state.rolling = Rolling.NONE
    state.reroll_target = -1
    if observation.HasField("throw"):
        state.throw_purpose = Purpose(observation.throw.purpose)
        state.throw_value = observation.throw.value
        state.throw_rerolled = observation.throw.rerolled
    state.fighter = observation.fighter_square
    state.extra_action = observation.extra_action
    state.extra_earned = observation.extra_earned
    state.turn = observation.turn
    state.ending = Ending(observation.ending) if observation.ending else None
    return state
