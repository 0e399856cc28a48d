"""``referee arena`` refuses an organiser's bad input in one line (exit 2) and keeps the store.

In-process, through ``referee.cli.main``: every refusal here happens before a bot starts.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from pathlib import Path

import pytest

from referee.arena.registry import register_version
from referee.arena.spec import ArenaSpec
from referee.arena.store import DATABASE_NAME, ArenaStore
from referee.cli import main
from referee.errors import ConfigError
from referee.transport.server import BotServer, check_tcp_address
from tests.helpers import BOTS

BOT = str(BOTS / "random_bot.py")


def one_line(capsys: pytest.CaptureFixture[str]) -> str:
    """The single line a refusal printed on stderr."""
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1, err
    return err.strip()


def refused(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    """Run the command, expect exit status 2 and return its one-line error."""
    try:
        code = main(argv)
    except SystemExit as stop:  # argparse refuses flags this way
        code = stop.code  # type: ignore[assignment]
    assert code == 2
    return one_line(capsys)


@pytest.fixture
def arena(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    folder = tmp_path / "arena"
    assert main(["arena", "init", str(folder), "--game", "land"]) == 0
    capsys.readouterr()
    return folder


@pytest.fixture
def no_run(monkeypatch: pytest.MonkeyPatch) -> None:
    """A refused ``arena run`` must stop before it plays; fail (not hang) if it gets there."""

    def started(*_: object) -> int:
        raise AssertionError("arena run started despite a bad flag")

    monkeypatch.setattr("referee.arena.workers.run_workers", started)


# -- run --workers -------------------------------------------------------------


@pytest.mark.parametrize("workers", ["999", "257", "0"])
def test_run_refuses_workers_outside_the_tournaments_bound(
    arena: Path, workers: str, no_run: None, capsys: pytest.CaptureFixture[str]
) -> None:
    line = refused(["arena", "run", str(arena), "--workers", workers, "--matches", "1"], capsys)
    assert f"argument --workers: expected 1 to 256, got {workers}" in line


# -- --listen ------------------------------------------------------------------

BAD_ADDRESSES = [
    "127.0.0.1:99999",  # gRPC would listen on 34463
    "127.0.0.1:65536",
    "127.0.0.1:-1",  # gRPC would listen on 65535
    "127.0.0.1:",  # gRPC would listen on 443
    "localhost",
    ":0",
    "127.0.0.1:0x10",
    "",
]


@pytest.mark.parametrize("address", BAD_ADDRESSES)
def test_run_refuses_a_listen_port_outside_0_to_65535_before_touching_the_store(
    arena: Path, address: str, no_run: None, capsys: pytest.CaptureFixture[str]
) -> None:
    before = (arena / DATABASE_NAME).read_bytes()
    argv = ["arena", "run", str(arena), "--no-site", "--listen", address, "--matches", "1"]
    line = refused(argv, capsys)
    assert line == (
        f"referee: error: --listen: expected HOST:PORT with a port from 0 to 65535, got {address!r}"
    )
    assert (arena / DATABASE_NAME).read_bytes() == before


@pytest.mark.parametrize("address", [a for a in BAD_ADDRESSES if a])  # "" is "no TCP" here
def test_every_listener_refuses_a_bad_address(address: str) -> None:
    """BotServer checks its own address, so every command that listens is covered."""
    with pytest.raises(ConfigError, match=r"^--listen: expected HOST:PORT"):
        BotServer(tcp=address)


@pytest.mark.parametrize("address", ["127.0.0.1:0", "0.0.0.0:65535", "[::1]:50051", "host:1"])
def test_a_good_listen_address_passes(address: str) -> None:
    check_tcp_address(address)


def test_a_match_with_a_remote_seat_refuses_a_bad_listen_port(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["match", "land", "--bot", "remote:far", "--bot", BOT, "--listen", "127.0.0.1:99999",
            "--remote-timeout", "1"]  # fmt: skip
    line = refused(argv, capsys)
    assert line.startswith("referee: error: --listen: expected HOST:PORT")


# -- token on a folder that holds no arena ---------------------------------------


def empty(folder: Path) -> None:
    folder.mkdir()


def zero_bytes(folder: Path) -> None:
    folder.mkdir()
    (folder / DATABASE_NAME).touch()


def no_settings(folder: Path) -> None:
    folder.mkdir()
    ArenaStore(folder, create=True).close()  # the schema, but no arena made in it


def unreadable_settings(folder: Path) -> None:
    assert main(["arena", "init", str(folder), "--game", "land"]) == 0
    with sqlite3.connect(folder / DATABASE_NAME) as db:
        db.execute("UPDATE meta SET value = '{\"games\": 3' WHERE key = 'spec'")
    db.close()


def tokens(folder: Path) -> int:
    """Token rows in the folder's database (0 without one)."""
    if not (folder / DATABASE_NAME).exists():
        return 0
    with sqlite3.connect(folder / DATABASE_NAME) as db:
        has = db.execute("SELECT 1 FROM sqlite_master WHERE name = 'tokens'").fetchone()
        count = db.execute("SELECT COUNT(*) FROM tokens").fetchone()[0] if has else 0
    db.close()
    return int(count)


