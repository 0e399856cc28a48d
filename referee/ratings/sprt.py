"""Sequential probability ratio test: is the new bot better, and by enough?

Play a candidate against a baseline in pairs of games (one seed, both seat
orders) and stop as soon as the evidence decides between two hypotheses
about the true Elo difference:

- H0: the difference is ``elo0`` (say 0: no better);
- H1: the difference is ``elo1`` (say 10: better by a margin worth having).

After every pair the log-likelihood ratio (LLR) of H1 against H0 is
compared with Wald's bounds ``lower = log(beta / (1 - alpha))`` and
``upper = log((1 - beta) / alpha)``: at or above ``upper`` accept H1, at or
below ``lower`` accept H0, in between play on. ``alpha`` is the chance of
accepting H1 when H0 holds, ``beta`` that of accepting H0 when H1 holds.

>>> test = Sprt(SprtConfig(elo0=0, elo1=10, alpha=0.05, beta=0.05))
>>> test.record_pair(1.0, 0.5).decision
<SprtDecision.CONTINUE: 'continue'>

The LLR is fishtest's GSPRT (``gsprt.py``), by default over pairs (the
pentanomial model: a pair scores 0, 1/4, 1/2, 3/4 or 1); the trinomial
model counts the same games one by one, as if they were independent. The
hypotheses are in logistic Elo, or in normalized Elo (nElo, see
``score_counts.py``) when ``normalized`` is set, as fishtest's bounds are.
Unlike fishtest we do not correct the bounds for overshoot: the test looks
after every pair, so the LLR passes a bound by one pair's step at most.
"""

from __future__ import annotations

import enum
import math
from dataclasses import dataclass

from referee.ratings.gsprt import llr_logistic, llr_normalized
from referee.ratings.score_counts import EloEstimate, ScoreCounts, estimate_elo, estimate_nelo

MAX_NELO = 200.0
"""The widest normalized bound we accept. The normalized MLE (``gsprt.py``) starts
from the uniform distribution, which cannot reach t beyond about 0.94 (230 nElo);
fuzzed counts settle up to 200."""


class SprtDecision(enum.Enum):
    """Where a sequential test stands."""

    ACCEPT_H0 = "accept_h0"
    """The LLR fell to the lower bound: the candidate is not ``elo1`` better. Stop."""
    ACCEPT_H1 = "accept_h1"
    """The LLR reached the upper bound: the candidate is ``elo1`` better, not ``elo0``. Stop."""
    CONTINUE = "continue"
    """The LLR is between the bounds: play more pairs."""


class SprtModel(enum.Enum):
    """What one sample of the test is."""

    PENTANOMIAL = "pentanomial"
    """A pair of games on one seed, seats swapped: five outcomes (fishtest's model)."""
    TRINOMIAL = "trinomial"
    """One game: win, draw or loss, as if the games of a pair were independent."""


@dataclass(frozen=True)
class SprtConfig:
    """The two hypotheses, the error rates and the model of a test."""

    elo0: float = 0.0
    """The Elo difference under H0 (the candidate is no better than this)."""
    elo1: float = 10.0
    """The Elo difference under H1; must exceed ``elo0``. Our guess at a gain worth having."""
    alpha: float = 0.05
    """P(accept H1 | H0 true): the false-positive rate."""
    beta: float = 0.05
    """P(accept H0 | H1 true): the false-negative rate."""
    model: SprtModel = SprtModel.PENTANOMIAL
    """Pairs (the default) or single games."""
    normalized: bool = False
    """Whether ``elo0`` and ``elo1`` are normalized Elo (nElo) rather than logistic Elo."""

    def __post_init__(self) -> None:
        if not (math.isfinite(self.elo0) and math.isfinite(self.elo1) and self.elo1 > self.elo0):
            raise ValueError(f"expected elo1 > elo0, got elo0={self.elo0}, elo1={self.elo1}")
        if self.normalized and max(abs(self.elo0), abs(self.elo1)) > MAX_NELO:
            raise ValueError(
                f"expected normalized bounds within -{MAX_NELO:g}..{MAX_NELO:g} nElo, got "
                f"elo0={self.elo0}, elo1={self.elo1}; state wide bounds in logistic Elo"
            )
        if not (0 < self.alpha < 1 and 0 < self.beta < 1 and self.alpha + self.beta < 1):
            raise ValueError(
                f"expected 0 < alpha, beta and alpha + beta < 1, "
                f"got alpha={self.alpha}, beta={self.beta}"
            )

    @property
    def lower(self) -> float:
        """Wald's lower bound, log(beta / (1 - alpha)): at or below it, accept H0."""
        return math.log(self.beta / (1.0 - self.alpha))

    @property
    def upper(self) -> float:
        """Wald's upper bound, log((1 - beta) / alpha): at or above it, accept H1."""
        return math.log((1.0 - self.beta) / self.alpha)

    @property
    def unit(self) -> str:
        """How the hypotheses are stated: "Elo" or "nElo"."""
        return "nElo" if self.normalized else "Elo"


