"""Standings from finished matches: ratings, W/D/L or mean rank, faults.

Every match becomes a ``GameResult`` (ranks by bot name), which serves
duels, multiplayer tables and solo games alike: a solo game's bots are
compared by score seed by seed, as if they had sat at one table with that
seed. Ratings are a Bradley-Terry fit with 95% intervals.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from referee.entrant import describe_bot
from referee.ratings import GameResult, bradley_terry
from referee.tournament.store import ScheduledMatch


@dataclass
class Standing:
    """One bot's line in the standings."""

    name: str
    matches: int = 0
    wins: int = 0
    draws: int = 0
    losses: int = 0
    """Pairwise, against each other bot of each match (each seed, for solo games)."""
    rank_sum: int = 0
    score_sum: float = 0.0
    games_won: int = 0
    """Matches won: first alone at the table, or (solo games) the engine's "won" title."""
    faults: Counter[str] = field(default_factory=Counter)
    rating: float | None = None
    interval: tuple[float, float] | None = None
    """The rating's 95% confidence interval."""
    superiority: dict[str, float] = field(default_factory=dict)
    """Per other bot, the likelihood that this one is stronger (from the rating fit)."""
    quarantined: str = ""
    bot_name: str = ""
    """What the bot calls itself (its hello) in its latest match, shown beside ``name``."""
    bot_version: str = ""

    @property
    def label(self) -> str:
        """``mine (random 1)``: the name, then what the bot says it is."""
        return describe_bot(self.name, self.bot_name, self.bot_version)

    @property
    def points(self) -> float:
        return self.wins + self.draws / 2

    @property
    def mean_rank(self) -> float:
        return self.rank_sum / self.matches if self.matches else 0.0

    @property
    def mean_score(self) -> float:
        return self.score_sum / self.matches if self.matches else 0.0

    @property
    def win_rate(self) -> float:
        return self.games_won / self.matches if self.matches else 0.0

    @property
    def fault_count(self) -> int:
        return sum(self.faults.values())


def game_results(matches: Iterable[ScheduledMatch]) -> list[GameResult]:
    """Every finished match as ranks by bot name; solo matches grouped by seed."""
    results: list[GameResult] = []
    solo: dict[tuple[int, int], dict[str, float]] = defaultdict(dict)
    for match in matches:
        seats = match.result.seats if match.result else ()
        if len(seats) == 1:
            solo[(match.round, match.group)][seats[0].name] = seats[0].score
        elif seats:
            ranks = {s.name: s.rank for s in seats}
            results.append(GameResult(ranks, {s.name: s.score for s in seats}))
    results.extend(GameResult.from_points(scores) for scores in solo.values() if len(scores) > 1)
    return results


def standings(
    names: Sequence[str],
    matches: Sequence[ScheduledMatch],
    quarantined: dict[str, str],
    *,
    rate: bool = True,
) -> list[Standing]:
    """Each bot's standing, best first by rating, then points, then mean score."""
    table = {name: Standing(name, quarantined=quarantined.get(name, "")) for name in names}
    for match in matches:
        if match.result is None:
            continue
        for seat in match.result.seats:
            standing = table[seat.name]
            standing.matches += 1
            standing.rank_sum += seat.rank
            standing.score_sum += seat.score
            standing.games_won += match.result.won(seat)
            standing.faults.update(seat.fault_labels())
            standing.bot_name, standing.bot_version = seat.bot_name, seat.bot_version
    results = game_results(matches)
    for result in results:
        for pair in result.comparisons():
            _count(table[pair.first], pair.score)
            _count(table[pair.second], 1 - pair.score)
    if rate and results:  # the fit costs seconds for a hundred bots: not for progress lines
        fit = bradley_terry.fit(results, players=names)
        for name, standing in table.items():
            standing.rating = fit.ratings[name]
            standing.interval = fit.interval(name)
            standing.superiority = fit.los_matrix()[name]
    return sorted(table.values(), key=_order)


def _order(standing: Standing) -> tuple[float, float, float, str]:
    rating = standing.rating if standing.rating is not None else 0.0
    return (-rating, -standing.points, -standing.mean_score, standing.name)


def _count(standing: Standing, score: float) -> None:
    if score == 1:
        standing.wins += 1
    elif score == 0:
        standing.losses += 1
    else:
        standing.draws += 1


def leader(rows: Sequence[Standing]) -> str:
    """Who leads now, for the progress line."""
    played = sorted((row for row in rows if row.matches), key=lambda row: -row.points)
    return f"{played[0].name} ({played[0].points:g} pts)" if played else "-"


def to_rows(rows: Sequence[Standing]) -> list[dict[str, Any]]:
    """The standings as plain dicts, for CSV and JSON export."""
    return [
        {
            "rank": place,
            "bot": row.name,
            "bot_name": row.bot_name,
            "bot_version": row.bot_version,
            "rating": None if row.rating is None else round(row.rating, 1),
            "rating_low": None if row.interval is None else round(row.interval[0], 1),
            "rating_high": None if row.interval is None else round(row.interval[1], 1),
            "matches": row.matches,
            "wins": row.wins,
            "draws": row.draws,
            "losses": row.losses,
            "points": row.points,
            "mean_rank": round(row.mean_rank, 3),
            "mean_score": round(row.mean_score, 3),
            "win_rate": round(row.win_rate, 4),
            "faults": row.fault_count,
            **{f"faults_{label}": count for label, count in sorted(row.faults.items())},
            "quarantined": row.quarantined,
            "superiority": {other: round(p, 4) for other, p in row.superiority.items()},
        }
        for place, row in enumerate(rows, start=1)
    ]
