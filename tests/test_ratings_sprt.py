"""SPRT, its statistics, and likelihood of superiority (referee/ratings/sprt.py, gsprt.py,
score_counts.py, los.py).

Published figures come from Stockfish's commit messages, which quote the
fishtest test that let each patch in: the pentanomial counts ("Ptnml(0-2)"),
the bounds ("<0.00,2.00>" normalized Elo since 2021-04, "{-0.25,1.25}"
logistic Elo before) and the final LLR to two decimals, or for fixed-length
tests "Elo: x ± y (95%)" and "nElo: x ± y (95%)". Each case names its
commit in official-stockfish/Stockfish.
"""

from __future__ import annotations

import math
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.ratings import (
    ScoreCounts,
    Sprt,
    SprtConfig,
    SprtDecision,
    SprtModel,
    gsprt,
    los_from_counts,
    los_from_normal,
    score_counts,
    sprt,
)

ODDS_3 = 400 * math.log10(3)
"""The Elo difference whose expected score is exactly 3/4."""

counts_of_pairs = st.tuples(*[st.integers(0, 300)] * 5).filter(lambda c: sum(c) > 0)
"""Pentanomial counts with at least one pair."""


def pairs(*counts: int) -> ScoreCounts:
    return ScoreCounts.pentanomial(*counts)


# Wald's bounds and the Elo scale


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
    assert score_counts.expected_score(ODDS_3) == pytest.approx(0.75)
    assert score_counts.expected_score(0) == 0.5
    assert score_counts.elo_of_score(0.75) == pytest.approx(ODDS_3)
    assert score_counts.elo_of_score(1.0) == math.inf


@given(st.floats(-1500, 1500))
def test_elo_of_score_undoes_expected_score(elo: float) -> None:
    """The two conversions are inverse: an estimate in score reads back in Elo."""
    assert score_counts.elo_of_score(score_counts.expected_score(elo)) == pytest.approx(
        elo, abs=1e-6
    )


# Published figures


@pytest.mark.parametrize(
    ("commit", "counts", "bounds", "published"),
    [
        ("508906165", (61, 1226, 6644, 1387, 50), (-0.25, 1.25), 2.96),
        ("508906165", (13, 1176, 17184, 1178, 21), (0.25, 1.25), -3.00),
        ("7c30091a9", (2, 288, 4365, 378, 3), (0.25, 1.25), 2.98),
        ("3dfda1b28", (547, 10811, 53470, 11113, 563), (-0.20, 1.10), 2.95),
    ],
)
def test_pentanomial_llr_in_logistic_elo_matches_fishtest(
    commit: str, counts: tuple[int, ...], bounds: tuple[float, float], published: float
) -> None:
    """Our LLR over pairs, logistic bounds, rounds to the LLR fishtest published."""
    assert gsprt.llr_logistic(pairs(*counts), *bounds) == pytest.approx(published, abs=0.005)


@pytest.mark.parametrize(
    ("commit", "counts", "bounds", "published"),
    [
        ("b52f01471", (1721, 77704, 208246, 77189, 1732), (-1.75, 0.25), 3.19),
        ("d077f9a81", (20, 1334, 3810, 1569, 35), (0.00, 2.00), 2.95),
        ("218c74ec4", (39, 11353, 31686, 11822, 33), (0.50, 2.50), 2.96),
        ("43b2d65d7", (0, 2816, 9189, 2559, 5), (-1.75, 0.25), -2.94),
        ("70ba9de85", (26, 6788, 18640, 6650, 20), (0.00, 2.00), -2.94),
    ],
)
def test_pentanomial_llr_in_normalized_elo_matches_fishtest(
    commit: str, counts: tuple[int, ...], bounds: tuple[float, float], published: float
) -> None:
    """Our LLR over pairs, normalized bounds, rounds to the LLR fishtest published."""
    assert gsprt.llr_normalized(pairs(*counts), *bounds) == pytest.approx(published, abs=0.005)


