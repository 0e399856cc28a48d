"""Landover's actions to and from its ``Action`` protobuf message.

Each action dataclass has a message of the same name and fields in the
``kind`` oneof, so the generic codec does the whole mapping.
"""

from __future__ import annotations

from typing import get_args

from referee.codec import OneofCodec
from referee.games.landover.actions import LandoverAction
from sdk.pb.landgrave.games.landover.v1 import landover_pb2

CODEC: OneofCodec[LandoverAction] = OneofCodec(
    landover_pb2.Action, landover_pb2.ActionList, get_args(LandoverAction)
)
