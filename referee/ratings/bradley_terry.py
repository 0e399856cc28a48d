"""Bradley-Terry ratings for a finished tournament, with confidence intervals.

Elo (elo.py) follows a ladder game by game and depends on the order of the
games. A finished tournament deserves better: one maximum-likelihood fit of
all its games at once. The Bradley-Terry model says player i beats player j
with probability g_i / (g_i + g_j) for some strength g per player.

>>> fit = fit_table({("ada", "bob"): 3, ("bob", "ada"): 1}, prior_draws=0, anchor="bob")
>>> round(fit.ratings["ada"], 1)   # odds 3 to 1: 400 * log10(3)
190.8

Choices, each made once here:

- Scale. Ratings are ``400 * log10(g)``, the Elo scale: a difference of
  400 means odds of 10 to 1, as in ``elo.expected_score``.
- Anchor. Only differences are determined, so the ratings are shifted to
  mean 0, or to put one named player (a reference bot) at 0.
- Draws and multiplayer games. A draw is half a win each way; an N-player
  game is its pairwise results weighted 1/(N-1) (results.py).
- Players who won or lost everything. Their maximum-likelihood rating is
  infinite (so is that of any group that beat everyone outside it). We add
  a weak prior: ``prior_draws`` virtual draws (default 1) between every
  player and a phantom player fixed at the strength of an average player
  (``g = 1``). This keeps every rating finite, pulls ratings a little
  towards the middle (about one game's worth), and fades as real games
  pile up. BayesElo does the same with virtual draws between opponents.
  With ``prior_draws=0`` the fit is the pure MLE, which exists only when
  every player has both beaten and been beaten by a chain of others (the
  comparison graph is strongly connected, Zermelo 1929, Ford 1957);
  otherwise ``fit`` raises ValueError.
- Uncertainty. The covariance of the ratings is the inverse of the observed
  Fisher information (the negative Hessian of the log-likelihood at the
  fit), carried through the anchoring. Intervals are normal: rating plus or
  minus z * standard error. With a mean anchor a player's interval is for
  their distance from the field's mean; with a player anchor, for their
  distance from that player (whose own interval is then a point).
- LOS. ``los(a, b)`` is Phi((r_a - r_b) / sqrt(var_a + var_b - 2 cov_ab)),
  from the fit (los.py says why not head-to-head counts).

The fit is Newton's method on the log-strengths with step halving. The
log-likelihood is concave, so this converges from zero in a handful of
steps whenever the maximum exists. Each step solves a players x players
system, which grows as the cube of the field: numpy fits a thousand players
in about a second (the plain-Python solve it replaced took 4 s at 200;
bench/standings_fit.py, BENCHMARKS.md).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from statistics import NormalDist

import numpy as np
from numpy.typing import NDArray
from threadpoolctl import threadpool_limits

from referee.ratings.los import los_from_normal
from referee.ratings.results import GameResult, tally

ELO_PER_NATURAL_LOG = 400.0 / math.log(10.0)
"""Elo points per unit of ln(g): 400 * log10(g) = this * ln(g), about 173.7."""

_TOLERANCE = 1e-10
"""Newton stops when no log-strength moves more than this (about 2e-8 Elo)."""

_SINGULAR = 1e-12
"""An information matrix whose condition number passes 1 / this is singular."""

_MAX_ITERATIONS = 100
"""Concave and smooth: Newton needs 5 to 15 steps; 100 means something is wrong."""

Matrix = NDArray[np.float64]


@dataclass(frozen=True)
class BradleyTerryFit:
    """Fitted ratings on the Elo scale, with their covariance."""

    players: tuple[str, ...]
    """The players, in the order of the rows of ``covariance``."""
    ratings: Mapping[str, float]
    """Rating per player: 400 * log10(strength), shifted by the anchor."""
    covariance: tuple[tuple[float, ...], ...]
    """Covariance of the anchored ratings, in Elo squared."""
    anchor: str | None
    """The player fixed at 0, or None when the mean rating is 0."""
    prior_draws: float
    """Virtual draws each player had against an average phantom (module docstring)."""

    def variance(self, player: str) -> float:
        """The variance of one player's anchored rating, in Elo squared."""
        i = self.players.index(player)
        return self.covariance[i][i]

    def stderr(self, player: str) -> float:
        """The standard error of one player's rating, in Elo."""
        return math.sqrt(max(self.variance(player), 0.0))

    def interval(self, player: str, level: float = 0.95) -> tuple[float, float]:
        """A normal confidence interval for the player's anchored rating."""
        z = NormalDist().inv_cdf(0.5 + level / 2.0)
        rating, margin = self.ratings[player], z * self.stderr(player)
        return rating - margin, rating + margin

    def los(self, player: str, opponent: str) -> float:
        """Likelihood of superiority: P(player is stronger than opponent)."""
        i, j = self.players.index(player), self.players.index(opponent)
        cov = self.covariance
        variance = cov[i][i] + cov[j][j] - 2.0 * cov[i][j]
        return los_from_normal(self.ratings[player] - self.ratings[opponent], variance)

    def los_matrix(self) -> dict[str, dict[str, float]]:
        """``los_matrix()[a][b]`` is ``los(a, b)``, for every pair of distinct players."""
        return {a: {b: self.los(a, b) for b in self.players if b != a} for a in self.players}

    def standings(self) -> list[str]:
        """The players, strongest first (ties by name)."""
        return sorted(self.players, key=lambda p: (-self.ratings[p], p))


