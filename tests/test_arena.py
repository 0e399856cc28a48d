"""The arena with real processes: submit, run unattended, survive kill -9, remote entry."""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import signal
import socket
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from referee.arena import ladder
from referee.arena.store import ArenaStore
from tests.chromium import Browser
from tests.helpers import BOTS, ROOT, run_referee

NODE_BOT = ROOT / "examples" / "node"


def make_package(folder: Path, name: str, author: str, source: Path, games: str = "land") -> Path:
    folder.mkdir(parents=True)
    (folder / source.name).write_text(source.read_text())
    (folder / "bot.toml").write_text(
        f'name = "{name}"\nversion = "1"\nauthor = "{author}"\n'
        f'command = "{source.name}"\ngames = ["{games}"]\n'
    )
    return folder


def init_arena(folder: Path, *args: str) -> None:
    done = run_referee("arena", "init", str(folder), "--game", "land", *args)
    assert done.returncode == 0, done.stderr


def submit(arena: Path, package: Path, author: str) -> subprocess.CompletedProcess[str]:
    return run_referee("arena", "submit", str(arena), str(package), "--author", author)


def arena_of_two_random_bots(tmp_path: Path, *init_args: str) -> Path:
    """An arena of Land in ``tmp_path/arena`` with two random bots of ada's submitted."""
    arena = tmp_path / "arena"
    init_arena(arena, *init_args)
    for name in ("one", "two"):
        package = make_package(tmp_path / name, name, "ada", BOTS / "random_bot.py")
        assert submit(arena, package, "ada").returncode == 0
    return arena


def rows(arena: Path, sql: str, parameters: tuple[Any, ...] = ()) -> list[Any]:
    with sqlite3.connect(arena / "arena.sqlite") as db:
        return db.execute(sql, parameters).fetchall()


def ratings_match_a_recomputation(arena: Path) -> None:
    store = ArenaStore(arena)
    try:
        stored = {row.version_id: row for row in store.ratings("land")}
        again = ladder.recompute(store.done_in_order("land"), stored.values())
        assert again == stored
        done = len(store.matches("done"))
        assert sum(row.matches for row in stored.values()) == 2 * done  # each counted once
    finally:
        store.close()


def replays_follow_finished_tables(arena: Path) -> int:
    """Every finished match has its replay page once its table is over, and only then
    (the table's other seat orders share its chance); how many replays there are."""
    done = rows(arena, "SELECT id, table_no FROM matches WHERE status = 'done'")
    open_tables = {t for (t,) in rows(arena, "SELECT table_no FROM matches "
                                             "WHERE status IN ('pending', 'running')")}  # fmt: skip
    shown = {int(p.stem) for p in (arena / "site" / "replays").glob("*.html")}
    assert shown == {match for match, table in done if table not in open_tables}
    return len(shown)


@pytest.mark.slow
def test_a_refused_submission_leaves_nothing_behind(tmp_path: Path) -> None:
    init_arena(tmp_path / "arena")
    source = tmp_path / "crash_at_start.py"
    source.write_text("raise SystemExit(3)\n")
    crash = make_package(tmp_path / "crash", "crashy", "ada", source)
    refused = submit(tmp_path / "arena", crash, "ada")
    assert refused.returncode == 1
    assert "FAIL" in refused.stderr and "crashy was refused" in refused.stderr
    no_toml = tmp_path / "no-toml"
    no_toml.mkdir()
    assert submit(tmp_path / "arena", no_toml, "ada").returncode == 2
    for table in ("authors", "bots", "versions", "ratings", "matches"):
        assert rows(tmp_path / "arena", f"SELECT COUNT(*) FROM {table}") == [(0,)]
    assert list((tmp_path / "arena" / "packages").iterdir()) == []


def asking(package: Path, memory_mb: int) -> Path:
    """The package, its ``bot.toml`` asking for ``memory_mb`` of memory."""
    manifest = package / "bot.toml"
    manifest.write_text(manifest.read_text() + f"[resources]\nmemory_mb = {memory_mb}\n")
    return package


