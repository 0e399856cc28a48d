"""The one interface of a seat's player, whatever stands behind it.

Two implementations: a bot process or remote bot reached over gRPC
(``referee.transport.remote.RemotePlayer``) and a bot object in this
process (``referee.match.inprocess.InProcessPlayer``), as python-chess
has one ``Protocol`` for UCI and XBoard engines.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass

from referee.entrant import describe_bot
from referee.match.termination import Termination
from sdk.pb.landgrave.v1 import bot_pb2


@dataclass(frozen=True)
class BotIdentity:
    """Who a player is, as the record and the standings show it."""

    name: str
    """The organiser's name for the bot (referee/entrant.py): its identity everywhere."""
    bot_name: str = ""
    """What the bot calls itself in its hello, shown beside ``name``."""
    version: str = ""
    """The version the bot gives in its hello."""
    launch: str = ""
    """How the bot was started: a command line, ``in-process:...`` or ``remote``."""

    def describe(self) -> str:
        """``name``, with the bot's own name and version beside it when they say more."""
        return describe_bot(self.name, self.bot_name, self.version)


class SeatGone(Exception):
    """The player can no longer answer in this match: its process died or its stream closed.

    Raised by ``Player.request``; the match runner turns it into the seat's
    termination reason, in one place (referee/match/runner.py).
    """

    def __init__(self, termination: Termination, detail: str) -> None:
        super().__init__(detail)
        self.termination = termination
        self.detail = detail


def check_plays(games: Sequence[str], game: str) -> None:
    """Refuse a match of a game the bot said it does not play (an empty list plays any).

    Raises:
        SeatGone: STARTUP_FAILURE, naming the games the bot plays.
    """
    if games and game not in games:
        raise SeatGone(Termination.STARTUP_FAILURE, f"the bot plays {', '.join(games)}, not {game}")


class Player(ABC):
    """One seat's player for one or more matches."""

    identity: BotIdentity

    @abstractmethod
    async def start_match(self, start: bot_pb2.MatchStart) -> None:
        """Tell the player a match begins. Raises SeatGone if it cannot be told."""

    @property
    def pid(self) -> int | None:
        """The local process this player runs as, whose CPU the referee may read, if any.

        See referee/match/starvation.py; None for in-process and remote players.
        """
        return None

    @abstractmethod
    async def request(
        self, request: bot_pb2.DecisionRequest, deadline: float
    ) -> bot_pb2.Reply | None:
        """Ask for a decision: the reply to exactly this request, or None past ``deadline``.

        ``deadline`` is trio time. Replies to older requests are dropped here;
        a reply received by the time the referee wakes for the deadline counts
        (see ``Connection.request``). Raises SeatGone when no reply can come.
        """

    @abstractmethod
    async def end_match(self, end: bot_pb2.MatchEnd) -> None:
        """Tell the player the match is over; never raises for a gone player."""
