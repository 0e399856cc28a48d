"""Tournaments end to end with real bot processes: results, resume after kill -9, quarantine."""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
import trio

from referee.entrant import Entrant
from referee.record.reader import read_record
from referee.replay.verify import verify_record
from referee.settings import MatchOptions
from referee.tournament.coordinator import open_tournament, run_tournament
from referee.tournament.spec import TournamentSpec
from referee.tournament.store import DATABASE_NAME, Store
from tests.helpers import BOTS, TEST_BOTS, run_referee

pytestmark = pytest.mark.slow

SPEC_TOML = f"""
name = "resumable"
chance_secret_file = "{{secret}}"
game = "land"
games_per_table = 5
concurrency = 2
{{clock}}
bots = [
  {{ name = "random-a", command = "{BOTS / "random_bot.py"}" }},
  {{ name = "random-b", command = "{BOTS / "random_bot.py"}" }},
  {{ name = "frontier", command = "{BOTS / "land_frontier.py"}" }},
]
"""


GENEROUS_CLOCK = "decision_ms = 30000\nstartup_timeout_s = 60.0"
"""For tournaments whose results are compared: a bot is never late on a busy machine, so
the comparison is of what the bots chose, not of how the machine was loaded."""
GENEROUS = MatchOptions(decision_ms=30_000, startup_timeout_s=60.0)


def secret_file(tmp_path: Path) -> Path:
    """One chance secret for tournaments whose results are compared: the same chance."""
    path = tmp_path / "organiser.secret"
    path.write_text("a secret the tests share, 32 bytes")
    return path


def spec_toml(tmp_path: Path) -> str:
    return SPEC_TOML.replace("{secret}", str(secret_file(tmp_path))).replace(
        "{clock}", GENEROUS_CLOCK
    )


def results(folder: Path) -> dict[int, Any]:
    """Per scheduled match, the seats' names, ranks, scores and terminations."""
    with sqlite3.connect(folder / DATABASE_NAME) as db:
        rows = db.execute("SELECT id, status, result FROM matches ORDER BY id").fetchall()
    assert all(status == "done" for _, status, _ in rows), "some matches are not done"
    return {
        match_id: [
            (s["name"], s["rank"], s["score"], s["termination"])
            for s in json.loads(result)["seats"]
        ]
        for match_id, _, result in rows
    }


def done_count(folder: Path) -> int:
    try:
        with sqlite3.connect(folder / DATABASE_NAME) as db:
            return int(db.execute("SELECT COUNT(*) FROM matches WHERE status='done'").fetchone()[0])
    except sqlite3.OperationalError:
        return 0


def referee(*args: str, **options: Any) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "referee.cli", *args],
        text=True,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        process_group=0,
        **options,
    )


def test_a_tournament_killed_half_way_resumes_to_the_same_results(tmp_path: Path) -> None:
    spec_path = tmp_path / "spec.toml"
    spec_path.write_text(spec_toml(tmp_path))
    whole, killed = tmp_path / "whole", tmp_path / "killed"
    done = run_referee("tournament", str(spec_path), "--out", str(whole), "--no-progress")
    assert done.returncode == 0, done.stdout + done.stderr
    total = len(results(whole))

    run = referee("tournament", str(spec_path), "--out", str(killed), "--no-progress")
    deadline = time.monotonic() + 300  # for hangs, not speed
    while done_count(killed) < total // 3 and time.monotonic() < deadline:
        time.sleep(0.05)
    os.killpg(run.pid, signal.SIGKILL)
    run.wait()
    assert 0 < done_count(killed) < total, "the kill should land half-way"

    resumed = run_referee("tournament", "--resume", str(killed), "--no-progress")
    assert resumed.returncode == 0, resumed.stdout + resumed.stderr
    assert results(killed) == results(whole)
    with sqlite3.connect(killed / DATABASE_NAME) as db:
        records = [killed / path for (path,) in db.execute("SELECT record_path FROM matches")]
    for record in records:
        verify_record(record)