@pytest.mark.slow
def test_a_submission_is_checked_under_the_limits_its_matches_will_have(tmp_path: Path) -> None:
    arena = tmp_path / "arena"
    init_arena(arena, "--bot-memory-mb", "384")
    # Asking for more than every bot of the arena gets: refused in one line, before any check.
    asks = asking(make_package(tmp_path / "asks", "asks", "ada", BOTS / "random_bot.py"), 512)
    refused = submit(arena, asks, "ada")
    assert refused.returncode == 2
    assert refused.stderr.strip().splitlines()[-1] == (
        "referee: error: bot.toml asks for 512 MB of memory; this arena gives each bot 384 MB"
    )
    # A bot that needs 600 MB and says nothing passes a check on the author's machine
    # (2048 MB), and is refused by the arena, whose matches would give it 384 MB.
    source = tmp_path / "hoard.py"
    random_bot = (BOTS / "random_bot.py").read_text()
    source.write_text(f"HOARD = bytearray(600 * 1024 * 1024)\n{random_bot}")
    hoard = make_package(tmp_path / "hoard", "hoard", "ada", source)
    assert run_referee("check-bot", str(hoard)).returncode == 0
    refused = submit(arena, hoard, "ada")
    assert refused.returncode == 1
    assert "FAIL handshake" in refused.stderr and "MemoryError" in refused.stderr
    # Asking for what the arena gives is fine.
    fits = asking(make_package(tmp_path / "fits", "fits", "ada", BOTS / "random_bot.py"), 384)
    assert submit(arena, fits, "ada").returncode == 0
    stored = rows(arena, "SELECT b.name FROM versions v JOIN bots b ON b.id = v.bot_id")
    assert stored == [("fits",)]


@pytest.mark.slow
def test_four_bots_play_forty_matches_unattended_and_the_site_shows_them(
    tmp_path: Path,
    browser: Browser,
) -> None:
    arena = tmp_path / "arena"
    init_arena(arena, "--concurrency", "3")
    packages = [
        make_package(tmp_path / "r1", "random-one", "ada", BOTS / "random_bot.py"),
        make_package(tmp_path / "r2", "random-two", "bob", BOTS / "random_bot.py"),
        make_package(tmp_path / "g", "greedy", "cy", BOTS / "land_greedy.py"),
    ]
    for package in packages:
        done = submit(arena, package, _author(package))
        assert done.returncode == 0, done.stderr
    fourth = _node_package() or make_package(
        tmp_path / "r3", "random-three", "dee", BOTS / "random_bot.py"
    )
    assert submit(arena, fourth, _author(fourth)).returncode == 0
    played = run_referee("arena", "run", str(arena), "--matches", "40")
    assert played.returncode == 0, played.stderr
    assert rows(arena, "SELECT COUNT(*) FROM matches WHERE status = 'done'") == [(40,)]
    ratings_match_a_recomputation(arena)

    store = ArenaStore(arena)
    board = ladder.leaderboard(store, "land", "openskill")
    store.close()
    assert board[0].version.bot == "greedy"
    assert all(line.row.matches > 0 for line in board)

    page = browser.open((arena / "site" / "land.html").as_uri())
    shown = page.js(
        "Array.from(document.querySelectorAll('tr.bot')).map("
        "r => [r.dataset.bot, r.querySelector('.rating').textContent])"
    )
    assert shown == [[line.version.bot, f"{line.rating:.2f}"] for line in board]
    assert len(shown) == 4
    bot_page = (arena / "site" / "bots" / f"{board[0].version.id}.html").read_text()
    assert 'href="../replays/' in bot_page
    assert replays_follow_finished_tables(arena) >= 38


def _author(package: Path) -> str:
    text = (package / "bot.toml").read_text()
    return text.split('author = "', 1)[1].split('"', 1)[0]


def _node_package() -> Path | None:
    """The Node.js bot, when set up (CI does it); else None and a warning that says why."""
    if (NODE_BOT / "node_modules").is_dir() and (NODE_BOT / "proto").is_dir():
        return NODE_BOT
    warnings.warn(
        "the Node.js bot is not set up (npm ci --prefix examples/node): "
        "a third random bot takes its place in the arena test",
        stacklevel=2,
    )
    return None


