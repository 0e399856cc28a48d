"""Why a seat's match ended: one closed set for every game."""

from __future__ import annotations

import enum

from sdk.pb.landgrave.v1 import bot_pb2


class Termination(enum.IntEnum):
    """The termination reasons; values equal the protocol's ``Termination`` enum."""

    NORMAL = bot_pb2.TERMINATION_NORMAL
    """The game reached its end by the rules."""
    TIMEOUT = bot_pb2.TERMINATION_TIMEOUT
    """The seat did not answer before its deadline."""
    ILLEGAL_ACTION = bot_pb2.TERMINATION_ILLEGAL_ACTION
    """The seat chose an action the rules forbid, or an index out of range."""
    CRASH = bot_pb2.TERMINATION_CRASH
    """The seat's process died, its stream closed, or its code raised."""
    PROTOCOL_ERROR = bot_pb2.TERMINATION_PROTOCOL_ERROR
    """The seat sent a message that does not decode or is out of place."""
    STALL = bot_pb2.TERMINATION_STALL
    """The game made no progress within its step limit."""
    RESOURCE_LIMIT = bot_pb2.TERMINATION_RESOURCE_LIMIT
    """The seat's process was killed for a resource limit (memory, CPU time, files)."""
    STARTUP_FAILURE = bot_pb2.TERMINATION_STARTUP_FAILURE
    """The seat's bot never connected and said hello in time."""
    INTERRUPTED = bot_pb2.TERMINATION_INTERRUPTED
    """The referee was stopped before the match ended."""
    ADJUDICATED = bot_pb2.TERMINATION_ADJUDICATED
    """The referee decided this seat's result after another seat's fault."""

    @property
    def label(self) -> str:
        """The lower-case name people read: ``illegal_action``."""
        return self.name.lower()

    @classmethod
    def parse(cls, label: str) -> Termination:
        """The member named by a label such as ``timeout``."""
        return cls[label.upper()]

    @property
    def is_fault(self) -> bool:
        """Whether the seat itself caused this end (and may be penalised)."""
        return self not in {Termination.NORMAL, Termination.ADJUDICATED, Termination.INTERRUPTED}
