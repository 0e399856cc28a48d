"""Bradley-Terry fits for finished tournaments (referee/ratings/bradley_terry.py)."""

from __future__ import annotations

import itertools
import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.ratings import GameResult, bradley_terry

ELO = 400 / math.log(10)

THREE = {
    ("a", "b"): 7.0,
    ("b", "a"): 3.0,
    ("b", "c"): 6.0,
    ("c", "b"): 4.0,
    ("a", "c"): 8.0,
    ("c", "a"): 2.5,
}
"""A small intransitive-free table with no closed form: checked by its gradient."""


def log_likelihood(strengths: dict[str, float], wins: dict[tuple[str, str], float]) -> float:
    """The Bradley-Terry log-likelihood, written out independently of the module."""
    return sum(
        count * math.log(strengths[a] / (strengths[a] + strengths[b]))
        for (a, b), count in wins.items()
    )


def test_two_players_three_wins_to_one() -> None:
    """MLE of a 3-1 record: strength ratio 3, so 400 * log10(3) = 190.85 Elo (closed form)."""
    fit = bradley_terry.fit_table({("a", "b"): 3, ("b", "a"): 1}, prior_draws=0, anchor="b")
    assert fit.ratings["a"] == pytest.approx(400 * math.log10(3))
    assert fit.ratings["b"] == 0.0


def test_two_player_interval_from_the_fisher_information() -> None:
    """The log-odds estimate of n=4 games at p=3/4 has variance 1/(n p (1-p)) = 4/3."""
    fit = bradley_terry.fit_table({("a", "b"): 3, ("b", "a"): 1}, prior_draws=0, anchor="b")
    stderr = ELO * math.sqrt(4 / 3)
    assert fit.stderr("a") == pytest.approx(stderr)
    low, high = fit.interval("a")
    assert (high - low) / 2 == pytest.approx(1.959964 * stderr, rel=1e-6)
    assert fit.stderr("b") == 0.0  # the anchor is exact by definition


def test_mean_anchor_splits_the_difference() -> None:
    """With the mean at 0, two players sit at +-d/2, each with a quarter of the variance."""
    fit = bradley_terry.fit_table({("a", "b"): 3, ("b", "a"): 1}, prior_draws=0)
    assert fit.ratings["a"] == pytest.approx(-fit.ratings["b"]) == 200 * math.log10(3)
    assert fit.stderr("a") == pytest.approx(ELO * math.sqrt(4 / 3) / 2)


def test_three_player_fit_zeroes_the_gradient() -> None:
    """At the MLE every partial derivative of the log-likelihood is 0 (central differences)."""
    fit = bradley_terry.fit_table(THREE, prior_draws=0)
    theta = {p: r / ELO for p, r in fit.ratings.items()}
    h = 1e-6
    for player in theta:
        up = {p: math.exp(t + h * (p == player)) for p, t in theta.items()}
        down = {p: math.exp(t - h * (p == player)) for p, t in theta.items()}
        slope = (log_likelihood(up, THREE) - log_likelihood(down, THREE)) / (2 * h)
        assert slope == pytest.approx(0.0, abs=1e-6)
    assert fit.standings() == ["a", "b", "c"]


def test_expected_scores_match_actual_at_the_fit() -> None:
    """The MLE equations (Zermelo 1929): each player's expected total score is its actual one."""
    fit = bradley_terry.fit_table(THREE, prior_draws=0)
    g = {p: 10 ** (r / 400) for p, r in fit.ratings.items()}
    for player, mine in g.items():
        actual = sum(c for (a, _), c in THREE.items() if a == player)
        expected = sum(
            (THREE.get((player, o), 0) + THREE.get((o, player), 0)) * mine / (mine + theirs)
            for o, theirs in g.items()
            if o != player
        )
        assert expected == pytest.approx(actual)


def test_covariance_rows_sum_to_zero_with_a_mean_anchor() -> None:
    """Mean-anchored ratings sum to 0 exactly, so their covariance rows sum to 0 too."""
    fit = bradley_terry.fit_table(THREE)
    assert sum(fit.ratings.values()) == pytest.approx(0.0, abs=1e-9)
    for row in fit.covariance:
        assert sum(row) == pytest.approx(0.0, abs=1e-6)