@pytest.mark.slow
def test_kill_9_mid_match_then_run_again_loses_nothing_and_counts_nothing_twice(
    tmp_path: Path,
) -> None:
    arena = tmp_path / "arena"
    init_arena(arena, "--concurrency", "1")
    slow = tmp_path / "slow_random_bot.py"  # a few seconds a match: kill -9 lands mid-match
    slow.write_text(
        (BOTS / "random_bot.py")
        .read_text()
        .replace("    def decide(self, decision: sdk.Decision) -> int:\n",
                 "    def decide(self, decision: sdk.Decision) -> int:\n"
                 "        __import__('time').sleep(0.02)\n")
    )  # fmt: skip
    for name in ("one", "two"):
        package = make_package(tmp_path / name, name, "ada", slow)
        assert submit(arena, package, "ada").returncode == 0
    second = None
    for _ in range(3):  # kill -9 may land in the few ms between two matches: then again
        run = subprocess.Popen(
            [sys.executable, "-m", "referee.cli", "arena", "run", str(arena), "--no-site"],
            start_new_session=True,
            stderr=subprocess.DEVNULL,
        )
        try:
            _wait_for_a_running_match_after(arena, finished=1)
            if second is None:
                second = run_referee("arena", "run", str(arena), "--matches", "1")
                assert second.returncode == 2 and "another 'arena run'" in second.stderr
            _wait_for_a_running_match_after(arena, finished=2)
        finally:
            os.killpg(run.pid, signal.SIGKILL)
            run.wait()
        interrupted = rows(arena, "SELECT id, attempts FROM matches WHERE status = 'running'")
        if interrupted:
            break
    ((running, attempts),) = interrupted
    before = dict(rows(arena, "SELECT id, result FROM matches WHERE status = 'done'"))

    again = run_referee("arena", "run", str(arena), "--matches", "3", "--no-site")
    assert again.returncode == 0, again.stderr
    after = dict(rows(arena, "SELECT id, result FROM matches WHERE status = 'done'"))
    assert {k: after[k] for k in before} == before  # what was finished stays as it was
    assert rows(arena, f"SELECT status, attempts FROM matches WHERE id = {running}") == [
        ("done", attempts + 1)
    ]  # the interrupted match was played again
    assert len(after) == len(before) + 3
    ratings_match_a_recomputation(arena)


def _wait_for_a_running_match_after(arena: Path, finished: int) -> int:
    deadline = time.monotonic() + 300  # a bound for hangs: a loaded machine is slow
    while time.monotonic() < deadline:
        if (arena / "arena.sqlite").exists():
            try:
                done = rows(arena, "SELECT COUNT(*) FROM matches WHERE status = 'done'")[0][0]
                running = rows(arena, "SELECT id FROM matches WHERE status = 'running'")
            except sqlite3.OperationalError:  # busy for a moment
                continue
            if done >= finished and running:
                return int(running[0][0])
        time.sleep(0.02)
    raise AssertionError("the arena did not play")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@pytest.mark.slow
def test_a_remote_bot_with_an_author_token_plays_and_a_revoked_one_is_refused(
    tmp_path: Path,
) -> None:
    arena = tmp_path / "arena"
    init_arena(arena)
    package = make_package(tmp_path / "local", "local", "ada", BOTS / "random_bot.py")
    assert submit(arena, package, "ada").returncode == 0
    revoked = run_referee("arena", "token", str(arena), "--author", "mallory").stdout.strip()
    assert (
        run_referee("arena", "token", str(arena), "--revoke", "--author", "mallory").returncode == 0
    )
    valid = run_referee("arena", "token", str(arena), "--author", "carol").stdout.strip()
    assert revoked not in (arena / "arena.sqlite").read_bytes().decode("latin-1")  # hashed

    address = f"127.0.0.1:{free_port()}"
    command = [sys.executable, "-m", "referee.cli", "arena", "run", str(arena),
               "--matches", "4", "--no-site", "--listen", address]  # fmt: skip
    run = Listening(command)
    refused = remote = None
    try:
        refused = _remote_bot(address, revoked)
        _, said = refused.communicate(timeout=60)
        assert refused.returncode != 0 and "unknown token" in said
        remote = _remote_bot(address, valid)
        log = run.finish()
        assert run.process.returncode == 0, log
    finally:
        run.stop()
        for process in (refused, remote):
            if process is not None and process.poll() is None:
                process.kill()
                process.wait()
    assert rows(arena, "SELECT COUNT(*) FROM authors WHERE name = 'mallory'") == [(1,)]
    assert rows(arena, "SELECT COUNT(*) FROM bots b JOIN authors a ON a.id = b.author_id "
                       "WHERE a.name = 'mallory'") == [(0,)]  # fmt: skip
    played = rows(
        arena,
        "SELECT r.matches FROM ratings r JOIN versions v ON v.id = r.version_id "
        "WHERE v.kind = 'remote'",
    )
    assert played == [(4,)]  # every match seated the remote bot: only two bots can play


