"""The engine contract: what every game gives the referee.

A game is a pure, deterministic state machine (docs/engines.md):
no I/O, no clock, no random numbers of its own. Chance is an actor the
referee plays from the match's keyed chance stream, so a record of the actions and
chance outcomes replays exactly on any machine.

An engine is an ``Engine`` (static facts and ``setup``) plus a ``State``
(one position). Actions are small frozen dataclasses of the engine's own;
the engine's codec (referee/codec.py) turns them into the game's protobuf
messages, which is all a bot ever sees. What is the same in every engine
(the config and player-count checks, the options table, the codec calls)
is written here once.
"""

from __future__ import annotations

import copy
import hashlib
import random
from abc import ABC, abstractmethod
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, ClassVar, Generic, Self, TypeVar

from google.protobuf.message import Message

from referee.codec import Codec
from referee.errors import ConfigError, IllegalAction
from referee.options import OptionDoc, options_of

CHANCE = -1
"""The seat number of chance, which acts when ``State.to_act()`` is ``(CHANCE,)``."""

ActionT = TypeVar("ActionT", bound=Hashable)


def actor(seat: int) -> str:
    """How a description names whoever acts: "chance" or "seat 2"."""
    return "chance" if seat == CHANCE else f"seat {seat}"


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

    not_in_canonical: ClassVar[frozenset[str]] = frozenset()
    """Attributes ``canonical()`` may leave out: fixed at setup and named once in
    the state's identity (the rules, the board), or kept in step with others.
    ``referee.testing.check_canonical`` checks that every other one is in."""

    records: ClassVar[frozenset[str]] = frozenset()
    """Attributes that hold records (plain objects, or lists of them) owning part
    of the data: ``check_canonical`` checks their attributes one by one, named
    ``record.attribute`` (for a list, every item's), as ``not_in_canonical`` names them."""

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

    def chance_outcomes(self) -> Sequence[tuple[ActionT, Fraction]]:
        """The outcomes chance may pick now with their probabilities (summing to 1).

        A table dealt again and again (dice) may be a ``referee.match.chance.OutcomeTable``,
        made once: its draws skip working out the integer shares each time.
        """
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

    def render_svg(self) -> str | None:
        """The board as one self-contained ``<svg>`` element, for the HTML viewer.

        None (the default) lets the viewer set ``render()`` as text instead.
        """
        return None

    @abstractmethod
    def describe(self, seat: int, action: ActionT) -> str:
        """An action of a seat (or chance's outcome) in words, in this position.

        A whole sentence that starts with the actor (``actor(seat)``) and
        names places as people do: "seat 0 places a cow on plot (3, 4) in
        region 2-5". Called before the action is applied; never a repr.
        """

    def hides(self, viewer: int, seat: int, action: ActionT) -> bool:
        """Whether ``viewer`` may not see this action of ``seat`` (or chance's outcome).

        Called before the action is applied. A hidden event still tells the
        viewer that someone acted, never what. The default hides nothing, which
        is right for games of perfect information; an engine with hidden
        information (a card dealt face down, a tile drawn blind) overrides it.
        """
        return False

    def clone(self) -> Self:
        """An independent copy of this position, for search.

        The default deep-copies everything; an engine makes it fast by sharing
        what never changes after setup (the rules, the board's geometry).
        """
        return copy.deepcopy(self)

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

    A subclass sets the fields as defaults, sets ``codec`` (a class
    attribute), and writes ``default_config`` and ``setup``; Land
    (referee/games/land/engine.py) is the exemplar.
    """

    name: str
    """The registry name: ``referee match NAME``."""
    version: str
    """Bumped whenever a rule change could change a replay."""
    min_players: int
    max_players: int
    description: str = ""
    ranking: str = "by score, highest first; tied seats share a rank"
    """How ``State.outcome`` ranks the seats, in words: the viewer shows it with the result."""

    @property
    @abstractmethod
    def codec(self) -> Codec[ActionT]:
        """Actions to and from the game's Action and ActionList messages."""

    @abstractmethod
    def default_config(self) -> Message:
        """The game's Config message with every documented default filled in."""

    @abstractmethod
    def setup(self, config: Any, num_players: int) -> State[ActionT]:
        """The initial state for a Config of this game and an allowed player count.

        ``new_game`` has checked both; ``config`` is of ``default_config()``'s type.

        Raises:
            ConfigError: an option's value is not valid, saying what was
                expected and what came.
        """

    def determinize(
        self,
        config: Any,
        num_players: int,
        seat: int,
        observation: Any,
        rng: random.Random,
    ) -> State[ActionT]:
        """A full state consistent with everything ``seat`` knows, for search.

        ``observation`` is what ``State.observation(seat)`` gave in some
        position of a game set up from ``config``; what the seat cannot know
        (a pile's order, opponents' hands, face-down tiles) is sampled with
        ``rng``. The result's ``observation(seat)`` equals ``observation``. A game
        of perfect information returns the one state there is.

        Raises:
            NotImplementedError: the engine offers no forward model.
        """
        raise NotImplementedError(f"{self.name} cannot build a state from an observation")

    def new_game(self, config: Message, num_players: int) -> State[ActionT]:
        """The initial state.

        Raises:
            ConfigError: the config or the player count is not valid,
                saying what was expected and what came.
        """
        expected = type(self.default_config())
        if type(config) is not expected:
            raise ConfigError(
                f"{self.name}: expected a {self.name} Config message, got {type(config).__name__}"
            )
        if not self.min_players <= num_players <= self.max_players:
            raise ConfigError(f"{self.name}: expected {self.players_text}, got {num_players}")
        return self.setup(config, num_players)

    @property
    def players_text(self) -> str:
        """The allowed player counts in words: "1 player", "2 to 6 players"."""
        if self.min_players == self.max_players:
            plural = "" if self.min_players == 1 else "s"
            return f"{self.min_players} player{plural}"
        return f"{self.min_players} to {self.max_players} players"

    @property
    def options(self) -> tuple[OptionDoc, ...]:
        """Every field of the Config message: its default and its comment in the .proto."""
        return options_of(self.default_config())

    def action_to_proto(self, action: ActionT) -> Message:
        """The game's Action message for an action or a chance outcome."""
        return self.codec.to_proto(action)

    def action_from_proto(self, message: Message) -> ActionT:
        """The action an Action message names.

        Raises:
            MalformedAction: the message does not describe an action.
        """
        return self.codec.from_proto(message)

    def action_list_to_proto(self, actions: Sequence[ActionT]) -> Message:
        """The game's ActionList message for a legal action list."""
        return self.codec.list_to_proto(actions)

    @property
    def action_type(self) -> type[Message]:
        """The game's Action message class (bots may send one)."""
        return self.codec.action_type


__all__ = [
    "CHANCE",
    "Engine",
    "OptionDoc",
    "SeatOutcome",
    "State",
    "actor",
    "outcomes_from_scores",
    "ranks_from_scores",
]
