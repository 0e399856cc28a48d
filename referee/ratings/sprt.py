"""Sequential probability ratio test: is the new bot better, and by enough?

Play a candidate against a baseline one game at a time and stop as soon as
the evidence decides between two hypotheses about the true Elo difference:

- H0: the difference is ``elo0`` (say 0: no better);
- H1: the difference is ``elo1`` (say 10: better by a margin worth having).

After every game the log-likelihood ratio (LLR) of H1 against H0 is
compared with Wald's bounds ``lower = log(beta / (1 - alpha))`` and
``upper = log((1 - beta) / alpha)``: above ``upper`` accept H1, below
``lower`` accept H0, in between play on. ``alpha`` is the chance of
accepting H1 when H0 holds, ``beta`` that of accepting H0 when H1 holds.

>>> test = Sprt(SprtConfig(elo0=0, elo1=10, alpha=0.05, beta=0.05))
>>> test.record(1.0).decision
<SprtDecision.CONTINUE: 'continue'>

The LLR is the generalized SPRT (GSPRT) of fishtest for a trinomial (win,
draw, loss scored 1, 0.5, 0; see Michel Van den Bergh's notes behind
fishtest's ``LLRcalc.LLR_logistic``). No draw model is assumed: under each
hypothesis k the W/D/L distribution is the one most likely to have produced
the counts among those with mean score

    s_k = 1 / (1 + 10 ** (-elo_k / 400))      (logistic Elo)

and ``LLR = sum over outcomes of count * log(p1 / p0)``. That distribution
is ``p_i = f_i / (1 + x * (a_i - s_k))``, with f the observed frequencies,
a the scores (1, 0.5, 0) and x the root of ``sum f_i (a_i - s_k) / (1 + x
(a_i - s_k)) = 0``, found by bisection. With only wins and losses it is the
classic binomial SPRT: ``W log(s1/s0) + L log((1-s1)/(1-s0))``. Like
fishtest, a count of zero is replaced by 0.001, so that unseen outcomes
stay possible.

``llr_normal`` is the normal approximation of the same quantity
(fishtest's ``LLR_alt2``), ``N (s1 - s0) (2 s - s0 - s1) / (2 v)`` with mean
score s and per-game variance v. It is simpler but wrong for short runs:
after a single win v is nearly 0 and it would accept H1 at once.
"""

from __future__ import annotations

import enum
import math
from dataclasses import dataclass

_EMPTY_COUNT = 1e-3
"""Stands in for a zero count of wins, draws or losses (fishtest's ``regularize``)."""

_SCORES = (1.0, 0.5, 0.0)
"""The score of a win, a draw and a loss, in the order of the counts."""

_BISECTIONS = 200
"""Halvings of the root's interval: far past double precision, and cheap."""


class SprtDecision(enum.Enum):
    """Where a sequential test stands."""

    ACCEPT_H0 = "accept_h0"
    """The LLR fell to the lower bound: the candidate is not ``elo1`` better. Stop."""
    ACCEPT_H1 = "accept_h1"
    """The LLR reached the upper bound: the candidate is ``elo1`` better, not ``elo0``. Stop."""
    CONTINUE = "continue"
    """The LLR is between the bounds: play more games."""


@dataclass(frozen=True)
class SprtConfig:
    """The two hypotheses and the error rates of a test."""

    elo0: float = 0.0
    """The Elo difference under H0 (the candidate is no better than this)."""
    elo1: float = 10.0
    """The Elo difference under H1; must exceed ``elo0``. Our guess at a gain worth having."""
    alpha: float = 0.05
    """P(accept H1 | H0 true): the false-positive rate."""
    beta: float = 0.05
    """P(accept H0 | H1 true): the false-negative rate."""

    def __post_init__(self) -> None:
        if not self.elo1 > self.elo0:
            raise ValueError(f"expected elo1 > elo0, got elo0={self.elo0}, elo1={self.elo1}")
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


@dataclass(frozen=True)
class SprtResult:
    """A snapshot of a test: the counts, the LLR, the bounds and the decision."""

    decision: SprtDecision
    """Accept H0, accept H1, or play on."""
    llr: float
    """The log-likelihood ratio of H1 against H0 so far."""
    lower: float
    """The bound at or below which H0 is accepted."""
    upper: float
    """The bound at or above which H1 is accepted."""
    wins: int
    """Games the candidate won."""
    draws: int
    """Games drawn."""
    losses: int
    """Games the candidate lost."""


