"""The Land greedy bot playing by tuned numbers: a stronger sparring partner.

Its rules are the greedy bot's (bots/land_greedy.py); its numbers (``TUNED``)
were found with bench/tuning.py in games against the greedy bot's own. Land
is a race for the free land between the seats: a plot goes to whoever can
reach it first. So this bot counts, for each starting plot and each cow it
could place, the free plots its land would then reach in fewer steps than a
rival's (``territory``), and takes the most.

It is the MCTS bot's heuristic in Land, and its playouts (bots/mcts_bot.py).
"""

from __future__ import annotations

import importlib
from typing import Any

import sdk

greedy = importlib.import_module("landgrave_bots.land_greedy")


class LandTunedBot(greedy.LandGreedyBot):
    name = "land-tuned"
    version = "1"

    def __init__(self, weights: Any = greedy.TUNED) -> None:
        super().__init__(weights)


if __name__ == "__main__":
    sdk.run(LandTunedBot())
