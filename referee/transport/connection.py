"""One bot's stream as the trio side sees it: send requests, wait for their replies.

Every method here runs on the trio thread. The gRPC thread calls ``greet``,
``attach``, ``deliver`` and ``detach`` through ``TrioToken.run_sync_soon``;
the framed listener (framed.py) calls them directly; so no lock is needed,
except for ``claim``, which either thread may call first. Replies are
matched to requests by (match id, seq): one connection serves many matches
at once, and a reply that comes after its request was given up (late, or
for a finished match) is dropped.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import structlog
import trio

import referee
from sdk.pb.landgrave.v1 import bot_pb2

PROTOCOL_VERSION = 1

CLOSE = object()
"""Put on a stream's outbound queue to end the stream from the referee's side."""

Send = Callable[[object], None]
"""Puts a RefereeMessage (or CLOSE) on one stream's outbound queue; never blocks."""

logger = structlog.get_logger("referee.transport")

MAX_UNASKED_MESSAGES = 1000
"""Stale replies and unexpected messages a bot may send before it is cut off as a flood."""
MAX_LOG_LINES = 1000
"""Log lines kept per connection; more are dropped (one warning says so)."""
MAX_LOG_CHARS = 2000
ROUNDS_AFTER_DEADLINE = 3
"""Scheduling rounds a request still waits once its deadline has passed: one for the rest of
the wake-up (a reader woken with it), one to poll the sockets and gRPC's hand-over queue,
one for the reader that poll wakes. A reply already received is read in them."""


class ConnectionGone(Exception):
    """The bot's stream is closed; no reply can come. Carries the reason."""


@dataclass
class _Pending:
    done: trio.Event = field(default_factory=trio.Event)
    reply: bot_pb2.Reply | None = None


class Connection:
    """A bot's place on the server, from the token it was given to its stream's end."""

    def __init__(self, token: str, name: str) -> None:
        self.token = token
        self.name = name
        self._send: Send | None = None
        self._claim_lock = threading.Lock()
        self.attached = False
        """Set the moment a stream claims the token (``claim``)."""
        self.transport = ""
        """Which stream the bot came on, once attached: "grpc" or "framed"."""
        self.hello: bot_pb2.Hello | None = None
        self.ready = trio.Event()
        """Set once the stream is open (or known never to open: see ``gone``)."""
        self.gone: str | None = None
        """Why the stream ended; None while it is open or not yet opened."""
        self._pending: dict[tuple[str, int], _Pending] = {}
        self.dropped_replies = 0
        self.log_lines = 0
        self.violation: str | None = None
        """Set when the referee cut the bot off for breaking the protocol (a flood)."""
        self.expected_uid: int | None = None
        """The uid of the bot the referee started for this token: only a process running
        as it may connect on the framed socket (peer.py). None: not a started bot's."""
        self.refused_peer: str | None = None
        """Why the last process of another uid that came with this token was refused."""

    def refuse_peer(self, reason: str) -> None:
        """Note that a process of the wrong uid came with this token (any thread)."""
        self.refused_peer = reason
        logger.warning("bot_peer_refused", bot=self.name, reason=reason)

    def claim(self) -> bool:
        """Claim the token for one stream: True the first time only (any thread)."""
        with self._claim_lock:
            claimed, self.attached = self.attached, True
        return not claimed

    def welcome(self) -> bot_pb2.RefereeMessage:
        """What the referee says first on a stream it admitted for this connection."""
        welcome = bot_pb2.Welcome(
            protocol_version=PROTOCOL_VERSION,
            bot_id=self.name,
            referee_version=referee.__version__,
        )
        return bot_pb2.RefereeMessage(welcome=welcome)

    # -- called from the stream's side (the gRPC thread via run_sync_soon) ---

    def greet(self, hello: bot_pb2.Hello) -> None:
        self.hello = hello

    def attach(self, send: Send, transport: str) -> None:
        self._send = send
        self.transport = transport
        if self.gone is None:
            self.ready.set()
        else:  # the referee gave up on this bot before its stream opened
            send(CLOSE)

    def deliver(self, message: bot_pb2.BotMessage) -> None:
        kind = message.WhichOneof("kind")
        if kind == "reply":
            pending = self._pending.get((message.reply.match_id, message.reply.seq))
            if pending is None or pending.reply is not None:
                self.dropped_replies += 1
                logger.debug("stale reply dropped", bot=self.name, seq=message.reply.seq)
                self._check_flood()
                return
            pending.reply = message.reply
            pending.done.set()
        elif kind == "log":
            self._log(message.log)
        else:
            self.dropped_replies += 1
            self.send_error(f"unexpected {kind or 'empty'} message after hello")
            self._check_flood()

    def _log(self, line: bot_pb2.LogLine) -> None:
        self.log_lines += 1
        if self.log_lines <= MAX_LOG_LINES:
            text = line.text[:MAX_LOG_CHARS]
            logger.info("bot says", bot=self.name, match_id=line.match_id, text=text)
        elif self.log_lines == MAX_LOG_LINES + 1:
            logger.warning("bot log lines dropped from now on", bot=self.name)

    def _check_flood(self) -> None:
        if self.dropped_replies > MAX_UNASKED_MESSAGES:
            self.cut_off(f"flood: more than {MAX_UNASKED_MESSAGES} unasked messages")

    def cut_off(self, violation: str) -> None:
        """End the stream because the bot broke the protocol; its seat's fault says how."""
        if self.violation is None and self.gone is None:
            self.violation = violation
            self.send_error(violation)
        self.close()

    def detach(self, reason: str) -> None:
        if self.gone is not None:
            return
        self.gone = reason
        self.ready.set()
        for pending in self._pending.values():
            pending.done.set()

    # -- used by players -----------------------------------------------------

    def send(self, **kind: Any) -> None:
        """Send a RefereeMessage with one field set, e.g. ``send(match_start=start)``.

        Raises:
            ConnectionGone: the stream is closed.
        """
        if self.gone is not None:
            raise ConnectionGone(self.gone)
        if self._send is None:
            raise ConnectionGone("the bot never connected")
        self._send(bot_pb2.RefereeMessage(**kind))

    def send_error(self, text: str, match_id: str = "") -> None:
        """Tell the bot what it did wrong, if it is still there to hear it."""
        if self.gone is None and self._send is not None:
            error = bot_pb2.ProtocolError(match_id=match_id, message=text)
            self._send(bot_pb2.RefereeMessage(error=error))

    async def request(
        self, request: bot_pb2.DecisionRequest, deadline: float
    ) -> bot_pb2.Reply | None:
        """Send a decision request; its reply, or None once trio time ``deadline`` has passed.

        A reply that has reached the referee by the time it wakes for the
        deadline counts: a referee that wakes late (its machine starved it)
        handles its own wake-up and the reply's arrival in the same scheduling
        rounds, in either order, and the bot is not blamed for that.

        Raises:
            ConnectionGone: the stream ended before the reply came.
        """
        key = (request.match_id, request.seq)
        pending = _Pending()
        self._pending[key] = pending
        try:
            self.send(decision=request)
            with trio.move_on_at(deadline):
                await pending.done.wait()
            for _ in range(ROUNDS_AFTER_DEADLINE):
                if pending.done.is_set():
                    break
                await trio.lowlevel.checkpoint()
        finally:
            del self._pending[key]
        if pending.reply is None and pending.done.is_set():
            raise ConnectionGone(self.gone or "closed")
        return pending.reply

    def close(self) -> None:
        """End the stream from the referee's side; the bot sees a clean end."""
        if self._send is not None and self.gone is None:
            self._send(CLOSE)
        self.detach("closed by the referee")
