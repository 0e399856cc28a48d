"""Farlanthia actions to and from the game's Action message."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import astuple, fields

from google.protobuf.message import Message

from referee.errors import MalformedAction
from referee.games.farlanthia import actions as a
from sdk.pb.landgrave.games.farlanthia.v1 import farlanthia_pb2

FIELD_OF: dict[type, str] = {
    a.RevealTile: "reveal_tile",
    a.ScoutWithDie: "scout_with_die",
    a.Done: "done",
    a.DrawAdventure: "draw_adventure",
    a.CaravanTrade: "caravan_trade",
    a.Requisition: "requisition",
    a.Build: "build",
    a.Muster: "muster",
    a.Move: "move",
    a.Continue: "continue_move",
    a.RaiseMilitia: "raise_militia",
    a.Propose: "propose",
    a.Respond: "respond",
    a.Substitute: "substitute",
    a.Occupy: "occupy",
    a.Swap: "swap",
    a.ChooseResource: "choose_resource",
    a.Resolve: "resolve",
    a.MapSeed: "map_seed",
    a.LeadershipRoll: "leadership_roll",
    a.CombatRoll: "combat_roll",
    a.DrawCard: "draw_card",
    a.DieRoll: "die_roll",
    a.DealTerrain: "deal_terrain",
}
CLASS_OF: dict[str, type] = {name: cls for cls, name in FIELD_OF.items()}
ROLLS = (a.LeadershipRoll, a.CombatRoll)


def action_to_proto(action: a.FarlanthiaAction) -> farlanthia_pb2.Action:
    """The Action message of an action or chance outcome."""
    message = farlanthia_pb2.Action()
    part = getattr(message, FIELD_OF[type(action)])
    part.SetInParent()
    if isinstance(action, ROLLS):
        part.dice.extend(action.dice)
        return message
    for spec, value in zip(fields(action), astuple(action), strict=True):
        setattr(part, spec.name, value)
    return message


def action_from_proto(message: Message) -> a.FarlanthiaAction:
    """The action an Action message names.

    Raises:
        MalformedAction: the message is not a farlanthia Action or names no action.
    """
    if not isinstance(message, farlanthia_pb2.Action):
        raise MalformedAction(
            f"farlanthia: expected a farlanthia Action, got {type(message).__name__}"
        )
    kind = message.WhichOneof("kind")
    if kind is None:
        raise MalformedAction("farlanthia: expected an Action with one kind set, got an empty one")
    cls = CLASS_OF[kind]
    part = getattr(message, kind)
    if cls in ROLLS:
        action: a.FarlanthiaAction = cls(tuple(part.dice))
        return action
    build: Callable[..., a.FarlanthiaAction] = cls
    return build(*(getattr(part, spec.name) for spec in fields(cls)))


def action_list_to_proto(actions: Sequence[a.FarlanthiaAction]) -> farlanthia_pb2.ActionList:
    """The ActionList message of a legal list."""
    return farlanthia_pb2.ActionList(actions=[action_to_proto(x) for x in actions])
