"""Frames from a trio stream: the referee's side of the framed socket (see sdk/frames.py)."""

from __future__ import annotations

import trio

from sdk.frames import RECEIVE_BYTES, FrameBuffer


class FrameReader:
    """Frames from a receive stream, read in large chunks and split as they complete."""

    def __init__(self, stream: trio.abc.ReceiveStream) -> None:
        self._stream = stream
        self._buffer = FrameBuffer()

    async def next(self) -> bytes | None:
        """The next frame's payload; None at a clean end of the stream.

        Raises:
            FrameError: a frame longer than MAX_FRAME_BYTES, or a stream that ends mid-frame.
            trio.BrokenResourceError: the connection broke.
        """
        while (payload := self._buffer.split()) is None:
            chunk = await self._stream.receive_some(RECEIVE_BYTES)
            if not chunk:
                self._buffer.end()
                return None
            self._buffer.feed(chunk)
        return payload
