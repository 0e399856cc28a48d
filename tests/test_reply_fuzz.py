"""Hostile but well-formed Action messages: every game reads them as a legal action or a fault."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest
from google.protobuf.descriptor import FieldDescriptor
from google.protobuf.message import Message

from referee.engine import CHANCE
from referee.games import registered
from referee.match.chance import sample_outcome
from referee.match.replies import ReplyFault, chosen_action
from sdk.messages import pack
from sdk.pb.landgrave.v1 import bot_pb2

EXTREMES = {
    FieldDescriptor.CPPTYPE_INT32: (-1, -(2**31), 2**31 - 1, 7),
    FieldDescriptor.CPPTYPE_INT64: (-1, -(2**63), 2**63 - 1, 7),
    FieldDescriptor.CPPTYPE_UINT32: (0, 2**32 - 1, 7),
    FieldDescriptor.CPPTYPE_UINT64: (0, 2**64 - 1, 7),
    FieldDescriptor.CPPTYPE_ENUM: (-5, 0, 99),
    FieldDescriptor.CPPTYPE_BOOL: (True, False),
    FieldDescriptor.CPPTYPE_STRING: ("", "zz", "\u00e9" * 40),
}


def mutations(message: Message) -> Iterator[Message]:
    """Copies of a message with one scalar field (at any depth) set to an extreme value."""
    for field in message.DESCRIPTOR.fields:
        if field.cpp_type == FieldDescriptor.CPPTYPE_MESSAGE:
            if field.is_repeated:
                continue
            for inner in mutations(getattr(message, field.name)):
                copy = type(message)()
                copy.CopyFrom(message)
                getattr(copy, field.name).CopyFrom(inner)
                yield copy
            continue
        for value in EXTREMES.get(field.cpp_type, ()):
            copy = type(message)()
            copy.CopyFrom(message)
            if field.is_repeated:
                getattr(copy, field.name).append(value)
            else:
                setattr(copy, field.name, value)
            yield copy


def positions(engine: Any, rng: random.Random, steps: int) -> Iterator[tuple[Any, int]]:
    """(state, seat to act) along one random game."""
    state = engine.new_game(engine.default_config(), engine.min_players)
    for _ in range(steps):
        if state.is_terminal():
            return
        actors = state.to_act()
        if actors == (CHANCE,):
            state.apply(CHANCE, sample_outcome(state.chance_outcomes(), rng))
            continue
        seat = actors[0]
        yield state, seat
        for actor in actors:
            state.apply(actor, rng.choice(state.legal_actions(actor)))


@pytest.mark.parametrize("game", sorted(registered()))
def test_a_mutated_action_message_is_a_legal_action_or_a_fault(game: str) -> None:
    engine = registered()[game]
    rng = random.Random(5)
    checked = 0
    for state, seat in positions(engine, rng, steps=60):
        legal = state.legal_actions(seat)
        sample = engine.action_to_proto(rng.choice(legal))
        for hostile in mutations(sample):
            reply = bot_pb2.Reply(match_id="m", seq=1)
            reply.action.CopyFrom(pack(hostile))
            try:
                action, _ = chosen_action(engine, reply, legal)
            except ReplyFault:
                continue
            finally:
                checked += 1
            assert action in legal
    assert checked > 0
