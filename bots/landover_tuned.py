"""The Landover greedy bot playing by tuned numbers: a stronger sparring partner.

Its rules are the greedy bot's (bots/landover_greedy.py); its numbers
(``TUNED``) were found with bench/tuning.py and bench/landover_openings.py
in games against the greedy bot's own. Between two greedy bots a Landover
game is decided early: a seat that starts on random corners among the
greedy bot's best eight wins one game in five. So it chooses its starting
corners by a fit of who wins to what the start brings (``OPENING_FIT``):
a pip counts alike on a village and a city, and each resource the start
produces at all, or a 3:1 harbor, is worth several times what the greedy
bot's pip count gives it. It also accepts no offer from the
other seats (an accepted offer helps the proposer's next build more than
ours), never raids (a raid spends the military that keeps its cities from
the barbarians), and arms against the barbarians from further off.

It is the MCTS bot's heuristic in Landover (bots/mcts_bot.py).
"""

from __future__ import annotations

import importlib
from typing import Any

import sdk

greedy = importlib.import_module("landgrave_bots.landover_greedy")


class LandoverTunedBot(greedy.LandoverGreedyBot):
    name = "landover-tuned"
    version = "1"

    def __init__(self, weights: Any = greedy.TUNED) -> None:
        super().__init__(weights)


if __name__ == "__main__":
    sdk.run(LandoverTunedBot())
