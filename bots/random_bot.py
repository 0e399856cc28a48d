"""Plays any game by choosing uniformly among the legal actions.

Seeded by the match id and seat, so a match replays the same way.
"""

import random

import sdk


class RandomBot(sdk.Bot):
    name = "random"
    version = "1"

    def __init__(self) -> None:
        self.rngs: dict[str, random.Random] = {}

    def match_started(self, match: sdk.MatchInfo) -> None:
        self.rngs[match.match_id] = random.Random(f"{match.match_id}/{match.seat}")

    def match_ended(self, match: sdk.MatchInfo, results: list) -> None:
        self.rngs.pop(match.match_id, None)

    def decide(self, decision: sdk.Decision) -> int:
        return self.rngs[decision.match.match_id].randrange(len(decision.legal_actions))


if __name__ == "__main__":
    sdk.run(RandomBot())
