"""A player whose bot is a Python object in the referee's own process.

For tests, benchmarks and trusted bots: no process, no socket, the same
messages. The bot runs on the referee's thread, so the deadline cannot cut
a slow ``decide`` short: use a real bot process for untrusted code.
"""

from __future__ import annotations

from referee.match.player import BotIdentity, Player, SeatGone, check_plays
from referee.match.termination import Termination
from sdk.bot import Bot, MatchInfo
from sdk.decisions import decision, match_info, reply
from sdk.pb.landgrave.v1 import bot_pb2


class InProcessPlayer(Player):
    """Plays a seat with an ``sdk.Bot`` called directly."""

    def __init__(self, bot: Bot, name: str = "") -> None:
        """``name`` is the organiser's name for the bot; by default, the bot's own."""
        self.bot = bot
        launch = f"in-process:{type(bot).__name__}"
        self.identity = BotIdentity(name or bot.name, bot.name, bot.version, launch)
        self._matches: dict[str, MatchInfo] = {}

    async def start_match(self, start: bot_pb2.MatchStart) -> None:
        check_plays(self.bot.games, start.game)
        info = match_info(start)
        self._matches[start.match_id] = info
        self.bot.match_started(info)

    async def request(
        self, request: bot_pb2.DecisionRequest, deadline: float
    ) -> bot_pb2.Reply | None:
        # The bot runs on the referee's own thread: it cannot be interrupted at the deadline.
        info = self._matches[request.match_id]
        try:
            return reply(request, self.bot.decide(decision(info, request)))
        except Exception as error:  # the bot's bug is the seat's crash, not the referee's
            raise SeatGone(Termination.CRASH, f"bot raised {error!r}") from error

    async def end_match(self, end: bot_pb2.MatchEnd) -> None:
        info = self._matches.pop(end.match_id, None)
        if info is not None:
            self.bot.match_ended(info, list(end.results))
