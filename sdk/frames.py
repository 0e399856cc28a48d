"""Length-prefixed frames, the wire format of the referee's framed socket.

A frame is a 4-byte big-endian length, then that many bytes: one serialized
BotMessage (from a bot) or RefereeMessage (from the referee). Both sides refuse
a frame longer than MAX_FRAME_BYTES before keeping a byte of it. The referee's
side reads frames with trio (referee/transport/frames.py); a bot reads them
from a blocking socket with ``FrameSocket``.
"""

from __future__ import annotations

import socket
import struct

HEADER = struct.Struct("!I")
MAX_FRAME_BYTES = 4 * 1024 * 1024
"""The largest message either side accepts: gRPC's default, so both transports agree."""
RECEIVE_BYTES = 65536


class FrameError(Exception):
    """The bytes on the stream are no frame: too long, or cut off by the end of the stream."""


def frame(payload: bytes) -> bytes:
    """The payload with its length in front."""
    return HEADER.pack(len(payload)) + payload


class FrameBuffer:
    """Bytes received so far, split into frames as they complete."""

    def __init__(self) -> None:
        self._bytes = bytearray()

    def feed(self, chunk: bytes | bytearray) -> None:
        self._bytes += chunk

    def split(self) -> bytes | None:
        """Take one whole frame's payload off the buffer, if it holds one.

        Raises:
            FrameError: the next frame says it is longer than MAX_FRAME_BYTES.
        """
        if len(self._bytes) < HEADER.size:
            return None
        (size,) = HEADER.unpack_from(self._bytes)
        if size > MAX_FRAME_BYTES:
            raise FrameError(f"a frame of {size} bytes, more than {MAX_FRAME_BYTES}")
        end = HEADER.size + size
        if len(self._bytes) < end:
            return None
        payload = bytes(self._bytes[HEADER.size : end])
        del self._bytes[:end]
        return payload

    def end(self) -> None:
        """The stream ended here.

        Raises:
            FrameError: it ended inside a frame.
        """
        if self._bytes:
            raise FrameError(f"the stream ended inside a frame ({len(self._bytes)} bytes)")


class FrameSocket:
    """Frames over a connected blocking socket (a bot's side)."""

    def __init__(self, sock: socket.socket) -> None:
        self._sock = sock
        self._buffer = FrameBuffer()

    def write(self, payload: bytes) -> None:
        self._sock.sendall(frame(payload))

    def read(self) -> bytes | None:
        """The next frame's payload; None at a clean end of the stream.

        Raises:
            FrameError: see ``FrameBuffer``.
            OSError: the connection broke.
        """
        while (payload := self._buffer.split()) is None:
            chunk = self._sock.recv(RECEIVE_BYTES)
            if not chunk:
                self._buffer.end()
                return None
            self._buffer.feed(chunk)
        return payload
