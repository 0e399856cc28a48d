"""What one seat sees: everything on the table, nothing of the piles' order.

The draw pile is a multiset (chance picks from it), so its order never
exists in the state; of the scoring stacks only the face-up tiles show.
"""

from __future__ import annotations

from functools import lru_cache
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
    observation.MergeFromString(
        b"".join(
            _remaining_entry(tile.jcz_id, tile.farmhouse, count)
            for tile, count in sorted(state.pile.items())
        )
    )
    observation.MergeFromString(
        b"".join(
            _board_entry(x, y, placed.tile.jcz_id, placed.tile.farmhouse, placed.shape.rotation)
            for (x, y), placed in sorted(state.board.placed.items())
        )
    )
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


@lru_cache(maxsize=1 << 16)
def _board_entry(x: int, y: int, jcz_id: str, farmhouse: bool, rotation: int) -> bytes:
    """One tile of ``Observation.board`` as its bytes on the wire (field, length, message).

    Repeated message fields are their entries' bytes one after another, so an
    observation merges the board from these: adding 70 messages one by one
    was most of what an observation cost.
    """
    entry = pb.Observation()
    entry.board.add(tile=tile_message(jcz_id, farmhouse), x=x, y=y, rotation=rotation)
    return entry.SerializeToString()


@lru_cache(maxsize=1 << 10)
def _remaining_entry(jcz_id: str, farmhouse: bool, count: int) -> bytes:
    """One entry of ``Observation.remaining`` as its bytes on the wire (see ``_board_entry``)."""
    entry = pb.Observation()
    entry.remaining.add(tile=tile_message(jcz_id, farmhouse), count=count)
    return entry.SerializeToString()
