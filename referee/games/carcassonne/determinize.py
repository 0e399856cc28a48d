"""A Carcassonne state from one seat's observation, the unseen stack order sampled.

Everything on the table shows: the board, the followers, the scores and
what the draw pile still holds (a multiset: chance picks from it, so it has
no order to guess). Of each Land Surveyors stack a seat has seen the tiles
that turned face up so far, in order; the rest lies in an order nobody
knows, which is sampled. The position is rebuilt with the engine's own
moves where it has them (shuffles, the draw, the tile placed this turn).
"""

from __future__ import annotations

import random

from referee.engine import CHANCE
from referee.games.carcassonne.actions import DrawTile, PlaceTile, ShuffleStack
from referee.games.carcassonne.board import Spot, TileCopy
from referee.games.carcassonne.rules import Rules
from referee.games.carcassonne.scoring import STACK_KINDS, Score, ScoringTile
from referee.games.carcassonne.state import START, CarcassonneState, Phase
from referee.games.carcassonne.tiles import Kind, Pos, find_segment
from sdk.pb.landgrave.games.carcassonne.v1 import carcassonne_pb2 as pb

REBUILT_KEPT = 4
"""Rebuilt positions kept: a search samples one decision's position hundreds of times,
and two searching seats in one process alternate."""

_rebuilt: dict[tuple[Rules, int, bytes], CarcassonneState] = {}


def sample_state(
    rules: Rules, num_players: int, observation: pb.Observation, rng: random.Random
) -> CarcassonneState:
    """The observed position with the unseen order of each scoring stack drawn anew.

    Only the stacks are hidden, so the position is rebuilt once per observation
    (the costly part: every tile placed again) and each sample is a clone of it
    with fresh stack orders, drawn with ``rng`` exactly as a full rebuild would.
    """
    key = (rules, num_players, observation.SerializeToString(deterministic=True))
    base = _rebuilt.get(key)
    if base is None:
        base = rebuild(CarcassonneState(rules, num_players), observation)
        if len(_rebuilt) >= REBUILT_KEPT:
            del _rebuilt[next(iter(_rebuilt))]
        _rebuilt[key] = base
    state = base.clone()
    if observation.HasField("active_scoring"):
        state.stacks = {kind: _stack_order(state, kind, observation, rng) for kind in STACK_KINDS}
    return state


def rebuild(blank: CarcassonneState, observation: pb.Observation) -> CarcassonneState:
    """Fill ``blank`` (a new game of the observed config) with the observed position.

    The unseen part of each scoring stack is left in its unshuffled order.
    """
    state = blank
    if observation.HasField("active_scoring"):
        for kind in STACK_KINDS:
            state.apply(CHANCE, ShuffleStack(kind, _stack_order(state, kind, observation, None)))
        state.turnovers = observation.scoring_turnovers
    pending = _pending_tile(observation)
    for placed in observation.board:
        pos = (placed.x, placed.y)
        if pos != START and (pending is None or pos != pending[0]):
            state.board.place(pos, _copy(placed.tile), placed.rotation)
    for follower in observation.followers:
        pos = (follower.x, follower.y)
        segment = find_segment(state.board.placed[pos].shape, follower.location)
        state.board.feature_at(pos, segment).followers.append(Spot(pos, segment, follower.seat))
    state.hands = list(observation.followers_in_hand)
    state.scores = [Score(s.road, s.city, s.monastery, s.farm) for s in observation.scores]
    state.discarded = [_copy(tile) for tile in observation.discarded]
    state.current = observation.current_seat
    pile = {_copy(entry.tile): entry.count for entry in observation.remaining}
    if observation.HasField("tile_to_place"):
        tile = _copy(observation.tile_to_place)
        pile[tile] = pile.get(tile, 0) + 1
    state.pile = dict(sorted(pile.items()))  # the state keeps its pile sorted
    if observation.HasField("tile_to_place"):
        state.apply(CHANCE, DrawTile(tile.jcz_id, tile.farmhouse))
    if pending is not None:
        (x, y), rotation = pending
        state.apply(state.current, PlaceTile(x, y, rotation))
    if observation.phase == pb.PHASE_GAME_OVER:
        state.phase = Phase.GAME_OVER
    return state


def _stack_order(
    state: CarcassonneState, kind: Kind, observation: pb.Observation, rng: random.Random | None
) -> tuple[ScoringTile, ...]:
    """The tiles seen face up in their order, then the others shuffled by ``rng`` (if any)."""
    seen = [ScoringTile(t) for t in getattr(observation.seen_scoring, kind.name.lower())]
    unseen = list(state.rules.stack(kind))
    for tile in seen:
        unseen.remove(tile)
    if rng is not None:
        rng.shuffle(unseen)
    return (*seen, *unseen)


def _pending_tile(observation: pb.Observation) -> tuple[Pos, int] | None:
    """Where the tile of this turn went and its rotation, while its follower is decided."""
    if observation.phase != pb.PHASE_PLACE_FOLLOWER:
        return None
    pos = (observation.placed_x, observation.placed_y)
    rotation = next(p.rotation for p in observation.board if (p.x, p.y) == pos)
    return pos, rotation


def _copy(tile: pb.Tile) -> TileCopy:
    return TileCopy(tile.tile, tile.farmhouse)
