"""Between protocol messages and what a ``Bot`` sees: one place for both runtimes.

The network runtime (sdk/runtime.py) and the referee's in-process player use
these same functions, so a bot behaves the same in a test as on the wire.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import Any

from google.protobuf.any_pb2 import Any as AnyMessage
from google.protobuf.message import Message

from sdk.bot import Decision, Event, MatchInfo
from sdk.messages import learn, pack, unpack
from sdk.pb.landgrave.v1 import bot_pb2

NO_SUCH_INDEX = 2**32 - 1
"""The largest index the protocol carries: what a bot's out-of-range index is sent as."""


def match_info(start: bot_pb2.MatchStart) -> MatchInfo:
    """The bot's view of a MatchStart; its game's files are learnt first.

    Raises:
        ValueError: the game's files do not build, or its config is of an unknown type.
    """
    learn(start.game_files)
    return MatchInfo(
        match_id=start.match_id,
        game=start.game,
        seat=start.seat,
        num_players=len(start.players),
        config=unpack(start.config),
    )


def decision(match: MatchInfo, request: bot_pb2.DecisionRequest) -> Decision:
    """The bot's view of a DecisionRequest, with the time left measured now.

    Its observation, legal actions and events are decoded when the bot first
    reads them: a bot that never looks at the events pays nothing for them.

    Raises (on that first read):
        ValueError: a payload's type is not one of the installed or learnt games'.
    """
    seconds_left = request.clock.deadline_unix_ns / 1e9 - time.time()
    return _Received(
        match=match,
        observation=_later(unpack, request.observation),
        legal_actions=_later(_legal_actions, request.legal_actions),
        seconds_left=seconds_left,
        bank_seconds=request.clock.bank_ms / 1000,
        events=_later(_events, request.events),
    )


def _later(decode: Callable[[Any], Any], payload: Any) -> Any:
    """What stands in for a field of ``_Received`` until it is read."""
    return _Decode(decode, payload)


class _Decode:
    """A field of a received decision not decoded yet: ``decode(payload)`` on first read."""

    def __init__(self, decode: Callable[[Any], Any], payload: Any) -> None:
        self.decode = decode
        self.payload = payload


class _DecodedOnRead:
    """A field that turns a ``_Decode`` into its value the first time it is read."""

    def __set_name__(self, owner: type, name: str) -> None:
        self._name = name

    def __get__(self, decision: object, owner: type | None = None) -> Any:
        if decision is None:
            return self
        value = decision.__dict__[self._name]
        if isinstance(value, _Decode):
            value = value.decode(value.payload)
            decision.__dict__[self._name] = value
        return value

    def __set__(self, decision: object, value: Any) -> None:
        decision.__dict__[self._name] = value  # a frozen dataclass's __init__ sets once


class _Received(Decision):
    """A ``Decision`` from the referee's message, decoded as the bot reads it."""

    observation = _DecodedOnRead()
    legal_actions = _DecodedOnRead()
    events = _DecodedOnRead()


def _legal_actions(payload: AnyMessage) -> list[Any]:
    legal: Any = unpack(payload)
    return list(legal.actions)


def _events(events: Sequence[bot_pb2.Event]) -> list[Event]:
    return [_event(event) for event in events]


def _event(event: bot_pb2.Event) -> Event:
    action = None if event.hidden else unpack(event.action)
    return Event(event.step, event.seat, action, event.by_referee)


def reply(request: bot_pb2.DecisionRequest, choice: int | Message) -> bot_pb2.Reply:
    """The Reply to a request for the bot's choice: an index or an Action message.

    Raises:
        TypeError: the bot returned something that is neither.
    """
    answer = bot_pb2.Reply(match_id=request.match_id, seq=request.seq)
    if isinstance(choice, bool) or not isinstance(choice, int | Message):
        raise TypeError(f"decide() must return an int index or an Action message, got {choice!r}")
    if isinstance(choice, Message):
        answer.action.CopyFrom(pack(choice))
    elif 0 <= choice < NO_SUCH_INDEX:
        answer.index = choice
    else:
        # The wire's index is unsigned: a negative or huge index travels as one
        # no legal list reaches, so the referee records the illegal action it is.
        answer.index = NO_SUCH_INDEX
    return answer