@dataclass(frozen=True)
class SprtResult:
    """A snapshot of a test: the counts, the LLR, the bounds, the estimate and the decision."""

    decision: SprtDecision
    """Accept H0, accept H1, or play on."""
    llr: float
    """The log-likelihood ratio of H1 against H0 so far."""
    lower: float
    """The bound at or below which H0 is accepted."""
    upper: float
    """The bound at or above which H1 is accepted."""
    pairs: ScoreCounts
    """Pairs by the candidate's pair score, 0 to 1 in quarters (the pentanomial)."""
    games: ScoreCounts
    """Games by the candidate's score: losses, draws, wins (the trinomial)."""
    elo: EloEstimate
    """The logistic Elo difference with its 95% interval, from the model's counts."""
    nelo: EloEstimate
    """The normalized Elo difference with its 95% interval, from the model's counts."""

    @property
    def wins(self) -> int:
        """Games the candidate won."""
        return self.games.counts[2]

    @property
    def draws(self) -> int:
        """Games drawn."""
        return self.games.counts[1]

    @property
    def losses(self) -> int:
        """Games the candidate lost."""
        return self.games.counts[0]


def evaluate(pairs: ScoreCounts, games: ScoreCounts, config: SprtConfig) -> SprtResult:
    """Where a test stands after these pairs and games (from the candidate's side)."""
    counts = pairs if config.model is SprtModel.PENTANOMIAL else games
    llr = llr_normalized if config.normalized else llr_logistic
    value = llr(counts, config.elo0, config.elo1)
    if value >= config.upper:
        decision = SprtDecision.ACCEPT_H1
    elif value <= config.lower:
        decision = SprtDecision.ACCEPT_H0
    else:
        decision = SprtDecision.CONTINUE
    return SprtResult(
        decision,
        value,
        config.lower,
        config.upper,
        pairs,
        games,
        estimate_elo(counts),
        estimate_nelo(counts),
    )


class Sprt:
    """A running test between a candidate and a baseline, fed pair by pair.

    The counts keep growing after a decision, but ``record_pair`` reports
    the first decision reached: a stopped test stays stopped.
    """

    def __init__(self, config: SprtConfig | None = None) -> None:
        self.config = config or SprtConfig()
        self.pairs = ScoreCounts.pentanomial(0, 0, 0, 0, 0)
        self.games = ScoreCounts.trinomial(0, 0, 0)
        self._current = evaluate(self.pairs, self.games, self.config)
        self._decided: SprtResult | None = None

    def __repr__(self) -> str:
        return f"<Sprt {self.config} pairs={self.pairs.counts} {self.result().decision.value}>"

    def record_pair(self, first: float, second: float) -> SprtResult:
        """Add a pair: the candidate's score (1, 0.5 or 0) in each of its two games."""
        for score in (first, second):
            if score not in (0.0, 0.5, 1.0):
                raise ValueError(f"expected a score of 1, 0.5 or 0, got {score!r}")
        self.games = self.games.plus(first).plus(second)
        self.pairs = self.pairs.plus((first + second) / 2.0)
        self._current = evaluate(self.pairs, self.games, self.config)
        if self._decided is None and self._current.decision is not SprtDecision.CONTINUE:
            self._decided = self._current
        return self.result()

    def result(self) -> SprtResult:
        """The test so far; once decided, the state at the moment of decision."""
        return self._decided or self._current

    def is_finished(self) -> bool:
        """Whether the test has accepted either hypothesis."""
        return self.result().decision is not SprtDecision.CONTINUE
