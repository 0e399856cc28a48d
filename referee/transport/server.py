"""The referee's gRPC server, on its own asyncio thread, bridged to trio.

Measured on our machines (../shared/reference/grpc-trio-measurements.md):
a grpc.aio server on one dedicated asyncio thread, with messages handed
across by ``loop.call_soon_threadsafe`` one way and ``TrioToken.run_sync_soon``
the other, costs the least referee CPU per decision and keeps a constant
thread count. Deadlines live on the trio side; this module only moves
messages and keeps the asyncio side free of match logic.

A bot connects, sends ``Hello`` with its secret token, and gets ``Welcome``.
The token names a ``Connection`` the referee registered before it launched
(or invited) the bot; an unknown token or protocol version is refused with
a ``ProtocolError`` that says why. Tokens are looked up by their SHA-256
and then compared in constant time, so the time a refusal takes says
nothing about how close a guess was. A token serves one stream: once used,
a second stream with it is refused.

Against floods (docs/security.md): a connection must finish its HTTP/2
handshake within HANDSHAKE_TIMEOUT_S and its stream must say hello within
HELLO_TIMEOUT_S; a connection with no stream is closed after IDLE_TIMEOUT_S;
``gate.py`` caps streams that have not said hello and refused attempts per
peer host. The referee raises its own open-file limit to the hard limit.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import hmac
import re
import resource
import secrets
import ssl
import tempfile
import threading
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import grpc
import structlog
import trio
from google.protobuf.message import DecodeError
from grpc_health.v1 import health, health_pb2, health_pb2_grpc

from referee.errors import ConfigError
from referee.transport.connection import CLOSE, PROTOCOL_VERSION, Connection
from referee.transport.framed import FramedListener
from referee.transport.gate import Gate
from referee.transport.peer import Peer
from referee.transport.peer import refusal as peer_refusal
from sdk.pb.landgrave.v1 import bot_pb2, bot_pb2_grpc

HELLO_TIMEOUT_S = 5.0
"""How long a fresh stream may stay silent before its hello; then it is dropped."""
HANDSHAKE_TIMEOUT_S = 5.0
"""How long a new connection has to finish its HTTP/2 (and TLS) handshake."""
IDLE_TIMEOUT_S = 30.0
"""How long a connection may stay open without any stream (a bot keeps its stream open)."""
STREAMS_PER_CONNECTION = 8
"""A bot needs one stream (and the health check one more)."""
SERVER_OPTIONS = (
    ("grpc.server_handshake_timeout_ms", int(HANDSHAKE_TIMEOUT_S * 1000)),
    ("grpc.max_connection_idle_ms", int(IDLE_TIMEOUT_S * 1000)),
    ("grpc.max_concurrent_streams", STREAMS_PER_CONNECTION),
)

logger = structlog.get_logger("referee.transport")


@dataclass(frozen=True)
class TlsIdentity:
    """The referee's certificate and key for its TCP listener (PEM)."""

    certificate: bytes
    key: bytes

    @classmethod
    def from_files(cls, certificate: Path, key: Path) -> TlsIdentity:
        """Read both files.

        Raises:
            ConfigError: a file cannot be read, or they are not a PEM certificate and its
                (unencrypted) key: gRPC would only say later that it cannot listen.
        """
        try:
            identity = cls(certificate.read_bytes(), key.read_bytes())
        except OSError as error:
            raise ConfigError(f"cannot read TLS file {error.filename}: {error.strerror}") from None
        try:
            context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
            context.load_cert_chain(certificate, key, password=lambda: "")  # never a prompt
        except ssl.SSLError as error:
            raise ConfigError(
                f"--tls-cert {certificate} and --tls-key {key} are not a PEM certificate and "
                f"its unencrypted key ({error.reason or 'unreadable'})"
            ) from None
        return identity


def check_tcp_address(address: str) -> None:
    """Refuse a ``--listen`` address that is not ``HOST:PORT`` with a port from 0 to 65535.

    gRPC parses the address itself and takes what it should refuse: it wraps a port over
    65535 (99999 listens on 34463) or below 0, and reads a missing port as 443. So every
    listener's address is checked here first.

    Raises:
        ConfigError: one line naming the address.
    """
    host, colon, port = address.rpartition(":")
    if not (host and colon and re.fullmatch("[0-9]{1,5}", port) and int(port) <= 65535):
        raise ConfigError(
            f"--listen: expected HOST:PORT with a port from 0 to 65535, got {address!r}"
        )


