"""Bots the referee does not start: a person runs them anywhere, given an address and token.

``--bot remote:NAME`` keeps a seat for such a bot. The referee listens on
TCP as well as its Unix socket, says how to connect (address and a fresh
secret token), and waits for the bot's hello; a bot that does not come in
time is a startup failure like any other.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import trio

from referee.entrant import Entrant
from referee.errors import ConfigError
from referee.match.player import BotIdentity
from referee.transport.process import BotCommand, RemotePlayer
from referee.transport.server import BotServer

DEFAULT_LISTEN = "127.0.0.1:0"
"""Loopback on a free port: a remote bot on another machine needs ``--listen 0.0.0.0:PORT``."""


@dataclass(frozen=True)
class RemoteBot:
    """A seat kept for a bot that connects by itself."""

    name: str


def parse_seat(text: str) -> BotCommand | RemoteBot:
    """A ``--bot`` value as a seat: ``remote:NAME`` keeps it for a remote bot; anything
    else (``NAME=COMMAND`` too, referee/entrant.py) is a bot to start.

    Raises:
        ConfigError: a remote seat without a name, or a bot that does not exist.
    """
    entrant = Entrant.parse(text)
    if entrant.is_remote:
        if not entrant.name:
            raise ConfigError("a remote seat needs a name: --bot remote:NAME")
        return RemoteBot(entrant.name)
    return BotCommand.parse(entrant.command, entrant.name)


Announce = Callable[[RemoteBot, str, str], None]
"""Told (bot, address, token) when the referee starts waiting for a remote bot."""


async def invite(
    server: BotServer, bot: RemoteBot, timeout_s: float, announce: Announce
) -> RemotePlayer:
    """Wait for a remote bot's hello; its player fails with startup_failure if none comes."""
    connection = server.expect(bot.name)
    announce(bot, server.tcp_address or server.address, connection.token)
    with trio.move_on_after(timeout_s):
        await connection.ready.wait()
    player = RemotePlayer(connection)
    if connection.hello is None or connection.gone is not None:
        connection.detach(f"no remote bot connected within {timeout_s:g} s")
    else:
        hello = connection.hello
        player.identity = BotIdentity(bot.name, hello.name, hello.version, "remote")
    return player
