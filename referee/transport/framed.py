"""The framed socket: the bot protocol without gRPC, for the bots the referee starts.

The same messages and the same conversation as the gRPC ``Play`` stream
(docs/protocol.md), each message in a length-prefixed frame (sdk/frames.py),
on a Unix socket beside the gRPC one. It is served on the trio thread
itself, so a decision crosses no thread: the match task writes its request
to the socket itself when nothing waits to be sent before it (the usual
case: one request at a time), else puts it on the stream's outbound
channel for the stream's writer task; the reader task delivers the reply
to the ``Connection``. A round trip through gRPC costs the referee several
times the CPU (BENCHMARKS.md).

    match task --write--> socket           (nothing queued, the socket takes it all)
    match task --send_nowait--> outbound channel --> writer task --> socket
    match task <--Event.set--- Connection.deliver <-- reader task <-- socket

What holds on the gRPC stream holds here (docs/security.md): a hello within
HELLO_TIMEOUT_S, a bounded number of connections waiting for theirs (the
gate's local budget), one stream per token, and a bot whose bytes are no
frame or no BotMessage is cut off with a protocol error for its seat. One
more: the kernel names the connecting process (peer.py), and a started
bot's token is refused to a process that does not run as the bot's uid.
"""

from __future__ import annotations

import contextlib
import math
import os
from collections.abc import Callable
from pathlib import Path

import structlog
import trio
from google.protobuf.message import DecodeError

from referee.transport.connection import CLOSE, Connection
from referee.transport.frames import FrameReader
from referee.transport.gate import LOCAL, Gate
from referee.transport.peer import Peer
from sdk.frames import FrameError, frame
from sdk.pb.landgrave.v1 import bot_pb2

HELLO_TIMEOUT_S = 5.0
"""As on the gRPC stream: how long a fresh connection may stay silent before its hello."""
FLUSH_S = 0.5
"""How long the referee keeps sending what it had queued to a bot whose stream ended."""
BACKLOG = 128

logger = structlog.get_logger("referee.transport")

CheckHello = Callable[[bot_pb2.Hello, Peer | None], tuple[str, Connection | None]]
"""The connection a hello from a peer claims (``BotServer.check_local_hello``), or why
it is refused."""


class FramedListener:
    """Serves the framed socket at ``path`` until cancelled."""

    def __init__(self, path: Path, check_hello: CheckHello) -> None:
        self.path = path
        self._check_hello = check_hello
        self._gate = Gate()
        """Its own gate: the gRPC thread's is not to be touched from this one."""

    async def serve(self, *, task_status: trio.TaskStatus[None] = trio.TASK_STATUS_IGNORED) -> None:
        sock = trio.socket.socket(trio.socket.AF_UNIX, trio.socket.SOCK_STREAM)
        await sock.bind(str(self.path))
        sock.listen(BACKLOG)
        self.path.chmod(0o666)  # bots under their own uids; the token still decides
        task_status.started()
        await trio.serve_listeners(self._serve_one, [trio.SocketListener(sock)])

    async def _serve_one(self, stream: trio.SocketStream) -> None:
        async with stream:
            reader = FrameReader(stream)
            peer = Peer.of(stream.socket)
            refusal, hello, connection = await self._admit(reader, peer)
            if connection is None or hello is None:
                if refusal:
                    with contextlib.suppress(trio.BrokenResourceError, trio.ClosedResourceError):
                        await stream.send_all(_frame(_error(refusal)))
                return
            try:
                await self._relay(stream, reader, hello, connection)
            finally:
                connection.detach("stream closed by the referee")

    async def _admit(
        self, reader: FrameReader, peer: Peer | None
    ) -> tuple[str, bot_pb2.Hello | None, Connection | None]:
        """Past the gate, the hello and the peer's uid: the hello and its connection, or the
        refusal to send."""
        refusal = self._gate.admit(LOCAL)
        if not refusal:
            try:
                refusal, hello = await _read_hello(reader)
            finally:
                self._gate.leave(LOCAL)
            if hello is not None:
                refusal, connection = self._check_hello(hello, peer)
                if connection is not None:
                    return "", hello, connection
            if not refusal:  # the bot hung up before its hello: nothing to answer
                return "", None, None
        await trio.sleep(self._gate.refuse(LOCAL, refusal))
        return refusal, None, None

    async def _relay(
        self,
        stream: trio.SocketStream,
        reader: FrameReader,
        hello: bot_pb2.Hello,
        connection: Connection,
    ) -> None:
        """Messages both ways until either side ends the stream."""
        outbox = _Outbox(stream.socket.fileno())
        outbox.put(connection.welcome())
        connection.greet(hello)
        connection.attach(outbox.put, "framed")
        try:
            async with trio.open_nursery() as nursery:
                nursery.start_soon(outbox.write, stream, nursery.cancel_scope)
                reason = await _read(reader, connection)
                connection.detach(reason)  # nothing more is sent to this connection ...
                outbox.put(CLOSE)  # ... and what was queued goes out, for a bounded time
                nursery.cancel_scope.deadline = trio.current_time() + FLUSH_S
        finally:
            outbox.closed = True  # the socket closes next: its number may soon be another's


