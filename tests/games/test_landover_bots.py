"""The Landover bots through the real referee loop: random plays it, greedy beats random."""

from __future__ import annotations

from pathlib import Path

import pytest

import sdk
from referee.games.landover import ENGINE
from referee.match import play_in_process
from referee.replay.verify import verify_record
from tests.helpers import duel_wins, load_bot

DUEL_GAMES = 40


def greedy() -> sdk.Bot:
    bot: sdk.Bot = load_bot("landover_greedy.py", "LandoverGreedyBot")
    return bot


def random_bot() -> sdk.Bot:
    bot: sdk.Bot = load_bot("random_bot.py", "RandomBot")
    return bot


def test_random_bots_play_four_seats_and_the_record_verifies(tmp_path: Path) -> None:
    config = ENGINE.default_config()
    config.turn_limit = 40
    record = tmp_path / "landover.jsonl"
    bots = [random_bot() for _ in range(4)]
    result = play_in_process(ENGINE, bots, seed=3, config=config, record_path=record)
    assert min(seat.rank for seat in result.seats) == 1
    verify_record(record)


@pytest.mark.slow
def test_greedy_beats_random_in_most_duels() -> None:
    wins = duel_wins(ENGINE, greedy(), random_bot(), DUEL_GAMES)
    assert wins >= 0.8 * DUEL_GAMES


@pytest.mark.slow
def test_greedy_wins_a_duel_against_itself_deterministically() -> None:
    first = play_in_process(ENGINE, [greedy(), greedy()], seed=1)
    second = play_in_process(ENGINE, [greedy(), greedy()], seed=1)
    assert [s.score for s in first.seats] == [s.score for s in second.seats]
    assert min(s.rank for s in first.seats) == 1
