"""Land's actions to and from its ``Action`` protobuf message.

Each action dataclass has a message of the same name and fields in the
``kind`` oneof, so the generic codec does the whole mapping.
"""

from __future__ import annotations

from typing import get_args

from referee.codec import OneofCodec
from referee.games.land.actions import LandAction
from sdk.pb.landgrave.games.land.v1 import land_pb2

CODEC: OneofCodec[LandAction] = OneofCodec(
    land_pb2.Action, land_pb2.ActionList, get_args(LandAction)
)
