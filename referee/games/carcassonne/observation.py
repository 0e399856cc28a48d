"""What one seat sees: everything on the table, nothing of the piles' order.

The draw pile is a multiset (chance picks from it), so its order never
exists in the state; of the scoring stacks only the face-up tiles show.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from referee.games.carcassonne.codec import tile_message
from referee.games.carcassonne.tiles import Kind
from sdk.pb.landgrave.games.carcassonne.v1 import carcassonne_pb2 as pb

if TYPE_CHECKING:
    from referee.games.carcassonne.state import CarcassonneState


def observe(state: CarcassonneState, seat: int) -> pb.Observation:
    """The Observation of ``seat``; the same for every seat but for ``seat`` itself."""
    observation = pb.Observation(
        seat=seat,
        num_players=state.num_players,
        phase=cast(pb.Phase, int(state.phase)),
        current_seat=state.current,
        tiles_remaining=state.tiles_remaining,
        followers_in_hand=state.hands,
        land_surveyors=state.rules.land_surveyors,
    )
    if state.tile is not None:
        observation.tile_to_place.CopyFrom(tile_message(state.tile.jcz_id, state.tile.farmhouse))
    if state.placed_at is not None:
        observation.placed_x, observation.placed_y = state.placed_at
    for tile, count in sorted(state.pile.items()):
        observation.remaining.add(tile=tile_message(tile.jcz_id, tile.farmhouse), count=count)
    for (x, y), placed in sorted(state.board.placed.items()):
        message = tile_message(placed.tile.jcz_id, placed.tile.farmhouse)
        observation.board.add(tile=message, x=x, y=y, rotation=placed.shape.rotation)
    for spot in sorted(state.followers()):
        segment = state.board.placed[spot.pos].shape.segments[spot.segment]
        observation.followers.add(
            seat=spot.seat,
            x=spot.pos[0],
            y=spot.pos[1],
            kind=cast(pb.FeatureKind, int(segment.kind)),
            location=segment.location,
        )
    for score in state.scores:
        observation.scores.add(**score.as_dict())
    if state.rules.land_surveyors and state.stacks:
        _add_active(state, observation)
    for tile in state.discarded:
        observation.discarded.append(tile_message(tile.jcz_id, tile.farmhouse))
    return observation


def _add_active(state: CarcassonneState, observation: pb.Observation) -> None:
    tiles = {
        kind.name.lower(): cast(pb.ScoringTile, int(state.active_scoring(kind) or 0))
        for kind in (Kind.CITY, Kind.ROAD, Kind.MONASTERY)
    }
    observation.active_scoring.CopyFrom(pb.ActiveScoringTiles(**tiles))
    observation.scoring_turnovers = state.turnovers
    seen = {
        kind.name.lower(): [cast(pb.ScoringTile, int(t)) for t in order[: state.turnovers + 1]]
        for kind, order in state.stacks.items()
    }
    observation.seen_scoring.CopyFrom(pb.SeenScoringTiles(**seen))