def test_perfect_record_stays_finite_with_the_prior() -> None:
    """A player who won every game gets a finite rating and interval, above the others."""
    wins = {("a", "b"): 5, ("a", "c"): 5, ("b", "c"): 3, ("c", "b"): 2}
    fit = bradley_terry.fit_table(wins)
    assert fit.standings() == ["a", "b", "c"]
    assert math.isfinite(fit.ratings["a"]) and math.isfinite(fit.stderr("a"))
    assert fit.los("a", "b") > 0.9


def test_prior_is_one_virtual_draw_against_an_average_phantom() -> None:
    """3-1 plus one draw each against a phantom of strength 1: the fit solves those equations."""
    fit = bradley_terry.fit_table({("a", "b"): 3, ("b", "a"): 1})
    # Adding the two equations below gives ga/(ga+1) + gb/(gb+1) = 1, so ga * gb = 1:
    # the phantom sits at the mean, where the anchor puts 0.
    ga, gb = (10 ** (fit.ratings[p] / 400) for p in "ab")
    # d/d(theta_a): 3 - 4 ga/(ga+gb) + 1 * (0.5 - ga/(ga+1)) = 0, and as much for b.
    assert 3 - 4 * ga / (ga + gb) + 0.5 - ga / (ga + 1) == pytest.approx(0.0, abs=1e-9)
    assert 1 - 4 * gb / (ga + gb) + 0.5 - gb / (gb + 1) == pytest.approx(0.0, abs=1e-9)
    assert 0 < fit.ratings["a"] - fit.ratings["b"] < 400 * math.log10(3)


def test_no_maximum_without_a_prior() -> None:
    """Without the prior, a perfect record has no finite MLE: the fit says so."""
    with pytest.raises(ValueError, match="prior_draws > 0"):
        bradley_terry.fit_table({("a", "b"): 2, ("b", "c"): 1, ("c", "b"): 1}, prior_draws=0)


def test_los_uses_the_difference_variance() -> None:
    """LOS = Phi(diff / sd); for 3-1 that is Phi(ln 3 / sqrt(4/3)) = 0.829."""
    fit = bradley_terry.fit_table({("a", "b"): 3, ("b", "a"): 1}, prior_draws=0)
    z = math.log(3) / math.sqrt(4 / 3)
    assert fit.los("a", "b") == pytest.approx(0.5 * (1 + math.erf(z / math.sqrt(2))))
    matrix = fit.los_matrix()
    assert matrix["a"]["b"] + matrix["b"]["a"] == pytest.approx(1.0)
    assert round(matrix["a"]["b"], 3) == 0.829


def test_fit_reads_game_results_and_unplayed_players() -> None:
    """``fit`` tallies results; a named player without games sits at the phantom's level."""
    games = [GameResult({"a": 1, "b": 2, "c": 3})] * 3 + [GameResult({"a": 2, "b": 1, "c": 3})]
    fit = bradley_terry.fit(games, players=["idle"], anchor="idle")
    assert fit.ratings["idle"] == 0.0
    assert fit.standings()[:2] == ["a", "b"]
    assert fit.players[0] == "idle"


def test_unknown_anchor_is_refused() -> None:
    """The anchor must be one of the rated players."""
    with pytest.raises(ValueError, match="anchor must be one of"):
        bradley_terry.fit_table({("a", "b"): 1, ("b", "a"): 1}, anchor="zed")


@settings(max_examples=40, deadline=None)
@given(
    st.integers(min_value=3, max_value=5).flatmap(
        lambda n: st.tuples(
            st.just(n),
            st.integers(min_value=1, max_value=6),
            st.lists(st.integers(0, 12), min_size=n * (n - 1) // 2, max_size=n * (n - 1) // 2),
        )
    )
)
def test_round_robin_order_follows_total_score(case: tuple[int, int, list[int]]) -> None:
    """In a balanced round robin the BT order is the order of total scores.

    With the same number of games per pair, each player's expected total is
    increasing in its own strength, and the MLE sets expected = actual.
    """
    n, games, halves = case
    wins: dict[tuple[str, str], float] = {}
    for (i, j), h in zip(itertools.combinations(range(n), 2), halves, strict=True):
        won = min(h, 2 * games) / 2  # h half-points out of `games` games
        wins[(f"p{i}", f"p{j}")] = won
        wins[(f"p{j}", f"p{i}")] = games - won
    fit = bradley_terry.fit_table(wins)
    score = {p: sum(c for (a, _), c in wins.items() if a == p) for p in fit.players}
    for a, b in itertools.permutations(fit.players, 2):
        if score[a] > score[b] + 1e-9:
            assert fit.ratings[a] > fit.ratings[b]
