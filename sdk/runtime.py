"""The network side of a bot: connect, say hello, answer decisions until the referee closes.

The referee hands a bot process it starts its address in LANDGRAVE_ADDRESS
and its secret token through an inherited pipe, whose descriptor number is
in LANDGRAVE_TOKEN_FD (so the token is never in the environment, where other
processes could read it). A person running a remote bot passes them as
``--address`` and ``--token`` (or LANDGRAVE_TOKEN). One connection carries
any number of matches, keyed by match id.

A bot the referee starts also finds LANDGRAVE_SOCKET, the referee's framed
socket: the same messages without gRPC (sdk/frames.py), which costs both
sides several times less per decision. The runtime takes it when it is there
and plays over gRPC otherwise; gRPC and asyncio are imported only then
(a bot starts faster without them).
"""

from __future__ import annotations

import argparse
import os
import random
import socket
import sys
import time
import traceback
from pathlib import Path
from typing import TYPE_CHECKING

from sdk.bot import Bot, MatchInfo
from sdk.decisions import decision, match_info, reply
from sdk.frames import FrameSocket
from sdk.pb.landgrave.v1 import bot_pb2

if TYPE_CHECKING:
    import grpc

PROTOCOL_VERSION = 1


class RefereeRefused(Exception):
    """The referee refused the connection (wrong token, protocol version ...)."""


BUSY = "busy:"
"""How a refusal that asks to try again later starts (the referee is fending off a flood)."""


def run(bot: Bot, argv: list[str] | None = None) -> None:
    """Play as ``bot`` until the referee closes the connection."""
    parser = argparse.ArgumentParser(description=f"Landgrave bot {bot.name}")
    parser.add_argument(
        "--address",
        default=os.environ.get("LANDGRAVE_ADDRESS"),
        help="the referee's address (unix:/path or host:port)",
    )
    parser.add_argument(
        "--socket",
        default=os.environ.get("LANDGRAVE_SOCKET"),
        help="the referee's framed socket (a path), used instead of --address when given",
    )
    parser.add_argument(
        "--token",
        default=os.environ.get("LANDGRAVE_TOKEN"),
        help="the secret token the referee gave this bot",
    )
    parser.add_argument(
        "--token-fd",
        type=int,
        default=os.environ.get("LANDGRAVE_TOKEN_FD"),
        help="read the token from this inherited file descriptor (the referee's way)",
    )
    parser.add_argument(
        "--tls-ca",
        default=os.environ.get("LANDGRAVE_TLS_CA"),
        metavar="PEM",
        help="connect with TLS, trusting this certificate (the referee's, or its CA)",
    )
    args, _ = parser.parse_known_args(argv)
    if args.token_fd is not None and not args.token:
        args.token = read_token(args.token_fd)
    if not (args.address or args.socket) or not args.token:
        parser.error(
            "no referee to play for: give --address and --token "
            "(the referee sets LANDGRAVE_ADDRESS and LANDGRAVE_TOKEN_FD for bots it starts)"
        )
    try:
        if args.socket and not args.tls_ca:
            play_framed_when_let_in(bot, args.socket, args.token)
        else:
            import asyncio

            trusted = Path(args.tls_ca).read_bytes() if args.tls_ca else None
            asyncio.run(play_when_let_in(bot, args.address, args.token, trusted))
    except RefereeRefused as refusal:
        sys.exit(f"{bot.name}: the referee refused us: {refusal}")
    except KeyboardInterrupt:
        pass


def read_token(fd: int) -> str:
    """The token the referee wrote into an inherited pipe; the pipe is closed after."""
    with os.fdopen(fd, "rb", closefd=True) as pipe:
        return pipe.read(4096).decode("ascii", errors="replace").strip()


CONNECT_TIMEOUT_S = 30.0
"""How long to keep trying to reach the referee (it may be busy) before giving up."""


def _is_busy(refusal: RefereeRefused) -> bool:
    return str(refusal).startswith(BUSY)


def _busy_pause_s() -> float:
    return 0.2 + random.random() * 0.5


def play_framed_when_let_in(bot: Bot, path: str, token: str) -> None:
    """``play_framed``, trying again while the referee answers that it is busy."""
    deadline = time.monotonic() + CONNECT_TIMEOUT_S
    while True:
        try:
            play_framed(bot, path, token)
        except RefereeRefused as refusal:
            if not _is_busy(refusal) or time.monotonic() > deadline:
                raise
            time.sleep(_busy_pause_s())
        else:
            return