Admit = Callable[[bot_pb2.Hello], Connection | None]
"""Asked (on the asyncio thread) about a hello whose token names no expected connection:
return a connection made with ``expect`` to let the bot in (the arena's author tokens),
or None to refuse it as unknown."""


class BotServer:
    """The gRPC endpoint bots connect to, for as long as the ``async with`` lasts.

    Local bots reach it on a Unix socket in a private folder; ``tcp`` adds a
    TCP listener (``"127.0.0.1:50051"``) for bots on other machines, encrypted
    when ``tls`` is given.
    """

    def __init__(
        self, tcp: str | None = None, tls: TlsIdentity | None = None, admit: Admit | None = None
    ) -> None:
        if tcp:
            check_tcp_address(tcp)
        self._tcp = tcp
        self._tls = tls
        self._admit_hello = admit
        self._folder = tempfile.TemporaryDirectory(prefix="landgrave-", dir=_socket_parent())
        self.socket_folder = Path(self._folder.name)
        self.address = f"unix:{self.socket_folder / 'referee.sock'}"
        self.framed_path = self.socket_folder / FRAMED_SOCKET
        """The framed socket (framed.py): the same protocol for local bots, without gRPC."""
        self._framed = FramedListener(self.framed_path, self.check_local_hello)
        self._tasks = contextlib.AsyncExitStack()
        self.tcp_port: int | None = None
        self._connections: dict[bytes, Connection] = {}
        """Keyed by the SHA-256 of the token, so a lookup leaks nothing of the token."""
        self.gate = Gate()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self._stop: asyncio.Event | None = None
        self._trio_token: trio.lowlevel.TrioToken | None = None

    @property
    def tcp_address(self) -> str | None:
        """``host:port`` of the TCP listener, once bound; None without one."""
        if not self._tcp or self.tcp_port is None:
            return None
        return f"{self._tcp.rsplit(':', 1)[0]}:{self.tcp_port}"

    def expect(self, name: str = "") -> Connection:
        """A new connection slot with a fresh secret token, to hand to one bot."""
        # Hex: a token never starts with "-", which a command line would take for a flag.
        token = secrets.token_hex(24)
        connection = Connection(token, name)
        self._connections[_digest(token)] = connection
        return connection

    def forget(self, connection: Connection) -> None:
        """Refuse the connection's token from now on and end its stream."""
        self._connections.pop(_digest(connection.token), None)
        connection.close()

    def find(self, token: str) -> Connection | None:
        """The connection a token names, if any (in constant time once found)."""
        connection = self._connections.get(_digest(token))
        if connection is None or not hmac.compare_digest(connection.token, token):
            return None
        return connection

    def check_hello(
        self, hello: bot_pb2.Hello, *, strangers: bool
    ) -> tuple[str, Connection | None]:
        """The connection a hello claims, or why it is refused (any thread).

        With ``strangers``, a token the referee did not hand out is put to ``admit``.
        """
        refusal, connection = self._named(hello, strangers)
        return self._claimed(refusal, connection)

    def check_local_hello(
        self, hello: bot_pb2.Hello, peer: Peer | None
    ) -> tuple[str, Connection | None]:
        """``check_hello`` on the framed socket, where the kernel names the peer (peer.py).

        A token of a bot the referee started is refused to a process of another uid,
        before it is claimed: the bot itself can still connect with it.
        """
        refusal, connection = self._named(hello, strangers=False)
        if connection is not None:
            wrong_peer = peer_refusal(connection.expected_uid, peer)
            if wrong_peer:
                connection.refuse_peer(wrong_peer)
                return wrong_peer, None
        return self._claimed(refusal, connection)

    def _named(self, hello: bot_pb2.Hello, strangers: bool) -> tuple[str, Connection | None]:
        """The connection a hello's token names, or why there is none."""
        if hello.protocol_version != PROTOCOL_VERSION:
            return (
                f"protocol version {hello.protocol_version} is not supported: this referee "
                f"speaks landgrave.v1 protocol version {PROTOCOL_VERSION}; update your SDK",
                None,
            )
        connection = self.find(hello.token)
        if connection is None and strangers and self._admit_hello is not None:
            connection = self._admit_hello(hello)
        if connection is None:
            return "unknown token: this referee did not invite this bot", None
        return "", connection

    @staticmethod
    def _claimed(refusal: str, connection: Connection | None) -> tuple[str, Connection | None]:
        """The connection, claimed now, so a second stream with its token is refused."""
        if connection is None:
            return refusal, None
        if not connection.claim():
            return "this token is already connected", None
        return "", connection

    # -- lifecycle ------------------------------------------------------------

    async def __aenter__(self) -> BotServer:
        _raise_open_file_limit()
        self._trio_token = trio.lowlevel.current_trio_token()
        ready = threading.Event()
        failure: list[BaseException] = []
        self._thread = threading.Thread(
            target=self._serve_thread, args=(ready, failure), name="grpc-server", daemon=True
        )
        self._thread.start()
        await trio.to_thread.run_sync(ready.wait)
        if failure:
            self._folder.cleanup()
            where = f"{self._tcp} and {self.address}" if self._tcp else self.address
            raise ConfigError(f"cannot serve bots on {where}: {failure[0]}") from failure[0]
        try:
            nursery = await self._tasks.enter_async_context(trio.open_nursery())
            self._tasks.callback(nursery.cancel_scope.cancel)  # runs first: the listener ends
            await nursery.start(self._framed.serve)
        except BaseException:
            await self.__aexit__()
            raise
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        for connection in list(self._connections.values()):
            self.forget(connection)
        await self._tasks.aclose()
        if self._loop is not None and self._stop is not None:
            self._loop.call_soon_threadsafe(self._stop.set)
        if self._thread is not None:
            with trio.CancelScope(shield=True):
                await trio.to_thread.run_sync(self._thread.join)
        self._folder.cleanup()

    def _serve_thread(self, ready: threading.Event, failure: list[BaseException]) -> None:
        asyncio.run(self._serve(ready, failure))

    async def _serve(self, ready: threading.Event, failure: list[BaseException]) -> None:
        self._loop = asyncio.get_running_loop()
        self._stop = asyncio.Event()
        server = grpc.aio.server(options=SERVER_OPTIONS)
        bot_pb2_grpc.add_RefereeServicer_to_server(  # type: ignore[no-untyped-call]
            _RefereeServicer(self), server
        )
        health_servicer = health.aio.HealthServicer()
        health_pb2_grpc.add_HealthServicer_to_server(health_servicer, server)
        try:
            server.add_insecure_port(self.address)
            if self._tcp and self._tls:
                credentials = grpc.ssl_server_credentials([(self._tls.key, self._tls.certificate)])
                self.tcp_port = server.add_secure_port(self._tcp, credentials)
            elif self._tcp:
                self.tcp_port = server.add_insecure_port(self._tcp)
            await server.start()
            _open_to_bot_users(self.socket_folder)
        except Exception as error:  # reported to the trio side, which raises it
            failure.append(error)
            ready.set()
            return
        await health_servicer.set("", health_pb2.HealthCheckResponse.SERVING)
        await health_servicer.set(
            bot_pb2.DESCRIPTOR.services_by_name["Referee"].full_name,
            health_pb2.HealthCheckResponse.SERVING,
        )
        ready.set()
        await self._stop.wait()
        await health_servicer.enter_graceful_shutdown()
        await server.stop(grace=0.5)

    # -- bridging -------------------------------------------------------------

    def _sender(self, queue: asyncio.Queue[Any]) -> Callable[[object], None]:
        """What hands a message to a stream's outbound queue on the asyncio thread."""

        def send(message: object) -> None:  # on the trio thread
            if self._loop is not None and not self._loop.is_closed():
                self._loop.call_soon_threadsafe(queue.put_nowait, message)

        return send

    def _to_trio(self, function: Callable[..., None], *args: Any) -> None:
        """Run a synchronous function on the trio thread soon (from the asyncio thread)."""
        assert self._trio_token is not None
        with contextlib.suppress(trio.RunFinishedError):  # the referee is already gone
            self._trio_token.run_sync_soon(function, *args)


