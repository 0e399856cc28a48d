"""What a bot author writes: a ``Bot`` with one method, ``decide``."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from google.protobuf.message import Message

if TYPE_CHECKING:
    from sdk.forward import ForwardModel


@dataclass(frozen=True)
class MatchInfo:
    """What a bot learns when a match starts."""

    match_id: str
    game: str
    """The engine's name, such as ``"land"``."""
    seat: int
    """This bot's seat, counting from 0."""
    num_players: int
    config: Message
    """The game's Config message for this match."""


@dataclass(frozen=True)
class Event:
    """One step of the match as this seat may know it."""

    step: int
    """The step's number in the match."""
    seat: int
    """The seat that acted, or -1 when chance did."""
    action: Any | None
    """The game's Action message (chance outcomes too); None when hidden from this seat."""
    by_referee: bool = False
    """Whether the referee chose the action for the seat (a penalty, a departed bot)."""

    @property
    def hidden(self) -> bool:
        """Whether this seat may know only that the step happened."""
        return self.action is None


@dataclass(frozen=True)
class Decision:
    """One decision to make: what the seat sees, what it may do, and its time."""

    match: MatchInfo
    observation: Any
    """The game's Observation message (typed: ``land_pb2.Observation`` for Land)."""
    legal_actions: list[Any]
    """The game's Action messages, in the referee's order; answer with an index."""
    seconds_left: float
    """Time until the referee stops waiting, measured when the request arrived."""
    bank_seconds: float = 0.0
    """The part of ``seconds_left`` that is the match's bank (0 without one): what this
    decision spends of it, the match's later decisions lack."""
    events: list[Event] = field(default_factory=list)
    """Every step since this seat's previous decision (since the start, for its
    first), in order: the opponents' moves, chance's outcomes and its own."""

    def forward_model(self) -> ForwardModel:
        """The game's own engine from this decision: sample states, step them (sdk/forward.py).

        Raises:
            NoForwardModel: the game's engine is not installed here, or offers
                no determinization.
        """
        from sdk.forward import forward_model

        return forward_model(self.match, self.observation)


class Bot:
    """Subclass and implement ``decide``; ``sdk.run(MyBot())`` does the rest.

    ``decide`` returns an index into ``decision.legal_actions`` (or one of
    those Action messages). An exception in ``decide`` is reported to the
    referee as a log line before the bot leaves the match.
    """

    name: str = "bot"
    version: str = "0"
    games: tuple[str, ...] = ()
    """Games this bot can play; empty means any."""

    def decide(self, decision: Decision) -> int | Message:
        raise NotImplementedError

    def match_started(self, match: MatchInfo) -> None:
        """Called once per match before its first decision."""

    def match_ended(self, match: MatchInfo, results: list[Any]) -> None:
        """Called once per match with its ``SeatResult`` messages."""
