"""The engine contract: what every game gives the referee.

A game is a pure, deterministic state machine (docs/engines.md):
no I/O, no clock, no random numbers of its own. Chance is an actor the
referee plays with the match's seeded RNG, so a record of the actions and
chance outcomes replays exactly on any machine.

An engine is an ``Engine`` (static facts and ``new_game``) plus a ``State``
(one position). Actions are small frozen dataclasses of the engine's own;
the engine's codec turns them into the game's protobuf messages, which is
all a bot ever sees.
"""

from __future__ import annotations

import hashlib
from abc import ABC, abstractmethod
from collections.abc import Hashable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Generic, TypeVar

from google.protobuf.message import Message

from referee.errors import IllegalAction

CHANCE = -1
"""The seat number of chance, which acts when ``State.to_act()`` is ``(CHANCE,)``."""

ActionT = TypeVar("ActionT", bound=Hashable)


@dataclass(frozen=True)
class SeatOutcome:
    """How one seat stands: final at the end of a game, provisional before."""

    score: float
    """The game's own score for the seat (plots, points, ...)."""
    rank: int
    """1 is best; seats that tie share a rank, and the next rank skips."""
    titles: tuple[str, ...] = ()
    """Game-specific titles, such as LAND 6's "God of Dice"."""


def ranks_from_scores(scores: Sequence[float]) -> list[int]:
    """Competition ranks (1, 2, 2, 4) from scores where higher is better."""
    return [1 + sum(other > score for other in scores) for score in scores]


def outcomes_from_scores(scores: Sequence[float]) -> list[SeatOutcome]:
    """One SeatOutcome per seat, ranked by score with ties shared."""
    return [
        SeatOutcome(score, rank)
        for score, rank in zip(scores, ranks_from_scores(scores), strict=True)
    ]


class State(ABC, Generic[ActionT]):
    """One position of a game. Mutable: ``apply`` changes it in place."""

    @property
    @abstractmethod
    def num_players(self) -> int:
        """How many seats play this game."""

    @abstractmethod
    def to_act(self) -> tuple[int, ...]:
        """The seats that must decide now, sorted; ``(CHANCE,)``; or ``()`` at the end.

        Several seats means simultaneous decisions: the referee asks them
        all, then applies their actions in seat order.
        """

    @abstractmethod
    def legal_actions(self, seat: int) -> list[ActionT]:
        """Every legal action of a seat that must act, in a stable sorted order.

        Never empty for a seat in ``to_act()``.
        """

    def chance_outcomes(self) -> list[tuple[ActionT, Fraction]]:
        """The outcomes chance may pick now with their probabilities (summing to 1)."""
        raise NotImplementedError(f"{type(self).__name__} has no chance nodes")

    @abstractmethod
    def apply(self, seat: int, action: ActionT) -> None:
        """Apply a seat's action, or chance's outcome with ``seat=CHANCE``.

        Raises:
            IllegalAction: the seat may not act now, or the rules forbid
                the action. The state is unchanged.
        """

    @abstractmethod
    def observation(self, seat: int) -> Message:
        """The game's Observation message: all this seat may know, nothing more."""

    @abstractmethod
    def is_terminal(self) -> bool:
        """Whether the game is over."""

    @abstractmethod
    def outcome(self) -> list[SeatOutcome]:
        """Per seat, the result: final when terminal, the standings before.

        The referee uses the provisional standings to adjudicate a match cut
        short by a fault.
        """

    @abstractmethod
    def canonical(self) -> bytes:
        """The full state as bytes: equal exactly when states are equal."""

    def digest(self) -> str:
        """A stable SHA-256 of the full state, for replay verification."""
        return hashlib.sha256(self.canonical()).hexdigest()

    @abstractmethod
    def render(self) -> str:
        """A readable text picture of the board and the scores."""

    def default_action(self, seat: int) -> ActionT:
        """What the referee plays for a seat it must act for (a penalty policy).

        The first legal action unless an engine knows a more neutral one.
        """
        return self.legal_actions(seat)[0]

    def check_can_act(self, seat: int) -> None:
        """Raise IllegalAction unless ``seat`` is one of the seats to act."""
        if seat not in self.to_act():
            raise IllegalAction(f"seat {seat} may not act now; to act: {list(self.to_act())}")


@dataclass(frozen=True)
class Engine(ABC, Generic[ActionT]):
    """A game: its static facts, its options, and how its messages look.

    Subclasses set the class attributes and implement the codec methods,
    which turn engine actions into protobuf messages and back.
    """

    name: str
    """The registry name: ``referee match NAME``."""
    version: str
    """Bumped whenever a rule change could change a replay."""
    min_players: int
    max_players: int
    description: str = ""
    options: tuple[OptionDoc, ...] = field(default=())
    """Every field of the Config message, its default and the rule it settles."""

    @abstractmethod
    def default_config(self) -> Message:
        """The game's Config message with every documented default filled in."""

    @abstractmethod
    def new_game(self, config: Message, num_players: int) -> State[ActionT]:
        """The initial state.

        Raises:
            ConfigError: the config or the player count is not valid,
                saying what was expected and what came.
        """

    @abstractmethod
    def action_to_proto(self, action: ActionT) -> Message:
        """The game's Action message for an action or a chance outcome."""

    @abstractmethod
    def action_from_proto(self, message: Message) -> ActionT:
        """The action an Action message names.

        Raises:
            MalformedAction: the message does not describe an action.
        """

    @abstractmethod
    def action_list_to_proto(self, actions: Sequence[ActionT]) -> Message:
        """The game's ActionList message for a legal action list."""

    @property
    @abstractmethod
    def action_type(self) -> type[Message]:
        """The game's Action message class (bots may send one)."""


@dataclass(frozen=True)
class OptionDoc:
    """The documentation of one rule option, shown by ``referee games``."""

    name: str
    default: str
    help: str
    rule: str = ""
    """The id of the rule choice it settles, such as LAND-07."""