@pytest.mark.parametrize("make", [empty, zero_bytes, no_settings, unreadable_settings])
@pytest.mark.parametrize("revoke", [False, True])
def test_token_refuses_a_folder_that_holds_no_arena_as_show_does(
    tmp_path: Path, make: Callable[[Path], None], revoke: bool, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "dir"
    make(folder)
    capsys.readouterr()
    had_database = (folder / DATABASE_NAME).exists()
    line = refused(
        ["arena", "token", str(folder), "--author", "ada", *(["--revoke"] if revoke else [])],
        capsys,
    )
    assert tokens(folder) == 0
    assert (folder / DATABASE_NAME).exists() == had_database  # none made where none was
    assert line == refused(["arena", "show", str(folder)], capsys)
    assert line.startswith("referee: error: ")
    if make is not unreadable_settings:
        assert "holds no arena" in line


def test_token_still_works_in_an_arena(arena: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["arena", "token", str(arena), "--author", "ada"]) == 0
    assert capsys.readouterr().out.startswith("lgt_")
    assert main(["arena", "token", str(arena), "--author", "ada", "--revoke"]) == 0
    assert "revoked 1 token(s) of ada" in capsys.readouterr().out


# -- init --table-size ---------------------------------------------------------


def test_init_refuses_a_table_size_for_a_game_the_arena_does_not_play(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "arena"
    argv = ["arena", "init", str(folder), "--game", "land", "--table-size", "carcassonne=3"]
    line = refused(argv, capsys)
    assert line == "referee: error: table size: this arena plays land, not carcassonne"
    assert not folder.exists()


def test_init_takes_a_table_size_for_a_game_it_plays(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "arena"
    argv = ["arena", "init", str(folder), "--game", "land", "--game", "carcassonne",
            "--table-size", "carcassonne=3"]  # fmt: skip
    assert main(argv) == 0
    store = ArenaStore(folder)
    try:
        assert store.get_meta("spec") is not None
        assert ArenaSpec.from_json(store.get_meta("spec") or "").table_size("carcassonne") == 3
    finally:
        store.close()


def test_an_arena_stored_with_a_stray_table_size_still_reads() -> None:
    """Arenas made before the refusal keep working: the stray size was never used."""
    spec = ArenaSpec.from_json('{"games": ["land"], "table_sizes": {"carcassonne": 3}}')
    assert spec.table_sizes == {}


# -- a database edited by hand -------------------------------------------------


def test_a_version_row_edited_out_of_shape_is_named_in_one_line(
    arena: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    store = ArenaStore(arena)
    register_version(
        store, bot="one", author="ada", version="1", content_hash="0" * 64, kind="package",
        games=("land",),
    )  # fmt: skip
    store.close()
    with sqlite3.connect(arena / DATABASE_NAME) as hand:  # as with the sqlite3 shell
        hand.execute("UPDATE versions SET games = 'notjson'")
    said = refused(["arena", "show", str(arena)], capsys)
    assert said.startswith("referee: error: version 1 in arena.sqlite is damaged (JSONDecodeError")
    assert said.endswith("restore arena.sqlite from a copy")