def fit(
    results: Iterable[GameResult],
    *,
    players: Sequence[str] = (),
    anchor: str | None = None,
    prior_draws: float = 1.0,
) -> BradleyTerryFit:
    """Fit ratings to finished games. See ``fit_table`` for the arguments."""
    return fit_table(tally(results), players=players, anchor=anchor, prior_draws=prior_draws)


def fit_table(
    wins: Mapping[tuple[str, str], float],
    *,
    players: Sequence[str] = (),
    anchor: str | None = None,
    prior_draws: float = 1.0,
) -> BradleyTerryFit:
    """Fit ratings to a table of (weighted) wins.

    Args:
        wins: ``wins[(a, b)]`` is how often a beat b; a draw adds 0.5 each way.
        players: Players to rate even if they have no games (they need
            ``prior_draws > 0``); everyone in ``wins`` is rated anyway.
        anchor: The player whose rating is 0, or None for a mean of 0.
        prior_draws: Virtual draws per player against an average phantom.

    Returns:
        The fit.

    Raises:
        ValueError: Fewer than two players, a negative count, an unknown
            anchor, or (with ``prior_draws=0``) no finite maximum.
    """
    names = _players(wins, players)
    if anchor is not None and anchor not in names:
        raise ValueError(f"anchor must be one of the players {list(names)}, got {anchor!r}")
    if prior_draws < 0:
        raise ValueError(f"prior_draws must be at least 0, got {prior_draws}")
    table = _matrix(wins, names)
    if prior_draws == 0:
        _require_connected(table, names)
    # One BLAS thread: the referee shares its cores with the bots, and BLAS threads spin
    # while they wait (on a busy 2-core machine 1,000 players took 7.6 s with two, 1.3 s
    # with one).
    with threadpool_limits(limits=1):
        theta, covariance = _maximise(_Problem(table, prior_draws))
        return _anchored(names, theta, covariance, anchor, prior_draws)


def _players(wins: Mapping[tuple[str, str], float], extra: Sequence[str]) -> tuple[str, ...]:
    """Everyone in the table or in ``extra``, in order of first appearance."""
    seen = dict.fromkeys([*extra, *(p for pair in wins for p in pair)])
    if len(seen) < 2:
        raise ValueError(f"a fit needs at least 2 players, got {list(seen)}")
    return tuple(seen)


def _matrix(wins: Mapping[tuple[str, str], float], names: Sequence[str]) -> Matrix:
    """``table[i][j]``: how often names[i] beat names[j]."""
    index = {name: i for i, name in enumerate(names)}
    table = np.zeros((len(names), len(names)))
    for (a, b), count in wins.items():
        if count < 0 or a == b:
            raise ValueError(
                f"wins must be non-negative counts between two players, got {(a, b)}: {count}"
            )
        table[index[a], index[b]] += count
    return table


def _require_connected(table: Matrix, names: Sequence[str]) -> None:
    """Raise unless everyone can reach everyone along 'beat' edges (the MLE exists)."""
    forward = _reachable(table, lambda i, j: table[i][j] > 0)
    backward = _reachable(table, lambda i, j: table[j][i] > 0)
    stuck = [names[i] for i in range(len(names)) if i not in forward or i not in backward]
    if stuck:
        raise ValueError(
            "no finite maximum-likelihood ratings: some players won or lost against "
            f"everyone they met, directly or through others (near {stuck}); "
            "use prior_draws > 0"
        )


def _reachable(table: Matrix, edge: Callable[[int, int], bool]) -> set[int]:
    """Indices reachable from player 0 along ``edge(i, j)``."""
    seen, todo = {0}, [0]
    while todo:
        i = todo.pop()
        for j in range(len(table)):
            if j not in seen and edge(i, j):
                seen.add(j)
                todo.append(j)
    return seen