async def _read_hello(reader: FrameReader) -> tuple[str, bot_pb2.Hello | None]:
    """The first message, if it is a hello; else why not ('' when the bot just hung up)."""
    with trio.move_on_after(HELLO_TIMEOUT_S):
        try:
            payload = await reader.next()
        except (FrameError, trio.BrokenResourceError):
            return "", None
        if payload is None:
            return "", None
        try:
            first = bot_pb2.BotMessage.FromString(payload)
        except DecodeError:
            return "the first message must be a hello", None
        if first.WhichOneof("kind") != "hello":
            return "the first message must be a hello", None
        return "", first.hello
    return f"no hello within {HELLO_TIMEOUT_S:.0f} s", None


async def _read(reader: FrameReader, connection: Connection) -> str:
    """Deliver the bot's messages until its stream ends; why it ended."""
    try:
        while (payload := await reader.next()) is not None:
            try:
                message = bot_pb2.BotMessage.FromString(payload)
            except DecodeError:
                connection.cut_off("sent bytes that are not a BotMessage")
                break
            connection.deliver(message)
            if connection.gone is not None:  # cut off (a flood)
                break
    except FrameError as error:
        connection.cut_off(f"sent bytes that are no frame: {error}")
    except trio.BrokenResourceError as error:
        return f"stream broken: {error}"
    return "the bot closed its stream"


class _Outbox:
    """What the referee sends on one stream, in order, never blocking the sender.

    A message goes straight to the socket when nothing is queued before it
    and the socket takes it whole: no wake-up of the writer task, a task
    switch less per decision. Otherwise its bytes (or what the socket left
    of them) wait in the channel for ``write``; while anything waits there,
    every message after it waits too, so frames never interleave.
    """

    def __init__(self, fd: int) -> None:
        self._fd = fd
        self._outbound, self._queued = trio.open_memory_channel[bytes | object](math.inf)
        self._waiting = 0
        """Items put on the channel and not yet written by ``write``."""
        self.closed = False
        """Set as the stream ends: nothing is written after."""

    def put(self, message: object) -> None:
        """Send a RefereeMessage, or CLOSE to end the stream (the Connection's send)."""
        if self.closed:
            return
        item: bytes | object = message
        if isinstance(message, bot_pb2.RefereeMessage):
            item = _frame(message)
            if not self._waiting:
                item = self._write_now(item)
                if not item:
                    return
        self._waiting += 1
        with contextlib.suppress(trio.BrokenResourceError, trio.ClosedResourceError):
            self._outbound.send_nowait(item)

    def _write_now(self, data: bytes) -> bytes:
        """What the socket did not take of ``data`` without blocking."""
        try:
            written = os.write(self._fd, data)
        except BlockingIOError:
            return data
        except OSError:
            return b""  # the bot is gone: the reader says why
        return data[written:]

    async def write(self, stream: trio.SocketStream, done: trio.CancelScope) -> None:
        """Send what is queued, in as few writes as it takes, until CLOSE ends the stream."""
        try:
            async for first in self._queued:
                batch = [first]
                with contextlib.suppress(trio.WouldBlock):
                    while batch[-1] is not CLOSE:
                        batch.append(self._queued.receive_nowait())
                data = [item for item in batch if isinstance(item, bytes)]
                if data:
                    await stream.send_all(b"".join(data))
                self._waiting -= len(batch)
                if batch[-1] is CLOSE:
                    break
        except (trio.BrokenResourceError, trio.ClosedResourceError):
            return  # the bot is gone: the reader says why
        done.cancel()


def _frame(message: bot_pb2.RefereeMessage) -> bytes:
    return frame(message.SerializeToString())


def _error(text: str) -> bot_pb2.RefereeMessage:
    return bot_pb2.RefereeMessage(error=bot_pb2.ProtocolError(message=text))
