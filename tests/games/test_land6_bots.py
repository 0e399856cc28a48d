"""The LAND 6 bots: both play through the real referee loop; the heuristic one wins on easy."""

from __future__ import annotations

import random

import pytest

import sdk
from referee.engine import CHANCE
from referee.games.land6 import ENGINE
from referee.games.land6.actions import Accept, Move, RerollDie, RerollThrow
from referee.games.land6.rules import Difficulty, Rules
from referee.games.land6.state import Die, Land6State
from referee.match import play_in_process
from referee.match.chance import sample_outcome
from tests.helpers import load_bot

EASY_GAMES = 200


def heuristic() -> sdk.Bot:
    bot: sdk.Bot = load_bot("land6_heuristic.py", "Land6HeuristicBot")
    return bot


def choose(bot: sdk.Bot, state: Land6State) -> object:
    """The action the bot picks in a state."""
    legal = state.legal_actions(0)
    match = sdk.MatchInfo("m", "land6", 0, 1, state.rules.to_config())
    messages = list(ENGINE.action_list_to_proto(legal).actions)
    choice = bot.decide(sdk.Decision(match, state.observation(0), messages, 1.0))
    assert isinstance(choice, int)
    return legal[choice]


def won_games(bot: sdk.Bot, games: int, rules: Rules) -> int:
    """Games won by a bot on seeds 0..games-1, played by a direct loop (no referee, no clock)."""
    wins = 0
    config = rules.to_config()
    for seed in range(games):
        state = ENGINE.new_game(config, 1)
        rng = random.Random(seed)
        match = sdk.MatchInfo(f"land6-{seed}", "land6", 0, 1, config)
        bot.match_started(match)
        while not state.is_terminal():
            if state.to_act() == (CHANCE,):
                state.apply(CHANCE, sample_outcome(state.chance_outcomes(), rng))
                continue
            legal = state.legal_actions(0)
            messages = list(ENGINE.action_list_to_proto(legal).actions)
            index = bot.decide(sdk.Decision(match, state.observation(0), messages, 60.0))
            assert isinstance(index, int)
            state.apply(0, legal[index])
        wins += state.won
    return wins


@pytest.mark.slow
@pytest.mark.parametrize("bot_file", ["random_bot.py", "land6_heuristic.py"])
def test_bots_play_through_the_referee(bot_file: str) -> None:
    """A solo match ends with rank 1, the game's score, and won or lost in the titles."""
    bot = load_bot(bot_file, "RandomBot" if bot_file == "random_bot.py" else "Land6HeuristicBot")
    result = play_in_process(ENGINE, [bot], seed=7)
    seat = result.seats[0]
    assert seat.rank == 1
    assert seat.titles[1] in ("won", "lost")
    assert seat.score >= 0


@pytest.mark.slow
def test_heuristic_bot_wins_most_easy_games_and_3x_as_often_as_random() -> None:
    rules = Rules(difficulty=Difficulty.EASY)
    smart = won_games(heuristic(), EASY_GAMES, rules)
    rand = won_games(load_bot("random_bot.py", "RandomBot"), EASY_GAMES, rules)
    assert smart > EASY_GAMES / 2
    assert smart >= 3 * rand


def laid_board(dice: dict[int, int], cubes: set[int]) -> Land6State:
    """Turn 1 on the unturned board of test_land6_rules.py, with these dice and cubes."""
    from referee.games.land6.actions import PlaceTile

    state = ENGINE.new_game(Rules(fixed_tile_orientation=True).to_config(), 1)
    for slot, tile in zip((1, 2, 3, 4), (2, 3, 4, 5), strict=True):
        state.apply(CHANCE, PlaceTile(slot, tile, 0))
    state.dice = {square: Die(value) for square, value in dice.items()}
    state.cubes = set(cubes)
    return state


def test_heuristic_bot_steps_into_the_enemy_city_to_win() -> None:
    state = laid_board({0: 5, 22: 5}, set())
    assert choose(heuristic(), state) == Move(0, 22, 23)


def test_heuristic_bot_rerolls_a_die_of_1_on_the_enemy_city() -> None:
    """Two chances in three to win at once, for one sea point."""
    state = laid_board({0: 5, 23: 1, 22: 4}, set())
    assert choose(heuristic(), state) == RerollDie(22, 23)


def test_heuristic_bot_rerolls_a_fight_that_came_up_1() -> None:
    from referee.games.land6.actions import Fight, Roll

    state = laid_board({0: 5, 1: 4, 6: 3}, {6})
    state.apply(0, Fight(6))
    state.apply(CHANCE, Roll(1))
    assert choose(heuristic(), state) == RerollThrow(1)


def test_heuristic_bot_keeps_a_harmless_cubes_throw() -> None:
    """A throw on a tile with a cube and a sturdy die costs one point: not worth a sea point."""
    from referee.games.land6.actions import Deploy, Roll

    state = laid_board({0: 6, 1: 5, 14: 6}, {5})
    state.apply(0, Deploy(0, 6))
    state.apply(CHANCE, Roll(5))
    assert choose(heuristic(), state) == Accept()
