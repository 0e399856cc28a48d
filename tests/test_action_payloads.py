"""A match's action payloads, encoded once: the same bytes as the engine's codec makes."""

from __future__ import annotations

import weakref
from typing import Any

import pytest

from referee.engine import CHANCE, Engine
from referee.games import registered
from referee.match import payloads as payloads_module
from referee.match.payloads import ActionPayloads, _varint
from sdk.messages import pack
from sdk.pb.landgrave.v1 import bot_pb2


def walk(engine: Engine[Any], seed: int, steps: int) -> list[tuple[list[Any], Any]]:
    """(legal list, action taken) for the first ``steps`` steps of a game played in order."""
    state = engine.new_game(engine.default_config(), engine.min_players)
    seen = []
    for step in range(steps):
        actors = state.to_act()
        if not actors:
            break
        seat = actors[0]
        if seat == CHANCE:
            choices = [outcome for outcome, _ in state.chance_outcomes()]
        else:
            choices = list(state.legal_actions(seat))
        action = choices[(seed * 7919 + step) % len(choices)]
        seen.append((choices, action))
        state.apply(seat, action)
    return seen


@pytest.mark.parametrize("game", sorted(registered()))
def test_legal_lists_and_actions_are_the_codecs_bytes(game: str) -> None:
    engine = registered()[game]
    payloads = ActionPayloads(engine)
    for seed in range(2):
        for choices, action in walk(engine, seed, 40):
            assert payloads.legal(choices) == pack(engine.action_list_to_proto(choices))
            assert payloads.action(action) == pack(engine.action_to_proto(action))
    assert payloads.legal([]) == pack(engine.action_list_to_proto([]))


def test_payloads_stay_right_when_the_kept_encodings_start_afresh(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """An engine's kept encodings are bounded; clearing them changes no byte."""
    monkeypatch.setattr(payloads_module, "MAX_KEPT", 3)
    engine = registered()["land"]
    for choices, action in walk(engine, 1, 30):
        payloads = ActionPayloads(engine)  # a match each step: the kept ones are shared
        assert payloads.legal(choices) == pack(engine.action_list_to_proto(choices))
        assert payloads.action(action) == pack(engine.action_to_proto(action))


@pytest.mark.parametrize("length", [0, 1, 127, 128, 300, 16383, 16384, 2**21])
def test_a_length_is_written_as_protobuf_writes_it(length: int) -> None:
    message = bot_pb2.Hello(games=["x" * length]).SerializeToString()  # tag, length, bytes
    assert _varint(length) == message[1 : len(message) - length]


class ListActionsEngine:
    """A third-party engine whose actions are lists (unhashable): Land's, each in a list."""

    def __init__(self, land: Engine[Any]) -> None:
        self.land = land
        self.action_type = land.action_type

    def action_to_proto(self, action: list[Any]) -> Any:
        return self.land.action_to_proto(action[0])

    def action_list_to_proto(self, actions: list[list[Any]]) -> Any:
        return self.land.action_list_to_proto([action[0] for action in actions])


def test_unhashable_actions_are_encoded_each_time_with_the_same_bytes() -> None:
    land = registered()["land"]
    payloads = ActionPayloads(ListActionsEngine(land))  # type: ignore[arg-type]
    for choices, action in walk(land, 0, 20):
        listed = [[choice] for choice in choices]
        assert payloads.legal(listed) == pack(land.action_list_to_proto(choices))
        assert payloads.action([action]) == pack(land.action_to_proto(action))


class SlottedEngine:
    """An engine no weak reference can point to (slots, no ``__weakref__``): Land's."""

    __slots__ = ("action_type", "land")

    def __init__(self, land: Engine[Any]) -> None:
        self.land = land
        self.action_type = land.action_type

    def action_to_proto(self, action: Any) -> Any:
        return self.land.action_to_proto(action)

    def action_list_to_proto(self, actions: list[Any]) -> Any:
        return self.land.action_list_to_proto(actions)


def test_an_engine_without_weak_references_still_gets_its_payloads() -> None:
    land = registered()["land"]
    engine = SlottedEngine(land)
    with pytest.raises(TypeError):
        weakref.ref(engine)
    for choices, action in walk(land, 2, 10):
        payloads = ActionPayloads(engine)  # type: ignore[arg-type]
        assert payloads.legal(choices) == pack(land.action_list_to_proto(choices))
        assert payloads.action(action) == pack(land.action_to_proto(action))
