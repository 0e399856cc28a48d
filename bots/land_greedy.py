"""A greedy Land bot: never wastes a cow, grabs contested land first.

Each decision it scores every legal action with a one-step look at the
board and takes the best (the first on ties, so it is deterministic):

- a starting plot with much free usable land around it, resident cows best;
- the second cow of its own mountain (the first cow is spent already);
- a resident cow plot (a bonus cow next turn);
- grass an opponent could also reach, then grass that opens new frontier;
- a first cow on a mountain (two cows for one plot) last;
- ending the turn only when nothing else is legal.

Its numbers are ``Weights``. Two of them are 0 here and set in the tuned bot
(bots/land_tuned.py): ``start_territory`` and ``territory`` add that much for
each free plot that the seat's land, with the action's plot, would reach in
fewer steps over free land than a rival's land does (``_Board.territory``).
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from typing import Any, NamedTuple

import sdk

GRASS, MOUNTAIN = 1, 2
"""PlotKind values of the Land proto."""


class Weights(NamedTuple):
    """The greedy bot's numbers: guesses of ours, tried in bench/tuning.py."""

    start_resident: float = 5
    """A starting plot with a resident cow, added to its free land nearby."""
    start_reach: float = 3
    """How far (in steps) free land counts for a starting plot: reach + 1 - steps a plot."""
    start_territory: float = 0
    """Per free plot a starting plot reaches before the rivals' land does, by steps."""
    grass: float = 10
    resident: float = 20
    """A resident-cow plot, added to grass."""
    contested: float = 5
    """Grass with a rival's plot within two steps, added."""
    territory: float = 0
    """Grass and first mountain cows: per free plot our land would then reach before the
    rivals' land does, by steps (a tie counts half)."""
    opening: float = 1
    """Added per free plot next to it that does not touch our land yet."""
    mountain_second: float = 100
    mountain_first: float = 1
    mountain_first_per_cow: float = 0.1
    """Added to a first mountain cow per cow left this turn."""


WEIGHTS = Weights()
"""The greedy bot's own."""
TUNED = WEIGHTS._replace(start_territory=10, territory=3, resident=10)
"""Numbers tuned against ``WEIGHTS`` in games of the greedy bot against itself
(bench/tuning.py): a seat that counts the land it would reach first (Land is a race
for the land between the seats) takes it (bots/land_tuned.py)."""


class LandGreedyBot(sdk.Bot):
    """Greedy one-step play for Land."""

    name = "land-greedy"
    version = "1"
    games = ("land",)

    def __init__(self, weights: Weights = WEIGHTS) -> None:
        self.weights = weights

    def decide(self, decision: sdk.Decision) -> int:
        return choose(decision.observation, decision.legal_actions, self.weights)

    def action_scores(self, decision: sdk.Decision) -> list[float]:
        """Every legal action's score, the best highest (it plays the first of the best)."""
        return scores(decision.observation, decision.legal_actions, self.weights)

    def state_player(self) -> StatePlayer:
        """This bot's play from engine states, for a search bot's rollouts."""
        return StatePlayer(self.weights)

    def state_scores(self, state: Any, seat: int) -> list[float]:
        """This bot's scores of an engine state's legal actions, for a search bot's tree."""
        return state_scores(state, seat, state.legal_actions(seat), self.weights)


class StatePlayer:
    """The greedy bot's play read straight from an engine state: the same choices as
    ``LandGreedyBot``, without building an observation (for search bots' playouts)."""

    def __init__(self, weights: Weights = WEIGHTS) -> None:
        self.weights = weights

    def choose(self, state: Any, seat: int) -> Any:
        """The action of ``state.legal_actions(seat)`` the greedy bot plays."""
        legal = state.legal_actions(seat)
        if len(legal) == 1:
            return legal[0]
        ranked = state_scores(state, seat, legal, self.weights)
        return legal[ranked.index(max(ranked))]


def state_scores(
    state: Any, seat: int, legal: list[Any], weights: Weights = WEIGHTS
) -> list[float]:
    """Each of ``legal``'s score by the greedy rules, read from an engine state."""
    view = _Board.of_state(state, seat, weights)
    return [view.score(_spot(action, view.width)) for action in legal]


def choose(obs: Any, legal: list[Any], weights: Weights = WEIGHTS) -> int:
    """The index of the best-scoring legal action (the first of equals)."""
    ranked = scores(obs, legal, weights)
    return ranked.index(max(ranked))


