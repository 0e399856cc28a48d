"""The Farlanthia bots through the real referee loop; the greedy one beats the random one."""

from __future__ import annotations

import pytest

import sdk
from referee.games.farlanthia import ENGINE
from referee.games.farlanthia.actions import Move, Occupy
from referee.games.farlanthia.structures import Structure
from referee.match import play_in_process
from referee.replay.verify import verify_record
from tests.games.test_farlanthia_rules import AWAY, clear, game, neighbour, to_conflict
from tests.helpers import duel_wins, load_bot


def greedy() -> sdk.Bot:
    bot: sdk.Bot = load_bot("farlanthia_greedy.py", "FarlanthiaGreedyBot")
    return bot


def choose(bot: sdk.Bot, state: object, seat: int) -> object:
    from referee.games.farlanthia.state import FarlanthiaState

    assert isinstance(state, FarlanthiaState)
    legal = state.legal_actions(seat)
    match = sdk.MatchInfo("m", "farlanthia", seat, state.num_players, state.rules.to_config())
    messages = list(ENGINE.action_list_to_proto(legal).actions)
    index = bot.decide(sdk.Decision(match, state.observation(seat), messages, 1.0))
    assert isinstance(index, int)
    return legal[index]


@pytest.mark.slow
def test_greedy_bot_beats_random_bot_in_80_percent_of_40_games() -> None:
    """Default config (five years); seats alternate; a shared first place is no win."""
    rand = load_bot("random_bot.py", "RandomBot")
    assert duel_wins(ENGINE, greedy(), rand, games=40) >= 32


@pytest.mark.slow
def test_random_bots_play_six_seats_and_the_record_verifies(tmp_path: object) -> None:
    from pathlib import Path

    assert isinstance(tmp_path, Path)
    record = tmp_path / "farlanthia.jsonl"
    bots = [load_bot("random_bot.py", "RandomBot") for _ in range(6)]
    config = ENGINE.default_config()
    config.years = 1
    result = play_in_process(ENGINE, bots, seed=3, config=config, record_path=record)
    assert sorted(seat.rank for seat in result.seats)[0] == 1
    verify_record(record)


def test_greedy_bot_razes_an_enemy_capitol_it_holds() -> None:
    state = game()
    to_conflict(state)
    state.remove_troops(AWAY, state.troops[AWAY])
    start = clear(state, neighbour(AWAY))
    state.add_troops(0, start, 3)
    state.apply(0, Move(start, AWAY, 3))
    from referee.games.farlanthia.actions import Done

    state.apply(0, Done())
    assert state.structure[AWAY] is Structure.CAPITOL
    assert choose(greedy(), state, 0) == Occupy(AWAY, 1)
