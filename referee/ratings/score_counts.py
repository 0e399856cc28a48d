"""Games and game pairs counted by score, and the Elo difference they estimate.

A head-to-head test between a candidate and a baseline counts outcomes
from the candidate's side, lowest score first (fishtest's order):

- trinomial, one game a sample: losses, draws, wins, scored 0, 1/2, 1;
- pentanomial, one pair of games a sample (same seed, seats swapped):
  pairs scoring 0, 1/4, 1/2, 3/4, 1 (LL, LD, LW or DD, DW, WW).

Pairs are the better sample: the two games of a pair share their luck (the
seed) and swap the seat advantage, so the pair score varies less than two
independent games would, and the test needs fewer games to decide.

>>> counts = ScoreCounts.pentanomial(1, 1, 4, 3, 1)
>>> round(counts.mean(), 6)
0.55
>>> round(estimate_elo(counts).value, 2)
34.86

Estimates use the sample mean ``m`` and variance ``v`` of the scores over
``N`` samples: the standard error of ``m`` is ``sqrt(v / N)``, the 95%
interval of the score is ``m -+ 1.96 sqrt(v / N)``, and both ends convert
to Elo through the logistic curve. Normalized Elo (nElo) divides the score
excess ``m - 1/2`` by the spread of one game instead:
``nElo = (800 / ln 10) (m - 1/2) / sigma_game``, with ``sigma_game`` the
per-pair standard deviation times sqrt(2) (two games a pair). It measures
how easily the difference shows in a test, whatever the draw rate; fishtest
states its bounds in it.

As fishtest does (its ``regularize``), a zero count is read as 0.001, so an
outcome not seen yet stays possible and no estimate is infinite at once.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

EMPTY_COUNT = 1e-3
"""Stands in for a count of zero (fishtest's ``regularize``)."""

NELO_PER_T = 800.0 / math.log(10.0)
"""Normalized Elo per unit of score excess over one game's standard deviation (347.4)."""

Z_95 = 1.959963984540054
"""The standard normal quantile at 0.975: a two-sided 95% interval."""


def expected_score(elo: float) -> float:
    """The mean score per game of a player ``elo`` points stronger (logistic Elo)."""
    return 1.0 / (1.0 + math.pow(10.0, -elo / 400.0))


def elo_of_score(score: float) -> float:
    """The logistic Elo difference whose expected score is ``score``; +-inf at 1 and 0."""
    if score <= 0.0:
        return -math.inf
    if score >= 1.0:
        return math.inf
    return -400.0 * math.log10(1.0 / score - 1.0)


@dataclass(frozen=True)
class ScoreCounts:
    """How many samples (games or game pairs) scored each possible score."""

    counts: tuple[int, ...]
    """Samples per score, lowest score first: 3 for games, 5 for pairs."""

    def __post_init__(self) -> None:
        if len(self.counts) not in (3, 5) or min(self.counts) < 0:
            raise ValueError(f"expected 3 or 5 counts, none negative, got {self.counts}")

    @classmethod
    def trinomial(cls, losses: int, draws: int, wins: int) -> ScoreCounts:
        """Single games: losses, draws and wins of the candidate."""
        return cls((losses, draws, wins))

    @classmethod
    def pentanomial(cls, *pairs: int) -> ScoreCounts:
        """Game pairs scoring 0, 1/4, 1/2, 3/4 and 1 for the candidate."""
        return cls(tuple(pairs))

    @property
    def games_per_sample(self) -> int:
        """1 for games, 2 for pairs."""
        return (len(self.counts) - 1) // 2

    @property
    def scores(self) -> tuple[float, ...]:
        """The score of each count, from 0 to 1 in equal steps."""
        steps = len(self.counts) - 1
        return tuple(i / steps for i in range(steps + 1))

    @property
    def samples(self) -> int:
        """Games (trinomial) or pairs (pentanomial) counted."""
        return sum(self.counts)

    def plus(self, score: float) -> ScoreCounts:
        """These counts and one more sample of this score (0, 0.5, 1; or quarters for pairs)."""
        if score not in self.scores:
            raise ValueError(f"expected a score in {self.scores}, got {score!r}")
        counts = list(self.counts)
        counts[self.scores.index(score)] += 1
        return ScoreCounts(tuple(counts))

    def regularized(self) -> list[float]:
        """The counts with every zero read as ``EMPTY_COUNT``."""
        return [float(c or EMPTY_COUNT) for c in self.counts]

    def frequencies(self) -> list[float]:
        """The share of samples with each score (regularized)."""
        counts = self.regularized()
        total = sum(counts)
        return [c / total for c in counts]

    def mean(self) -> float:
        """The mean score per game (the same per pair), regularized."""
        return sum(f * a for f, a in zip(self.frequencies(), self.scores, strict=True))

    def variance(self) -> float:
        """The variance of one sample's score (a game's, or a pair's mean), regularized."""
        return self.moment(2)

    def moment(self, order: int) -> float:
        """The central moment of this order of one sample's score."""
        mean = self.mean()
        pairs = zip(self.frequencies(), self.scores, strict=True)
        return sum(f * (a - mean) ** order for f, a in pairs)


@dataclass(frozen=True)
class EloEstimate:
    """An Elo difference estimated from counts, with its 95% confidence interval."""

    value: float
    """The estimate: the Elo (or nElo) of the mean score."""
    lower: float
    """The lower end of the 95% interval."""
    upper: float
    """The upper end of the 95% interval."""

    @property
    def half_width(self) -> float:
        """Half the interval: the ``+-`` figure fishtest prints beside the estimate."""
        return (self.upper - self.lower) / 2.0


def estimate_elo(counts: ScoreCounts) -> EloEstimate:
    """The logistic Elo of the mean score, and of its 95% interval's ends."""
    mean = counts.mean()
    spread = Z_95 * math.sqrt(counts.variance() / _sample_size(counts))
    return EloEstimate(elo_of_score(mean), elo_of_score(mean - spread), elo_of_score(mean + spread))


def estimate_nelo(counts: ScoreCounts) -> EloEstimate:
    """Normalized Elo and its 95% interval (module docstring).

    The interval is the delta method for a t-statistic ``t = (m - 1/2) / s``:
    its variance over N samples is ``(1 - t g1 + t^2 (g2 + 2) / 4) / N``,
    with g1 the skewness and g2 the excess kurtosis of one sample's score.
    """
    variance = counts.variance()
    sigma = math.sqrt(variance)
    t = (counts.mean() - 0.5) / sigma
    skewness = counts.moment(3) / sigma**3
    excess_kurtosis = counts.moment(4) / variance**2 - 3.0
    t_variance = max(1.0 - t * skewness + t * t * (excess_kurtosis + 2.0) / 4.0, 0.0)
    scale = NELO_PER_T / math.sqrt(counts.games_per_sample)
    spread = Z_95 * math.sqrt(t_variance / _sample_size(counts))
    return EloEstimate(scale * t, scale * (t - spread), scale * (t + spread))


def _sample_size(counts: ScoreCounts) -> float:
    """The number of samples, regularized like the counts (never zero)."""
    return sum(counts.regularized())
