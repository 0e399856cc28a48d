"""Standings from finished matches: points, W/D/L or mean rank, faults, pairwise results.

Every comparison is pairwise by rank, which serves duels, multiplayer
tables and solo games alike: a solo game's bots are compared by score
seed by seed, as if they had sat at one table with that seed.
"""

from __future__ import annotations

import itertools
from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from referee.engine import ranks_from_scores
from referee.match.termination import Termination
from referee.tournament.store import ScheduledMatch


@dataclass(frozen=True)
class Pairwise:
    """One pairwise result: ``score`` is 1 if ``a`` beat ``b``, 0.5 for a tie, 0 if it lost."""

    a: str
    b: str
    score: float


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
    faults: Counter[str] = field(default_factory=Counter)
    rating: float | None = None
    interval: tuple[float, float] | None = None
    """The rating's 95% confidence interval."""
    quarantined: str = ""

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
    def fault_count(self) -> int:
        return sum(self.faults.values())


def pairwise_results(matches: Iterable[ScheduledMatch]) -> list[Pairwise]:
    """Every pairwise result of the finished matches, in match order."""
    results: list[Pairwise] = []
    solo: dict[tuple[int, int], list[tuple[str, float]]] = defaultdict(list)
    for match in matches:
        seats = (match.result or {}).get("seats", [])
        if len(seats) == 1:
            solo[(match.round, match.group)].append((seats[0]["name"], seats[0]["score"]))
            continue
        results.extend(_pairs([(s["name"], s["rank"]) for s in seats]))
    for players in solo.values():
        ranks = ranks_from_scores([score for _, score in players])
        results.extend(
            _pairs([(name, rank) for (name, _), rank in zip(players, ranks, strict=True)])
        )
    return results


def _pairs(ranked: Sequence[tuple[str, int]]) -> list[Pairwise]:
    pairs = []
    for (a, rank_a), (b, rank_b) in itertools.combinations(ranked, 2):
        score = 1.0 if rank_a < rank_b else 0.5 if rank_a == rank_b else 0.0
        pairs.append(Pairwise(a, b, score))
    return pairs


def standings(
    names: Sequence[str], matches: Sequence[ScheduledMatch], quarantined: dict[str, str]
) -> list[Standing]:
    """Each bot's standing, best first by points then mean score."""
    table = {name: Standing(name, quarantined=quarantined.get(name, "")) for name in names}
    for match in matches:
        for seat in (match.result or {}).get("seats", []):
            standing = table[seat["name"]]
            standing.matches += 1
            standing.rank_sum += seat["rank"]
            standing.score_sum += seat["score"]
            termination = Termination.parse(seat["termination"])
            if termination.is_fault:
                standing.faults[termination.label] += 1
    for pair in pairwise_results(matches):
        _count(table[pair.a], pair.score)
        _count(table[pair.b], 1 - pair.score)
    return sorted(table.values(), key=lambda s: (-s.points, -s.mean_score, s.name))


def _count(standing: Standing, score: float) -> None:
    if score == 1:
        standing.wins += 1
    elif score == 0:
        standing.losses += 1
    else:
        standing.draws += 1


def leader(rows: Sequence[Standing]) -> str:
    """Who leads now, for the progress line."""
    played = [row for row in rows if row.matches]
    return f"{played[0].name} ({played[0].points:g} pts)" if played else "-"


def to_rows(rows: Sequence[Standing]) -> list[dict[str, Any]]:
    """The standings as plain dicts, for CSV and JSON export."""
    return [
        {
            "rank": place,
            "bot": row.name,
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
            "faults": row.fault_count,
            **{f"faults_{label}": count for label, count in sorted(row.faults.items())},
            "quarantined": row.quarantined,
        }
        for place, row in enumerate(rows, start=1)
    ]
