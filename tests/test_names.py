"""One name per bot: the organiser's name is its identity everywhere; seating of one match."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from referee.cli import main
from referee.entrant import Entrant, describe_bot
from referee.errors import ConfigError
from referee.match.seating import seating
from referee.record.reader import read_record
from referee.tournament import ladders
from referee.tournament.spec import default_spec
from referee.transport.remote import RemoteBot, parse_seat
from tests.helpers import BOTS


def test_a_bot_file_is_named_as_the_built_in_bots_name_themselves() -> None:
    """``bots/land_greedy.py`` is ``land-greedy`` from a flag, a spec or the embedded default."""
    assert Entrant.parse(str(BOTS / "land_greedy.py")).name == "land-greedy"
    assert [e.name for e in default_spec(BOTS).entrants] == [
        "land-greedy",
        "land-frontier",
        "random",
    ]
    assert Entrant.parse("land-greedy").name == "land-greedy"  # a built-in bot by name
    assert Entrant.parse("my_bot.py --fast").name == "my-bot"
    assert Entrant.parse("mine=./bot --fast") == Entrant("mine", "./bot --fast")
    assert Entrant.parse("remote:ada=1") == Entrant("ada=1", "remote:ada=1")


def test_a_remote_seat_and_a_named_command_keep_the_organisers_name() -> None:
    assert parse_seat("remote:alice") == RemoteBot("alice")
    assert parse_seat(f"old={BOTS / 'random_bot.py'}").label == "old"  # type: ignore[union-attr]
    with pytest.raises(ConfigError, match="empty bot command"):
        Entrant.parse("  ")


@pytest.mark.parametrize("name", ["", "../x", "a/b"])
def test_a_name_that_is_no_file_name_is_refused(name: str) -> None:
    """The name is the bot's identity and its log files' name: it must be a file name."""
    from referee.tournament.spec import TournamentSpec

    entrants = (Entrant(name, str(BOTS / "random_bot.py")), Entrant("b", "x.py"))
    with pytest.raises(ConfigError, match="expected a name without '/'"):
        TournamentSpec(game="land", entrants=entrants)


def test_the_bots_own_name_and_version_show_beside_the_organisers() -> None:
    assert describe_bot("mine", "random", "1") == "mine (random 1)"
    assert describe_bot("random", "random", "1") == "random (1)"
    assert describe_bot("land-greedy", "land-greedy", "") == "land-greedy"


def test_a_match_seats_its_bots_in_an_order_drawn_from_the_seed() -> None:
    """Seat 0 moves first: who gets it is drawn from the seed, the same on every run."""
    orders = {seed: seating(seed, 3) for seed in range(1, 60)}
    assert all(sorted(order) == [0, 1, 2] for order in orders.values())
    assert orders == {seed: seating(seed, 3) for seed in range(1, 60)}
    assert len(set(orders.values())) == 6  # every order of three happens


def ladder_games(game: str) -> dict[str, int]:
    return dict(ladders.load(game).games)


@pytest.mark.slow
def test_a_bot_started_three_ways_lists_once(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The embedded default, a --bot file and a spec's nameless entry are one bot, one name."""
    greedy, random_bot = str(BOTS / "land_greedy.py"), str(BOTS / "random_bot.py")
    spec = tmp_path / "spec.toml"
    spec.write_text(
        f'game = "land"\ngames_per_table = 1\nbots = [{{command = "{greedy}"}}, "{random_bot}"]\n'
    )
    folders = [tmp_path / name for name in ("default", "flags", "spec")]
    assert main(["tournament", "--games", "1", "--out", str(folders[0])]) == 0
    flags = ["--game", "land", "--bot", greedy, "--bot", random_bot, "--games", "1"]
    assert main(["tournament", *flags, "--out", str(folders[1])]) == 0
    assert main(["tournament", str(spec), "--out", str(folders[2])]) == 0
    out = capsys.readouterr().out
    assert "random (1)" in out  # what the bot says (its version) beside the name

    games = ladder_games("land")
    assert sorted(games) == ["land-frontier", "land-greedy", "random"]
    assert games["land-greedy"] == 4 + 2 + 2

    assert main(["records", str(tmp_path), "--bot", "land-greedy", "--json"]) == 0
    listed = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert len(listed) == 8
    assert all("land-greedy" in entry["bots"] for entry in listed)
    with_random = next(entry for entry in listed if "random" in entry["bots"])
    header = read_record(tmp_path / with_random["path"]).header
    seat = next(s for s in header.seats if s.entrant == "random")
    assert (seat.bot_name, seat.bot_version) == ("random", "1")
    for folder in folders:
        rows = json.loads((folder / "standings.json").read_text())
        assert {row["bot"] for row in rows} <= {"land-frontier", "land-greedy", "random"}
    # The folder's exports name the bots the same way: every match, and head to head.
    matches = (folders[1] / "matches.jsonl").read_text().splitlines()
    assert [sorted(json.loads(line)["bots"]) for line in matches] == [["land-greedy", "random"]] * 2
    pairs = (folders[1] / "head_to_head.csv").read_text().splitlines()
    assert pairs[0].startswith("bot,opponent,games,wins,draws,losses")
    assert {line.split(",")[0] for line in pairs[1:]} == {"land-greedy", "random"}


@pytest.mark.slow
def test_referee_match_seats_as_drawn_and_keeps_the_order_when_asked(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """The seating is drawn from --seed and reported; --keep-order seats the bots as given."""
    seed = next(s for s in range(1, 100) if seating(s, 2) == (1, 0))
    bots = ["--bot", f"first={BOTS / 'random_bot.py'}", "--bot", f"second={BOTS / 'random_bot.py'}"]
    base = ["match", "land", *bots, "--seed", str(seed), "--json"]
    assert main(base) == 0
    drawn = json.loads(capsys.readouterr().out)
    assert drawn["seating"] == [1, 0]
    assert [s["bot"] for s in sorted(drawn["seats"], key=lambda s: s["seat"])] == [
        "second",
        "first",
    ]
    assert main([*base, "--keep-order"]) == 0
    kept = json.loads(capsys.readouterr().out)
    assert kept["seating"] == [0, 1]
    assert [s["bot"] for s in sorted(kept["seats"], key=lambda s: s["seat"])] == [
        "first",
        "second",
    ]
