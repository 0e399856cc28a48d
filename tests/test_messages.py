"""A bot decodes a game it has no generated code for, from the files MatchStart sends."""

from __future__ import annotations

import dataclasses

import pytest
from google.protobuf import descriptor_pb2, descriptor_pool, message_factory

from sdk.decisions import decision, match_info
from sdk.messages import files_of, learn, pack, unpack
from sdk.pb.landgrave.games.land.v1 import land_pb2
from sdk.pb.landgrave.v1 import bot_pb2


def unseen_game(package: str) -> tuple[descriptor_pb2.FileDescriptorSet, type]:
    """A game's compiled file that no module of this process defines, and its Config class."""
    file = descriptor_pb2.FileDescriptorProto(
        name=package.replace(".", "/") + ".proto", package=package, syntax="proto3"
    )
    config = file.message_type.add(name="Config")
    config.field.add(
        name="stones",
        number=1,
        type=descriptor_pb2.FieldDescriptorProto.TYPE_UINT32,
        label=descriptor_pb2.FieldDescriptorProto.LABEL_OPTIONAL,
    )
    pool = descriptor_pool.DescriptorPool()
    pool.Add(file)
    cls = message_factory.GetMessageClass(pool.FindMessageTypeByName(f"{package}.Config"))
    return descriptor_pb2.FileDescriptorSet(file=[file]), cls


def test_a_learnt_game_unpacks_by_its_type_url() -> None:
    files, config_class = unseen_game("unseen.v1")
    payload = pack(config_class(stones=7))
    with pytest.raises(ValueError, match=r"unknown message type 'unseen\.v1\.Config'"):
        unpack(payload)
    learn(files)
    learn(files)  # a second MatchStart of the same game changes nothing
    config = unpack(payload)
    assert config.DESCRIPTOR.full_name == "unseen.v1.Config"
    assert config.stones == 7  # type: ignore[attr-defined]


def test_match_start_files_are_learnt_before_the_config_is_read() -> None:
    files, config_class = unseen_game("unseen.start.v1")
    start = bot_pb2.MatchStart(match_id="m", game="unseen", seat=0, game_files=files)
    start.config.Pack(config_class(stones=3))
    assert match_info(start).config.stones == 3  # type: ignore[attr-defined]


def test_a_game_file_set_lists_dependencies_first() -> None:
    names = [file.name for file in files_of(land_pb2.Action).file]
    assert names[-1] == "landgrave/games/land/v1/land.proto"
    assert len(names) == len(set(names))


def test_a_file_that_does_not_build_is_a_value_error() -> None:
    broken = descriptor_pb2.FileDescriptorProto(
        name="broken/v1/broken.proto", package="broken.v1", dependency=["missing.proto"]
    )
    with pytest.raises(ValueError, match="does not build"):
        learn(descriptor_pb2.FileDescriptorSet(file=[broken]))


def test_a_decisions_payloads_are_decoded_when_the_bot_first_reads_them() -> None:
    """A bot that ignores the events (or the observation) pays nothing to decode them."""
    files, config_class = unseen_game("unseen.lazy.v1")
    start = bot_pb2.MatchStart(match_id="m", game="land", config=pack(land_pb2.Config()))
    info = match_info(start)
    unknown = pack(config_class(stones=1))  # no game this bot knows or learnt
    legal = pack(land_pb2.ActionList(actions=[land_pb2.Action(), land_pb2.Action()]))
    request = bot_pb2.DecisionRequest(
        match_id="m",
        legal_actions=legal,
        observation=unknown,
        events=[bot_pb2.Event(action=unknown)],
    )
    seen = decision(info, request)  # no error: nothing decoded yet
    assert len(seen.legal_actions) == 2
    with pytest.raises(ValueError, match="unknown message type"):
        _ = seen.events
    with pytest.raises(ValueError, match="unknown message type"):
        _ = seen.observation
    learn(files)
    assert [event.action.stones for event in seen.events] == [1]  # type: ignore[union-attr]
    assert seen.observation.stones == 1
    assert seen.events is seen.events  # decoded once
    assert dataclasses.replace(seen, seconds_left=0.0).legal_actions == seen.legal_actions
    with pytest.raises(dataclasses.FrozenInstanceError):
        seen.events = []  # type: ignore[misc]
