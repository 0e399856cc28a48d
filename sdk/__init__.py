"""Landgrave's SDK for bot authors: protocol bindings and a bot runtime.

Example::

    import random
    import sdk

    class RandomBot(sdk.Bot):
        name = "random"

        def decide(self, decision: sdk.Decision) -> int:
            return random.randrange(len(decision.legal_actions))

    if __name__ == "__main__":
        sdk.run(RandomBot())
"""

from sdk.bot import Bot, Decision, Event, MatchInfo
from sdk.forward import ForwardModel, NoForwardModel

__all__ = ["Bot", "Decision", "Event", "ForwardModel", "MatchInfo", "NoForwardModel", "run"]


def run(bot: Bot) -> None:
    """Connect to the referee named by the environment and play until it closes."""
    from sdk.runtime import run as run_bot

    run_bot(bot)
