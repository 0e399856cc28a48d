"""Schedules made on demand: huge rounds cost no memory, and resume stays exact."""

from __future__ import annotations

import itertools
import json
import tracemalloc
from pathlib import Path

import pytest

from referee.entrant import Entrant
from referee.errors import ConfigError
from referee.tournament import schedule
from referee.tournament.coordinator import first_round, open_tournament
from referee.tournament.results import StoredResult
from referee.tournament.spec import TournamentSpec
from referee.tournament.store import CHUNK, Store
from tests.helpers import BOTS

NO_SEATS = StoredResult(match_id="", steps=0, seats=())


def spec(names: str = "a b c", **options: object) -> TournamentSpec:
    entrants = tuple(Entrant(n, str(BOTS / "random_bot.py")) for n in names.split())
    return TournamentSpec(game=str(options.pop("game", "land")), entrants=entrants, **options)


def eager_expansion(
    spec: TournamentSpec, tables: list[tuple[str, ...]], round_no: int
) -> list[schedule.PlannedMatch]:
    """The schedule as it was built before it was made on demand: table by table."""
    planned = []
    for table_no, table in enumerate(tables):
        for group in range(spec.games_per_table):
            if len(table) == 1:
                seed = schedule.match_seed(spec.seed, round_no, group)
            else:
                seed = schedule.match_seed(spec.seed, round_no, *sorted(table), group)
            for order in schedule.seat_orders(table, spec.rotation):
                planned.append(schedule.PlannedMatch(round_no, table_no, group, order, seed))
    return planned


def by_seed_group(planned: list[schedule.PlannedMatch]) -> list[schedule.PlannedMatch]:
    """The same matches, seed group by seed group, each group every table in order."""
    return sorted(planned, key=lambda match: (match.group, match.table))  # stable: seat orders


@pytest.mark.parametrize(("count", "size"), [(5, 1), (5, 2), (6, 3), (7, 4), (4, 4)])
def test_tables_made_from_their_number_are_the_combinations_in_order(count: int, size: int) -> None:
    names = tuple("abcdefg"[:count])
    tables = schedule.round_robin_tables(names, size)
    assert [tables.table(i) for i in range(tables.count())] == list(
        itertools.combinations(names, size)
    )
    gauntlet = schedule.gauntlet_tables(names, "c", size)
    field = [n for n in names if n != "c"]
    assert [gauntlet.table(i) for i in range(gauntlet.count())] == [
        ("c", *others) for others in itertools.combinations(field, size - 1)
    ]


@pytest.mark.parametrize(
    "options",
    [
        {"games_per_table": 3},
        {"games_per_table": 2, "table_size": 3, "rotation": "all"},
        {"games_per_table": 2, "table_size": 3, "rotation": "cyclic"},
        {"games_per_table": 2, "table_size": 3, "rotation": "none"},
        {"games_per_table": 2, "format": "gauntlet", "challenger": "b"},
    ],
)
def test_a_plan_holds_the_eager_schedules_matches_seed_group_by_seed_group(
    options: dict[str, object],
) -> None:
    """Every table plays its first seed before any plays its second: a stopped round
    robin has played every table about as often, and its lanes keep every bot busy."""
    tournament = spec("a b c d", **options)
    plan = first_round(tournament)
    assert plan is not None
    tables = [plan.tables.table(i) for i in range(plan.tables.count())]
    expected = by_seed_group(eager_expansion(tournament, tables, 1))
    assert list(plan) == expected
    assert list(plan.matches(5, 17)) == expected[5:17]
    assert plan.size == len(expected)
    first_group = len(tables) * plan.orders_per_table
    assert {match.table for match in expected[:first_group]} == set(range(len(tables)))


