"""What a finished game tells the rating systems: each player's rank.

Every rating here starts from a ``GameResult``: a rank per participant
(1 is best, tied players share a rank) and, when the game has them, the
points each player earned. Two-player systems (Elo, Bradley-Terry) read a
multiplayer game as its pairwise results: every pair of players is one
comparison, scored 1, 0.5 or 0 by rank.

An N-player game yields N-1 comparisons per player. Counted in full, one
game would move a player as much as N-1 two-player games, and a finished
table would claim N-1 times the evidence it holds (the pairs of one game
are not independent). So each comparison carries the weight 1/(N-1): an
N-player game weighs, for each player in it, what one game weighs. This is
a choice, not a law; docs/ladder.md ("Ratings from multiplayer games")
says why we made it.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field


@dataclass(frozen=True)
class Comparison:
    """One pair of players from one game, seen from ``first``'s side."""

    first: str
    """One player of the pair."""
    second: str
    """The other player."""
    score: float
    """What ``first`` scored against ``second``: 1 ranked above, 0.5 tied, 0 below."""
    weight: float
    """How much this comparison counts: 1/(N-1) in an N-player game."""


@dataclass(frozen=True)
class GameResult:
    """The ranks (and optionally the points) of everyone in one finished game.

    >>> GameResult.from_points({"ada": 12, "bob": 9, "cy": 9}).ranks
    {'ada': 1, 'bob': 2, 'cy': 2}
    """

    ranks: Mapping[str, int]
    """Rank per player: 1 is best; tied players share a rank (1, 2, 2, 4)."""
    points: Mapping[str, float] = field(default_factory=dict)
    """Points (victory points, plots, ...) each player earned; empty if unknown."""

    def __post_init__(self) -> None:
        if len(self.ranks) < 2:
            raise ValueError(f"a game result needs at least 2 players, got {len(self.ranks)}")
        bad = {player: rank for player, rank in self.ranks.items() if rank < 1}
        if bad:
            raise ValueError(f"ranks start at 1, got {bad}")
        if self.points and set(self.points) != set(self.ranks):
            raise ValueError(
                f"points must name the ranked players {sorted(self.ranks)}, "
                f"got {sorted(self.points)}"
            )

    @classmethod
    def from_points(cls, points: Mapping[str, float]) -> GameResult:
        """Rank players by points, higher is better, ties sharing a rank."""
        ranks = {
            player: 1 + sum(other > mine for other in points.values())
            for player, mine in points.items()
        }
        return cls(ranks, dict(points))

    @property
    def players(self) -> tuple[str, ...]:
        """The players, in the order the ranks were given."""
        return tuple(self.ranks)

    def score(self, player: str, opponent: str) -> float:
        """What ``player`` scored against ``opponent``: 1, 0.5 or 0."""
        mine, theirs = self.ranks[player], self.ranks[opponent]
        return 1.0 if mine < theirs else 0.5 if mine == theirs else 0.0

    def placement_score(self, player: str) -> float:
        """The player's mean pairwise score: 1 for a sole winner, 0 for a sole last."""
        others = [other for other in self.ranks if other != player]
        return sum(self.score(player, other) for other in others) / len(others)

    def comparisons(self) -> list[Comparison]:
        """Every unordered pair once, each weighted 1/(N-1) (see the module docstring)."""
        weight = 1.0 / (len(self.ranks) - 1)
        return [
            Comparison(first, second, self.score(first, second), weight)
            for first, second in itertools.combinations(self.ranks, 2)
        ]


def tally(results: Iterable[GameResult]) -> dict[tuple[str, str], float]:
    """Weighted wins of each player over each other: ``wins[(a, b)]``.

    A draw counts as half a win each way, so ``wins[(a, b)] + wins[(b, a)]``
    is the weighted number of games between a and b.
    """
    wins: dict[tuple[str, str], float] = {}
    for result in results:
        for pair in result.comparisons():
            key, back = (pair.first, pair.second), (pair.second, pair.first)
            wins[key] = wins.get(key, 0.0) + pair.weight * pair.score
            wins[back] = wins.get(back, 0.0) + pair.weight * (1.0 - pair.score)
    return wins
