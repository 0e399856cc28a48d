"""The greedy Land bot against a uniformly random one, through the real referee loop."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

import sdk
from referee.engine import CHANCE
from referee.games.land import ENGINE
from referee.games.land.actions import EndTurn
from referee.match.chance import sample_outcome
from referee.testing import random_playout
from tests.helpers import duel_wins, load_bot, load_bot_module

GREEDY_AND_TUNED = [("land_greedy.py", "LandGreedyBot"), ("land_tuned.py", "LandTunedBot")]


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


@pytest.mark.parametrize(("filename", "class_name"), GREEDY_AND_TUNED)
def test_play_from_the_engine_state_is_the_bots_own(filename: str, class_name: str) -> None:
    """``StatePlayer`` and ``state_scores`` (no observation) score and choose every
    decision of random games, starts, mountains and resident cows among them, exactly as
    the bot does from its observations: search bots play it in their playouts."""
    greedy = load_bot(filename, class_name)
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


def test_the_tuned_bot_ends_more_plots_ahead_of_greedy_than_greedy_does_from_its_seat() -> None:
    """Over 50 seeds, each with both seatings: the tuned bot's margin against the greedy
    bot beats the greedy bot's own margin from the same seat with the same dice, on the
    mean, and it wins more games than it loses to greedy."""
    land_greedy = load_bot_module("land_greedy.py")
    greedy, tuned = land_greedy.StatePlayer(), land_greedy.StatePlayer(land_greedy.TUNED)
    gains, points = [], []
    for seed in range(50):
        for seat in (0, 1):
            players = [greedy, greedy]
            level = final_margin(players, seat, seed)
            players[seat] = tuned
            margin = final_margin(players, seat, seed)
            gains.append(margin - level)
            points.append(1.0 if margin > 0 else 0.5 if margin == 0 else 0.0)
    assert sum(gains) / len(gains) > 1.0
    assert sum(points) / len(points) > 0.5


def final_margin(players: list[Any], seat: int, seed: int) -> int:
    """``seat``'s plots less its rival's at the end of a game of these state players."""
    rng = random.Random(seed)
    state = ENGINE.new_game(ENGINE.default_config(), 2)
    while not state.is_terminal():
        to_act = state.to_act()[0]
        if to_act == CHANCE:
            state.apply(CHANCE, sample_outcome(state.chance_outcomes(), rng))
        else:
            state.apply(to_act, players[to_act].choose(state, to_act))
    scores = state.scores()
    return scores[seat] - scores[1 - seat]


def test_territory_counts_the_free_land_a_seat_reaches_first_and_half_a_tie() -> None:
    """On a strip of eight plots, ours at the west end and the rival's at the east: a cow
    on the second plot reaches the third and fourth first and ties for the fifth; the
    sixth and seventh are the rival's. With our two plots that is 4.5. A mountain we have
    reserved on the sixth blocks the rival, so the fifth is ours too."""
    land_greedy = load_bot_module("land_greedy.py")

    def territory(kinds: list[int], half: list[int]) -> float:
        view = land_greedy._Board(
            seat=0,
            width=8,
            height=1,
            kinds=kinds,
            resident=[False] * 8,
            owner=[0, -1, -1, -1, -1, -1, -1, 1],
            half=half,
            cows_left=1,
            weights=land_greedy.TUNED,
        )
        return float(view.territory(1))

    grass = [land_greedy.GRASS] * 8
    assert territory(grass, [-1] * 8) == 4.5
    mountain = [*grass[:5], land_greedy.MOUNTAIN, *grass[6:]]
    assert territory(mountain, [-1, -1, -1, -1, -1, 0, -1, -1]) == 5.0