def play_framed(bot: Bot, path: str, token: str) -> None:
    """Connect to the framed socket at ``path``, greet, and answer the referee."""
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as sock:
        sock.connect(path)
        frames = FrameSocket(sock)
        frames.write(bot_pb2.BotMessage(hello=_hello(bot, token)).SerializeToString())
        session = _Session(bot)
        try:
            while (payload := frames.read()) is not None:
                answer = session.handle(bot_pb2.RefereeMessage.FromString(payload))
                if answer is not None:
                    frames.write(answer.SerializeToString())
        except (BrokenPipeError, ConnectionResetError):
            # The referee closed while the bot was deciding (it took too long, or the
            # match is over): there is nobody left to answer, so leave quietly.
            return


async def play_when_let_in(bot: Bot, address: str, token: str, tls_ca: bytes | None = None) -> None:
    """``play``, trying again while the referee answers that it is busy."""
    import asyncio

    deadline = asyncio.get_running_loop().time() + CONNECT_TIMEOUT_S
    while True:
        try:
            await play(bot, address, token, tls_ca)
        except RefereeRefused as refusal:
            if not _is_busy(refusal) or asyncio.get_running_loop().time() > deadline:
                raise
            await asyncio.sleep(_busy_pause_s())
        else:
            return


async def play(bot: Bot, address: str, token: str, tls_ca: bytes | None = None) -> None:
    """Connect over gRPC (with TLS when given a certificate to trust), greet, and answer."""
    import asyncio

    import grpc

    from sdk.pb.landgrave.v1 import bot_pb2_grpc

    channel = (
        grpc.aio.secure_channel(address, grpc.ssl_channel_credentials(root_certificates=tls_ca))
        if tls_ca is not None
        else grpc.aio.insecure_channel(address)
    )
    async with channel:
        # Ride out a referee that is slow to accept (busy, or fending off a flood).
        await asyncio.wait_for(channel.channel_ready(), CONNECT_TIMEOUT_S)
        call = bot_pb2_grpc.RefereeStub(channel).Play()  # type: ignore[no-untyped-call]
        await call.write(bot_pb2.BotMessage(hello=_hello(bot, token)))
        await _answer_stream(_Session(bot), call)


async def _answer_stream(session: _Session, call: grpc.aio.StreamStreamCall) -> None:
    import grpc

    try:
        async for message in call:
            answer = session.handle(message)
            if answer is not None:
                await call.write(answer)
    except grpc.aio.AioRpcError as error:
        if error.code() != grpc.StatusCode.CANCELLED:
            raise


def _hello(bot: Bot, token: str) -> bot_pb2.Hello:
    return bot_pb2.Hello(
        protocol_version=PROTOCOL_VERSION,
        token=token,
        name=bot.name,
        version=bot.version,
        games=list(bot.games),
    )


class _Session:
    """The matches one connection is playing."""

    def __init__(self, bot: Bot) -> None:
        self.bot = bot
        self.matches: dict[str, MatchInfo] = {}
        self.answered: dict[str, bot_pb2.Reply] = {}
        """Each match's last reply: a request asked again (same seq) gets it again."""

    def handle(self, message: bot_pb2.RefereeMessage) -> bot_pb2.BotMessage | None:
        """Act on one message from the referee; the answer to send back, if any.

        Raises:
            RefereeRefused: an error that is about no match (a refused hello).
        """
        kind = message.WhichOneof("kind")
        if kind == "error":
            if not message.error.match_id:
                raise RefereeRefused(message.error.message)
            print(f"{self.bot.name}: referee says: {message.error.message}", file=sys.stderr)
        elif kind == "match_start":
            info = match_info(message.match_start)
            self.matches[info.match_id] = info
            self.bot.match_started(info)
        elif kind == "decision":
            return bot_pb2.BotMessage(reply=self._answer(message.decision))
        elif kind == "match_end":
            match_id = message.match_end.match_id
            self.answered.pop(match_id, None)
            if match_id in self.matches:
                self.bot.match_ended(self.matches.pop(match_id), list(message.match_end.results))
        return None

    def _answer(self, request: bot_pb2.DecisionRequest) -> bot_pb2.Reply:
        """The bot's reply, decided once per request: a repeat gets it again (docs/protocol.md)."""
        last = self.answered.get(request.match_id)
        if last is not None and last.seq == request.seq:
            return last  # the referee was starved of time, not us: the same answer
        answer = self._decide(request)
        self.answered[request.match_id] = answer
        return answer

    def _decide(self, request: bot_pb2.DecisionRequest) -> bot_pb2.Reply:
        """The bot's reply; its exception becomes an error reply, and the bot plays on."""
        try:
            info = self.matches[request.match_id]
            return reply(request, self.bot.decide(decision(info, request)))
        except Exception as error:
            traceback.print_exc()
            text = f"{type(error).__name__}: {error}"
            return bot_pb2.Reply(match_id=request.match_id, seq=request.seq, error=text[:2000])
