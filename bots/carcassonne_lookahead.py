"""A Carcassonne bot that looks one tile further: what may the rival do with its next tile?

The greedy bot (bots/carcassonne_greedy.py) judges a placement by what it
changes on the board now. A placement can also hand the next player a gift:
a city it can join, a road it can close with its own follower on it. This
bot plays by tuned weights (``TUNED``), takes the greedy estimate's best few
placements (``WIDTH``), and for each plays it (and its follower) on a copy of
the game, then asks of every tile still in the pile, by how many copies of
it are left, the rival's best gain with it: the placement's worth is its
own gain less the rival's expected best. That needs the pile's make-up,
which is public but not in the observation, so the bot takes it from the
game's forward model (docs/bots.md); without one, or without the time
(``TIME_SHARE``), it plays as the greedy bot with the tuned weights.

It is the MCTS bot's heuristic in Carcassonne (bots/mcts_bot.py).
"""

from __future__ import annotations

import importlib
import math
import random
import time
from typing import Any

import sdk
from referee.games.carcassonne.actions import PlaceFollower, PlaceTile

greedy = importlib.import_module("landgrave_bots.carcassonne_greedy")

WIDTH = 3
"""Placements looked at beyond the greedy estimate: its best three."""
Judged = tuple[list[float], list[Any]]
"""Each legal placement's score, and its plan for the follower (``greedy.Plan``)."""
TIME_SHARE = 0.25
"""The share of a decision's own time (the bank aside) the look may take: it takes about
80 ms, and a search bot asking it (bots/mcts_bot.py) spends the rest searching."""


class CarcassonneLookaheadBot(greedy.CarcassonneGreedyBot):
    name = "carcassonne-lookahead"
    version = "1"
    games = ("carcassonne",)

    def __init__(self, weights: Any = greedy.TUNED, width: int = WIDTH) -> None:
        super().__init__(weights)
        self.width = width
        self.last: tuple[bytes, Judged | None] | None = None
        """The last tile decision judged (its observation) and what came of it: the MCTS
        bot asks ``decide`` and ``action_scores`` of the same decision."""

    def decide(self, decision: sdk.Decision) -> int:
        judged = self._judged(decision)
        if judged is None:
            return super().decide(decision)
        scores, plans = judged
        index = scores.index(max(scores))
        self.plans[decision.match.match_id] = plans[index]
        return index

    def action_scores(self, decision: sdk.Decision) -> list[float]:
        judged = self._judged(decision)
        return super().action_scores(decision) if judged is None else judged[0]

    def _judged(self, decision: sdk.Decision) -> Judged | None:
        """Each placement's score and plan, or None: a follower decision, no forward model,
        or no time for the look."""
        deadline = time.monotonic() + TIME_SHARE * (decision.seconds_left - decision.bank_seconds)
        if decision.legal_actions[0].WhichOneof("kind") != "place_tile":
            return None
        key = decision.observation.SerializeToString()
        if self.last is None or self.last[0] != key:
            self.last = (key, self._look(decision, deadline))
        return self.last[1]

    def _look(self, decision: sdk.Decision, deadline: float) -> Judged | None:
        try:
            state = decision.forward_model().sample(random.Random(0))
            return lookahead_scores(state, decision.match.seat, self.weights, self.width, deadline)
        except (sdk.NoForwardModel, OutOfTime):
            return None


class LookaheadStatePlayer(greedy.StatePlayer):
    """The bot's play read straight from an engine state (bench/carcassonne_tuning.py)."""

    def __init__(self, weights: Any = greedy.TUNED, width: int = WIDTH) -> None:
        super().__init__(weights)
        self.width = width

    def choose(self, state: Any, seat: int) -> Any:
        legal = state.legal_actions(seat)
        if not isinstance(legal[0], PlaceTile):
            return super().choose(state, seat)
        scores, plans = lookahead_scores(state, seat, self.weights, self.width)
        index = scores.index(max(scores))
        self.plan = plans[index]
        return legal[index]


class OutOfTime(Exception):
    """The look at the rival's replies ran past its deadline."""


def lookahead_scores(
    state: Any, seat: int, weights: Any, width: int = WIDTH, deadline: float = math.inf
) -> Judged:
    """Each legal placement's score and follower plan (``greedy.Plan``), best highest.

    The greedy estimate's best ``width`` placements score their gain less the
    rival's expected best gain on its next tile; the others, not looked at,
    their gain less the worst of those expectations, so they rank as if the
    rival did its best against them.

    Raises:
        OutOfTime: ``deadline`` (a ``time.monotonic()``) passed before the end.
    """
    legal = state.legal_actions(seat)
    view = greedy.state_view(state, seat, weights)
    judged = [greedy.placement_value(view, (a.x, a.y), state.tile, a.rotation) for a in legal]
    plans = [((a.x, a.y), location) for a, (_, location) in zip(legal, judged, strict=True)]
    scores = [value for value, _ in judged]
    best = sorted(range(len(legal)), key=lambda i: (-scores[i], i))[:width]
    replies = {i: rival_reply(state, seat, legal[i], plans[i][1], weights, deadline) for i in best}
    worst = max(replies.values())
    return [score - replies.get(index, worst) for index, score in enumerate(scores)], plans


def rival_reply(  # noqa: PLR0917 - a placement, its follower, and how to judge
    state: Any,
    seat: int,
    placement: Any,
    location: str | None,
    weights: Any,
    deadline: float = math.inf,
) -> float:
    """The next seat's expected best gain with its next tile, after ``placement`` and follower.

    Raises:
        OutOfTime: ``deadline`` passed.
    """
    after = state.clone()
    after.apply(seat, placement)
    if after.to_act() == (seat,):  # the follower decision: the plan's, else none
        follower = next(
            (
                action
                for action in after.legal_actions(seat)
                if isinstance(action, PlaceFollower) and action.location == location
            ),
            after.legal_actions(seat)[0],
        )
        after.apply(seat, follower)
    if after.is_terminal():
        return 0.0
    view = greedy.state_view(after, after.current, weights)
    expected = copies = 0.0
    for tile, count in after.pile.items():
        places = after.board.placements(tile.jcz_id)
        if time.monotonic() > deadline:
            raise OutOfTime
        if places:  # a tile that fits nowhere is drawn again (CARC-06)
            gains = (greedy.placement_value(view, (x, y), tile, r)[0] for x, y, r in places)
            expected += count * max(gains)
            copies += count
    return expected / copies if copies else 0.0


if __name__ == "__main__":
    sdk.run(CarcassonneLookaheadBot())
