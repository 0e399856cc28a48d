"""A forward model for bots that search: the game's own engine, seen from one decision.

``decision.forward_model()`` finds the game's engine the way the referee
does (the ``landgrave.games`` entry points, so a third-party game installed
beside the bot works the same way) and gives:

- ``sample(rng)``: a full state consistent with everything the seat knows,
  its hidden parts drawn with ``rng`` (``Engine.determinize``);
- on that state, the engine's own ``State`` methods: ``to_act()``,
  ``legal_actions(seat)``, ``apply(seat, action)``, ``chance_outcomes()``,
  ``is_terminal()``, ``outcome()`` and ``clone()``.

A sample offers the seat the same legal actions, in the same order, as the
decision: index ``i`` of ``state.legal_actions(seat)`` is index ``i`` of
``decision.legal_actions``, which is what ``decide`` returns. docs/bots.md
shows the whole loop.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from google.protobuf.message import Message

from sdk.messages import message_class

if TYPE_CHECKING:
    from referee.engine import Engine, State
    from sdk.bot import MatchInfo


class NoForwardModel(Exception):
    """This game offers bots no forward model here.

    Its engine is not installed in the bot's environment, or it does not
    implement ``Engine.determinize``. A bot can catch it and play without
    search.
    """


@dataclass(frozen=True)
class ForwardModel:
    """Sample the positions a decision may be in, and step them with the game's engine."""

    engine: Engine[Any]
    match: MatchInfo
    observation: Message
    """The decision's observation, as the engine's own message class."""
    config: Message
    """The match's config, as the engine's own message class."""

    def sample(self, rng: random.Random) -> State[Any]:
        """A full state consistent with what this seat knows; hidden parts drawn with ``rng``.

        Raises:
            NoForwardModel: the engine does not implement determinization.
        """
        try:
            return self.engine.determinize(
                self.config, self.match.num_players, self.match.seat, self.observation, rng
            )
        except NotImplementedError as error:
            raise NoForwardModel(str(error)) from None

    def to_proto(self, action: Any) -> Message:
        """An engine action as the game's Action message (``decide`` may return it)."""
        return self.engine.action_to_proto(action)

    def from_proto(self, message: Message) -> Any:
        """The engine action an Action message names (an event's action, say).

        Raises:
            MalformedAction: the message is not the game's Action or names nothing.
        """
        return self.engine.action_from_proto(_as_generated(message))


def forward_model(match: MatchInfo, observation: Message) -> ForwardModel:
    """The forward model of a match's game at one decision.

    Raises:
        NoForwardModel: the game's engine is not installed where the bot runs.
    """
    from referee.errors import LandgraveError
    from referee.games import get_engine

    try:
        engine = get_engine(match.game)
    except LandgraveError as error:
        raise NoForwardModel(f"no forward model for {match.game!r}: {error}") from None
    return ForwardModel(engine, match, _as_generated(observation), _as_generated(match.config))


def _as_generated(message: Message) -> Message:
    """The message as its generated class, now that the engine's module is imported.

    A game's messages that arrived before its engine was loaded were decoded
    from the files the referee sent (sdk/messages.py); the engine expects
    its own classes.
    """
    own = message_class(message.DESCRIPTOR.full_name)
    if isinstance(message, own):
        return message
    copy = own()
    copy.ParseFromString(message.SerializeToString())
    return copy