@pytest.mark.parametrize(
    ("commit", "counts", "elo", "plus_minus"),
    [
        ("a12dc6cc1", (143, 6697, 14452, 6415, 164), -1.50, 1.5),
        ("69a01b88f", (154, 6440, 16053, 7148, 205), 4.69, 1.4),
        ("40e0486d0", (128, 2653, 4976, 2194, 59), -10.36, 2.5),
        ("5f3dcb92e", (0, 87, 4819, 94, 0), 0.24, 0.9),
    ],
)
def test_elo_estimate_from_pairs_matches_fishtest(
    commit: str, counts: tuple[int, ...], elo: float, plus_minus: float
) -> None:
    """The Elo of the mean pair score and the half-width of its 95% interval."""
    estimate = score_counts.estimate_elo(pairs(*counts))
    assert estimate.value == pytest.approx(elo, abs=0.005)
    assert estimate.half_width == pytest.approx(plus_minus, abs=0.05)
    assert estimate.lower < estimate.value < estimate.upper


@pytest.mark.parametrize(
    ("commit", "counts", "nelo", "plus_minus"),
    [
        ("a12dc6cc1", (143, 6697, 14452, 6415, 164), -2.95, 2.9),
        ("69a01b88f", (154, 6440, 16053, 7148, 205), 9.38, 2.8),
    ],
)
def test_normalized_elo_estimate_from_pairs_matches_fishtest(
    commit: str, counts: tuple[int, ...], nelo: float, plus_minus: float
) -> None:
    """nElo uses the per-pair standard deviation; its interval the t-statistic's variance."""
    estimate = score_counts.estimate_nelo(pairs(*counts))
    assert estimate.value == pytest.approx(nelo, abs=0.005)
    assert estimate.half_width == pytest.approx(plus_minus, abs=0.05)


# Figures by hand


def test_elo_estimate_by_hand() -> None:
    """Pairs 1, 1, 4, 3, 1 (10 pairs): mean (0.25 + 2 + 2.25 + 1) / 10 = 0.55.

    Variance (0.3025 + 0.09 + 4 * 0.0025 + 3 * 0.04 + 0.2025) / 10 = 0.0725;
    standard error sqrt(0.0725 / 10) = 0.0851469; 95%: 0.55 -+ 0.1668857.
    Elo: -400 log10(1/0.55 - 1) = 34.860; of 0.3831143 -82.750; of 0.7168857 161.395.
    nElo: (0.05 / sqrt(2 * 0.0725)) * 800 / ln 10 = 0.131306 * 347.4356 = 45.621.
    """
    counts = pairs(1, 1, 4, 3, 1)
    assert counts.mean() == pytest.approx(0.55)
    assert counts.variance() == pytest.approx(0.0725)
    estimate = score_counts.estimate_elo(counts)
    assert (estimate.value, estimate.lower, estimate.upper) == pytest.approx(
        (34.860, -82.750, 161.395), abs=1e-3
    )
    assert score_counts.estimate_nelo(counts).value == pytest.approx(45.621, abs=1e-3)


def test_normal_approximation_by_hand() -> None:
    """W/D/L 60/20/20: s = 0.7, v = 0.6*0.09 + 0.2*0.04 + 0.2*0.49 = 0.16.

    With s0 = 0.5 and s1 = 0.75: LLR = 100 * 0.25 * (1.4 - 1.25) / 0.32 = 11.71875.
    """
    games = ScoreCounts.trinomial(20, 20, 60)
    assert gsprt.llr_normal(games, 0, ODDS_3) == pytest.approx(11.71875)


def test_without_draws_the_gsprt_is_the_binomial_sprt() -> None:
    """Only wins and losses: the constrained MLE is p(win) = s, so
    LLR = W log(s1/s0) + L log((1-s1)/(1-s0)); 30-20 at s1 = 0.75 gives
    30 ln 1.5 + 20 ln 0.5 = 12.16395 - 13.86294 = -1.69899.
    """
    by_hand = 30 * math.log(0.75 / 0.5) + 20 * math.log(0.25 / 0.5)
    assert by_hand == pytest.approx(-1.69899, abs=1e-5)
    games = ScoreCounts.trinomial(20, 0, 30)
    assert gsprt.llr_logistic(games, 0, ODDS_3) == pytest.approx(by_hand, abs=1e-3)


