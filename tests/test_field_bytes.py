"""Repeated fields set from kept bytes: the same message as setting them directly."""

from __future__ import annotations

from typing import Any

import pytest

from referee.games import fieldbytes
from referee.games.fieldbytes import FieldBytes
from sdk.pb.landgrave.games.farlanthia.v1 import farlanthia_pb2


def test_merged_fields_make_the_message_set_directly() -> None:
    """Equal lists of another type (bools as ints) share bytes: protobuf writes them alike."""
    fields = FieldBytes(farlanthia_pb2.Observation)
    cases: list[dict[str, Any]] = [
        {"revealed": [True, False, True], "owner": [-1, 2, 0], "troops": []},
        {"revealed": [1, 0, 1], "owner": (-1, 2, 0), "troops": [2**31 - 1]},
        {"revealed": [False], "owner": [-(2**31)], "troops": [0, 0]},
    ]
    for values in cases:
        merged = farlanthia_pb2.Observation(seat=3)
        fields.merge(merged, values.items())
        direct = farlanthia_pb2.Observation(seat=3, **values)
        assert merged == direct
        assert merged.SerializeToString() == direct.SerializeToString()


def test_kept_bytes_start_afresh_past_the_bound(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(fieldbytes, "KEPT", 2)
    fields = FieldBytes(farlanthia_pb2.Observation)
    for n in range(6):
        merged = farlanthia_pb2.Observation()
        fields.merge(merged, [("owner", [n, n + 1]), ("troops", [n])])
        assert merged == farlanthia_pb2.Observation(owner=[n, n + 1], troops=[n])