class _RefereeServicer(bot_pb2_grpc.RefereeServicer):
    """The asyncio side of the ``Play`` stream: hello, then relay both ways."""

    def __init__(self, server: BotServer) -> None:
        self.server = server

    async def Play(
        self, request_iterator: AsyncIterator[bot_pb2.BotMessage], context: Any
    ) -> AsyncIterator[bot_pb2.RefereeMessage]:
        refusal, connection = await self._admit(context)
        if connection is None:
            if refusal:
                yield _error(refusal)
            return
        outbound: asyncio.Queue[Any] = asyncio.Queue()
        self.server._to_trio(connection.attach, self.server._sender(outbound), "grpc")
        reader = asyncio.ensure_future(self._relay_incoming(context, connection, outbound))
        try:
            yield connection.welcome()
            while (message := await outbound.get()) is not CLOSE:
                yield message
        finally:
            reader.cancel()
            self.server._to_trio(connection.detach, "stream closed by the referee")

    async def _admit(self, context: Any) -> tuple[str, Connection | None]:
        """Past the gate and the hello: the bot's connection, or the refusal to send it."""
        peer = context.peer()
        try:
            refusal = self.server.gate.admit(peer)
            if not refusal:
                try:
                    refusal, connection = await self._greet(context)
                finally:
                    self.server.gate.leave(peer)
                if connection is not None:
                    return "", connection
            # Past its budget a host hears its refusal late: guessing slows to a crawl.
            await asyncio.sleep(self.server.gate.refuse(peer, refusal))
        except asyncio.CancelledError:  # the caller hung up first: nothing to answer
            return "", None
        return refusal, None

    async def _greet(self, context: Any) -> tuple[str, Connection | None]:
        """Read the hello; return a refusal text, or the connection it names."""
        try:
            first = await asyncio.wait_for(context.read(), HELLO_TIMEOUT_S)
        except TimeoutError:
            return f"no hello within {HELLO_TIMEOUT_S:.0f} s", None
        except DecodeError:
            first = None  # bytes that are no BotMessage at all
        if first is None or first is grpc.aio.EOF or first.WhichOneof("kind") != "hello":
            return "the first message must be a hello", None
        refusal, connection = self.server.check_hello(first.hello, strangers=True)
        if connection is not None:
            self.server._to_trio(connection.greet, first.hello)
        return refusal, connection

    async def _relay_incoming(
        self, context: Any, connection: Connection, outbound: asyncio.Queue[Any]
    ) -> None:
        """Forward the bot's messages to trio until its stream ends."""
        reason = "the bot closed its stream"
        try:
            while (message := await context.read()) is not grpc.aio.EOF:
                self.server._to_trio(connection.deliver, message)
        except asyncio.CancelledError:
            raise
        except DecodeError:
            # The bot's own bytes, not a broken network: a protocol error of its seat.
            self.server._to_trio(connection.cut_off, "sent bytes that are not a BotMessage")
        except Exception as error:  # a broken stream is the bot's end, said once
            reason = f"stream broken: {error}"
        self.server._to_trio(connection.detach, reason)
        outbound.put_nowait(CLOSE)


