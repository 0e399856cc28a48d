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


def choose(obs: Any, legal: list[Any]) -> int:
    """The index of the best-scoring legal action (the first of equals)."""
    ranked = scores(obs, legal)
    return ranked.index(max(ranked))


def scores(obs: Any, legal: list[Any]) -> list[float]:
    """Each legal action's score by the greedy rules (a search bot ranks moves by them)."""
    view = _Board(obs)
    return [view.score(action) for action in legal]


class _Board:
    """The observation as plain lists, with the greedy scoring rules."""

    def __init__(self, obs: Any) -> None:
        self.seat = obs.seat
        self.width, self.height = obs.width, obs.height
        self.kinds = list(obs.kinds)
        self.resident = list(obs.resident)
        self.owner = list(obs.owner)
        self.half = list(obs.half_claim)
        self.cows_left = obs.cows_left

    def neighbours(self, plot: int) -> list[int]:
        x, y = plot % self.width, plot // self.width
        steps = ((x, y - 1), (x - 1, y), (x + 1, y), (x, y + 1))
        return [
            b * self.width + a for a, b in steps if 0 <= a < self.width and 0 <= b < self.height
        ]

    def is_free(self, plot: int) -> bool:
        usable = self.kinds[plot] in (GRASS, MOUNTAIN)
        return usable and self.owner[plot] < 0 and self.half[plot] < 0

    def score(self, action: Any) -> float:
        kind = action.WhichOneof("kind")
        if kind == "choose_start":
            return self.start_score(action.choose_start.y * self.width + action.choose_start.x)
        if kind == "place_cow":
            return self.place_score(action.place_cow.y * self.width + action.place_cow.x)
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
