"""What each seat is told happened: the public history in every DecisionRequest.

A bot sees the board in its observation but not how it changed: which card an
opponent played, what chance rolled, that the referee played for a seat. The
log keeps every applied step once and hands each seat the steps since its
previous request, with what that seat may not see (``State.hides``) reduced to
"something happened".
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from google.protobuf.any_pb2 import Any as AnyMessage

from referee.engine import State
from sdk.pb.landgrave.v1 import bot_pb2

_TRIM_AT = 256
"""Steps every seat has received are dropped in batches of at least this many."""


@dataclass(frozen=True)
class _Step:
    public: bot_pb2.Event
    """The step as a seat that may see it receives it."""
    hidden_from: frozenset[int]


class EventLog:
    """The applied steps of one match, and how far each seat has been told."""

    def __init__(self, num_seats: int, state: State[Any]) -> None:
        self._steps: list[_Step] = []
        self._first = 0
        """The number of the log's first kept step: older ones every seat has had."""
        self._told: list[int | None] = [0] * num_seats
        """Per seat, the first step it has not been told of; None once it no longer plays."""
        # Most games hide nothing: then no seat need be asked about any step.
        self._hides = type(state).hides is not State.hides

    def add(
        self,
        state: State[Any],
        step: int,
        seat: int,
        action: Any,
        payload: AnyMessage,
        *,
        by_referee: bool,
    ) -> None:
        """Log a step; call it before the state applies the action."""
        hidden_from: frozenset[int] = frozenset()
        if self._hides:
            hidden_from = frozenset(
                viewer for viewer in range(len(self._told)) if state.hides(viewer, seat, action)
            )
        public = bot_pb2.Event(step=step, seat=seat, action=payload, by_referee=by_referee)
        self._steps.append(_Step(public, hidden_from))

    def tell(self, viewer: int) -> list[bot_pb2.Event]:
        """The steps ``viewer`` has not been told of, as it may see them."""
        told = self._told[viewer]
        assert told is not None, "a seat that no longer plays is not asked"
        news = self._steps[told - self._first :]
        self._told[viewer] = self._first + len(self._steps)
        self._trim()
        return [
            _hidden(step.public) if viewer in step.hidden_from else step.public for step in news
        ]

    def retire(self, seat: int) -> None:
        """The seat will not be asked again: its place no longer holds steps back."""
        self._told[seat] = None
        self._trim()

    def _trim(self) -> None:
        waiting = [told for told in self._told if told is not None]
        oldest = min(waiting, default=self._first + len(self._steps))
        if oldest - self._first >= _TRIM_AT:
            del self._steps[: oldest - self._first]
            self._first = oldest


def _hidden(event: bot_pb2.Event) -> bot_pb2.Event:
    return bot_pb2.Event(step=event.step, seat=event.seat, hidden=True, by_referee=event.by_referee)