def test_one_win_is_weak_evidence() -> None:
    """After a single win the LLR is log(s1/s0), far from any bound (the normal form is not)."""
    by_hand = math.log(score_counts.expected_score(10) / 0.5)
    one_win = ScoreCounts.trinomial(0, 0, 1)
    assert gsprt.llr_logistic(one_win, 0, 10) == pytest.approx(by_hand, rel=1e-3)
    test = Sprt(SprtConfig(elo0=0, elo1=10))
    assert test.record_pair(1.0, 1.0).decision is SprtDecision.CONTINUE


def test_normalized_llr_agrees_with_its_closed_form_for_long_runs() -> None:
    """Van den Bergh's approximation ("normalized_elo_practical", section 4.2):
    LLR ~ (games / 2) log((1 + (nt - nt0)^2) / (1 + (nt - nt1)^2)), with
    nt = (m - 1/2) / sigma_game, sigma_game = sqrt(2) sigma_pair, nt_k = nElo_k / (800 / ln 10).
    """
    counts = pairs(154, 6440, 16053, 7148, 205)
    nt = (counts.mean() - 0.5) / math.sqrt(2 * counts.variance())
    nt0, nt1 = (nelo / score_counts.NELO_PER_T for nelo in (0.0, 5.0))
    games = 2 * counts.samples
    closed = games / 2 * math.log((1 + (nt - nt0) ** 2) / (1 + (nt - nt1) ** 2))
    assert gsprt.llr_normalized(counts, 0.0, 5.0) == pytest.approx(closed, rel=0.01)


def test_gsprt_agrees_with_its_normal_approximation_near_h0() -> None:
    """For close hypotheses and many samples the two formulas agree within a few percent."""
    for counts in (ScoreCounts.trinomial(2500, 2000, 3000), pairs(300, 1200, 2000, 1300, 350)):
        exact, normal = gsprt.llr_logistic(counts, 0, 5), gsprt.llr_normal(counts, 0, 5)
        assert exact == pytest.approx(normal, rel=0.01)


# Invariants


@given(counts_of_pairs, st.floats(-50, 50), st.floats(1, 50), st.booleans())
@settings(deadline=None)  # the normalized MLE takes a few hundred rounds on some counts
def test_mirrored_counts_and_hypotheses_give_the_same_llr(
    counts: tuple[int, ...], elo0: float, gap: float, normalized: bool
) -> None:
    """Swapping the two bots (counts reversed, both hypotheses negated) changes nothing."""
    llr = gsprt.llr_normalized if normalized else gsprt.llr_logistic
    mirrored = llr(pairs(*reversed(counts)), -elo0, -(elo0 + gap))
    assert mirrored == pytest.approx(llr(pairs(*counts), elo0, elo0 + gap), rel=1e-6, abs=1e-6)


@given(st.integers(1, 300), st.integers(0, 300), st.integers(0, 300), st.booleans())
@settings(deadline=None)  # the normalized MLE takes a few hundred rounds on some counts
def test_even_counts_side_with_the_hypothesis_nearer_zero(
    outer: int, inner: int, middle: int, normalized: bool
) -> None:
    """Pairs as good for one bot as for the other: the LLR favours H0 for 0 vs +e,
    H1 for -e vs 0, and neither for -e vs +e."""
    llr = gsprt.llr_normalized if normalized else gsprt.llr_logistic
    even = pairs(outer, inner, middle, inner, outer)
    assert llr(even, 0, 5) < 0 < llr(even, -5, 0)
    assert llr(even, -5, 5) == pytest.approx(0, abs=1e-6)


@given(counts_of_pairs, st.booleans())
@settings(deadline=None)  # the normalized MLE takes a few hundred rounds on some counts
def test_one_more_won_pair_never_lowers_the_llr(counts: tuple[int, ...], normalized: bool) -> None:
    """A pair won twice is evidence for H1, never against it; the LLR stays finite."""
    llr = gsprt.llr_normalized if normalized else gsprt.llr_logistic
    before = llr(pairs(*counts), 0, 10)
    after = llr(pairs(*counts[:4], counts[4] + 1), 0, 10)
    assert math.isfinite(before)
    assert after >= before - 1e-9


