"""A game's ladder in the arena, moved by stored results only.

Each finished match moves the openskill (Plackett-Luce) mu and sigma and
the Elo of the versions that sat at it, and their counts (W/D/L, ranks,
faults), in the same transaction that stores the result. Results count in
the order they were stored (``done_seq``), so replaying the stored results
in that order (``recompute``) gives the very same numbers: the ladder can
always be checked. The Landover ranked ladder, when the arena ranks by it,
is kept beside them as one JSON value per game.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from referee.arena.store import ArenaMatch, ArenaStore, RatingRow, Version
from referee.ratings import GameResult, Ladder, elo, plackett_luce
from referee.ratings.elo import INITIAL_RATING
from referee.ratings.plackett_luce import INITIAL_MU, INITIAL_SIGMA, SkillRating
from referee.tournament.results import StoredResult


def game_result(result: StoredResult, seats: tuple[int, ...]) -> GameResult:
    """A match's ranks keyed by version id (as text, so names never collide)."""
    by_seat = {seat.seat: seat for seat in result.seats}
    ranks = {str(seats[i]): by_seat[i].rank for i in range(len(seats))}
    return GameResult(ranks, {str(seats[i]): by_seat[i].score for i in range(len(seats))})


def moved_rows(
    rows: dict[int, RatingRow], result: StoredResult, seats: tuple[int, ...], done_seq: int
) -> dict[int, RatingRow]:
    """The rating rows of a match's versions after it (``rows`` holds them before)."""
    outcome = game_result(result, seats)
    skill = plackett_luce.update(
        {str(v): SkillRating(rows[v].mu, rows[v].sigma) for v in seats}, outcome
    )
    elos = elo.update({str(v): rows[v].elo for v in seats}, outcome)
    by_seat = {seat.seat: seat for seat in result.seats}
    moved = {}
    for index, version in enumerate(seats):
        key, row = str(version), rows[version]
        scores = [outcome.score(key, str(other)) for other in seats if other != version]
        moved[version] = dataclasses.replace(
            row,
            mu=skill[key].mu,
            sigma=skill[key].sigma,
            elo=elos[key],
            matches=row.matches + 1,
            wins=row.wins + scores.count(1.0),
            draws=row.draws + scores.count(0.5),
            losses=row.losses + scores.count(0.0),
            rank_sum=row.rank_sum + outcome.ranks[key],
            faults=row.faults + len(by_seat[index].fault_labels()),
            last_match=done_seq,
        )
    return moved


def apply_result(store: ArenaStore, match: ArenaMatch, rank_by: str) -> list[RatingRow]:
    """Move the ladder by one stored result (call inside the transaction that stored it)."""
    assert match.result is not None and match.done_seq is not None
    rows = {v: _row(store, match.game, v) for v in match.seats}
    moved = moved_rows(rows, match.result, match.seats, match.done_seq)
    for row in moved.values():
        store.put_rating(match.game, row)
    if rank_by == "landover":
        ladder = load_landover(store, match.game)
        save_landover(store, match.game, ladder.record(game_result(match.result, match.seats)))
    return list(moved.values())


def _row(store: ArenaStore, game: str, version: int) -> RatingRow:
    row = store.rating(game, version)
    assert row is not None, f"version {version} has no rating row in {game}"
    return row


def recompute(matches: Iterable[ArenaMatch], rows: Iterable[RatingRow]) -> dict[int, RatingRow]:
    """Every rating of a game from its stored results alone, in the order they counted."""
    fresh = {
        r.version_id: RatingRow(r.version_id, r.active, INITIAL_MU, INITIAL_SIGMA, INITIAL_RATING,
                                0, 0, 0, 0, 0, 0, 0)
        for r in rows
    }  # fmt: skip
    for match in matches:
        assert match.result is not None and match.done_seq is not None
        fresh.update(moved_rows(fresh, match.result, match.seats, match.done_seq))
    return fresh


def load_landover(store: ArenaStore, game: str) -> Ladder:
    row = store.execute("SELECT data FROM ladders WHERE game = ?", (game,)).fetchone()
    return Ladder.from_dict(json.loads(row["data"])) if row else Ladder()


def save_landover(store: ArenaStore, game: str, ladder: Ladder) -> None:
    store.execute(
        "INSERT OR REPLACE INTO ladders VALUES (?, ?)", (game, json.dumps(ladder.to_dict()))
    )


def score(row: RatingRow, rank_by: str, ladder: Ladder | None = None) -> float:
    """The number a leaderboard sorts by (higher is better)."""
    if rank_by == "elo":
        return row.elo
    if rank_by == "landover" and ladder is not None:
        player = ladder.players.get(str(row.version_id))
        return _landover_score(player) if player else 0.0
    return row.mu - 3.0 * row.sigma


def _landover_score(player: Any) -> float:
    rank = player.rank
    return float((int(rank.tier) * 10 + rank.division) * 1000 + rank.rp)


@dataclass(frozen=True)
class Line:
    """One version's line on a game's leaderboard."""

    version: Version
    row: RatingRow
    rating: float
    """What the board sorts by (see ``score``)."""

    @property
    def status(self) -> str:
        if self.version.quarantine:
            return f"quarantined: {self.version.quarantine}"
        if self.version.retired:
            return "retired"
        return "active" if self.row.active else "offline"

    @property
    def mean_rank(self) -> float:
        return self.row.rank_sum / self.row.matches if self.row.matches else 0.0


def leaderboard(
    store: ArenaStore, game: str, rank_by: str, *, everyone: bool = False
) -> list[Line]:
    """A game's standings, best first; retired versions only with ``everyone``."""
    versions = {v.id: v for v in store.versions()}
    landover = load_landover(store, game) if rank_by == "landover" else None
    lines = [
        Line(versions[row.version_id], row, score(row, rank_by, landover))
        for row in store.ratings(game)
        if everyone or not versions[row.version_id].retired
    ]
    return sorted(lines, key=lambda line: (-line.rating, line.version.label))