def test_ctrl_c_stops_cleanly_and_the_rest_is_resumable(tmp_path: Path) -> None:
    """Without a secret of the organiser's, the tournament makes one, readable by its owner only."""
    spec_path = tmp_path / "spec.toml"
    spec_path.write_text(
        SPEC_TOML.replace('chance_secret_file = "{secret}"', "").replace("{clock}", "")
    )
    folder = tmp_path / "t"
    run = referee("tournament", str(spec_path), "--out", str(folder), "--no-progress")
    deadline = time.monotonic() + 300  # for hangs, not speed
    while done_count(folder) < 3 and time.monotonic() < deadline:
        time.sleep(0.05)
    run.send_signal(signal.SIGINT)
    output, _ = run.communicate(timeout=60)
    assert run.returncode == 130, output
    assert f"referee tournament --resume {folder}" in output
    with sqlite3.connect(folder / DATABASE_NAME) as db:
        statuses = {s for (s,) in db.execute("SELECT status FROM matches")}
    assert "running" not in statuses
    secret = (folder / "chance.secret").read_text()
    assert (folder / "chance.secret").stat().st_mode & 0o777 == 0o600
    resumed = run_referee("tournament", "--resume", str(folder), "--no-progress")
    assert resumed.returncode == 0, resumed.stdout
    assert len(results(folder)) == 30
    assert (folder / "chance.secret").read_text() == secret
    # Every match of a seed group, played before or after the resume, drew one key's chance.
    with sqlite3.connect(folder / DATABASE_NAME) as db:
        rows = db.execute("SELECT round, table_no, group_no, record_path FROM matches").fetchall()
    keys: dict[tuple[int, int, int], set[str]] = {}
    for *group, path in rows:
        verify_record(folder / path)
        keys.setdefault(tuple(group), set()).add(read_record(folder / path).footer.chance_key)
    assert all(len(k) == 1 for k in keys.values()) and len(keys) == 15


def test_a_bot_that_always_crashes_is_quarantined_and_the_rest_completes(tmp_path: Path) -> None:
    spec = TournamentSpec(
        game="land",
        name="quarantine",
        entrants=(
            Entrant("random", str(BOTS / "random_bot.py")),
            Entrant("frontier", str(BOTS / "land_frontier.py")),
            Entrant("crasher", f"{TEST_BOTS / 'faulty.py'} exit"),
        ),
        games_per_table=4,
        concurrency=2,
    )
    store, spec = open_tournament(tmp_path / "t", spec)
    rows = trio.run(run_tournament, store, spec)
    counts = store.counts()
    store.close()
    by_name = {row.name: row for row in rows}
    assert "faults in" in by_name["crasher"].quarantined
    assert by_name["crasher"].faults["crash"] >= 4
    assert counts["skipped"] > 0 and counts["pending"] == counts["running"] == 0
    # Every match between the healthy bots was played.
    assert by_name["random"].matches >= 8 and by_name["frontier"].matches >= 8

    # The export lists the skipped matches, and says how each crash went.
    exported = [json.loads(line) for line in export(tmp_path / "t").splitlines()]
    assert sum(match["status"] == "skipped" for match in exported) == counts["skipped"]
    crashed = [
        detail
        for match in exported
        for bot, termination, detail in zip(
            match["bots"], match["terminations"], match["details"], strict=True
        )
        if bot == "crasher" and termination == "crash"
    ]
    assert len(crashed) >= 4 and all(d.startswith("exited with code 3") for d in crashed)


def export(folder: Path) -> str:
    """``referee records FOLDER --json`` run from another working folder."""
    done = subprocess.run(
        [sys.executable, "-m", "referee.cli", "records", str(folder.resolve()), "--json"],
        cwd="/",
        capture_output=True,
        text=True,
        check=True,
    )
    return done.stdout


