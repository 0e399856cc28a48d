"""Light rollout policies for the MCTS bot: random moves, less the ones a player rarely makes.

A uniformly random Landover rollout spends most of its steps haggling (in a
random 2-player game, over half the moves are trade proposals, asks and
cancellations), and a random Land rollout ends turns with cows in hand. A
rollout that judges a move should look more like a game, at the price of a
random one: each game here names the kinds of action (the engine's action
classes) to take first when legal, and the kinds to leave out while anything
else is legal. Games not named play uniformly at random. A Carcassonne
rollout places no followers: a random follower (a farmer that never comes
home, a knight on a city nobody will finish) moves the estimate more than
the move being judged does. The greedy bots
(``--rollout greedy``) play better moves but cost a hundred times more a move.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Policy:
    """A game's rollout policy: which kinds of action to prefer and which to avoid."""

    prefer: tuple[str, ...] = ()
    """Action kinds (class names) taken first when legal, in this order."""
    avoid: frozenset[str] = frozenset()
    """Action kinds left out while any other is legal."""

    def choose(self, legal: Sequence[Any], rng: random.Random) -> Any:
        """A legal action: one of the first preferred kind legal, else any not avoided."""
        kinds = [type(action).__name__ for action in legal]
        for kind in self.prefer:
            if kind in kinds:
                return rng.choice([a for a, k in zip(legal, kinds, strict=True) if k == kind])
        wanted = [a for a, k in zip(legal, kinds, strict=True) if k not in self.avoid]
        return rng.choice(wanted or legal)


TRADING = frozenset({"ProposeTrade", "TradeGive", "TradeAsk", "SendOffer", "CancelTrade"})
"""Landover's trades with other players (LANDOVER-06): long, and rarely decisive."""

POLICIES = {
    "carcassonne": Policy(prefer=("SkipFollower",)),
    "land": Policy(avoid=frozenset({"EndTurn"})),
    "landover": Policy(prefer=("BuildCity", "BuildVillage", "ImproveCulture"), avoid=TRADING),
}
"""The games with a light policy; every other game's rollouts are uniformly random."""