@pytest.mark.parametrize(
    "options", [{"games_per_table": 3}, {"format": "gauntlet", "challenger": "b"}]
)
def test_a_plan_stored_before_the_seed_group_order_resumes_table_by_table(
    options: dict[str, object],
) -> None:
    """Match ids follow the stored plan's order, so tournaments begun before resume the same."""
    tournament = spec("a b c d", **options)
    plan = first_round(tournament)
    assert plan is not None
    stored = json.loads(plan.to_json())
    del stored["order"]  # as written by earlier versions
    old = schedule.RoundPlan.from_json(json.dumps(stored))
    tables = [plan.tables.table(i) for i in range(plan.tables.count())]
    expected = eager_expansion(tournament, tables, 1)
    assert list(old) == expected
    assert list(old.matches(5, 17)) == expected[5:17]
    assert schedule.RoundPlan.from_json(old.to_json()) == old
    assert schedule.RoundPlan.from_json(plan.to_json()) == plan


def test_a_round_of_a_hundred_million_games_is_scheduled_without_building_it(
    tmp_path: Path,
) -> None:
    """games_per_table = 10^8 used to run out of memory before the first match."""
    huge = spec(games_per_table=10**8)
    tracemalloc.start()
    store, _ = open_tournament(tmp_path / "t", huge)
    first = store.claim("w1")
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    assert peak < 20 * 2**20
    assert first is not None and first.id == 1
    assert store.counts() == {"pending": 3 * 10**8 * 2 - 1, "running": 1}
    assert len(store.matches()) == CHUNK  # one chunk written, the rest on demand
    store.close()
    assert (tmp_path / "t" / "tournament.sqlite").stat().st_size < 2 * 2**20


@pytest.mark.slow
def test_resuming_a_schedule_written_in_chunks_plays_every_match_exactly_once(
    tmp_path: Path,
) -> None:
    """Across chunk boundaries, a crash and two workers: nothing lost, nothing twice."""
    tournament = spec(games_per_table=2 * CHUNK // 6 + 7)  # a little over two chunks
    plan = first_round(tournament)
    assert plan is not None
    store, _ = open_tournament(tmp_path / "t", tournament)
    other = Store(tmp_path / "t")  # a second worker process's connection
    claimed = []
    for turn in range(CHUNK + 40):
        match = (store if turn % 2 else other).claim(f"w{turn % 2}")
        assert match is not None
        claimed.append(match)
        if turn % 3:
            store.finish(match.id, NO_SEATS, "r")
    store.close()
    other.close()  # a crash: some matches stay running

    resumed, _ = open_tournament(tmp_path / "t", None)
    finished = {m.id for m in resumed.matches("done")}
    while (match := resumed.claim("w1")) is not None:
        assert match.id not in finished
        resumed.finish(match.id, NO_SEATS, "r")
        finished.add(match.id)
    played = resumed.matches("done")
    resumed.close()
    assert [(m.round, m.table, m.group, m.seats, m.seed) for m in played] == [
        (m.round, m.table, m.group, m.seats, m.seed) for m in plan
    ]
    assert [m.id for m in played] == list(range(1, plan.size + 1))


@pytest.mark.slow
def test_matches_written_after_a_quarantine_are_skipped(tmp_path: Path) -> None:
    """A quarantined bot's later matches are skipped even if not yet written when it was."""
    store, _ = open_tournament(tmp_path / "t", spec(games_per_table=CHUNK))
    assert store.claim("w1") is not None
    store.quarantine("a", "test")
    seen = []
    while (match := store.claim("w1")) is not None:
        seen.append(match)
        store.finish(match.id, NO_SEATS, "r")
    counts = store.counts()
    store.close()
    assert seen and all("a" not in m.seats for m in seen)
    assert counts["skipped"] == 2 * 2 * CHUNK - 1  # a's two tables, both seat orders
    assert counts["pending"] == 0


def test_a_stored_plan_of_an_unknown_order_is_refused_in_one_line() -> None:
    """A damaged plan must not resume in another order: its match ids would change."""
    plan = first_round(spec("a b c d", games_per_table=2))
    assert plan is not None
    stored = json.loads(plan.to_json())
    stored["order"] = "by colour"
    with pytest.raises(ConfigError, match="unknown order 'by colour'"):
        schedule.RoundPlan.from_json(json.dumps(stored))
