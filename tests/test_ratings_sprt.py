"""SPRT and likelihood of superiority (referee/ratings/sprt.py, los.py)."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from referee.ratings import (
    GameResult,
    Sprt,
    SprtConfig,
    SprtDecision,
    los_from_counts,
    los_from_normal,
    sprt,
)

ODDS_3 = 400 * math.log10(3)
"""The Elo difference whose expected score is exactly 3/4."""


def test_wald_bounds_for_five_percent_errors() -> None:
    """alpha = beta = 0.05: bounds log(0.05/0.95) and log(0.95/0.05) = -+2.944 (Wald 1945)."""
    config = SprtConfig(elo0=0, elo1=5, alpha=0.05, beta=0.05)
    assert config.lower == pytest.approx(-2.944439, abs=1e-6)
    assert config.upper == pytest.approx(2.944439, abs=1e-6)


def test_unequal_error_rates() -> None:
    """alpha = 0.05, beta = 0.10: lower log(0.1/0.95) = -2.251, upper log(0.9/0.05) = 2.890."""
    config = SprtConfig(alpha=0.05, beta=0.10)
    assert (round(config.lower, 3), round(config.upper, 3)) == (-2.251, 2.890)


def test_expected_score_of_a_known_elo() -> None:
    """400 * log10(3) Elo means odds of 3 to 1: a mean score of 0.75."""
    assert sprt.expected_score(ODDS_3) == pytest.approx(0.75)
    assert sprt.expected_score(0) == 0.5


def test_normal_approximation_by_hand() -> None:
    """W/D/L 60/20/20: s = 0.7, v = 0.6*0.09 + 0.2*0.04 + 0.2*0.49 = 0.16.

    With s0 = 0.5 and s1 = 0.75: LLR = 100 * 0.25 * (1.4 - 1.25) / 0.32 = 11.71875.
    """
    assert sprt.llr_normal(60, 20, 20, 0, ODDS_3) == pytest.approx(11.71875)


def test_without_draws_the_gsprt_is_the_binomial_sprt() -> None:
    """Only wins and losses: the constrained MLE is p(win) = s, so
    LLR = W log(s1/s0) + L log((1-s1)/(1-s0)); 30-20 at s1 = 0.75 gives
    30 ln 1.5 + 20 ln 0.5 = 12.16395 - 13.86294 = -1.69899.
    """
    by_hand = 30 * math.log(0.75 / 0.5) + 20 * math.log(0.25 / 0.5)
    assert by_hand == pytest.approx(-1.69899, abs=1e-5)
    assert sprt.llr(30, 0, 20, 0, ODDS_3) == pytest.approx(by_hand, abs=1e-3)


def test_one_win_is_weak_evidence() -> None:
    """After a single win the LLR is log(s1/s0), far from any bound (the normal form is not)."""
    by_hand = math.log(sprt.expected_score(10) / 0.5)
    assert sprt.llr(1, 0, 0, 0, 10) == pytest.approx(by_hand, rel=1e-3)
    assert Sprt(SprtConfig(elo0=0, elo1=10)).record(1.0).decision is SprtDecision.CONTINUE


def test_gsprt_agrees_with_its_normal_approximation_near_h0() -> None:
    """For close hypotheses and many games the two formulas agree within a few percent."""
    exact, normal = sprt.llr(3000, 2000, 2500, 0, 5), sprt.llr_normal(3000, 2000, 2500, 0, 5)
    assert exact == pytest.approx(normal, rel=0.01)


def test_no_games_no_evidence() -> None:
    """An empty test has LLR 0 and goes on."""
    result = sprt.evaluate(0, 0, 0, SprtConfig())
    assert (result.llr, result.decision) == (0.0, SprtDecision.CONTINUE)


def test_decisions_at_the_bounds() -> None:
    """A strong record accepts H1; a weak one accepts H0; a middling one goes on."""
    config = SprtConfig(elo0=0, elo1=ODDS_3)
    assert sprt.evaluate(60, 20, 20, config).decision is SprtDecision.ACCEPT_H1
    assert sprt.evaluate(20, 20, 60, config).decision is SprtDecision.ACCEPT_H0
    assert sprt.evaluate(3, 2, 2, config).decision is SprtDecision.CONTINUE


def test_a_running_test_stops_and_stays_stopped() -> None:
    """Fed game by game, the test stops at its first decision and reports it from then on."""
    test = Sprt(SprtConfig(elo0=0, elo1=ODDS_3))
    results = [test.record(1.0) for _ in range(30)]
    first = next(r for r in results if r.decision is not SprtDecision.CONTINUE)
    assert first.decision is SprtDecision.ACCEPT_H1
    assert test.is_finished()
    test.record(0.0)
    assert test.result() == first
    assert test.losses == 1


def test_a_game_result_gives_the_score() -> None:
    """The candidate's score comes from the ranks of a game with the baseline."""
    test = Sprt()
    test.record(GameResult({"new": 1, "old": 1}).score("new", "old"))
    assert (test.wins, test.draws, test.losses) == (0, 1, 0)
    with pytest.raises(ValueError, match=r"score of 1, 0\.5 or 0"):
        test.record(0.7)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [({"elo0": 5, "elo1": 0}, "elo1 > elo0"), ({"alpha": 0.6, "beta": 0.5}, "alpha")],
)
def test_bad_configs_are_refused(kwargs: dict[str, float], message: str) -> None:
    """H1 must claim more than H0, and the error rates must leave room to decide."""
    with pytest.raises(ValueError, match=message):
        SprtConfig(**kwargs)


def test_los_from_counts_by_hand() -> None:
    """LOS = 0.5 (1 + erf((W - L) / sqrt(2 (W + L)))) (cutechess, Ordo, CPW "Match Statistics").

    6-2: erf(4 / sqrt(16)) = erf(1) = 0.8427008; 5-3: erf(0.5) = 0.5204999
    (Abramowitz and Stegun, table 7.1).
    """
    assert los_from_counts(6, 2) == pytest.approx(0.5 * (1 + 0.8427008), abs=1e-7)
    assert los_from_counts(5, 3) == pytest.approx(0.5 * (1 + 0.5204999), abs=1e-7)
    assert los_from_counts(0, 0) == 0.5
    assert los_from_counts(7, 7) == 0.5


def test_los_from_normal_edges() -> None:
    """One standard error above zero is Phi(1) = 0.8413; zero variance is certainty."""
    assert los_from_normal(10.0, 100.0) == pytest.approx(0.841345, abs=1e-6)
    assert los_from_normal(3.0, 0.0) == 1.0
    assert los_from_normal(0.0, 0.0) == 0.5


@given(st.integers(0, 500), st.integers(0, 500))
def test_los_is_complementary(wins: int, losses: int) -> None:
    """P(a stronger) + P(b stronger) = 1: swapping the sides flips the LOS."""
    assert los_from_counts(wins, losses) + los_from_counts(losses, wins) == pytest.approx(1.0)


@given(st.integers(0, 200), st.integers(0, 200), st.integers(0, 200))
def test_llr_is_finite_and_grows_with_wins(wins: int, draws: int, losses: int) -> None:
    """The regularised LLR is always finite, and one more win never lowers it."""
    value = sprt.llr(wins, draws, losses, 0, 10)
    assert math.isfinite(value)
    assert sprt.llr(wins + 1, draws, losses, 0, 10) >= value - 1e-9
