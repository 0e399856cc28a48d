"""A greedy Land bot: never wastes a cow, grabs contested land first.

Each decision it scores every legal action with a one-step look at the
board and takes the best (the first on ties, so it is deterministic):

- a starting plot with much free usable land around it, resident cows best;
- the second cow of its own mountain (the first cow is spent already);
- a resident cow plot (a bonus cow next turn);
- grass an opponent could also reach, then grass that opens new frontier;
- a first cow on a mountain (two cows for one plot) last;
- ending the turn only when nothing else is legal.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import sdk

GRASS, MOUNTAIN = 1, 2
"""PlotKind values of the Land proto."""


class LandGreedyBot(sdk.Bot):
    """Greedy one-step play for Land."""

    name = "land-greedy"
    version = "1"
    games = ("land",)

    def decide(self, decision: sdk.Decision) -> int:
        return choose(decision.observation, decision.legal_actions)

    def action_scores(self, decision: sdk.Decision) -> list[float]:
        """Every legal action's score, the best highest (it plays the first of the best)."""
        return scores(decision.observation, decision.legal_actions)

    def state_player(self) -> StatePlayer:
        """This bot's play from engine states, for a search bot's rollouts."""
        return StatePlayer()

    def state_scores(self, state: Any, seat: int) -> list[float]:
        """This bot's scores of an engine state's legal actions, for a search bot's tree."""
        return state_scores(state, seat, state.legal_actions(seat))


class StatePlayer:
    """The greedy bot's play read straight from an engine state: the same choices as
    ``LandGreedyBot``, without building an observation (for search bots' playouts)."""

    def choose(self, state: Any, seat: int) -> Any:
        """The action of ``state.legal_actions(seat)`` the greedy bot plays."""
        legal = state.legal_actions(seat)
        if len(legal) == 1:
            return legal[0]
        ranked = state_scores(state, seat, legal)
        return legal[ranked.index(max(ranked))]


def state_scores(state: Any, seat: int, legal: list[Any]) -> list[float]:
    """Each of ``legal``'s score by the greedy rules, read from an engine state."""
    view = _Board.of_state(state, seat)
    return [view.score(_spot(action, view.width)) for action in legal]


def choose(obs: Any, legal: list[Any]) -> int:
    """The index of the best-scoring legal action (the first of equals)."""
    ranked = scores(obs, legal)
    return ranked.index(max(ranked))


def scores(obs: Any, legal: list[Any]) -> list[float]:
    """Each legal action's score by the greedy rules (a search bot ranks moves by them)."""
    view = _Board.of_observation(obs)
    return [view.score(_proto_spot(action, view.width)) for action in legal]


Spot = tuple[str, int]
"""An action as the rules below read it: its kind and its plot (-1 for none)."""


def _proto_spot(action: Any, width: int) -> Spot:
    kind = action.WhichOneof("kind")
    if kind == "choose_start":
        return "start", action.choose_start.y * width + action.choose_start.x
    if kind == "place_cow":
        return "place", action.place_cow.y * width + action.place_cow.x
    return "end", -1


def _spot(action: Any, width: int) -> Spot:
    """An engine action's kind and plot (ChooseStart, PlaceCow, EndTurn), read by its
    class name: the bot runs with the SDK alone (as in the sandbox), not the referee."""
    name = type(action).__name__
    if name == "ChooseStart":
        return "start", action.y * width + action.x
    if name == "PlaceCow":
        return "place", action.y * width + action.x
    return "end", -1


_residents: dict[int, tuple[Any, list[bool]]] = {}
"""Per board (by identity), whether each plot has a resident cow: read once per map."""


def _resident_flags(board: Any) -> list[bool]:
    known = _residents.get(id(board))
    if known is None or known[0] is not board:
        if len(_residents) >= 8:  # a few maps at once; forget older ones
            _residents.clear()
        known = _residents[id(board)] = (board, [p in board.residents for p in range(board.size)])
    return known[1]


class _Board:
    """The position as plain lists, with the greedy scoring rules."""

    def __init__(
        self,
        *,
        seat: int,
        width: int,
        height: int,
        kinds: Sequence[int],
        resident: Sequence[bool],
        owner: Sequence[int],
        half: Sequence[int],
        cows_left: int,
        neighbours: Callable[[int], Sequence[int]] | None = None,
    ) -> None:
        self.seat = seat
        self.neighbours: Callable[[int], Sequence[int]] = neighbours or self._grid_neighbours
        self.width, self.height = width, height
        self.kinds = kinds
        self.resident = resident
        self.owner = owner
        self.half = half
        self.cows_left = cows_left

    @classmethod
    def of_observation(cls, obs: Any) -> _Board:
        return cls(
            seat=obs.seat,
            width=obs.width,
            height=obs.height,
            kinds=list(obs.kinds),
            resident=list(obs.resident),
            owner=list(obs.owner),
            half=list(obs.half_claim),
            cows_left=obs.cows_left,
        )

    @classmethod
    def of_state(cls, state: Any, seat: int) -> _Board:
        board = state.board
        return cls(
            seat=seat,
            width=board.width,
            height=board.height,
            kinds=board.kinds,
            resident=_resident_flags(board),
            owner=state.owner,
            half=state.half,
            cows_left=state.cows_left,
            neighbours=board.neighbours,
        )

    def _grid_neighbours(self, plot: int) -> Sequence[int]:
        """The plots north, west, east and south of ``plot`` (the engine's order)."""
        x, y = plot % self.width, plot // self.width
        steps = ((x, y - 1), (x - 1, y), (x + 1, y), (x, y + 1))
        return [
            b * self.width + a for a, b in steps if 0 <= a < self.width and 0 <= b < self.height
        ]

    def is_free(self, plot: int) -> bool:
        usable = self.kinds[plot] in (GRASS, MOUNTAIN)
        return usable and self.owner[plot] < 0 and self.half[plot] < 0

    def score(self, spot: Spot) -> float:
        kind, plot = spot
        if kind == "start":
            return self.start_score(plot)
        if kind == "place":
            return self.place_score(plot)
        return -1.0  # end_turn: only when nothing else is legal

    def start_score(self, plot: int) -> float:
        """Free usable land nearby, nearer counting more."""
        x0, y0 = plot % self.width, plot // self.width
        total = 5.0 * self.resident[plot]
        for y in range(max(0, y0 - 3), min(self.height, y0 + 4)):
            for x in range(max(0, x0 - 3), min(self.width, x0 + 4)):
                distance = abs(x - x0) + abs(y - y0)
                if 0 < distance <= 3 and self.is_free(y * self.width + x):
                    total += 4 - distance
        return total

    def place_score(self, plot: int) -> float:
        if self.kinds[plot] == MOUNTAIN:
            return 100.0 if self.half[plot] == self.seat else 1.0 + self.cows_left / 10
        near = self.neighbours(plot)
        ring = set(near).union(*(self.neighbours(q) for q in near))
        contested = any(self.owner[q] not in (-1, self.seat) for q in ring)
        opening = sum(self.is_free(q) and not self.touches_own(q) for q in self.neighbours(plot))
        return 10.0 + 20.0 * self.resident[plot] + 5.0 * contested + opening

    def touches_own(self, plot: int) -> bool:
        return any(self.owner[q] == self.seat for q in self.neighbours(plot))


if __name__ == "__main__":
    sdk.run(LandGreedyBot())
