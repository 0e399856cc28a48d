"""The network side of a bot: connect, say hello, answer decisions until the referee closes.

The referee hands a bot process it starts its address in LANDGRAVE_ADDRESS
and its secret token through an inherited pipe, whose descriptor number is
in LANDGRAVE_TOKEN_FD (so the token is never in the environment, where other
processes could read it). A person running a remote bot passes them as
``--address`` and ``--token`` (or LANDGRAVE_TOKEN). One connection carries
any number of matches, keyed by match id.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import sys
import traceback
from pathlib import Path

import grpc

from sdk.bot import Bot, MatchInfo
from sdk.decisions import decision, match_info, reply
from sdk.pb.landgrave.v1 import bot_pb2, bot_pb2_grpc

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
    if not args.address or not args.token:
        parser.error(
            "no referee to play for: give --address and --token "
            "(the referee sets LANDGRAVE_ADDRESS and LANDGRAVE_TOKEN_FD for bots it starts)"
        )
    try:
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


async def play_when_let_in(bot: Bot, address: str, token: str, tls_ca: bytes | None = None) -> None:
    """``play``, trying again while the referee answers that it is busy."""
    deadline = asyncio.get_running_loop().time() + CONNECT_TIMEOUT_S
    while True:
        try:
            await play(bot, address, token, tls_ca)
        except RefereeRefused as refusal:
            if not str(refusal).startswith(BUSY) or asyncio.get_running_loop().time() > deadline:
                raise
            await asyncio.sleep(0.2 + random.random() * 0.5)
        else:
            return


async def play(bot: Bot, address: str, token: str, tls_ca: bytes | None = None) -> None:
    """Connect (with TLS when given a certificate to trust), greet, and answer the referee."""
    channel = (
        grpc.aio.secure_channel(address, grpc.ssl_channel_credentials(root_certificates=tls_ca))
        if tls_ca is not None
        else grpc.aio.insecure_channel(address)
    )
    async with channel:
        # Ride out a referee that is slow to accept (busy, or fending off a flood).
        await asyncio.wait_for(channel.channel_ready(), CONNECT_TIMEOUT_S)
        call = bot_pb2_grpc.RefereeStub(channel).Play()  # type: ignore[no-untyped-call]
        hello = bot_pb2.Hello(
            protocol_version=PROTOCOL_VERSION,
            token=token,
            name=bot.name,
            version=bot.version,
            games=list(bot.games),
        )
        await call.write(bot_pb2.BotMessage(hello=hello))
        session = _Session(bot, call)
        try:
            async for message in call:
                await session.handle(message)
        except grpc.aio.AioRpcError as error:
            if error.code() != grpc.StatusCode.CANCELLED:
                raise


class _Session:
    """The matches one connection is playing."""

    def __init__(self, bot: Bot, call: grpc.aio.StreamStreamCall) -> None:
        self.bot = bot
        self.call = call
        self.matches: dict[str, MatchInfo] = {}

    async def handle(self, message: bot_pb2.RefereeMessage) -> None:
        kind = message.WhichOneof("kind")
        if kind == "welcome":
            return
        if kind == "error":
            if not message.error.match_id:
                raise RefereeRefused(message.error.message)
            print(f"{self.bot.name}: referee says: {message.error.message}", file=sys.stderr)
        elif kind == "match_start":
            info = match_info(message.match_start)
            self.matches[info.match_id] = info
            self.bot.match_started(info)
        elif kind == "decision":
            await self.call.write(bot_pb2.BotMessage(reply=self._answer(message.decision)))
        elif kind == "match_end":
            match_id = message.match_end.match_id
            if match_id in self.matches:
                self.bot.match_ended(self.matches.pop(match_id), list(message.match_end.results))

    def _answer(self, request: bot_pb2.DecisionRequest) -> bot_pb2.Reply:
        """The bot's reply; its exception becomes an error reply, and the bot plays on."""
        try:
            info = self.matches[request.match_id]
            return reply(request, self.bot.decide(decision(info, request)))
        except Exception as error:
            traceback.print_exc()
            text = f"{type(error).__name__}: {error}"
            return bot_pb2.Reply(match_id=request.match_id, seq=request.seq, error=text[:2000])
