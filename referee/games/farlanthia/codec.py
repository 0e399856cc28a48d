"""Farlanthia's actions to and from its ``Action`` protobuf message.

Each action dataclass has a message of the same name and fields in the
``kind`` oneof, so the generic codec does the whole mapping; ``Continue``
travels as ``continue_move`` (``continue`` is a keyword in many languages).
"""

from __future__ import annotations

from typing import get_args

from referee.codec import OneofCodec
from referee.games.farlanthia.actions import Continue, FarlanthiaAction
from sdk.pb.landgrave.games.farlanthia.v1 import farlanthia_pb2

CODEC: OneofCodec[FarlanthiaAction] = OneofCodec(
    farlanthia_pb2.Action,
    farlanthia_pb2.ActionList,
    get_args(FarlanthiaAction),
    renamed={Continue: "continue_move"},
)
