"""Schedules: round robin, gauntlet, Swiss pairing, seat rotation, duplicate seeds."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from referee.entrant import Entrant
from referee.errors import ConfigError
from referee.tournament import schedule
from referee.tournament.coordinator import first_round
from referee.tournament.spec import TournamentSpec, parse_spec


def first_schedule(spec: TournamentSpec) -> list[schedule.PlannedMatch]:
    plan = first_round(spec)
    assert plan is not None
    return list(plan)


def spec(names: str = "a b c", **options: object) -> TournamentSpec:
    entrants = tuple(Entrant(n, f"bots/{n}.py") for n in names.split())
    return TournamentSpec(game=str(options.pop("game", "land")), entrants=entrants, **options)


def test_round_robin_meets_every_pair_in_both_seat_orders() -> None:
    planned = first_schedule(spec(games_per_table=3))
    pairs = Counter(frozenset(m.seats) for m in planned)
    assert pairs == {frozenset("ab"): 6, frozenset("ac"): 6, frozenset("bc"): 6}


def test_every_bot_sits_in_every_seat_equally_often() -> None:
    planned = first_schedule(spec("a b c d", games_per_table=2))
    seats = Counter((m.seats[s], s) for m in planned for s in range(2))
    assert len(set(seats.values())) == 1
    assert set(seats) == {(n, s) for n in "abcd" for s in range(2)}


def test_multiplayer_tables_rotate_every_bot_through_every_seat() -> None:
    for rotation in ("all", "cyclic"):
        planned = first_schedule(spec("a b c d", table_size=3, rotation=rotation))
        seats = Counter((m.seats[s], s) for m in planned for s in range(3))
        assert len(set(seats.values())) == 1, rotation
    assert len(schedule.seat_orders("abc", "all")) == 6
    assert len(schedule.seat_orders("abcd", "cyclic")) == 4


def test_rotated_games_of_a_table_share_a_seed_and_tables_differ() -> None:
    planned = first_schedule(spec(games_per_table=2))
    by_group: dict[tuple[frozenset[str], int], set[int]] = {}
    for m in planned:
        by_group.setdefault((frozenset(m.seats), m.group), set()).add(m.seed)
    assert all(len(seeds) == 1 for seeds in by_group.values())
    assert len({next(iter(s)) for s in by_group.values()}) == len(by_group)


def test_solo_games_put_every_bot_on_the_same_seeds() -> None:
    tables = schedule.Listed((("a",), ("b",)))
    planned = list(schedule.round_plan(spec(games_per_table=3), tables, round_no=1))
    seeds = {name: [m.seed for m in planned if m.seats == (name,)] for name in "ab"}
    assert seeds["a"] == seeds["b"] and len(set(seeds["a"])) == 3


def test_gauntlet_seats_the_challenger_at_every_table() -> None:
    planned = first_schedule(spec("a b c d", format="gauntlet", challenger="c"))
    assert {frozenset(m.seats) for m in planned} == {
        frozenset("ca"),
        frozenset("cb"),
        frozenset("cd"),
    }


def test_swiss_pairs_by_score_without_repeats_and_gives_one_bye() -> None:
    standings = [("a", 3.0), ("b", 2.0), ("c", 2.0), ("d", 1.0), ("e", 0.0)]
    pairs, bye = schedule.swiss_pairings(standings, {frozenset("ab")}, had_bye={"e"})
    assert bye == "d"
    assert pairs == [("a", "c"), ("b", "e")]
    assert all(frozenset(p) != frozenset("ab") for p in pairs)


def test_swiss_allows_a_repeat_only_when_nothing_else_is_possible() -> None:
    pairs, bye = schedule.swiss_pairings([("a", 1.0), ("b", 0.0)], {frozenset("ab")}, set())
    assert pairs == [("a", "b")] and bye is None


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"bots": ["x.py"]}, "missing key 'game'"),
        ({"game": "land", "bots": ["x.py"], "colour": 1}, "unknown key 'colour'"),
        ({"game": "land", "bots": ["x.py"], "workers": "two"}, "workers: expected int"),
        ({"game": "land", "bots": ["x.py"], "format": "league"}, "format: expected one of"),
        ({"game": "land", "bots": [{"cmd": "x"}]}, r"bots\[0\]: expected a command"),
        ({"game": "land", "bots": ["a.py", "a.py"]}, "names must be unique"),
        ({"game": "land", "bots": ["a.py"], "format": "gauntlet"}, "challenger: expected one"),
        ({"game": "land", "bots": ["a.py"], "challenger": "a"}, "challenger: only a gauntlet"),
        ({"game": "land", "bots": ["a.py"], "swiss_rounds": 3}, "swiss_rounds: only a Swiss"),
        ({"game": "land", "bots": ["a.py"], "max_fault_rate": 2}, "max_fault_rate"),
    ],
)
def test_a_bad_spec_names_the_key_and_what_is_wrong(data: dict[str, object], message: str) -> None:
    with pytest.raises(ConfigError, match=message):
        parse_spec(data)


def test_a_table_the_game_cannot_seat_is_refused() -> None:
    with pytest.raises(ConfigError, match="table_size: land seats 2-6, got 7"):
        first_schedule(spec("a b c d e f g", table_size=7))
    with pytest.raises(ConfigError, match="swiss pairs two"):
        first_schedule(spec("a b c", format="swiss", table_size=3))


def test_resuming_what_is_no_tournament_is_a_clear_error(tmp_path: Path) -> None:
    from referee.tournament.coordinator import open_tournament
    from referee.tournament.store import DATABASE_NAME

    with pytest.raises(ConfigError, match="holds no tournament"):
        open_tournament(tmp_path / "missing", None)
    (tmp_path / "junk").mkdir()
    (tmp_path / "junk" / DATABASE_NAME).write_bytes(b"this is not sqlite" * 100)
    with pytest.raises(ConfigError, match="is not a tournament database"):
        open_tournament(tmp_path / "junk", None)


def test_resuming_after_a_bot_moved_says_which(tmp_path: Path) -> None:
    from referee.tournament.coordinator import open_tournament

    bot = tmp_path / "mine.py"
    bot.write_text("")
    entrants = (Entrant("a", str(bot)), Entrant("b", str(bot)))
    store, _ = open_tournament(tmp_path / "t", TournamentSpec(game="land", entrants=entrants))
    store.close()
    bot.unlink()
    with pytest.raises(ConfigError, match="bot file not found"):
        open_tournament(tmp_path / "t", None)


def test_a_bot_named_on_the_command_line() -> None:
    assert Entrant.parse("bots/land_greedy.py") == Entrant("land-greedy", "bots/land_greedy.py")
    assert Entrant.parse("new=bots/x.py --fast") == Entrant("new", "bots/x.py --fast")
    assert Entrant.parse("./bot --level=3") == Entrant("bot", "./bot --level=3")


def test_the_spec_example_in_the_docs_reads_as_it_says() -> None:
    """docs/tournaments.md's example: every key where it says, the bots at the top level."""
    import re
    import tomllib

    from referee.tournament.spec import parse_spec
    from tests.helpers import ROOT

    docs = (ROOT / "docs" / "tournaments.md").read_text()
    example = re.search(r"```toml\n(.*?)```", docs, re.DOTALL)
    assert example is not None
    spec = parse_spec(tomllib.loads(example.group(1)))
    assert [entrant.name for entrant in spec.entrants] == ["random", "greedy", "mine"]
    assert dict(spec.config) == {"must_place_all": True}
