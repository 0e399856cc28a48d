"""The greedy Carcassonne bot: legal, sensible, and far stronger than random play."""

from __future__ import annotations

import importlib
import random
from typing import Any

import pytest

import sdk
from referee.engine import CHANCE
from referee.games.carcassonne import ENGINE
from referee.games.carcassonne.actions import DrawTile
from referee.games.carcassonne.script import play_turn, start_state
from referee.games.carcassonne.state import CarcassonneState
from referee.match.chance import sample_outcome
from tests.helpers import duel_wins, load_bot


def decide(bot: object, state: CarcassonneState, seat: int, match_id: str = "m") -> int:
    legal = state.legal_actions(seat)
    match = sdk.MatchInfo(match_id, "carcassonne", seat, state.num_players, ENGINE.default_config())
    messages = list(ENGINE.action_list_to_proto(legal).actions)
    choice = bot.decide(sdk.Decision(match, state.observation(seat), messages, 1.0))  # type: ignore[attr-defined]
    assert 0 <= choice < len(legal)
    return int(choice)


@pytest.mark.slow
def test_greedy_bot_beats_random_bot_in_90_of_100_games() -> None:
    """Two players, seats alternating; a shared first place does not count (about 30 s)."""
    greedy = load_bot("carcassonne_greedy.py", "CarcassonneGreedyBot")
    rand = load_bot("random_bot.py", "RandomBot")
    wins = duel_wins(ENGINE, greedy, rand, games=100)
    assert wins >= 90


def test_greedy_bot_takes_the_points_on_offer_and_follows_its_plan() -> None:
    """A village tile can close its own road (3) or a fresh two-tile road (2 with a follower).

    Of ten placements only those score this turn; the bot takes one, then
    places the follower its placement was chosen for.
    """
    greedy = load_bot("carcassonne_greedy.py", "CarcassonneGreedyBot")
    state = start_state({"rules": {}})
    play_turn(state, ["RRR", -1, 0, "R0", [0, "E"]])
    play_turn(state, ["L", 0, 1, "R0", None])
    state.apply(CHANCE, DrawTile("RRR", False))
    action = state.legal_actions(0)[decide(greedy, state, 0)]
    state.apply(0, action)
    if state.to_act() == (0,):  # the follower decision, from its plan
        state.apply(0, state.legal_actions(0)[decide(greedy, state, 0)])
    assert state.scores[0].road in (2, 3)


def test_greedy_bot_decides_a_follower_without_a_plan() -> None:
    """A fresh bot asked only for the follower picks a legal index."""
    state = start_state({"rules": {}})
    state.apply(CHANCE, DrawTile("L", False))
    state.apply(0, state.legal_actions(0)[0])
    greedy = load_bot("carcassonne_greedy.py", "CarcassonneGreedyBot")
    decide(greedy, state, 0, match_id="fresh")


def play_to(state: CarcassonneState, tiles: int, rng: random.Random) -> None:
    """Random moves until ``tiles`` tiles lie on the board and a seat is to place one."""
    while len(state.board.placed) < tiles or state.to_act() == (CHANCE,):
        (seat,) = state.to_act()
        if seat == CHANCE:
            state.apply(CHANCE, sample_outcome(state.chance_outcomes(), rng))
        else:
            state.apply(seat, rng.choice(state.legal_actions(seat)))


def test_a_match_id_reused_for_a_new_game_is_judged_on_the_new_board() -> None:
    """A bot kept between matches (or asked by a search bot's rollouts) may see an id
    again for another game: it must then play exactly as a fresh bot would."""
    reused = load_bot("carcassonne_greedy.py", "CarcassonneGreedyBot")
    first = ENGINE.new_game(ENGINE.default_config(), 2)
    assert isinstance(first, CarcassonneState)
    play_to(first, 12, random.Random(1))
    decide(reused, first, first.current, match_id="m")  # the bot mirrors the first game
    second = ENGINE.new_game(ENGINE.default_config(), 2)
    assert isinstance(second, CarcassonneState)
    rng = random.Random(2)
    play_to(second, 20, rng)  # more tiles than the first game, on other positions
    for _ in range(12):
        seat = second.current
        fresh = load_bot("carcassonne_greedy.py", "CarcassonneGreedyBot")
        choice = decide(reused, second, seat, match_id="m")
        assert choice == decide(fresh, second, seat, match_id="m")
        second.apply(seat, second.legal_actions(seat)[choice])
        play_to(second, len(second.board.placed), rng)


def test_play_from_the_engine_state_is_the_bots_own() -> None:
    """``StatePlayer`` and ``state_scores`` (no observation, no mirror) choose and score
    every decision of a game exactly as the bot does from its observations."""
    greedy: Any = importlib.import_module("landgrave_bots.carcassonne_greedy")
    bot = greedy.CarcassonneGreedyBot()
    players = [greedy.StatePlayer(), greedy.StatePlayer()]
    state = ENGINE.new_game(ENGINE.default_config(), 2)
    rng = random.Random(5)
    decisions = 0
    while not state.is_terminal():
        (seat,) = state.to_act()
        if seat == CHANCE:
            state.apply(CHANCE, sample_outcome(state.chance_outcomes(), rng))
            continue
        legal = state.legal_actions(seat)
        match = sdk.MatchInfo("m", "carcassonne", seat, 2, ENGINE.default_config())
        messages = list(ENGINE.action_list_to_proto(legal).actions)
        decision = sdk.Decision(match, state.observation(seat), messages, 1.0)
        assert greedy.state_scores(state, seat) == bot.action_scores(decision)
        action = players[seat].choose(state, seat)
        assert action == legal[bot.decide(decision)]
        state.apply(seat, action)
        decisions += 1
    assert decisions > 100