def _digest(token: str) -> bytes:
    return hashlib.sha256(token.encode("utf-8", errors="replace")).digest()


def _raise_open_file_limit() -> None:
    """Up to the hard limit: each bot and each connection costs the referee descriptors."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard == resource.RLIM_INFINITY or soft < hard:
        with contextlib.suppress(ValueError, OSError):
            resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))


def _open_to_bot_users(folder: Path) -> None:
    """Let bots under their own uids reach the socket; the token still decides who gets in."""
    folder.chmod(0o711)  # pass through, not list
    (folder / "referee.sock").chmod(0o666)


FRAMED_SOCKET = "bots.sock"
MAX_SOCKET_PATH = 107
"""The longest path a Unix socket may have (sockaddr_un's sun_path, less its NUL)."""


def _socket_parent() -> str | None:
    """Where the socket's private folder goes: TMPDIR, or /tmp when TMPDIR's path is so
    long that the socket's would not fit (a deep test or CI folder, say)."""
    longest = len(tempfile.gettempdir()) + len("/landgrave-xxxxxxxx/referee.sock")
    return None if longest <= MAX_SOCKET_PATH else "/tmp"


def _error(text: str, match_id: str = "") -> bot_pb2.RefereeMessage:
    return bot_pb2.RefereeMessage(error=bot_pb2.ProtocolError(match_id=match_id, message=text))
