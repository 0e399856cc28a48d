"""LAND 6 actions to and from the game's Action message."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from google.protobuf.message import Message

from referee.errors import MalformedAction
from referee.games.land6.actions import (
    Accept,
    Deploy,
    Feed,
    Fight,
    HurtCityDie,
    Land6Action,
    Move,
    PlaceTile,
    RemoveCube,
    RerollDie,
    RerollThrow,
    Roll,
    Skip,
)
from sdk.pb.landgrave.games.land6.v1 import land6_pb2


def action_to_proto(action: Land6Action) -> land6_pb2.Action:
    """The Action message of an action or chance outcome."""
    message = land6_pb2.Action()
    match action:
        case Deploy(payer, target):
            message.deploy.SetInParent()
            message.deploy.payer, message.deploy.target = payer, target
        case Move(payer, die, target):
            message.move.SetInParent()
            message.move.payer, message.move.die, message.move.target = payer, die, target
        case Feed(payer):
            message.feed.SetInParent()
            message.feed.payer = payer
        case Fight(payer):
            message.fight.SetInParent()
            message.fight.payer = payer
        case RerollDie(sea, target):
            message.reroll_die.SetInParent()
            message.reroll_die.sea, message.reroll_die.target = sea, target
        case RerollThrow(sea):
            message.reroll_throw.SetInParent()
            message.reroll_throw.sea = sea
        case Accept():
            message.accept.SetInParent()
        case Skip():
            message.skip.SetInParent()
        case RemoveCube(tile):
            message.remove_cube.SetInParent()
            message.remove_cube.tile = tile
        case HurtCityDie(square):
            message.hurt_city_die.SetInParent()
            message.hurt_city_die.square = square
        case Roll(value):
            message.roll.SetInParent()
            message.roll.value = value
        case PlaceTile(slot, tile, rotation):
            message.place_tile.SetInParent()
            place = message.place_tile
            place.slot, place.tile, place.rotation = slot, tile, rotation
    return message


_READERS: dict[str, Callable[[land6_pb2.Action], Land6Action]] = {
    "deploy": lambda m: Deploy(m.deploy.payer, m.deploy.target),
    "move": lambda m: Move(m.move.payer, m.move.die, m.move.target),
    "feed": lambda m: Feed(m.feed.payer),
    "fight": lambda m: Fight(m.fight.payer),
    "reroll_die": lambda m: RerollDie(m.reroll_die.sea, m.reroll_die.target),
    "reroll_throw": lambda m: RerollThrow(m.reroll_throw.sea),
    "accept": lambda m: Accept(),
    "skip": lambda m: Skip(),
    "remove_cube": lambda m: RemoveCube(m.remove_cube.tile),
    "hurt_city_die": lambda m: HurtCityDie(m.hurt_city_die.square),
    "roll": lambda m: Roll(m.roll.value),
    "place_tile": lambda m: PlaceTile(m.place_tile.slot, m.place_tile.tile, m.place_tile.rotation),
}


def action_from_proto(message: Message) -> Land6Action:
    """The action an Action message names.

    Raises:
        MalformedAction: the message is not a land6 Action or names no action.
    """
    if not isinstance(message, land6_pb2.Action):
        raise MalformedAction(f"land6: expected a land6 Action, got {type(message).__name__}")
    kind = message.WhichOneof("kind")
    if kind is None:
        raise MalformedAction("land6: expected an Action with one kind set, got an empty one")
    return _READERS[kind](message)


def action_list_to_proto(actions: Sequence[Land6Action]) -> land6_pb2.ActionList:
    """The ActionList message of a legal list."""
    return land6_pb2.ActionList(actions=[action_to_proto(a) for a in actions])