@dataclass(frozen=True)
class _Problem:
    """The likelihood to maximise: a win table plus the phantom draws of the prior."""

    table: Matrix
    """``table[i][j]``: how often player i beat player j."""
    prior: float
    """Virtual draws of each player against the phantom at log-strength 0."""

    def log_likelihood(self, theta: Matrix) -> float:
        """Log-likelihood of the table and the phantom draws at log-strengths theta."""
        games = float(np.sum(self.table * _log_sigmoid(theta[:, None] - theta[None, :])))
        phantom = self.prior / 2.0 * float(np.sum(_log_sigmoid(theta) + _log_sigmoid(-theta)))
        return games + phantom

    def gradient(self, theta: Matrix) -> Matrix:
        """Per player: actual score minus the score the model expects, phantom games included."""
        played = self.table + self.table.T
        expected = played * _sigmoid(theta[:, None] - theta[None, :])
        excess: Matrix = self.prior * (0.5 - _sigmoid(theta)) + (self.table - expected).sum(axis=1)
        return excess

    def information(self, theta: Matrix) -> Matrix:
        """Observed Fisher information: the negative Hessian of the log-likelihood."""
        p = _sigmoid(theta[:, None] - theta[None, :])
        weight = (self.table + self.table.T) * p * (1.0 - p)
        np.fill_diagonal(weight, 0.0)
        info = -weight
        q = _sigmoid(theta)
        info[np.diag_indices_from(info)] = weight.sum(axis=1) + self.prior * q * (1.0 - q)
        return info


def _maximise(problem: _Problem) -> tuple[Matrix, Matrix]:
    """Newton-Raphson for the log-strengths; returns them and their covariance.

    Without a prior only differences are identified, so player 0 is held at
    0 and left out of the system (its row of the covariance is zero). With
    one, the phantom is the fixed point and every player is free.
    """
    size = len(problem.table)
    free = np.arange(size) if problem.prior > 0 else np.arange(1, size)
    theta = np.zeros(size)
    best = problem.log_likelihood(theta)
    for _ in range(_MAX_ITERATIONS):
        inverse = _inverse(problem.information(theta)[np.ix_(free, free)])
        step = np.zeros(size)
        step[free] = inverse @ problem.gradient(theta)[free]
        theta, best, moved = _line_search(problem, theta, step, best)
        if moved < _TOLERANCE:
            covariance = np.zeros((size, size))
            covariance[np.ix_(free, free)] = inverse
            return theta, covariance
    raise ArithmeticError(f"bradley-terry fit did not converge in {_MAX_ITERATIONS} steps")


def _inverse(matrix: Matrix) -> Matrix:
    """The inverse of the information; a singular one means no finite maximum.

    Raises:
        ValueError: the matrix is singular (or numerically so).
    """
    if np.linalg.cond(matrix) > 1.0 / _SINGULAR:
        raise ValueError("singular information matrix: the ratings have no finite maximum")
    return np.linalg.inv(matrix).astype(np.float64)


def _line_search(
    problem: _Problem, theta: Matrix, step: Matrix, best: float
) -> tuple[Matrix, float, float]:
    """Take the Newton step, halving it until the likelihood does not drop.

    Returns the new log-strengths, their log-likelihood, and the largest move.
    """
    scale = 1.0
    while True:
        candidate = theta + scale * step
        value = problem.log_likelihood(candidate)
        if value >= best - 1e-12 * abs(best) or scale < 1e-6:
            return candidate, value, float(np.max(np.abs(scale * step), initial=0.0))
        scale /= 2.0


def _log_sigmoid(x: Matrix) -> Matrix:
    """log(1 / (1 + e^-x)), without overflow for large |x|."""
    return -np.logaddexp(0.0, -x)


def _sigmoid(x: Matrix) -> Matrix:
    """1 / (1 + e^-x): the probability of winning at log-strength margin x."""
    return np.exp(_log_sigmoid(x))


def _anchored(
    names: tuple[str, ...],
    theta: Matrix,
    covariance: Matrix,
    anchor: str | None,
    prior: float,
) -> BradleyTerryFit:
    """Shift the log-strengths to the anchor and convert everything to Elo."""
    size = len(names)
    if anchor is None:
        shift = np.eye(size) - 1.0 / size
    else:
        shift = np.eye(size)
        shift[:, names.index(anchor)] -= 1.0
    ratings = (ELO_PER_NATURAL_LOG * (shift @ theta)).tolist()
    scaled = ELO_PER_NATURAL_LOG**2 * (shift @ covariance @ shift.T)
    cov = tuple(tuple(row) for row in scaled.tolist())
    return BradleyTerryFit(names, dict(zip(names, ratings, strict=True)), cov, anchor, prior)
