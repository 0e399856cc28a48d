"""Who is at the other end of the framed Unix socket, as the kernel tells it (SO_PEERCRED).

A token alone binds a seat to whoever holds it. On the framed socket the
referee also knows who connected: the kernel records the connecting
process's pid, uid and gid when it calls ``connect`` (``socket(7)``,
``SO_PEERCRED``), translated into the referee's namespaces, so a bot in
bubblewrap's user namespace shows its uid outside. A bot the referee
started connects as the uid it was started as: its own (the referee is
root, ``accounts.py``) or the referee's. Any other uid holding its token
is refused before the token is claimed, so the bot still gets its seat.
gRPC does not tell a server its Unix-socket peer (grpc/grpc#28755): its
streams are bound by the token alone (docs/security.md).
"""

from __future__ import annotations

import socket
import struct
from dataclasses import dataclass
from typing import Protocol

_CREDENTIALS = struct.Struct("3i")
"""``struct ucred``: pid, uid, gid, each a C int."""


class _Socket(Protocol):
    def getsockopt(self, level: int, option: int, size: int, /) -> bytes: ...


@dataclass(frozen=True)
class Peer:
    """The process that connected to a Unix socket."""

    pid: int
    uid: int
    gid: int

    @classmethod
    def of(cls, sock: _Socket) -> Peer | None:
        """The socket's peer; None where the kernel does not say (not a Unix socket)."""
        try:
            raw = sock.getsockopt(socket.SOL_SOCKET, socket.SO_PEERCRED, _CREDENTIALS.size)
        except OSError:
            return None
        return cls(*_CREDENTIALS.unpack(raw))


def refusal(expected_uid: int | None, peer: Peer | None) -> str:
    """Why ``peer`` may not use a token meant for a bot running as ``expected_uid``; '' if it may.

    ``expected_uid`` None: the token is not a started bot's (a remote invitation), no check.
    """
    if expected_uid is None:
        return ""
    if peer is None:
        return "the referee cannot tell which process connected"
    if peer.uid != expected_uid:
        return (
            f"this token belongs to a bot the referee started as uid {expected_uid}, "
            f"not to process {peer.pid} of uid {peer.uid}"
        )
    return ""
