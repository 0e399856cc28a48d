"""Head to head: how each bot fared against each other bot, pair by pair.

Read from the same ``GameResult`` list as the standings (standings.py), so a
multiplayer table counts every pair that sat at it (ranked against each
other) and a solo game compares the bots' scores seed by seed.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from referee.ratings import GameResult


@dataclass(frozen=True)
class PairRecord:
    """One bot's record against one other bot."""

    bot: str
    opponent: str
    wins: int
    """Games where ``bot`` ranked above ``opponent``."""
    draws: int
    losses: int
    rank_sum: int
    """``bot``'s ranks summed over the games where both played."""

    @property
    def games(self) -> int:
        return self.wins + self.draws + self.losses

    @property
    def mean_rank(self) -> float:
        """``bot``'s mean rank in the games both played (multiplayer tables)."""
        return self.rank_sum / self.games if self.games else 0.0

    @property
    def points(self) -> float:
        return self.wins + self.draws / 2


def head_to_head(results: Iterable[GameResult], names: Sequence[str]) -> list[PairRecord]:
    """Every ordered pair of ``names`` (both directions), in the order of ``names``."""
    counts = {(a, b): [0, 0, 0, 0] for a in names for b in names if a != b}
    for result in results:
        for bot, opponent in counts.keys() & _pairs(result):
            score = result.score(bot, opponent)
            line = counts[(bot, opponent)]
            line[0 if score == 1 else 1 if score == 0.5 else 2] += 1
            line[3] += result.ranks[bot]
    return [PairRecord(a, b, *counts[(a, b)]) for a in names for b in names if a != b]


def _pairs(result: GameResult) -> set[tuple[str, str]]:
    return {(a, b) for a in result.ranks for b in result.ranks if a != b}


def to_rows(pairs: Sequence[PairRecord]) -> list[dict[str, object]]:
    """The pairs as plain dicts, for CSV and JSON export."""
    return [
        {
            "bot": pair.bot,
            "opponent": pair.opponent,
            "games": pair.games,
            "wins": pair.wins,
            "draws": pair.draws,
            "losses": pair.losses,
            "points": pair.points,
            "mean_rank": round(pair.mean_rank, 3),
        }
        for pair in pairs
    ]