def _remote_bot(address: str, token: str) -> subprocess.Popen[str]:
    env = {**os.environ, "LANDGRAVE_ADDRESS": address, "LANDGRAVE_TOKEN": token}
    return subprocess.Popen(
        [sys.executable, str(BOTS / "random_bot.py")],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )


class Listening:
    """``arena run --listen`` in a process, its log read as it comes (the pipe never fills)."""

    def __init__(self, command: list[str]) -> None:
        self.process = subprocess.Popen(command, stderr=subprocess.PIPE, text=True)
        self.lines: list[str] = []
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()
        _wait_until(lambda: any("remote bots may connect" in line for line in self.lines)
                    or self.process.poll() is not None)  # fmt: skip
        assert self.process.poll() is None, self.log()

    def _read(self) -> None:
        assert self.process.stderr is not None
        self.lines.extend(self.process.stderr)

    def finish(self, timeout_s: float = 120) -> str:
        """Wait for the run's end; its log."""
        self.process.wait(timeout=timeout_s)
        self._reader.join(timeout=10)
        return self.log()

    def stop(self) -> None:
        """Kill the run if it is still going (a failed test)."""
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait()
        self._reader.join(timeout=10)

    def log(self) -> str:
        return "".join(self.lines)


@pytest.mark.slow
def test_a_remote_bot_whose_token_is_revoked_while_it_plays_is_cut_off(tmp_path: Path) -> None:
    """Once the arena has seen the revocation, no match it schedules seats the bot."""
    arena = arena_of_two_random_bots(tmp_path)
    token = run_referee("arena", "token", str(arena), "--author", "carol").stdout.strip()
    address = f"127.0.0.1:{free_port()}"
    command = [sys.executable, "-m", "referee.cli", "arena", "run", str(arena),
               "--no-site", "--listen", address]  # fmt: skip
    run = Listening(command)
    remote = None
    try:
        remote = _remote_bot(address, token)
        _wait_until(lambda: _remote_matches(arena) >= 1)
        revoke = run_referee("arena", "token", str(arena), "--revoke", "--author", "carol")
        assert revoke.returncode == 0
        _wait_until(lambda: "its token was revoked" in run.log())
        (seen_at,) = rows(arena, "SELECT max(id) FROM matches")[0]
        remote.communicate(timeout=30)  # its stream was closed: it left
        _wait_until(lambda: len(_done_after(arena, seen_at)) >= 4)
        run.process.send_signal(signal.SIGINT)
        stderr = run.finish()
        assert run.process.returncode == 130, stderr
    finally:
        run.stop()
        for process in (remote,):
            if process is not None and process.poll() is None:
                process.kill()
                process.wait()
    (remote_id,) = rows(arena, "SELECT id FROM versions WHERE kind = 'remote'")[0]
    assert all(remote_id not in seats for seats in _done_after(arena, seen_at))


def _done_after(arena: Path, match_id: int) -> list[list[int]]:
    """The seats of the finished matches scheduled after ``match_id``."""
    found = rows(arena, "SELECT seats FROM matches WHERE status = 'done' AND id > ?", (match_id,))
    return [json.loads(seats) for (seats,) in found]


def _remote_matches(arena: Path) -> int:
    found = rows(
        arena,
        "SELECT r.matches FROM ratings r JOIN versions v ON v.id = r.version_id "
        "WHERE v.kind = 'remote'",
    )
    return int(found[0][0]) if found else 0


def _wait_until(condition: Any, timeout_s: float = 300) -> None:  # hangs, not speed
    deadline = time.monotonic() + timeout_s
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError("timed out")
        time.sleep(0.05)


