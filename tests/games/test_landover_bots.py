"""The Landover bots through the real referee loop: random plays it, greedy beats random."""

from __future__ import annotations

from pathlib import Path

import pytest

import sdk
from referee.games.landover import ENGINE
from referee.match import play_in_process
from referee.replay.verify import verify_record
from tests.helpers import load_bot

THREE_PLAYER_GAMES = 10
GREEDY_GAMES = 10


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
def test_greedy_beats_two_random_bots_in_most_three_player_games() -> None:
    """The greedy bot, seated in turn at 0, 1 and 2, wins at least 80% outright."""
    wins = 0
    for seed in range(THREE_PLAYER_GAMES):
        seat = seed % 3
        bots = [random_bot(), random_bot(), random_bot()]
        bots[seat] = greedy()
        ranks = [s.rank for s in play_in_process(ENGINE, bots, seed=seed).seats]
        wins += ranks[seat] == 1 and ranks.count(1) == 1
    assert wins >= 0.8 * THREE_PLAYER_GAMES


@pytest.mark.slow
def test_greedy_bots_trade_with_each_other_and_games_end_by_victory_points(
    tmp_path: Path,
) -> None:
    """LANDOVER-06: greedy bots make and take offers; 90% of their games reach the target."""
    target = ENGINE.default_config().victory_points
    reached, partners = 0, 0
    for seed in range(GREEDY_GAMES):
        record = tmp_path / f"{seed}.jsonl"
        result = play_in_process(
            ENGINE, [greedy(), greedy(), greedy()], seed=seed, record_path=record
        )
        reached += max(s.score for s in result.seats) >= target
        partners += record.read_text().count("choosePartner")
    assert reached >= 0.9 * GREEDY_GAMES
    assert partners >= GREEDY_GAMES  # about one trade between players a game, at least


@pytest.mark.slow
def test_greedy_wins_a_duel_against_itself_deterministically() -> None:
    first = play_in_process(ENGINE, [greedy(), greedy()], seed=1)
    second = play_in_process(ENGINE, [greedy(), greedy()], seed=1)
    assert [s.score for s in first.seats] == [s.score for s in second.seats]
    assert min(s.rank for s in first.seats) == 1
