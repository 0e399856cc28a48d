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
steps whenever the maximum exists.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from statistics import NormalDist

from referee.ratings import _linalg
from referee.ratings.los import los_from_normal
from referee.ratings.results import GameResult, tally

ELO_PER_NATURAL_LOG = 400.0 / math.log(10.0)
"""Elo points per unit of ln(g): 400 * log10(g) = this * ln(g), about 173.7."""

_TOLERANCE = 1e-10
"""Newton stops when no log-strength moves more than this (about 2e-8 Elo)."""

_MAX_ITERATIONS = 100
"""Concave and smooth: Newton needs 5 to 15 steps; 100 means something is wrong."""

Matrix = _linalg.Matrix


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
    table = [[0.0] * len(names) for _ in names]
    for (a, b), count in wins.items():
        if count < 0 or a == b:
            raise ValueError(
                f"wins must be non-negative counts between two players, got {(a, b)}: {count}"
            )
        table[index[a]][index[b]] += count
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

    def log_likelihood(self, theta: Sequence[float]) -> float:
        """Log-likelihood of the table and the phantom draws at log-strengths theta."""
        total = 0.0
        for i, row in enumerate(self.table):
            total += sum(w * _log_sigmoid(theta[i] - theta[j]) for j, w in enumerate(row) if w)
            total += self.prior / 2.0 * (_log_sigmoid(theta[i]) + _log_sigmoid(-theta[i]))
        return total

    def gradient(self, theta: Sequence[float]) -> list[float]:
        """Per player: actual score minus the score the model expects."""
        return [self._excess(theta, i) for i in range(len(self.table))]

    def _excess(self, theta: Sequence[float], i: int) -> float:
        """Player i's actual minus expected score, phantom games included."""
        table = self.table
        total = self.prior * (0.5 - _sigmoid(theta[i]))
        for j in range(len(table)):
            if j != i:
                games = table[i][j] + table[j][i]
                total += table[i][j] - games * _sigmoid(theta[i] - theta[j])
        return total

    def information(self, theta: Sequence[float]) -> Matrix:
        """Observed Fisher information: the negative Hessian of the log-likelihood."""
        size = len(self.table)
        info = [[0.0] * size for _ in range(size)]
        for i in range(size):
            p = _sigmoid(theta[i])
            info[i][i] += self.prior * p * (1.0 - p)
            for j in range(size):
                if j != i:
                    p = _sigmoid(theta[i] - theta[j])
                    weight = (self.table[i][j] + self.table[j][i]) * p * (1.0 - p)
                    info[i][j] -= weight
                    info[i][i] += weight
        return info


def _maximise(problem: _Problem) -> tuple[list[float], Matrix]:
    """Newton-Raphson for the log-strengths; returns them and their covariance.

    Without a prior only differences are identified, so player 0 is held at
    0 and left out of the system (its row of the covariance is zero). With
    one, the phantom is the fixed point and every player is free.
    """
    size = len(problem.table)
    free = list(range(size)) if problem.prior > 0 else list(range(1, size))
    theta = [0.0] * size
    best = problem.log_likelihood(theta)
    for _ in range(_MAX_ITERATIONS):
        gradient = problem.gradient(theta)
        inverse = _linalg.inverse(_submatrix(problem.information(theta), free))
        step = _linalg.mat_vec(inverse, [gradient[i] for i in free])
        theta, best, moved = _line_search(problem, theta, dict(zip(free, step, strict=True)), best)
        if moved < _TOLERANCE:
            return theta, _embed(inverse, free, size)
    raise ArithmeticError(f"bradley-terry fit did not converge in {_MAX_ITERATIONS} steps")


def _line_search(
    problem: _Problem, theta: list[float], step: dict[int, float], best: float
) -> tuple[list[float], float, float]:
    """Take the Newton step, halving it until the likelihood does not drop.

    Returns the new log-strengths, their log-likelihood, and the largest move.
    """
    scale = 1.0
    while True:
        candidate = [x + scale * step.get(i, 0.0) for i, x in enumerate(theta)]
        value = problem.log_likelihood(candidate)
        if value >= best - 1e-12 * abs(best) or scale < 1e-6:
            return candidate, value, max((abs(scale * d) for d in step.values()), default=0.0)
        scale /= 2.0


def _log_sigmoid(x: float) -> float:
    """log(1 / (1 + e^-x)), without overflow for large |x|."""
    if x >= 0:
        return -math.log1p(math.exp(-x))
    return x - math.log1p(math.exp(x))


def _sigmoid(x: float) -> float:
    """1 / (1 + e^-x): the probability of winning at log-strength margin x."""
    return math.exp(_log_sigmoid(x))


def _submatrix(matrix: Matrix, keep: Sequence[int]) -> Matrix:
    """The rows and columns ``keep`` of a square matrix."""
    return [[matrix[i][j] for j in keep] for i in keep]


def _embed(small: Matrix, keep: Sequence[int], size: int) -> Matrix:
    """Put a matrix over ``keep`` back into a size x size one, zeros elsewhere."""
    full = [[0.0] * size for _ in range(size)]
    for a, i in enumerate(keep):
        for b, j in enumerate(keep):
            full[i][j] = small[a][b]
    return full


def _anchored(
    names: tuple[str, ...],
    theta: list[float],
    covariance: Matrix,
    anchor: str | None,
    prior: float,
) -> BradleyTerryFit:
    """Shift the log-strengths to the anchor and convert everything to Elo."""
    size = len(names)
    if anchor is None:
        shift = [[(i == j) - 1.0 / size for j in range(size)] for i in range(size)]
    else:
        k = names.index(anchor)
        shift = [[float(i == j) - float(j == k) for j in range(size)] for i in range(size)]
    ratings = [ELO_PER_NATURAL_LOG * x for x in _linalg.mat_vec(shift, theta)]
    scaled = _linalg.sandwich(shift, covariance)
    cov = tuple(tuple(ELO_PER_NATURAL_LOG**2 * x for x in row) for row in scaled)
    return BradleyTerryFit(names, dict(zip(names, ratings, strict=True)), cov, anchor, prior)
