"""The lookahead Carcassonne bot: the greedy estimate's best few, judged by the rival's reply."""

from __future__ import annotations

import importlib
import random
from typing import Any

import pytest

import sdk
from referee.engine import CHANCE
from referee.games.carcassonne import ENGINE
from referee.games.carcassonne.actions import PlaceTile
from referee.games.carcassonne.state import CarcassonneState
from referee.match.chance import sample_outcome

GREEDY: Any = importlib.import_module("landgrave_bots.carcassonne_greedy")
LOOKAHEAD: Any = importlib.import_module("landgrave_bots.carcassonne_lookahead")


def decision_of(state: CarcassonneState, seat: int, seconds: float) -> sdk.Decision:
    legal = state.legal_actions(seat)
    match = sdk.MatchInfo("m", "carcassonne", seat, state.num_players, ENGINE.default_config())
    messages = list(ENGINE.action_list_to_proto(legal).actions)
    return sdk.Decision(match, state.observation(seat), messages, seconds)


def play(bots: list[Any], seed: int, check: Any = None, seconds: float = 60.0) -> CarcassonneState:
    """A game of ``bots`` by seat, ``check(state, seat, decision, choice)`` at each decision."""
    state = ENGINE.new_game(ENGINE.default_config(), len(bots))
    assert isinstance(state, CarcassonneState)
    rng = random.Random(seed)
    while not state.is_terminal():
        (seat,) = state.to_act()
        if seat == CHANCE:
            state.apply(CHANCE, sample_outcome(state.chance_outcomes(), rng))
            continue
        decision = decision_of(state, seat, seconds)
        choice = bots[seat].decide(decision)
        if check is not None:
            check(state, seat, decision, choice)
        state.apply(seat, state.legal_actions(seat)[choice])
    return state


def test_it_plays_one_of_the_greedy_estimates_best_placements_and_follows_its_plan() -> None:
    """Each tile goes where the estimate (tuned weights) ranks it among the best WIDTH, and
    the follower decision that follows plays the plan made with the placement."""
    bot = LOOKAHEAD.CarcassonneLookaheadBot()
    judged = followed = 0
    plan: Any = None

    def check(state: CarcassonneState, seat: int, decision: sdk.Decision, choice: int) -> None:
        nonlocal judged, followed, plan
        if seat != 0:
            return
        legal = state.legal_actions(seat)
        if isinstance(legal[0], PlaceTile):
            scores = GREEDY.state_scores(state, seat, GREEDY.TUNED)
            best = sorted(range(len(scores)), key=lambda i: (-scores[i], i))[: LOOKAHEAD.WIDTH]
            assert choice in best
            ranked = bot.action_scores(decision)
            assert ranked.index(max(ranked)) == choice
            plan = bot.plans["m"]
            judged += 1
        else:
            assert plan is not None and plan[0] == state.placed_at
            assert getattr(legal[choice], "location", None) == plan[1]
            followed += 1

    play([bot, GREEDY.CarcassonneGreedyBot()], seed=4, check=check)
    assert judged > 30 and followed > 10


def test_looking_at_one_placement_is_the_greedy_bot_with_the_same_weights() -> None:
    """The lookahead only reorders the few it looks at: with one, nothing to reorder."""
    narrow = LOOKAHEAD.CarcassonneLookaheadBot(width=1)
    same = GREEDY.CarcassonneGreedyBot(GREEDY.TUNED)

    def check(state: CarcassonneState, seat: int, decision: sdk.Decision, choice: int) -> None:
        if seat == 0:
            assert choice == same.decide(decision)

    play([narrow, GREEDY.CarcassonneGreedyBot()], seed=6, check=check)


@pytest.mark.parametrize("lacking", ["a forward model", "time"])
def test_without_a_forward_model_or_time_it_plays_as_the_greedy_bot(
    lacking: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The pile's make-up comes from the forward model, and the look takes a share of the
    decision's time at most (TIME_SHARE): without the engine installed, or with next to no
    time, the bot still plays, by the tuned estimate alone, and never late."""

    def no_model(self: sdk.Decision) -> Any:
        raise sdk.NoForwardModel("not installed here")

    if lacking == "a forward model":
        monkeypatch.setattr(sdk.Decision, "forward_model", no_model)
    bot = LOOKAHEAD.CarcassonneLookaheadBot()
    same = GREEDY.CarcassonneGreedyBot(GREEDY.TUNED)

    def check(state: CarcassonneState, seat: int, decision: sdk.Decision, choice: int) -> None:
        if seat == 0:
            assert choice == same.decide(decision)

    seconds = 0.001 if lacking == "time" else 60.0
    play([bot, GREEDY.CarcassonneGreedyBot()], seed=8, check=check, seconds=seconds)
