"""A Land bot that spreads out: every cow goes where the most free land borders it.

Simpler than land-greedy (no resident-cow or contest bonuses, mountains
avoided): a middle-strength opponent for the built-in tournament.
"""

from __future__ import annotations

from typing import Any

import sdk

GRASS, MOUNTAIN = 1, 2
"""PlotKind values of the Land proto."""


class LandFrontierBot(sdk.Bot):
    name = "land-frontier"
    version = "1"
    games = ("land",)

    def decide(self, decision: sdk.Decision) -> int:
        obs = decision.observation
        scores = [_score(obs, action) for action in decision.legal_actions]
        return scores.index(max(scores))


def _score(obs: Any, action: Any) -> int:
    kind = action.WhichOneof("kind")
    if kind not in ("choose_start", "place_cow"):
        return -1  # end the turn only when no cow can be placed
    spot = getattr(action, kind)
    if obs.kinds[spot.y * obs.width + spot.x] == MOUNTAIN:
        return 0
    return 1 + sum(_is_free(obs, x, y) for x, y in _around(spot.x, spot.y))


def _around(x: int, y: int) -> list[tuple[int, int]]:
    return [(x, y - 1), (x - 1, y), (x + 1, y), (x, y + 1)]


def _is_free(obs: Any, x: int, y: int) -> bool:
    if not (0 <= x < obs.width and 0 <= y < obs.height):
        return False
    plot = y * obs.width + x
    return obs.kinds[plot] == GRASS and obs.owner[plot] < 0


if __name__ == "__main__":
    sdk.run(LandFrontierBot())
