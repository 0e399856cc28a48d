"""Between protocol messages and what a ``Bot`` sees: one place for both runtimes.

The network runtime (sdk/runtime.py) and the referee's in-process player use
these same functions, so a bot behaves the same in a test as on the wire.
"""

from __future__ import annotations

import time
from typing import Any

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
    """The bot's view of a DecisionRequest, with the time left measured now."""
    legal: Any = unpack(request.legal_actions)
    seconds_left = request.clock.deadline_unix_ns / 1e9 - time.time()
    return Decision(
        match=match,
        observation=unpack(request.observation),
        legal_actions=list(legal.actions),
        seconds_left=seconds_left,
        bank_seconds=request.clock.bank_ms / 1000,
        events=[_event(event) for event in request.events],
    )


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
