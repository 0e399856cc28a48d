"""The MCTS bot's light rollout policies (bots/mcts_rollouts.py).

A rollout must stay legal and random, but look more like a game than a
uniformly random one: preferred kinds first, avoided kinds only when
nothing else is legal.
"""

from __future__ import annotations

import importlib
import random
from collections import Counter
from typing import Any

from referee.engine import CHANCE
from referee.games import get_engine
from referee.match.chance import sample_outcome

ROLLOUTS: Any = importlib.import_module("landgrave_bots.mcts_rollouts")


def play(game: str, steps: int, seed: int) -> Counter[str]:
    """The kinds of action the game's policy plays from the start, counted."""
    engine = get_engine(game)
    state = engine.new_game(engine.default_config(), 2)
    policy = ROLLOUTS.POLICIES[game]
    rng = random.Random(seed)
    kinds: Counter[str] = Counter()
    for _ in range(steps):
        if state.is_terminal():
            break
        for seat in state.to_act():
            if seat == CHANCE:
                action = sample_outcome(state.chance_outcomes(), rng)
            else:
                legal = state.legal_actions(seat)
                action = policy.choose(legal, rng)
                assert action in legal
                kinds[type(action).__name__] += 1
                if len(legal) > 1 and type(action).__name__ in policy.avoid:
                    assert all(type(a).__name__ in policy.avoid for a in legal)
            state.apply(seat, action)
    return kinds


def test_a_policy_prefers_in_order_and_avoids_while_it_can() -> None:
    policy = ROLLOUTS.Policy(prefer=("int",), avoid=frozenset({"str"}))
    rng = random.Random(1)
    assert policy.choose(["a", 2.0, 3], rng) == 3
    assert {policy.choose(["a", 2.0, 5.0], rng) for _ in range(20)} == {2.0, 5.0}
    assert policy.choose(["a"], rng) == "a"


def test_landover_rollouts_build_instead_of_haggling() -> None:
    kinds = play("landover", 600, 3)
    assert not kinds.keys() & {"ProposeTrade", "TradeAsk", "TradeGive"}
    assert kinds["BuildVillage"] + kinds["BuildCity"] > 0


def test_land_rollouts_end_a_turn_only_when_no_cow_can_go_down() -> None:
    kinds = play("land", 400, 2)
    assert kinds["PlaceCow"] > 0


def test_carcassonne_rollouts_place_tiles_but_no_followers() -> None:
    """A random follower moves the estimate more than the move a rollout judges."""
    kinds = play("carcassonne", 120, 4)
    assert kinds["PlaceTile"] > 10
    assert kinds["SkipFollower"] > 10
    assert not kinds["PlaceFollower"]
