"""Remote entry: an author's bot on their own machine joins the arena with a token.

The bot connects to the arena's TCP listener and says hello with its
author's token, its name and version. ``admit`` (on the server's asyncio
thread) lets it in only if the token is live, handing it a fresh
connection; ``refresh`` (on the trio side, before each pick) registers it
as a ``remote`` version of its bot and makes it active, and takes out any
remote bot whose stream ended or whose token was revoked since: it is cut
off at once and never seated again.
"""

from __future__ import annotations

import sqlite3
import threading
from dataclasses import dataclass, field

import structlog

from referee.arena.package import NAME_PATTERN
from referee.arena.registry import register_version, token_author, token_digest
from referee.arena.spec import ArenaSpec
from referee.arena.store import ArenaStore
from referee.errors import ConfigError
from referee.match.player import BotIdentity
from referee.transport.connection import Connection
from referee.transport.process import RemotePlayer
from referee.transport.server import BotServer
from sdk.pb.landgrave.v1 import bot_pb2

logger = structlog.get_logger("referee.arena")


@dataclass
class _Arrival:
    author: str
    digest: str
    hello: bot_pb2.Hello
    connection: Connection


@dataclass
class RemoteSeat:
    """A remote bot lent to a match the way a pooled bot process is."""

    connection: Connection
    digest: str
    hello: bot_pb2.Hello
    player: RemotePlayer = field(init=False)

    def __post_init__(self) -> None:
        self.player = RemotePlayer(self.connection)
        hello = self.hello  # the arena registers a remote bot under the name it says
        self.player.identity = BotIdentity(hello.name, hello.name, hello.version, "remote")

    @property
    def alive(self) -> bool:
        return self.connection.gone is None


def all_offline(store: ArenaStore) -> None:
    """No remote bot is online when a run starts (a stopped run may have left some active)."""
    for version in store.versions(where="v.kind = 'remote'"):
        store.set_active(version.id, False)
        store.skip_pending(version.id, f"{version.label} is offline")


class RemoteDoor:
    """The remote bots of one ``arena run``: who may come in, who is online."""

    def __init__(self, store: ArenaStore, spec: ArenaSpec, server: BotServer) -> None:
        self._store = store
        self._spec = spec
        self._server = server
        # admit runs on the server's thread: it reads tokens on a connection of its own.
        self._tokens = sqlite3.connect(store.path, timeout=30, check_same_thread=False)
        self._lock = threading.Lock()
        self._arrivals: list[_Arrival] = []
        self._online: dict[int, RemoteSeat] = {}
        self._left: dict[int, RemoteSeat] = {}
        """Bots gone since they were seated: a match that still seats one finds it gone."""

    def close(self) -> None:
        self._tokens.close()

    def admit(self, hello: bot_pb2.Hello) -> Connection | None:
        """A connection for a hello with a live author token; None refuses it (asyncio thread)."""
        with self._lock:
            author = token_author(self._tokens, hello.token)
            if author is None or not NAME_PATTERN.fullmatch(hello.name or ""):
                return None
            connection = self._server.expect(hello.name)
            self._arrivals.append(_Arrival(author, token_digest(hello.token), hello, connection))
        return connection

    def refresh(self) -> None:
        """Seat the bots that arrived; take out the gone and the revoked (trio thread)."""
        with self._lock:
            arrivals, self._arrivals = self._arrivals, []
        for arrival in arrivals:
            self._arrive(arrival)
        for version_id, seat in list(self._online.items()):
            if seat.alive and not self._is_revoked(seat.digest):
                continue
            reason = "its token was revoked" if seat.alive else seat.connection.gone
            self._server.forget(seat.connection)  # from now on it cannot act
            self._left[version_id] = self._online.pop(version_id)
            self._store.set_active(version_id, False)
            self._store.skip_pending(version_id, f"remote bot left: {reason}")
            logger.warning("remote bot left", version=version_id, reason=reason)

    def _arrive(self, arrival: _Arrival) -> None:
        hello = arrival.hello
        games = [g for g in (hello.games or self._spec.games) if g in self._spec.games]
        if not games or self._is_revoked(arrival.digest):
            self._server.forget(arrival.connection)
            return
        try:
            version_id = self._version_id(arrival, games)
        except ConfigError as error:
            logger.warning("remote bot refused", bot=hello.name, reason=str(error))
            self._server.forget(arrival.connection)
            return
        self._left.pop(version_id, None)
        self._online[version_id] = RemoteSeat(arrival.connection, arrival.digest, arrival.hello)
        self._store.set_active(version_id, True)
        logger.info("remote bot online", bot=hello.name, author=arrival.author)

    def _version_id(self, arrival: _Arrival, games: list[str]) -> int:
        hello = arrival.hello
        version = (hello.version or "remote").strip()[:64] or "remote"
        found = self._store.versions(
            where="b.name = ? AND v.version = ? AND a.name = ? AND v.kind = 'remote'",
            parameters=(hello.name, version, arrival.author),
        )
        if found and not found[0].retired and not found[0].quarantine:
            return found[0].id
        if found:
            raise ConfigError(f"{found[0].label} is retired or quarantined")
        stored, _ = register_version(
            self._store,
            bot=hello.name,
            author=arrival.author,
            version=version,
            content_hash="remote",
            kind="remote",
            games=games,
        )
        return stored.id

    def _is_revoked(self, digest: str) -> bool:
        row = self._store.execute(
            "SELECT revoked_at FROM tokens WHERE digest = ?", (digest,)
        ).fetchone()
        return row is None or row["revoked_at"] is not None

    def is_remote(self, version_id: int) -> bool:
        return version_id in self._online or version_id in self._left

    def lend(self, version_id: int) -> RemoteSeat:
        """The remote bot's seat (a gone one too: the match then records it gone).

        One stream carries any number of matches (the protocol keys them by
        match id), so a remote bot may be lent to several matches at once.
        Waiting for it to be free instead would let two tables that seat the
        same two remote bots each hold one and wait for the other.
        """
        return self._online.get(version_id) or self._left[version_id]