@pytest.mark.slow
def test_on_dask_workers_fetch_packages_by_hash_and_send_records_and_logs_back(
    tmp_path: Path,
) -> None:
    pytest.importorskip("distributed")
    arena = arena_of_two_random_bots(tmp_path)
    played = run_referee(
        "arena", "run", str(arena), "--dask", "local", "--workers", "2", "--matches", "6"
    )
    assert played.returncode == 0, played.stderr
    assert rows(arena, "SELECT COUNT(*) FROM matches WHERE status = 'done'") == [(6,)]
    ratings_match_a_recomputation(arena)
    records = sorted((arena / "records").glob("*.jsonl"))
    assert len(records) == 6
    header = json.loads(records[0].read_text().splitlines()[0])["header"]
    launches = [seat["launch"] for seat in header["seats"]]
    assert all("landgrave-packages" in launch for launch in launches)  # the worker's cache
    assert not any(str(arena) in launch for launch in launches)  # not the arena's folder
    assert list((arena / "logs").glob("dask-*/*.stderr"))
    assert replays_follow_finished_tables(arena) >= 4


@pytest.fixture
def own_tmpdir(monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A TMPDIR of the run's own, so a Dask worker's package cache starts empty (short: the
    referee's socket lives there too)."""
    folder = Path(tempfile.mkdtemp(prefix="lg-"))
    monkeypatch.setenv("TMPDIR", str(folder))
    yield folder
    shutil.rmtree(folder, ignore_errors=True)


def three_bots_one_unstartable(tmp_path: Path) -> Path:
    """An arena of three random bots whose first one's stored package then loses its
    ``bot.toml``: it can no longer start, wherever it is to play."""
    arena = tmp_path / "arena"
    init_arena(arena)
    for name in ("one", "two", "three"):
        package = make_package(tmp_path / name, name, "ada", BOTS / "random_bot.py")
        assert submit(arena, package, "ada").returncode == 0
    ((content_hash,),) = rows(arena, "SELECT content_hash FROM versions WHERE id = 1")
    (arena / "packages" / content_hash / "bot.toml").unlink()
    return arena


def only_the_unstartable_bot_paid(arena: Path, played: subprocess.CompletedProcess[str]) -> None:
    """The run went on to its budget with the others; the broken version was quarantined,
    each match that seats it skipped and none of them counted."""
    assert played.returncode == 0, played.stderr
    assert "Traceback" not in played.stderr
    statuses = dict(rows(arena, "SELECT status, COUNT(*) FROM matches GROUP BY status"))
    assert statuses.get("done") == 8 and statuses.get("skipped", 0) >= 1, statuses
    assert set(statuses) == {"done", "skipped"}
    ((reason,),) = rows(arena, "SELECT quarantine FROM versions WHERE id = 1")
    assert "no bot.toml" in reason
    assert rows(arena, "SELECT COUNT(*) FROM versions WHERE quarantine IS NOT NULL") == [(1,)]
    seats = [json.loads(s) for (s,) in rows(arena, "SELECT seats FROM matches "
                                               "WHERE status = 'done'")]  # fmt: skip
    assert all(1 not in seated for seated in seats)
    skipped = [json.loads(s) for (s,) in rows(arena, "SELECT seats FROM matches "
                                                 "WHERE status = 'skipped'")]  # fmt: skip
    assert all(1 in seated for seated in skipped)
    ratings_match_a_recomputation(arena)


@pytest.mark.slow
def test_a_stored_package_that_cannot_start_is_quarantined_and_the_others_play_on(
    tmp_path: Path,
) -> None:
    arena = three_bots_one_unstartable(tmp_path)
    played = run_referee("arena", "run", str(arena), "--matches", "8", "--no-site")
    only_the_unstartable_bot_paid(arena, played)
    assert "its stored package is broken" in rows(arena, "SELECT quarantine FROM versions")[0][0]


@pytest.mark.slow
@pytest.mark.usefixtures("own_tmpdir")  # the worker unpacks what it is sent, manifest missing
def test_a_package_that_cannot_start_on_a_dask_worker_costs_its_batch_mates_nothing(
    tmp_path: Path,
) -> None:
    pytest.importorskip("distributed")
    arena = three_bots_one_unstartable(tmp_path)
    played = run_referee(
        "arena", "run", str(arena), "--dask", "local", "--matches", "8", "--no-site"
    )
    only_the_unstartable_bot_paid(arena, played)
    assert "cannot start on Dask worker" in rows(arena, "SELECT quarantine FROM versions")[0][0]


@pytest.mark.slow
def test_dask_workers_that_fail_every_batch_stop_the_run_in_one_line(
    tmp_path: Path, own_tmpdir: Path
) -> None:
    pytest.importorskip("distributed")
    arena = arena_of_two_random_bots(tmp_path)
    # The workers cannot make their package cache: a file stands where it goes.
    (own_tmpdir / "landgrave-packages").write_text("")
    played = run_referee("arena", "run", str(arena), "--dask", "local", "--no-site")
    assert played.returncode == 2
    assert (
        played.stderr.strip()
        .splitlines()[-1]
        .startswith(
            "referee: error: every Dask worker failed 3 batches in a row, the last with "
            "FileExistsError"
        )
    )
    statuses = rows(arena, "SELECT status, COUNT(*) FROM matches GROUP BY status")
    assert statuses and all(status == "pending" for status, _ in statuses)


@contextlib.contextmanager
def dask_cluster(folder: Path, worker_tmpdirs: list[Path]) -> Iterator[str]:
    """A Dask scheduler and one single-threaded worker process per TMPDIR given, each
    worker with its own (so its own package cache); the scheduler's address."""
    dask = str(Path(sys.executable).parent / "dask")
    scheduler_file = folder / "scheduler.json"
    quiet = {"stdout": subprocess.DEVNULL, "stderr": subprocess.DEVNULL, "start_new_session": True}
    started = [
        subprocess.Popen(
            [dask, "scheduler", "--host", "127.0.0.1", "--port", "0", "--no-dashboard",
             "--scheduler-file", str(scheduler_file)],
            **quiet,
        )
    ]  # fmt: skip
    try:
        _wait_until(scheduler_file.exists, timeout_s=60)
        for tmpdir in worker_tmpdirs:
            started.append(
                subprocess.Popen(
                    [dask, "worker", "--scheduler-file", str(scheduler_file), "--nthreads", "1",
                     "--no-dashboard", "--host", "127.0.0.1"],
                    env={**os.environ, "TMPDIR": str(tmpdir)},
                    **quiet,
                )
            )  # fmt: skip
        from distributed import Client

        with Client(scheduler_file=str(scheduler_file)) as client:
            client.wait_for_workers(len(worker_tmpdirs), timeout=60)
            yield str(client.scheduler.address)
    finally:
        for process in started:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(process.pid, signal.SIGKILL)
            process.wait()


@pytest.mark.slow
def test_a_broken_dask_worker_is_left_out_and_the_others_play_on(
    tmp_path: Path, own_tmpdir: Path
) -> None:
    pytest.importorskip("distributed")
    arena = arena_of_two_random_bots(tmp_path)
    good, broken = own_tmpdir / "good", own_tmpdir / "broken"
    good.mkdir()
    broken.mkdir()
    (broken / "landgrave-packages").write_text("")  # it cannot make its package cache
    with dask_cluster(own_tmpdir, [good, broken]) as address:
        played = run_referee(
            "arena", "run", str(arena), "--dask", address, "--matches", "8", "--no-site"
        )
    assert played.returncode == 0, played.stderr
    assert rows(arena, "SELECT COUNT(*) FROM matches WHERE status = 'done'") == [(8,)]
    failed = [line for line in played.stderr.splitlines() if "dask batch failed" in line]
    left_out = [line for line in played.stderr.splitlines() if "dask worker left out" in line]
    assert len(left_out) == 1 and "FileExistsError" in left_out[0], played.stderr
    assert len(failed) == 3  # its batches failed three times, then it was sent no more
    assert all("FileExistsError" in line for line in failed)


@pytest.mark.slow
def test_ctrl_c_stops_cleanly_and_leaves_no_match_running(tmp_path: Path) -> None:
    arena = arena_of_two_random_bots(tmp_path, "--concurrency", "2")
    command = [sys.executable, "-m", "referee.cli", "arena", "run", str(arena)]
    run = subprocess.Popen(command, start_new_session=True, stderr=subprocess.PIPE, text=True)
    try:
        _wait_for_a_running_match_after(arena, finished=2)
        os.killpg(run.pid, signal.SIGINT)  # what Ctrl-C at a terminal sends
        _, stderr = run.communicate(timeout=60)
    finally:
        if run.poll() is None:
            os.killpg(run.pid, signal.SIGKILL)
            run.wait()
    assert run.returncode == 130, stderr
    assert "Traceback" not in stderr
    running = rows(arena, "SELECT id, worker, attempts FROM matches WHERE status = 'running'")
    assert running == [], stderr
    ratings_match_a_recomputation(arena)
    replays_follow_finished_tables(arena)  # the site caught up
