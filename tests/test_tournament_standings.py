"""Standings from stored results: pairwise W/D/L, solo seeds, faults and strikes, ratings."""

from __future__ import annotations

from typing import Any

from referee.match.result import SeatResult
from referee.tournament.results import StoredResult
from referee.tournament.standings import game_results, standings
from referee.tournament.store import ScheduledMatch


def seat(
    name: str,
    rank: int,
    *,
    score: float = 0,
    termination: str = "normal",
    faults: list[str] | None = None,
    titles: list[str] | None = None,
) -> dict[str, Any]:
    return {
        "seat": 0,
        "name": name,
        "rank": rank,
        "score": score,
        "termination": termination,
        "faults": faults or [],
        "titles": titles or [],
    }


def match(seats: list[dict[str, Any]], group: int = 0) -> ScheduledMatch:
    names = tuple(s["name"] for s in seats)
    return ScheduledMatch(
        id=0,
        round=1,
        table=0,
        group=group,
        seats=names,
        seed=group,
        status="done",
        attempts=1,
        record_path=None,
        result=StoredResult.from_dict({"seats": [{**s, "seat": i} for i, s in enumerate(seats)]}),
    )


def test_duels_count_wins_draws_and_losses() -> None:
    matches = [
        match([seat("a", 1), seat("b", 2)]),
        match([seat("b", 1), seat("a", 1)]),
        match([seat("b", 1), seat("a", 2)]),
    ]
    rows = {row.name: row for row in standings(["a", "b"], matches, {})}
    assert (rows["a"].wins, rows["a"].draws, rows["a"].losses) == (1, 1, 1)
    assert rows["a"].points == rows["b"].points == 1.5
    assert rows["a"].rating == rows["b"].rating == 0.0  # equal records, equal ratings
    # A shared first place is a draw, not a match won.
    assert rows["a"].games_won == 1 and rows["a"].win_rate == 1 / 3


def test_a_multiplayer_table_gives_every_pair_a_result() -> None:
    rows = {
        r.name: r for r in standings("abc", [match([seat("a", 1), seat("b", 2), seat("c", 2)])], {})
    }
    assert (rows["a"].wins, rows["a"].losses) == (2, 0)
    assert (rows["b"].wins, rows["b"].draws, rows["b"].losses) == (0, 1, 1)
    assert rows["a"].mean_rank == 1 and rows["c"].mean_rank == 2
    assert rows["a"].rating > rows["b"].rating == rows["c"].rating


def test_solo_games_are_compared_by_score_on_each_seed() -> None:
    matches = [
        match([seat("a", 1, score=10, titles=["won"])], group=0),
        match([seat("b", 1, score=4)], group=0),
        match([seat("a", 1, score=2)], group=1),
        match([seat("b", 1, score=9, titles=["won"])], group=1),
        match([seat("a", 1, score=5)], group=2),
        match([seat("b", 1, score=5)], group=2),
    ]
    assert len(game_results(matches)) == 3
    rows = {row.name: row for row in standings(["a", "b"], matches, {})}
    assert (rows["a"].wins, rows["a"].draws, rows["a"].losses) == (1, 1, 1)
    assert rows["a"].games_won == 1 and rows["a"].win_rate == 1 / 3


def seat_faults(seat: dict[str, Any]) -> list[str]:
    return SeatResult.from_dict(seat).fault_labels()


def test_strikes_and_forfeits_count_as_faults_and_stalls_too() -> None:
    assert seat_faults(seat("a", 1, faults=["timeout", "timeout"])) == ["timeout", "timeout"]
    assert seat_faults(seat("a", 2, termination="crash", faults=["crash"])) == ["crash"]
    assert seat_faults(seat("a", 1, termination="stall")) == ["stall"]
    assert seat_faults(seat("a", 1, termination="adjudicated")) == []
    rows = standings(["a", "b"], [match([seat("a", 1, faults=["timeout"]), seat("b", 2)])], {})
    assert {row.name: row.fault_count for row in rows} == {"a": 1, "b": 0}