def test_two_worker_processes_give_the_same_results_as_one(tmp_path: Path) -> None:
    entrants = (
        Entrant("random", str(BOTS / "random_bot.py")),
        Entrant("frontier", str(BOTS / "land_frontier.py")),
        Entrant("greedy", str(BOTS / "land_greedy.py")),
    )
    for workers in (1, 2):
        spec = TournamentSpec(
            game="land",
            name="w",
            entrants=entrants,
            games_per_table=2,
            workers=workers,
            chance_secret_file=str(secret_file(tmp_path)),
            match=GENEROUS,
        )
        store, spec = open_tournament(tmp_path / f"w{workers}", spec)
        trio.run(run_tournament, store, spec)
        if workers == 1:  # its pool keeps no more bot processes than its lanes have seats
            started = list((store.folder / "logs").glob("*.stderr"))
            assert len(started) <= spec.concurrency * 2
        if workers == 2:
            used = {
                m
                for (m,) in sqlite3.connect(store.path).execute(
                    "SELECT DISTINCT worker FROM matches"
                )
            }
            assert used == {"w1", "w2"}
            logs = {log.parent.name for log in (store.folder / "logs").rglob("*.stderr")}
            assert logs == {"w1", "w2"}  # apart: each worker numbers its bots' logs from 0
        store.close()
    assert results(tmp_path / "w1") == results(tmp_path / "w2")


def test_solo_bots_play_the_same_seeds_and_are_compared_seed_by_seed(tmp_path: Path) -> None:
    spec = TournamentSpec(
        game="land6",
        name="solo",
        entrants=(
            Entrant("random", str(BOTS / "random_bot.py")),
            Entrant("heuristic", str(BOTS / "land6_heuristic.py")),
        ),
        games_per_table=6,
    )
    store, spec = open_tournament(tmp_path / "t", spec)
    rows = trio.run(run_tournament, store, spec)
    matches = store.matches("done")
    store.close()
    seeds = {
        name: sorted(m.seed for m in matches if m.seats == (name,))
        for name in ("random", "heuristic")
    }
    assert seeds["random"] == seeds["heuristic"] and len(set(seeds["random"])) == 6
    best = rows[0]
    assert best.name == "heuristic"
    assert best.wins + best.draws + best.losses == 6  # one comparison per seed
    assert best.games_won > rows[1].games_won


def test_a_swiss_tournament_pairs_each_round_after_the_last_and_rotates_byes(
    tmp_path: Path,
) -> None:
    names = ["r1", "r2", "r3", "frontier", "greedy"]
    commands = [BOTS / "random_bot.py"] * 3 + [BOTS / "land_frontier.py", BOTS / "land_greedy.py"]
    spec = TournamentSpec(
        game="land",
        name="swiss",
        format="swiss",
        swiss_rounds=3,
        games_per_table=1,
        entrants=tuple(Entrant(n, str(c)) for n, c in zip(names, commands, strict=True)),
    )
    store, spec = open_tournament(tmp_path / "t", spec)
    trio.run(run_tournament, store, spec)
    matches = store.matches()
    byes = json.loads(store.get_meta("byes") or "[]")
    store.close()
    assert {m.round for m in matches} == {1, 2, 3}
    assert all(m.status == "done" for m in matches)
    pairings = {(m.round, frozenset(m.seats)) for m in matches}
    assert len(pairings) == 3 * 2  # two tables a round, five bots, one bye
    assert len({pair for _, pair in pairings}) == len(pairings), "a pairing repeated"
    assert len(byes) == 3 and len(set(byes)) == 3
    for round_no, bye in enumerate(byes, start=1):
        assert all(bye not in pair for r, pair in pairings if r == round_no)