def scores(obs: Any, legal: list[Any], weights: Weights = WEIGHTS) -> list[float]:
    """Each legal action's score by the greedy rules (a search bot ranks moves by them)."""
    view = _Board.of_observation(obs, weights)
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
        weights: Weights,
        neighbours: Callable[[int], Sequence[int]] | None = None,
    ) -> None:
        self.seat = seat
        self.weights = weights
        self.neighbours: Callable[[int], Sequence[int]] = neighbours or self._grid_neighbours
        self.width, self.height = width, height
        self.kinds = kinds
        self.resident = resident
        self.owner = owner
        self.half = half
        self.cows_left = cows_left

    @classmethod
    def of_observation(cls, obs: Any, weights: Weights) -> _Board:
        return cls(
            seat=obs.seat,
            width=obs.width,
            height=obs.height,
            kinds=list(obs.kinds),
            resident=list(obs.resident),
            owner=list(obs.owner),
            half=list(obs.half_claim),
            cows_left=obs.cows_left,
            weights=weights,
        )

    @classmethod
    def of_state(cls, state: Any, seat: int, weights: Weights) -> _Board:
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
            weights=weights,
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
        w = self.weights
        x0, y0 = plot % self.width, plot // self.width
        reach = int(w.start_reach)
        total = w.start_resident * self.resident[plot]
        for y in range(max(0, y0 - reach), min(self.height, y0 + reach + 1)):
            for x in range(max(0, x0 - reach), min(self.width, x0 + reach + 1)):
                distance = abs(x - x0) + abs(y - y0)
                if 0 < distance <= reach and self.is_free(y * self.width + x):
                    total += reach + 1 - distance
        return total + self.territory_score(w.start_territory, plot)

    def territory(self, plot: int) -> float:
        """The free plots nearer, in steps over free land, to our land with ``plot`` than to
        any rival's land (a tie counts half).

        Our land's own count plus what ``plot`` changes: only the plots it brings
        nearer are walked (``steps`` with ``nearer_than``).
        """
        ours, total = self.own_steps, self.own_territory
        for q, d in self.steps([plot], nearer_than=ours).items():
            total += self.share(q, d) - (self.share(q, ours[q]) if q in ours else 0.0)
        return total

    def territory_score(self, weight: float, plot: int) -> float:
        """``weight`` per plot of ``territory``; nothing to walk where the weight is 0."""
        return weight * self.territory(plot) if weight else 0.0

    def share(self, plot: int, steps: int) -> float:
        """A free plot's share of territory for land ``steps`` away: 1 nearer than the
        rivals', 1/2 as near, else 0."""
        theirs = self.rivals_steps.get(plot, len(self.owner))
        return 1.0 if steps < theirs else 0.5 if steps == theirs else 0.0

    @functools.cached_property
    def own_steps(self) -> dict[int, int]:
        """Each free plot's distance in steps from our land (``steps``)."""
        return self.steps([q for q, owner in enumerate(self.owner) if owner == self.seat])

    @functools.cached_property
    def own_territory(self) -> float:
        """Our land's territory as it stands (``territory`` without a plot more)."""
        return sum(self.share(q, d) for q, d in self.own_steps.items())

    @functools.cached_property
    def rivals_steps(self) -> dict[int, int]:
        """Each free plot's distance in steps from the rivals' land (``steps``)."""
        return self.steps([q for q, owner in enumerate(self.owner) if owner not in (-1, self.seat)])

    def steps(
        self, sources: list[int], nearer_than: dict[int, int] | None = None
    ) -> dict[int, int]:
        """Each free plot's distance in steps over free land from the nearest source; with
        ``nearer_than``, only the plots nearer than it says (a plot no nearer leads on to
        none that is)."""
        distance = dict.fromkeys(sources, 0)
        layer = sources
        while layer:
            following = []
            for p in layer:
                d = distance[p] + 1
                for q in self.neighbours(p):
                    if q in distance or not self.is_free(q):
                        continue
                    if nearer_than is None or d < nearer_than.get(q, d + 1):
                        distance[q] = d
                        following.append(q)
            layer = following
        return distance

    def place_score(self, plot: int) -> float:
        w = self.weights
        if self.kinds[plot] == MOUNTAIN:
            if self.half[plot] == self.seat:
                return w.mountain_second
            first = w.mountain_first + w.mountain_first_per_cow * self.cows_left
            return first + self.territory_score(w.territory, plot)
        near = self.neighbours(plot)
        ring = set(near).union(*(self.neighbours(q) for q in near))
        contested = any(self.owner[q] not in (-1, self.seat) for q in ring)
        opening = sum(self.is_free(q) and not self.touches_own(q) for q in near)
        return (
            w.grass
            + w.resident * self.resident[plot]
            + w.contested * contested
            + w.opening * opening
            + self.territory_score(w.territory, plot)
        )

    def touches_own(self, plot: int) -> bool:
        return any(self.owner[q] == self.seat for q in self.neighbours(plot))


if __name__ == "__main__":
    sdk.run(LandGreedyBot())
