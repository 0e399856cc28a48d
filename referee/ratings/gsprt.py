"""Log-likelihood ratios of the generalized SPRT (GSPRT) over games or game pairs.

The sequential test (``sprt.py``) asks after every sample: how much better
do the counts fit H1 (the candidate is ``elo1`` stronger) than H0 (it is
``elo0`` stronger)? No model of draws or pair outcomes is assumed. Under
each hypothesis we take, among all distributions over the possible scores
that satisfy the hypothesis, the one most likely to have produced the
counts (the maximum-likelihood estimate under a constraint), and compare:

    LLR = sum over scores of count * log(p1 / p0)

This is the GSPRT that fishtest runs (Michel Van den Bergh's notes
"support_MLE_multinomial" and "normalized_elo_practical"); it works the same
for 3 outcomes (games) and 5 (pairs), since a pair is one sample whose
score is the mean of its two games.

Logistic hypotheses constrain the mean score to ``s = 1 / (1 + 10 **
(-elo / 400))``. Maximising ``sum f_i log p_i`` under ``sum p_i = 1`` and
``sum p_i a_i = s`` (f the observed frequencies, a the scores) gives, by
Lagrange, ``p_i = f_i / (1 + x (a_i - s))`` with x the root of ``sum f_i
(a_i - s) / (1 + x (a_i - s)) = 0``; that sum falls monotonically across
the interval where every ``1 + x (a_i - s)`` is positive, so bisection
finds it.

Normalized hypotheses constrain ``t = (m - 1/2) / sigma`` (mean over
standard deviation of one sample's score) to ``nElo / (800 / ln 10)``
times sqrt(games per sample). The Lagrange condition has the same form
with ``u_i = a_i - 1/2 - t sigma (1 + ((a_i - m) / sigma)^2) / 2`` in place
of ``a_i - s``, where m and sigma belong to the solution itself, so we
iterate: start from the uniform distribution, solve for x, recompute m and
sigma, until the distribution stops moving.

With only wins and losses the logistic LLR is the classic binomial SPRT,
``W log(s1/s0) + L log((1-s1)/(1-s0))``; ``llr_normal`` is the normal
approximation of the logistic LLR (fishtest's ``LLR_alt2``), simpler but
wrong for short runs: after one win the variance is nearly 0 and it would
accept H1 at once.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from referee.ratings.score_counts import NELO_PER_T, ScoreCounts, expected_score

_MAX_HALVINGS = 2000
"""Bisection stops earlier, once the interval no longer shrinks in floating point."""

_MAX_ROUNDS = 1000
"""Fixed-point rounds for the normalized MLE: most settle in ten or twenty, a few
with lopsided counts creep in linearly and need a few hundred."""

_SETTLED = 1e-9
"""The largest change of any probability at which the fixed point counts as found
(finer is floating-point noise when some frequency is tiny)."""


def llr_logistic(counts: ScoreCounts, elo0: float, elo1: float) -> float:
    """The GSPRT log-likelihood ratio of logistic ``elo1`` against ``elo0``; 0 if empty."""
    if counts.samples == 0:
        return 0.0
    freqs = counts.frequencies()
    p0, p1 = (_closest_with_mean(freqs, counts.scores, expected_score(e)) for e in (elo0, elo1))
    return _ratio(counts, p0, p1)


def llr_normalized(counts: ScoreCounts, nelo0: float, nelo1: float) -> float:
    """The GSPRT log-likelihood ratio of normalized ``nelo1`` against ``nelo0``; 0 if empty."""
    if counts.samples == 0:
        return 0.0
    freqs = counts.frequencies()
    root = math.sqrt(counts.games_per_sample)
    p0, p1 = (
        _closest_with_t(freqs, counts.scores, nelo / NELO_PER_T * root) for nelo in (nelo0, nelo1)
    )
    return _ratio(counts, p0, p1)


def llr_normal(counts: ScoreCounts, elo0: float, elo1: float) -> float:
    """The normal approximation of ``llr_logistic``: N (s1 - s0) (2m - s0 - s1) / (2v)."""
    if counts.samples == 0:
        return 0.0
    s0, s1 = expected_score(elo0), expected_score(elo1)
    samples = sum(counts.regularized())
    return samples * (s1 - s0) * (2.0 * counts.mean() - s0 - s1) / (2.0 * counts.variance())


def _ratio(counts: ScoreCounts, p0: Sequence[float], p1: Sequence[float]) -> float:
    """sum of count * log(p1 / p0), over the regularized counts."""
    pairs = zip(counts.regularized(), p0, p1, strict=True)
    return sum(c * math.log(b / a) for c, a, b in pairs)


def _closest_with_mean(freqs: Sequence[float], scores: Sequence[float], mean: float) -> list[float]:
    """The distribution with this mean score most likely to give these frequencies."""
    return _tilted(freqs, [a - mean for a in scores])


def _closest_with_t(freqs: Sequence[float], scores: Sequence[float], t: float) -> list[float]:
    """The distribution with ``(m - 1/2) / sigma = t`` most likely to give these frequencies."""
    probs = [1.0 / len(freqs)] * len(freqs)
    for _ in range(_MAX_ROUNDS):
        mean = sum(p * a for p, a in zip(probs, scores, strict=True))
        sigma = math.sqrt(sum(p * (a - mean) ** 2 for p, a in zip(probs, scores, strict=True)))
        offsets = [a - 0.5 - t * sigma * (1.0 + ((a - mean) / sigma) ** 2) / 2.0 for a in scores]
        previous, probs = probs, _tilted(freqs, offsets)
        if max(abs(p - q) for p, q in zip(probs, previous, strict=True)) < _SETTLED:
            return probs
    raise ArithmeticError(f"normalized MLE did not settle for t={t} and frequencies {freqs}")


def _tilted(freqs: Sequence[float], offsets: Sequence[float]) -> list[float]:
    """``f_i / (1 + x u_i)`` with x the root that makes ``sum p_i u_i = 0`` (and sum 1).

    Raises ArithmeticError when the offsets do not straddle zero: no
    distribution on these scores meets the constraint.
    """
    if not min(offsets) < 0.0 < max(offsets):
        raise ArithmeticError(f"no distribution meets the constraint: offsets {offsets}")
    # sum f u / (1 + x u) falls from +inf to -inf as x crosses the interval
    # where every 1 + x u stays positive; its root is the Lagrange multiplier.
    low, high = -1.0 / max(offsets), -1.0 / min(offsets)
    for _ in range(_MAX_HALVINGS):
        middle = (low + high) / 2.0
        if middle in (low, high):
            break
        slope = sum(f * u / (1.0 + middle * u) for f, u in zip(freqs, offsets, strict=True))
        low, high = (middle, high) if slope > 0 else (low, middle)
    x = (low + high) / 2.0
    return [f / (1.0 + x * u) for f, u in zip(freqs, offsets, strict=True)]
