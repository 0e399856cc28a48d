"""A Landover bot that trades whenever it may, for the trade tests.

    python tests/bots/landover_trader.py [slow-answer]

It offers one card for one, asking for each resource in turn, accepts every offer it can, and
trades with the first seat that accepted; otherwise it ends its turn or
takes the first legal action. With ``slow-answer`` it sleeps past any
deadline whenever it is asked to answer another seat's offer.
"""

import sys
import time

import sdk

SLOW = sys.argv[1:] == ["slow-answer"]
PREFERRED = ("accept_trade", "choose_partner", "end_turn")


class LandoverTrader(sdk.Bot):
    name = "landover-trader-slow" if SLOW else "landover-trader"
    games = ("landover",)

    def __init__(self) -> None:
        self.offers = 0

    def decide(self, decision: sdk.Decision) -> int:
        kinds = [action.WhichOneof("kind") for action in decision.legal_actions]
        if SLOW and "decline_trade" in kinds:
            time.sleep(1.0)
        offer = decision.observation.offer
        if "propose_trade" in kinds:
            self.offers += 1
            return kinds.index("propose_trade")
        if offer.status == "drafting":
            return self.draft(decision, kinds)
        for wanted in PREFERRED:
            if wanted in kinds:
                return kinds.index(wanted)
        return 0

    def draft(self, decision: sdk.Decision, kinds: list[str]) -> int:
        """One card for one, asking for each resource in turn so that someone can accept."""
        offer = decision.observation.offer
        if not offer.give:
            return kinds.index("trade_give")
        if not offer.get:
            asks = [
                i
                for i, action in enumerate(decision.legal_actions)
                if kinds[i] == "trade_ask" and action.trade_ask.kind == self.offers % 5
            ]
            return asks[0] if asks else kinds.index("trade_ask")
        return kinds.index("send_offer")


if __name__ == "__main__":
    sdk.run(LandoverTrader())
