"""LAND 6's actions to and from its ``Action`` protobuf message.

Each action dataclass has a message of the same name and fields in the
``kind`` oneof, so the generic codec does the whole mapping.
"""

from __future__ import annotations

from typing import get_args

from referee.codec import OneofCodec
from referee.games.land6.actions import Land6Action
from sdk.pb.landgrave.games.land6.v1 import land6_pb2

CODEC: OneofCodec[Land6Action] = OneofCodec(
    land6_pb2.Action, land6_pb2.ActionList, get_args(Land6Action)
)
