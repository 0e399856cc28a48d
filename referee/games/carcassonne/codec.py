"""Carcassonne's actions to and from its ``Action`` protobuf message.

Its messages are not the dataclasses' mirror (a tile travels with its
letter, feature kinds as enums, locations checked on the way in), so this
codec is written out rather than the generic one.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import cast

from google.protobuf.message import Message

from referee.errors import MalformedAction
from referee.games.carcassonne.actions import (
    CarcassonneAction,
    DrawTile,
    PlaceFollower,
    PlaceTile,
    ShuffleStack,
    SkipFollower,
)
from referee.games.carcassonne.scoring import STACK_KINDS, ScoringTile
from referee.games.carcassonne.tiles import HALF_NAMES, Kind, parse_location, tile_types
from sdk.pb.landgrave.games.carcassonne.v1 import carcassonne_pb2 as pb


def tile_message(jcz_id: str, farmhouse: bool) -> pb.Tile:
    """The Tile message of one tile copy (shared: copy it, never change it)."""
    return _tile_message(jcz_id, farmhouse)


@cache
def _tile_message(jcz_id: str, farmhouse: bool) -> pb.Tile:
    return pb.Tile(tile=jcz_id, letter=tile_types()[jcz_id].letter, farmhouse=farmhouse)


def action_to_proto(action: CarcassonneAction) -> pb.Action:
    """The Action message for an action or chance outcome."""
    if isinstance(action, PlaceTile):
        return pb.Action(place_tile=pb.PlaceTile(x=action.x, y=action.y, rotation=action.rotation))
    if isinstance(action, PlaceFollower):
        follower = pb.PlaceFollower(
            kind=cast(pb.FeatureKind, int(action.kind)), location=action.location
        )
        return pb.Action(place_follower=follower)
    if isinstance(action, SkipFollower):
        return pb.Action(skip_follower=pb.SkipFollower())
    if isinstance(action, DrawTile):
        return pb.Action(draw_tile=pb.DrawTile(tile=tile_message(action.jcz_id, action.farmhouse)))
    shuffle = pb.ShuffleStack(
        stack=cast(pb.FeatureKind, int(action.stack)),
        order=[cast(pb.ScoringTile, int(t)) for t in action.order],
    )
    return pb.Action(shuffle_stack=shuffle)


def action_from_proto(message: Message) -> CarcassonneAction:
    """The action an Action message names.

    Raises:
        MalformedAction: the message is not an Action, names nothing, or holds
            values outside their range (an unknown tile, a bad location).
    """
    if not isinstance(message, pb.Action):
        raise MalformedAction(
            f"expected a carcassonne Action message, got {type(message).__name__}"
        )
    which = message.WhichOneof("kind")
    if which == "place_tile":
        place = message.place_tile
        if not 0 <= place.rotation <= 3:
            raise MalformedAction(f"expected rotation 0-3, got {place.rotation}")
        return PlaceTile(place.x, place.y, place.rotation)
    if which == "place_follower":
        return _follower(message.place_follower)
    if which == "skip_follower":
        return SkipFollower()
    if which == "draw_tile":
        tile = message.draw_tile.tile
        if tile.tile not in tile_types():
            raise MalformedAction(f"expected a tile type id, got {tile.tile!r}")
        return DrawTile(tile.tile, tile.farmhouse)
    if which == "shuffle_stack":
        return _shuffle(message.shuffle_stack)
    raise MalformedAction("expected one of place_tile, place_follower, skip_follower, got none")


def _follower(message: pb.PlaceFollower) -> PlaceFollower:
    try:
        kind = Kind(message.kind)
        named, places = parse_location(message.location)
    except ValueError as error:
        raise MalformedAction(f"bad follower placement: {error}") from None
    if named is not (kind if kind in (Kind.MONASTERY, Kind.FIELD) else None):
        raise MalformedAction(f"location {message.location!r} is not a {kind.name.lower()}")
    if kind is Kind.MONASTERY:
        return PlaceFollower(kind, "MONASTERY")
    if kind is Kind.FIELD:
        return PlaceFollower(kind, ".".join(HALF_NAMES[h] for h in sorted(places)))
    return PlaceFollower(kind, "".join("NESW"[d] for d in sorted(places)))


def _shuffle(message: pb.ShuffleStack) -> ShuffleStack:
    try:
        stack = Kind(message.stack)
        order = tuple(ScoringTile(t) for t in message.order)
    except ValueError as error:
        raise MalformedAction(f"bad stack shuffle: {error}") from None
    if stack not in STACK_KINDS:
        raise MalformedAction(f"expected a city, road or monastery stack, got {stack.name}")
    return ShuffleStack(stack, order)


def action_list_to_proto(actions: Sequence[CarcassonneAction]) -> pb.ActionList:
    """The ActionList message for a legal action list, in its order."""
    return pb.ActionList(actions=[action_to_proto(a) for a in actions])


class CarcassonneCodec:
    """The ``Codec`` the engine contract asks for, over the functions above."""

    action_type = pb.Action

    def to_proto(self, action: CarcassonneAction) -> pb.Action:
        return action_to_proto(action)

    def from_proto(self, message: Message) -> CarcassonneAction:
        return action_from_proto(message)

    def list_to_proto(self, actions: Sequence[CarcassonneAction]) -> pb.ActionList:
        return action_list_to_proto(actions)


CODEC = CarcassonneCodec()
