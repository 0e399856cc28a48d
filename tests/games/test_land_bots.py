"""The greedy Land bot against a uniformly random one, through the real referee loop."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

import sdk
from referee.engine import CHANCE
from referee.games.land import ENGINE
from referee.games.land.actions import EndTurn
from referee.testing import random_playout
from tests.helpers import duel_wins, load_bot


@pytest.mark.slow
def test_greedy_bot_beats_random_bot_in_80_of_100_games() -> None:
    """Seats alternate; a shared first place does not count as a win."""
    greedy = load_bot("land_greedy.py", "LandGreedyBot")
    rand = load_bot("random_bot.py", "RandomBot")
    wins = duel_wins(ENGINE, greedy, rand, games=100)
    assert wins >= 80


def test_greedy_bot_never_ends_a_turn_it_could_use() -> None:
    """Along a random game, the greedy bot picks EndTurn only when it is the sole action."""
    greedy = load_bot("land_greedy.py", "LandGreedyBot")
    checked = 0
    for state, seat, decision in random_decisions(seed=3):
        legal = state.legal_actions(seat)
        picked = legal[greedy.decide(decision)]
        assert picked != EndTurn() or legal == [EndTurn()]
        checked += 1
    assert checked > 20


def test_play_from_the_engine_state_is_the_bots_own() -> None:
    """``StatePlayer`` and ``state_scores`` (no observation) score and choose every
    decision of random games, starts, mountains and resident cows among them, exactly as
    the bot does from its observations: search bots play it in their playouts."""
    greedy = load_bot("land_greedy.py", "LandGreedyBot")
    player = greedy.state_player()
    kinds: set[str] = set()
    for seed in range(4):
        for state, seat, decision in random_decisions(seed):
            legal = state.legal_actions(seat)
            assert greedy.state_scores(state, seat) == greedy.action_scores(decision)
            assert player.choose(state, seat) == legal[greedy.decide(decision)]
            kinds.update(type(a).__name__ for a in legal)
    assert kinds == {"ChooseStart", "PlaceCow", "EndTurn"}


def random_decisions(seed: int) -> Iterator[tuple[Any, int, sdk.Decision]]:
    """Each decision of a random 2-player game: the state, the seat and what it is sent."""
    _, history = random_playout(ENGINE, 2, seed=seed)
    state = ENGINE.new_game(ENGINE.default_config(), 2)
    for seat, action in history:
        if seat != CHANCE:
            legal = state.legal_actions(seat)
            match = sdk.MatchInfo("m", "land", seat, 2, ENGINE.default_config())
            messages = list(ENGINE.action_list_to_proto(legal).actions)
            yield state, seat, sdk.Decision(match, state.observation(seat), messages, 1.0)
        state.apply(seat, action)
