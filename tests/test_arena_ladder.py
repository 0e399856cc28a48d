"""The arena's bookkeeping without bot processes: scheduling, ratings, quarantine, versions."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from structlog.testing import capture_logs

from referee.arena import ladder
from referee.arena.loop import store_result
from referee.arena.registry import (
    init_arena,
    make_token,
    register_version,
    revoke_tokens,
    token_author,
)
from referee.arena.scheduler import schedule_next
from referee.arena.spec import ArenaSpec
from referee.arena.store import ArenaStore
from referee.errors import ConfigError
from referee.match.result import SeatResult
from referee.match.termination import Termination
from referee.tournament.results import StoredResult


@pytest.fixture
def store(tmp_path: Path) -> Any:
    opened = init_arena(tmp_path / "arena", ArenaSpec(games=("land",)))
    yield opened
    opened.close()


SPEC = ArenaSpec(games=("land",))


def add_bots(store: ArenaStore, count: int, author: str = "ada") -> list[int]:
    return [
        register_version(store, bot=f"bot{i}", author=author, version="1", content_hash=f"h{i}",
                         kind="package", games=["land"])[0].id
        for i in range(count)
    ]  # fmt: skip


def result(seats: tuple[int, ...], winner: int, faulty: int | None = None) -> StoredResult:
    """A finished duel as the runner reports it: ``winner`` (a version id) ranks first."""
    return StoredResult(
        "m",
        10,
        tuple(
            SeatResult(seat=i, name=str(v), score=float(v == winner), rank=1 if v == winner else 2,
                       termination=Termination.CRASH if v == faulty else Termination.NORMAL)
            for i, v in enumerate(seats)
        ),
    )  # fmt: skip


def play(store: ArenaStore, count: int, strongest: int, faulty: int | None = None) -> list[Any]:
    """Schedule and finish ``count`` matches; the lowest id wins except against ``strongest``."""
    tables = []
    for _ in range(count):
        match = store.claim("t")
        if match is None:
            tables.append(schedule_next(store, SPEC))
            match = store.claim("t")
        assert match is not None
        winner = strongest if strongest in match.seats else min(match.seats)
        loser = faulty if faulty in match.seats else None
        store_result(store, SPEC, match, result(match.seats, winner, loser), "record.jsonl")
    return tables


def test_new_bots_play_first_and_every_bot_keeps_playing(store: ArenaStore) -> None:
    old = add_bots(store, 6)
    play(store, 60, strongest=old[0])
    new = register_version(store, bot="newcomer", author="bob", version="1", content_hash="n",
                           kind="package", games=["land"])[0].id  # fmt: skip
    tables = [table for table in play(store, 20, strongest=old[0]) if table]
    seated = Counter(v for table in tables for v in table.versions)
    # The uncertain newcomer sits at half the next tables, more than any settled bot.
    assert seated[new] >= len(tables) / 2
    assert seated[new] > max(seated[v] for v in old)
    counts = {row.version_id: row.matches for row in store.ratings("land")}
    assert min(counts[v] for v in old) >= 10  # nobody left idle


@pytest.mark.slow
def test_opponents_are_close_in_rating(store: ArenaStore) -> None:
    bots = add_bots(store, 30)
    play(store, 400, strongest=-1)  # the lowest id always wins: a clear order
    rows = {row.version_id: row for row in store.ratings("land")}
    order = sorted(bots, key=lambda v: -rows[v].mu)
    place = {v: i for i, v in enumerate(order)}
    tables = [t for t in play(store, 60, strongest=-1) if t]
    gaps = [abs(place[t.versions[0]] - place[t.versions[1]]) for t in tables]
    assert sum(gaps) / len(gaps) < 30 / 4  # random pairs would be ~10 places apart


def test_ratings_are_a_recomputation_of_the_stored_results(store: ArenaStore) -> None:
    bots = add_bots(store, 5)
    play(store, 50, strongest=bots[3])
    stored = {row.version_id: row for row in store.ratings("land")}
    assert ladder.recompute(store.done_in_order("land"), stored.values()) == stored
    board = ladder.leaderboard(store, "land", "openskill")
    assert board[0].version.id == bots[3]
    assert ladder.leaderboard(store, "land", "elo")[0].version.id == bots[3]


def test_a_bot_that_keeps_crashing_is_quarantined_once_with_the_reason(store: ArenaStore) -> None:
    bots = add_bots(store, 4)
    with capture_logs() as logs:
        play(store, 40, strongest=bots[0], faulty=bots[1])
    said = [log for log in logs if log["event"] == "bot quarantined"]
    assert len(said) == 1 and said[0]["bot"] == "bot1@1" and "faults in" in said[0]["reason"]
    version = store.version(bots[1])
    assert version.quarantine is not None and "faults in" in version.quarantine
    assert not store.rating("land", bots[1]).active  # type: ignore[union-attr]
    before = store.rating("land", bots[1])
    play(store, 20, strongest=bots[0])
    assert store.rating("land", bots[1]) == before  # never seated again


def test_a_new_version_retires_the_old_one_which_stays_in_the_history(store: ArenaStore) -> None:
    (first,) = add_bots(store, 1)
    second, retired = register_version(
        store, bot="bot0", author="ada", version="2", content_hash="x", kind="package",
        games=["land"],
    )  # fmt: skip
    assert retired == ("bot0@1",)
    assert store.version(first).retired and not second.retired
    assert not store.rating("land", first).active  # type: ignore[union-attr]
    everyone = ladder.leaderboard(store, "land", "openskill", everyone=True)
    assert sorted(line.status for line in everyone) == ["active", "retired"]
    assert [line.version.id for line in ladder.leaderboard(store, "land", "openskill")] == [
        second.id
    ]


def test_a_bot_name_belongs_to_its_author(store: ArenaStore) -> None:
    add_bots(store, 1, author="ada")
    with pytest.raises(ConfigError, match="belongs to another author"):
        register_version(store, bot="bot0", author="eve", version="9", content_hash="e",
                         kind="package", games=["land"])  # fmt: skip


def test_tokens_are_stored_hashed_and_end_when_revoked(store: ArenaStore) -> None:
    token = make_token(store, "ada")
    assert token_author(store, token) == "ada"
    assert token_author(store, token + "x") is None
    assert token.encode() not in store.path.read_bytes()
    assert revoke_tokens(store, "ada") == 1
    assert token_author(store, token) is None
    with pytest.raises(ConfigError, match="no author"):
        revoke_tokens(store, "nobody")


def test_the_landover_ladder_ranks_when_the_arena_asks_for_it(tmp_path: Path) -> None:
    spec = ArenaSpec(games=("land",), rating="landover")
    store = init_arena(tmp_path / "arena", spec)
    try:
        bots = add_bots(store, 4)
        for _ in range(30):
            match = store.claim("t") or (schedule_next(store, spec) and store.claim("t"))
            assert match is not None
            winner = bots[2] if bots[2] in match.seats else min(match.seats)
            store_result(store, spec, match, result(match.seats, winner), "")
        board = ladder.leaderboard(store, "land", "landover")
        assert board[0].version.id == bots[2]
        assert board[0].rating > board[-1].rating
    finally:
        store.close()
