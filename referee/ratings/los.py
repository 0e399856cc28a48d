"""Likelihood of superiority: how sure we are that one bot is stronger.

LOS is the probability, given the games so far, that player a is truly
stronger than player b. It is not a p-value and not a win probability:
two bots of nearly equal strength can have LOS 99.9% after enough games.

Two formulas, for two situations:

- ``los_from_counts``: one pair of bots and their head-to-head wins and
  losses, as chess engine testers compute it (cutechess-cli, Ordo, the
  Chess Programming Wiki's "Match Statistics" page). Draws drop out: under
  the normal approximation they carry no information about which side is
  stronger.
- ``los_from_normal``: a rating difference and its variance from a fitted
  model. The Bradley-Terry fit uses this one for its LOS matrix, because
  it counts indirect evidence (a beat c, c beat b) and multiplayer games,
  which head-to-head counts cannot.
"""

from __future__ import annotations

import math


def los_from_counts(wins: float, losses: float) -> float:
    """P(the winner of this head-to-head is stronger), from wins and losses.

    ``LOS = 0.5 * (1 + erf((wins - losses) / sqrt(2 * (wins + losses))))``.

    With no decisive games there is no evidence either way: 0.5.
    """
    decisive = wins + losses
    if decisive <= 0:
        return 0.5
    return 0.5 * (1.0 + math.erf((wins - losses) / math.sqrt(2.0 * decisive)))


def los_from_normal(difference: float, variance: float) -> float:
    """P(true difference > 0) when the estimate is normal with this variance.

    That is Phi(difference / sqrt(variance)). A zero variance (a player
    compared with itself, or with the anchor of a fit) gives 1, 0 or 0.5
    by the sign of ``difference``.
    """
    if variance <= 0.0:
        return 0.5 if difference == 0 else float(difference > 0)
    return 0.5 * (1.0 + math.erf(difference / math.sqrt(2.0 * variance)))
