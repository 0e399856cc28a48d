"""Claiming by cost: a worker takes the matches its idle bots can play, and loses none."""

from __future__ import annotations

import sqlite3
from collections import Counter
from dataclasses import replace
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
import trio
import trio.testing

from referee.entrant import Entrant
from referee.errors import ConfigError
from referee.tournament.coordinator import open_tournament
from referee.tournament.execute import BotPool, Demand
from referee.tournament.results import StoredResult
from referee.tournament.spec import TournamentSpec
from referee.tournament.store import CHUNK, CLAIM_WINDOW, Store
from referee.transport.process import BotCommand
from tests.helpers import BOTS

NO_SEATS = StoredResult(match_id="", steps=0, seats=())


def spec(names: str, games: int) -> TournamentSpec:
    entrants = tuple(Entrant(n, str(BOTS / "random_bot.py")) for n in names.split())
    return TournamentSpec(game="land", entrants=entrants, games_per_table=games)


def test_a_claim_with_a_cost_takes_the_cheapest_pending_match_the_first_of_equals(
    tmp_path: Path,
) -> None:
    store, _ = open_tournament(tmp_path / "t", spec("a b c d", 2))
    first = store.claim("w1", lambda seats: (int("a" in seats),))
    second = store.claim("w1", lambda seats: (int("a" in seats),))
    without_a = [m.seats for m in store.matches() if "a" not in m.seats]
    assert first is not None and second is not None
    assert [first.seats, second.seats] == without_a[:2]
    assert first.id < second.id
    plain = store.claim("w1")  # without a cost: the next in line, as before
    assert plain is not None and plain.id == 1
    store.close()


def test_claims_by_cost_finish_a_seed_group_at_every_table_before_the_next(
    tmp_path: Path,
) -> None:
    """Even progress: idle bots a and b would keep playing each other seed after seed,
    and a tournament stopped early would have played one table only."""
    store, _ = open_tournament(tmp_path / "t", spec("a b c", 3))
    a_and_b = lambda seats: (int(set(seats) != {"a", "b"}),)  # noqa: E731 - their bots idle
    groups = []
    while (match := store.claim("w1", a_and_b)) is not None:
        groups.append(match.group)
        store.finish(match.id, NO_SEATS, "r")
    assert groups == sorted(groups) and len(set(groups)) == 3
    store.close()