def test_a_tournament_on_a_dask_cluster_gives_the_same_results(tmp_path: Path) -> None:
    entrants = (
        Entrant("random", str(BOTS / "random_bot.py")),
        Entrant("frontier", str(BOTS / "land_frontier.py")),
        Entrant("greedy", str(BOTS / "land_greedy.py")),
    )
    for where, dask in (("here", ""), ("dask", "local")):
        spec = TournamentSpec(
            game="land",
            name="d",
            entrants=entrants,
            games_per_table=2,
            workers=2,
            concurrency=2,
            dask_scheduler=dask,
            chance_secret_file=str(secret_file(tmp_path)),
            match=GENEROUS,
        )
        store, spec = open_tournament(tmp_path / where, spec)
        trio.run(run_tournament, store, spec)
        store.close()
    assert results(tmp_path / "dask") == results(tmp_path / "here")
    with sqlite3.connect(tmp_path / "dask" / DATABASE_NAME) as db:
        rows = db.execute("SELECT worker, record_path FROM matches").fetchall()
    assert {worker for worker, _ in rows} == {"dask"}
    for _, record in rows:
        verify_record(tmp_path / "dask" / record)  # the worker's record came back whole
    assert list((tmp_path / "dask" / "logs").glob("dask-*/*.stderr"))  # and its bots' logs


def test_a_tournament_begun_in_one_folder_finds_its_records_from_any_other(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Its database keeps record paths relative to the tournament's folder: one given as
    `--out t` kept 't/records/...', which led nowhere from any other working folder."""
    monkeypatch.chdir(tmp_path)
    spec = TournamentSpec(
        game="land",
        name="here",
        entrants=(Entrant("a", str(BOTS / "random_bot.py")), Entrant("b", "random")),
    )
    store, spec = open_tournament(Path("t"), spec)
    trio.run(run_tournament, store, spec)
    store.close()
    monkeypatch.chdir("/")
    store = Store(tmp_path / "t")
    records = [Path(str(match.record_path)) for match in store.matches()]
    store.close()
    assert records and all(record.is_file() for record in records)
    for record in records:
        verify_record(record)


def test_a_bot_given_by_a_relative_path_still_starts_when_resumed_from_elsewhere(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`--bot my_bot.py` in one folder, `--resume` from another: the bot is kept by its
    absolute path (a built-in bot's name stays a name)."""
    (tmp_path / "mine").mkdir()
    (tmp_path / "mine" / "my_bot.py").write_text((BOTS / "random_bot.py").read_text())
    monkeypatch.chdir(tmp_path / "mine")
    spec = TournamentSpec(
        game="land",
        name="anchored",
        entrants=(Entrant.parse("my_bot.py"), Entrant.parse("random")),
    )
    store, spec = open_tournament(tmp_path / "t", spec)
    store.close()
    assert [e.command for e in spec.entrants] == [str(tmp_path / "mine" / "my_bot.py"), "random"]
    assert [e.name for e in spec.entrants] == ["my-bot", "random"]
    monkeypatch.chdir("/")
    store, resumed = open_tournament(tmp_path / "t", None)
    assert resumed.entrants == spec.entrants
    trio.run(run_tournament, store, resumed)
    played = store.matches()
    store.close()
    assert played and all(match.result is not None for match in played)
    terminations = {seat.termination.label for m in played if m.result for seat in m.result.seats}
    assert terminations == {"normal"}  # my-bot started each time, from "/"


def test_the_byes_of_a_swiss_tournament_are_named_at_its_end(tmp_path: Path) -> None:
    """A bye counts in the pairings' points and in no game of the standings: said so."""
    done = run_referee(
        "tournament", "--game", "land", "--bot", "random", "--bot", "land-greedy",
        "--bot", "land-frontier", "--format", "swiss", "--games", "1", "--no-progress",
        "--out", str(tmp_path / "t"),
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    with sqlite3.connect(tmp_path / "t" / DATABASE_NAME) as db:
        (byes,) = db.execute("SELECT value FROM meta WHERE key = 'byes'").fetchone()
    db.close()
    named = ", ".join(json.loads(byes))
    assert f"Swiss byes (each worth winning its round's games, for pairing): {named}" in (
        done.stdout.replace("\n", " ")
    )
