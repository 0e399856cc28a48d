"""A Nim state from a seat's observation: Nim hides nothing, so it is the one state.

Who took last is not shown, but it is implied: the seat before the one to
move, once anyone has taken a stone.
"""

from __future__ import annotations

from landgrave_nim import nim_pb2
from landgrave_nim.state import NimState


def state_from_observation(blank: NimState, observation: nim_pb2.Observation) -> NimState:
    """Fill ``blank`` (a new game of the observed config) with the observed heaps."""
    state = blank
    taken = list(observation.heaps) != state.heaps
    state.heaps = list(observation.heaps)
    state.to_move = observation.to_move
    state.last_taker = (state.to_move - 1) % state.players if taken else -1
    return state
