"""Incremental Elo and the game results it reads (referee/ratings/elo.py, results.py)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from referee.ratings import GameResult, elo, tally


def test_equal_players_move_half_of_k() -> None:
    """1500 beats 1500 at K=32: expected 0.5, so +16 and -16 (the textbook first example)."""
    after = elo.update({"ada": 1500.0, "bob": 1500.0}, GameResult({"ada": 1, "bob": 2}), k=32)
    assert after == {"ada": 1516.0, "bob": 1484.0}


def test_expected_scores_of_the_wikipedia_tournament() -> None:
    """A 1613 player's expected score against five opponents is 2.867.

    Worked example from Wikipedia, "Elo rating system", Mathematical details:
    player A (1613) loses to 1609, draws 1477, beats 1388 and 1586, loses to
    1720; expected 0.506 + 0.686 + 0.785 + 0.539 + 0.351 = 2.867.
    """
    expected = [elo.expected_score(1613, r) for r in (1609, 1477, 1388, 1586, 1720)]
    assert [round(e, 3) for e in expected] == [0.506, 0.686, 0.785, 0.539, 0.351]
    assert sum(expected) == pytest.approx(2.867, abs=5e-4)


def test_rating_period_reproduces_the_wikipedia_tournament() -> None:
    """Same example: with ratings frozen for the event, 1613 + 32 * (2.5 - 2.867) = 1601."""
    opponents = {"b": 1609.0, "c": 1477.0, "d": 1388.0, "e": 1586.0, "f": 1720.0}
    ranks = {"b": (2, 1), "c": (1, 1), "d": (1, 2), "e": (1, 2), "f": (2, 1)}
    games = [GameResult({"a": mine, o: theirs}) for o, (mine, theirs) in ranks.items()]
    after = elo.update_period({"a": 1613.0, **opponents}, games, k=32)
    assert round(after["a"]) == 1601


def test_game_by_game_differs_from_a_rating_period() -> None:
    """Sequential updates see each other's changes, so they give other numbers than a period."""
    start = {"a": 1500.0, "b": 1500.0}
    games = [GameResult({"a": 1, "b": 2}), GameResult({"a": 1, "b": 2})]
    sequential = elo.update(elo.update(start, games[0]), games[1])
    assert sequential["a"] < elo.update_period(start, games)["a"] == 1532.0


def test_new_players_start_at_the_initial_rating() -> None:
    """A player missing from the table is rated ``initial`` before the game."""
    after = elo.update({}, GameResult({"ada": 1, "bob": 1}), initial=1200)
    assert after == {"ada": 1200.0, "bob": 1200.0}


def test_three_player_game_moves_like_one_duel() -> None:
    """Equals finishing 1, 2, 3: K/(N-1) = 16 per pair; the winner gains K/2, as in a duel."""
    result = GameResult({"a": 1, "b": 2, "c": 3})
    assert elo.changes({}, result, k=32) == {"a": 16.0, "b": 0.0, "c": -16.0}


def test_ties_share_a_rank_and_score_half() -> None:
    """Two players tied for first against a third: between themselves, a draw."""
    result = GameResult({"a": 1, "b": 1, "c": 3})
    assert result.score("a", "b") == 0.5
    assert elo.changes({}, result, k=32) == {"a": 8.0, "b": 8.0, "c": -16.0}


def test_from_points_ranks_with_shared_places() -> None:
    """Scores 12, 9, 9, 3 give competition ranks 1, 2, 2, 4."""
    result = GameResult.from_points({"a": 12, "b": 9, "c": 9, "d": 3})
    assert result.ranks == {"a": 1, "b": 2, "c": 2, "d": 4}
    assert result.placement_score("b") == pytest.approx(0.5)


def test_tally_weights_multiplayer_pairs() -> None:
    """A 3-player game gives each pair weight 1/2; a draw is half a win each way."""
    wins = tally([GameResult({"a": 1, "b": 2, "c": 2})])
    assert wins[("a", "b")] == 0.5
    assert wins[("b", "a")] == 0.0
    assert wins[("b", "c")] == wins[("c", "b")] == 0.25


@pytest.mark.parametrize(
    "ranks",
    [{"a": 1}, {"a": 0, "b": 1}],
)
def test_bad_results_are_refused(ranks: dict[str, int]) -> None:
    """One player is not a game, and ranks start at 1."""
    with pytest.raises(ValueError, match=r"at least 2 players|ranks start at 1"):
        GameResult(ranks)


ratings = st.floats(min_value=0, max_value=3000, allow_nan=False)


@given(st.lists(st.tuples(ratings, st.integers(1, 6)), min_size=2, max_size=6))
def test_changes_sum_to_zero(players: list[tuple[float, int]]) -> None:
    """Elo only moves points between the players of a game, for any size and ranks."""
    table = {f"p{i}": rating for i, (rating, _) in enumerate(players)}
    result = GameResult({f"p{i}": rank for i, (_, rank) in enumerate(players)})
    assert sum(elo.changes(table, result).values()) == pytest.approx(0.0, abs=1e-9)


@given(ratings, ratings)
def test_two_player_updates_are_zero_sum_and_symmetric(a: float, b: float) -> None:
    """What the winner gains the loser loses, and the expectations add up to 1."""
    after = elo.update({"a": a, "b": b}, GameResult({"a": 1, "b": 2}))
    assert after["a"] - a == pytest.approx(b - after["b"])
    assert elo.expected_score(a, b) + elo.expected_score(b, a) == pytest.approx(1.0)