@pytest.mark.slow
def test_claims_by_cost_take_every_match_once_across_chunks_and_workers(tmp_path: Path) -> None:
    store, _ = open_tournament(tmp_path / "t", spec("a b c", CHUNK // 6 + CLAIM_WINDOW))
    other = Store(tmp_path / "t")  # a second worker process's connection
    last_first = lambda seats: (-ord(seats[0]),)  # noqa: E731 - a cost that reorders everything
    claimed = []
    while (match := (store, other)[len(claimed) % 2].claim("w", last_first)) is not None:
        claimed.append(match.id)
        store.finish(match.id, NO_SEATS, "r")
    assert sorted(claimed) == list(range(1, len(claimed) + 1))
    assert claimed != sorted(claimed)
    assert store.counts() == {"done": len(claimed)}
    other.close()
    store.close()


def test_the_cost_of_a_match_counts_the_bots_it_would_start_then_how_busy_its_seats_are() -> None:
    demand = Demand(processes={"a": 2, "b": 1}, claimed={"a": 1, "b": 1})
    assert demand.cost(("a", "c")) == (1, 1)  # a has an idle process, c has none
    assert demand.cost(("a", "b")) == (1, 2)  # b's only process is playing
    assert demand.cost(("a", "a")) == (1, 2)  # one idle a for two seats


def test_lanes_claiming_in_turn_spread_the_first_matches_over_the_entrants() -> None:
    """Four lanes, a round robin of four bots: two processes per bot, not four for two."""
    tables = [("a", "b"), ("a", "c"), ("a", "d"), ("b", "c"), ("b", "d"), ("c", "d")]
    pending = [seats for seats in tables for _ in range(4)]  # each table's seeds in a row
    claimed: Counter[str] = Counter()
    for _ in range(4):
        cost = Demand(processes={}, claimed=dict(claimed)).cost
        best = min(pending, key=cost)
        pending.remove(best)
        claimed.update(best)
    assert claimed == {"a": 2, "b": 2, "c": 2, "d": 2}


class FakeFleet:
    """Launches stand-in processes and counts them: a pool's bookkeeping, without bots."""

    first_start = None

    def __init__(self) -> None:
        self.launched: list[str] = []
        self.retired: list[str] = []

    async def launch(self, command: BotCommand) -> Any:
        self.launched.append(command.label)
        return SimpleNamespace(
            alive=True, connection=SimpleNamespace(gone=None), name=command.label
        )

    async def retire(self, process: Any) -> None:
        self.retired.append(process.name)


def pool_of(names: str, concurrency: int) -> tuple[BotPool, FakeFleet]:
    fleet = FakeFleet()
    tournament = replace(spec(names, 1), concurrency=concurrency)
    return BotPool(fleet, tournament, seats=2), fleet  # type: ignore[arg-type]


def test_a_pool_at_its_most_processes_waits_for_a_lent_bot_instead_of_starting_one() -> None:
    """Two lanes of two seats keep four processes: a match of a and c waits for both."""
    pool, fleet = pool_of("a b c d", concurrency=2)
    lent: list[list[Any]] = []

    async def main() -> None:
        lent.append(await pool.borrow_all(("a", "b")))
        lent.append(await pool.borrow_all(("c", "d")))
        async with trio.open_nursery() as nursery:
            nursery.start_soon(lambda: pool_borrow(("a", "c")))
            await trio.testing.wait_all_tasks_blocked()
            assert len(lent) == 2  # a and c are both out
            for name, process in zip(("a", "b"), lent[0], strict=True):
                await pool.give_back(name, process, faulted=False)
            await trio.testing.wait_all_tasks_blocked()
            assert len(lent) == 2  # c is still out
            for name, process in zip(("c", "d"), lent[1], strict=True):
                await pool.give_back(name, process, faulted=False)

    async def pool_borrow(names: tuple[str, ...]) -> None:
        lent.append(await pool.borrow_all(names))

    trio.run(main)
    assert [p.name for p in lent[2]] == ["a", "c"]
    assert fleet.launched == ["a", "b", "c", "d"]  # no fifth process
    assert fleet.retired == []


def test_a_pool_at_its_most_processes_ends_idle_bots_of_others_for_bots_it_never_started() -> None:
    pool, fleet = pool_of("a b c d", concurrency=1)

    async def main() -> None:
        for seats in (("a", "b"), ("c", "d"), ("a", "c")):
            for name, process in zip(seats, await pool.borrow_all(seats), strict=True):
                await pool.give_back(name, process, faulted=False)

    trio.run(main)
    assert fleet.launched == ["a", "b", "c", "d", "a"]
    assert sorted(fleet.retired) == ["a", "b", "d"]  # c, idle, plays again


@pytest.mark.parametrize(
    ("column", "value", "error"),
    [
        ("seats", "nope", "JSONDecodeError"),
        ("result", "{bad", "JSONDecodeError"),
        ("result", "[]", "AttributeError"),
    ],
)
def test_a_match_row_edited_out_of_shape_is_named_in_one_line(
    tmp_path: Path, column: str, value: str, error: str
) -> None:
    store, _ = open_tournament(tmp_path / "t", spec("a b", 1))
    assert store.claim("w1", lambda seats: (0,)) is not None  # the matches are written
    with sqlite3.connect(store.path) as hand:  # as an organiser with the sqlite3 shell
        hand.execute(f"UPDATE matches SET {column} = ? WHERE id = 1", (value,))
    with pytest.raises(ConfigError) as raised:
        store.matches()
    assert str(raised.value).startswith(f"match 1 in tournament.sqlite is damaged ({error}")
    assert str(raised.value).endswith("restore tournament.sqlite from a copy")
    store.close()


def test_a_resume_refuses_a_database_that_lost_match_rows(tmp_path: Path) -> None:
    """Dropped by hand, the matches table is made again, empty, by the schema: a resume
    would then count every match as never played."""
    store, _ = open_tournament(tmp_path / "t", spec("a b", 1))
    assert store.claim("w1", lambda seats: (0,)) is not None  # the matches are written
    store.close()
    with sqlite3.connect(tmp_path / "t" / "tournament.sqlite") as hand:
        hand.execute("DROP TABLE matches")
    with pytest.raises(ConfigError, match="its rounds wrote 2 matches and it holds 0"):
        open_tournament(tmp_path / "t", None)


@pytest.mark.parametrize(
    ("column", "value", "wrong"),
    [
        ("seats", '["a", "zed"]', "it seats 'zed', who is not in the tournament"),
        ("seed", -1, "its seed -1 is outside 0..9223372036854775807"),
        ("status", "dnoe", "ValueError: 'dnoe' is not a valid MatchStatus"),
    ],
)
def test_a_resume_refuses_a_match_row_no_schedule_makes(
    tmp_path: Path, column: str, value: object, wrong: str
) -> None:
    """Such a row failed deep in play (a stranger's seat, a seed out of range), or was
    left out of the standings without a word (a status misspelt)."""
    store, _ = open_tournament(tmp_path / "t", spec("a b", 1))
    assert store.claim("w1", lambda seats: (0,)) is not None  # the matches are written
    store.close()
    with sqlite3.connect(tmp_path / "t" / "tournament.sqlite") as hand:
        hand.execute(f"UPDATE matches SET {column} = ? WHERE id = 2", (value,))
    with pytest.raises(ConfigError) as raised:
        open_tournament(tmp_path / "t", None)
    assert str(raised.value).startswith(f"match 2 in tournament.sqlite is damaged ({wrong}")
