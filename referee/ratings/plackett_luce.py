"""Multiplayer skill ratings with openskill's Plackett-Luce model (optional).

Elo reads a 6-player game as 15 duels. The Plackett-Luce model reads it as
what it is, one ranking of six: the winner beat five, the second beat four,
and so on. openskill (Weng and Lin, "A Bayesian approximation method for
online ranking", JMLR 2011) keeps a mean ``mu`` and an uncertainty
``sigma`` per player and updates both after every game.

>>> ratings = update({}, GameResult({"ada": 1, "bob": 2, "cy": 3}))
>>> leaderboard(ratings)
['ada', 'bob', 'cy']

Sort by ``ordinal`` (mu - 3 sigma), not by ``mu``: a bot that won its only
game should not top a bot with a long, good record.

openskill is an optional dependency (``pip install openskill``). It is
imported on first use, so everything else in referee.ratings works without
it; using this module without it raises ImportError with that hint.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from referee.ratings.results import GameResult

INITIAL_MU = 25.0
"""openskill's default prior mean."""

INITIAL_SIGMA = 25.0 / 3.0
"""openskill's default prior standard deviation: mu / 3."""


@dataclass(frozen=True)
class SkillRating:
    """A player's skill as openskill sees it: a normal belief."""

    mu: float = INITIAL_MU
    """The mean of the skill estimate."""
    sigma: float = INITIAL_SIGMA
    """The standard deviation of the estimate; it shrinks as games are played."""

    @property
    def ordinal(self) -> float:
        """A conservative skill for sorting: mu - 3 sigma (openskill's ordinal)."""
        return self.mu - 3.0 * self.sigma

    def to_dict(self) -> dict[str, float]:
        """A JSON-ready dict; ``from_dict`` reads it back."""
        return {"mu": self.mu, "sigma": self.sigma}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> SkillRating:
        """The rating a ``to_dict`` wrote."""
        return cls(float(data["mu"]), float(data["sigma"]))


def update(ratings: Mapping[str, SkillRating], result: GameResult) -> dict[str, SkillRating]:
    """Ratings after one game: a new dict, ``ratings`` is not changed.

    Args:
        ratings: Current ratings; a player missing here starts at the prior.
        result: The game's ranks; tied players share a rank.

    Raises:
        ImportError: openskill is not installed.
    """
    model = _model()
    players = result.players
    teams = [[_to_openskill(model, ratings.get(p, SkillRating()))] for p in players]
    rated = model.rate(teams, ranks=[float(result.ranks[p]) for p in players])
    after = dict(ratings)
    for player, (new,) in zip(players, rated, strict=True):
        after[player] = SkillRating(float(new.mu), float(new.sigma))
    return after


def leaderboard(ratings: Mapping[str, SkillRating]) -> list[str]:
    """The players, best ordinal first (ties by name)."""
    return sorted(ratings, key=lambda p: (-ratings[p].ordinal, p))


def win_probabilities(ratings: Mapping[str, SkillRating], players: list[str]) -> dict[str, float]:
    """Each player's chance of winning a game among ``players``, per the model."""
    model = _model()
    teams = [[_to_openskill(model, ratings.get(p, SkillRating()))] for p in players]
    return {p: float(x) for p, x in zip(players, model.predict_win(teams), strict=True)}


def _to_openskill(model: Any, rating: SkillRating) -> Any:
    """openskill's own rating object for our value."""
    return model.rating(mu=rating.mu, sigma=rating.sigma)


@functools.cache
def _model() -> Any:
    """The Plackett-Luce model with openskill's defaults, imported on first use."""
    try:
        from openskill.models import PlackettLuce
    except ImportError as error:
        raise ImportError(
            "plackett-luce ratings need openskill: pip install 'openskill>=6'"
        ) from error
    return PlackettLuce()