@given(st.integers(0, 200), st.integers(0, 200), st.integers(0, 200))
def test_pairs_whose_games_agree_are_worth_one_game(losses: int, draws: int, wins: int) -> None:
    """Pairs scoring only 0, 1/2 or 1 carry a game's evidence each, not two games'."""
    agreeing = pairs(losses, 0, draws, 0, wins)
    games = ScoreCounts.trinomial(losses, draws, wins)
    assert gsprt.llr_logistic(agreeing, 0, 20) == pytest.approx(
        gsprt.llr_logistic(games, 0, 20), rel=1e-3, abs=1e-3
    )


def test_no_pairs_no_evidence() -> None:
    """An empty test has LLR 0 and goes on."""
    empty = sprt.evaluate(pairs(0, 0, 0, 0, 0), ScoreCounts.trinomial(0, 0, 0), SprtConfig())
    assert (empty.llr, empty.decision) == (0.0, SprtDecision.CONTINUE)


# The running test


def test_decisions_at_the_bounds() -> None:
    """A strong record accepts H1; a weak one accepts H0; a middling one goes on."""
    config = SprtConfig(elo0=0, elo1=ODDS_3)
    games = ScoreCounts.trinomial(0, 0, 0)
    assert sprt.evaluate(pairs(2, 5, 10, 20, 13), games, config).decision is (
        SprtDecision.ACCEPT_H1
    )
    assert sprt.evaluate(pairs(13, 20, 10, 5, 2), games, config).decision is (
        SprtDecision.ACCEPT_H0
    )
    assert sprt.evaluate(pairs(1, 1, 2, 1, 1), games, config).decision is SprtDecision.CONTINUE


def test_the_model_picks_the_counts() -> None:
    """Pentanomial reads the pairs, trinomial the games: W L pairs look even to both,
    but pairs that split W L are less noisy than their games."""
    split = Sprt(SprtConfig(elo0=0, elo1=50))
    games = Sprt(SprtConfig(elo0=0, elo1=50, model=SprtModel.TRINOMIAL))
    for test in (split, games):
        for _ in range(20):
            test.record_pair(1.0, 0.0)
    assert split.pairs.counts == (0, 0, 20, 0, 0)
    assert (split.result().wins, split.result().losses) == (20, 20)
    assert split.result().llr < games.result().llr < 0


def test_a_running_test_stops_and_stays_stopped() -> None:
    """Fed pair by pair, the test stops at its first decision and reports it from then on."""
    test = Sprt(SprtConfig(elo0=0, elo1=ODDS_3))
    results = [test.record_pair(1.0, 0.5) for _ in range(40)]
    first = next(r for r in results if r.decision is not SprtDecision.CONTINUE)
    assert first.decision is SprtDecision.ACCEPT_H1
    assert first.elo.lower > 0
    assert test.is_finished()
    test.record_pair(0.0, 0.0)
    assert test.result() == first
    assert test.pairs.counts[0] == 1


def test_a_pair_is_counted_by_game_and_by_pair() -> None:
    """A win and a draw: one pair scoring 3/4, one win and one draw."""
    result = Sprt().record_pair(1.0, 0.5)
    assert result.pairs.counts == (0, 0, 0, 1, 0)
    assert (result.wins, result.draws, result.losses) == (1, 1, 0)
    with pytest.raises(ValueError, match=r"score of 1, 0\.5 or 0"):
        Sprt().record_pair(0.7, 1.0)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"elo0": 5, "elo1": 0}, "elo1 > elo0"),
        ({"elo0": 0, "elo1": math.inf}, "elo1 > elo0"),
        ({"alpha": 0.6, "beta": 0.5}, "alpha"),
        ({"elo0": 0, "elo1": 250, "normalized": True}, "logistic Elo"),
    ],
)
def test_bad_configs_are_refused(kwargs: dict[str, Any], message: str) -> None:
    """H1 must claim more than H0, and the error rates must leave room to decide."""
    with pytest.raises(ValueError, match=message):
        SprtConfig(**kwargs)


@pytest.mark.parametrize("counts", [(1, 2), (1, 2, 3, 4), (1, -1, 3)])
def test_counts_are_games_or_pairs(counts: tuple[int, ...]) -> None:
    """Three counts (games) or five (pairs), none negative."""
    with pytest.raises(ValueError, match="3 or 5 counts"):
        ScoreCounts(counts)


# Likelihood of superiority


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
