"""The random bot, late once: for the referee's re-grant tests.

    python tests/bots/late_random.py LATE_S [WHICH]

plays as bots/random_bot.py does (seeded by match id and seat), but sleeps
LATE_S seconds before its WHICH-th decision (default 2). It writes a line
``decided`` to stderr each time its ``decide`` runs, so a test can count them.
"""

import random
import sys
import time

import sdk

LATE_S = float(sys.argv[1])
WHICH = int(sys.argv[2]) if len(sys.argv) > 2 else 2


class LateRandomBot(sdk.Bot):
    name = "late-random"

    def __init__(self) -> None:
        self.rngs: dict[str, random.Random] = {}
        self.decisions = 0

    def match_started(self, match: sdk.MatchInfo) -> None:
        self.rngs[match.match_id] = random.Random(f"{match.match_id}/{match.seat}")

    def decide(self, decision: sdk.Decision) -> int:
        self.decisions += 1
        print("decided", file=sys.stderr, flush=True)
        if self.decisions == WHICH:
            time.sleep(LATE_S)
        return self.rngs[decision.match.match_id].randrange(len(decision.legal_actions))


if __name__ == "__main__":
    sdk.run(LateRandomBot())
