"""Reading a seat's reply: which legal action it names, or which fault it is."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from google.protobuf.message import DecodeError

from referee.engine import Engine
from referee.errors import MalformedAction
from referee.match.result import Fault
from referee.match.termination import Termination
from sdk.decisions import NO_SUCH_INDEX
from sdk.pb.landgrave.v1 import bot_pb2

MAX_ERROR_CHARS = 2000
"""How much of a bot's own error text a fault keeps."""


class ReplyFault(Exception):
    """A reply that names no legal action; carries the fault to record."""

    def __init__(self, termination: Termination, detail: str) -> None:
        super().__init__(detail)
        self.fault = Fault(termination, detail)


def chosen_action(
    engine: Engine[Any], reply: bot_pb2.Reply, legal: Sequence[Any]
) -> tuple[Any, int]:
    """The legal action a reply chose and its index (-1 when sent as a message).

    Raises:
        ReplyFault: ILLEGAL_ACTION for an index out of range or an action the
            rules forbid; PROTOCOL_ERROR for a reply with no choice or an
            action message of another type that does not decode.
    """
    choice = reply.WhichOneof("choice")
    if choice == "index":
        if reply.index >= len(legal):
            shown = "a negative or huge index" if reply.index == NO_SUCH_INDEX else reply.index
            raise ReplyFault(
                Termination.ILLEGAL_ACTION,
                f"index {shown} out of range: {len(legal)} legal actions",
            )
        return legal[reply.index], reply.index
    if choice == "action":
        return _action_from_message(engine, reply, legal), -1
    if choice == "error":
        raise ReplyFault(Termination.CRASH, f"bot error: {reply.error[:MAX_ERROR_CHARS]}")
    raise ReplyFault(Termination.PROTOCOL_ERROR, "reply names no action: set index or action")


def _action_from_message(engine: Engine[Any], reply: bot_pb2.Reply, legal: Sequence[Any]) -> Any:
    message = engine.action_type()
    expected, got = message.DESCRIPTOR.full_name, reply.action.TypeName()
    if got != expected:
        raise ReplyFault(
            Termination.PROTOCOL_ERROR, f"expected a {expected}, got {got or 'nothing'}"
        )
    try:
        reply.action.Unpack(message)
    except DecodeError:
        raise ReplyFault(
            Termination.PROTOCOL_ERROR, f"action bytes are not a valid {expected}"
        ) from None
    try:
        action = engine.action_from_proto(message)
    except (MalformedAction, ValueError, LookupError, TypeError) as error:
        # A well-formed message can still name what does not exist (a field
        # value no enum or table has): the bot's error, whatever the codec raises.
        raise ReplyFault(Termination.PROTOCOL_ERROR, f"action does not decode: {error}") from None
    if action not in legal:
        raise ReplyFault(Termination.ILLEGAL_ACTION, f"{action!r} is not legal now")
    return action