def expected_score(elo: float) -> float:
    """The mean score per game of a player ``elo`` points stronger (logistic)."""
    return 1.0 / (1.0 + math.pow(10.0, -elo / 400.0))


def llr(wins: int, draws: int, losses: int, elo0: float, elo1: float) -> float:
    """The GSPRT log-likelihood ratio of elo1 against elo0 (module docstring).

    Returns 0 when no game has been played.
    """
    if wins + draws + losses == 0:
        return 0.0
    counts = [float(c or _EMPTY_COUNT) for c in (wins, draws, losses)]
    p0 = _closest_distribution(counts, expected_score(elo0))
    p1 = _closest_distribution(counts, expected_score(elo1))
    return sum(c * math.log(b / a) for c, a, b in zip(counts, p0, p1, strict=True))


def llr_normal(wins: int, draws: int, losses: int, elo0: float, elo1: float) -> float:
    """The normal approximation of ``llr`` (fishtest's ``LLR_alt2``); 0 with no games."""
    if wins + draws + losses == 0:
        return 0.0
    won, drawn, lost = (float(c or _EMPTY_COUNT) for c in (wins, draws, losses))
    games = won + drawn + lost
    mean = (won + drawn / 2.0) / games
    spread = won * (1.0 - mean) ** 2 + drawn * (0.5 - mean) ** 2 + lost * mean**2
    s0, s1 = expected_score(elo0), expected_score(elo1)
    return games * (s1 - s0) * (2.0 * mean - s0 - s1) / (2.0 * spread / games)


def _closest_distribution(counts: list[float], mean: float) -> list[float]:
    """The W/D/L probabilities with this mean score that best explain the counts."""
    total = sum(counts)
    freqs = [c / total for c in counts]
    offsets = [score - mean for score in _SCORES]
    # sum f u / (1 + x u) falls from +inf to -inf as x crosses the interval
    # where every 1 + x u stays positive; its root is the Lagrange multiplier.
    low, high = -1.0 / max(offsets), -1.0 / min(offsets)
    for _ in range(_BISECTIONS):
        middle = (low + high) / 2.0
        slope = sum(f * u / (1.0 + middle * u) for f, u in zip(freqs, offsets, strict=True))
        low, high = (middle, high) if slope > 0 else (low, middle)
    x = (low + high) / 2.0
    return [f / (1.0 + x * u) for f, u in zip(freqs, offsets, strict=True)]


def evaluate(wins: int, draws: int, losses: int, config: SprtConfig) -> SprtResult:
    """Where a test stands after these counts (from the candidate's side)."""
    value = llr(wins, draws, losses, config.elo0, config.elo1)
    if value >= config.upper:
        decision = SprtDecision.ACCEPT_H1
    elif value <= config.lower:
        decision = SprtDecision.ACCEPT_H0
    else:
        decision = SprtDecision.CONTINUE
    return SprtResult(decision, value, config.lower, config.upper, wins, draws, losses)


class Sprt:
    """A running test between a candidate and a baseline, fed game by game.

    The counts keep growing after a decision, but ``record`` reports the
    first decision reached: a stopped test stays stopped.
    """

    def __init__(self, config: SprtConfig | None = None) -> None:
        self.config = config or SprtConfig()
        self.wins = self.draws = self.losses = 0
        self._decided: SprtResult | None = None

    def __repr__(self) -> str:
        return (
            f"<Sprt {self.config} W/D/L={self.wins}/{self.draws}/{self.losses} "
            f"{self.result().decision.value}>"
        )

    def record(self, score: float) -> SprtResult:
        """Add one game, scored from the candidate's side: 1, 0.5 or 0."""
        if score == 1:
            self.wins += 1
        elif score == 0.5:
            self.draws += 1
        elif score == 0:
            self.losses += 1
        else:
            raise ValueError(f"expected a score of 1, 0.5 or 0, got {score!r}")
        return self.result()

    def result(self) -> SprtResult:
        """The test so far; once decided, the state at the moment of decision."""
        if self._decided is not None:
            return self._decided
        current = evaluate(self.wins, self.draws, self.losses, self.config)
        if current.decision is not SprtDecision.CONTINUE:
            self._decided = current
        return current

    def is_finished(self) -> bool:
        """Whether the test has accepted either hypothesis."""
        return self.result().decision is not SprtDecision.CONTINUE
