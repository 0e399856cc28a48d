"""The Farlanthia greedy bot playing by tuned numbers: a stronger sparring partner.

Its rules are the greedy bot's (bots/farlanthia_greedy.py); its numbers
(``TUNED``) were found with bench/tuning.py in games against the
greedy bot's own. Renown, and past it valor and honor, decide a Farlanthia
game that runs its five years, so the numbers that count most are the ones
that win or give away honor: it proposes a negotiation only when its
ambassador is strong enough to win the dice battle more often than not
(each contested negotiation gives its winner an honor), keeps its best
leadership die for battles and negotiations instead of spending every die
at the caravan, and spends none on scouting. It also keeps more troops home
while enemy troops are within two seasons' march of its capitol.

It is the MCTS bot's heuristic in Farlanthia (bots/mcts_bot.py).
"""

from __future__ import annotations

import importlib
from typing import Any

import sdk

greedy = importlib.import_module("landgrave_bots.farlanthia_greedy")


class FarlanthiaTunedBot(greedy.FarlanthiaGreedyBot):
    name = "farlanthia-tuned"
    version = "1"

    def __init__(self, weights: Any = greedy.TUNED) -> None:
        super().__init__(weights)


if __name__ == "__main__":
    sdk.run(FarlanthiaTunedBot())
