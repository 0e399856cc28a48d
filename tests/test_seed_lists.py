"""Seed and map lists: an openings book that every table plays, each seed in every seat order."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from referee.cli import main
from referee.entrant import Entrant
from referee.errors import ConfigError
from referee.record.reader import read_record
from referee.tournament.coordinator import open_tournament
from referee.tournament.schedule import Combinations, RoundPlan
from referee.tournament.spec import TournamentSpec, load_spec
from tests.helpers import BOTS

BOT = str(BOTS / "random_bot.py")


def test_every_table_cycles_through_the_listed_seeds_in_every_seat_order() -> None:
    """A repeated seed is played again, and each seed group keeps its seat rotation."""
    plan = RoundPlan(1, Combinations(("a", "b", "c"), 2), 3, "all", 1, seeds=(7, 7, 9))
    matches = list(plan)
    assert len(matches) == 3 * 3 * 2
    for table in range(3):
        mine = [m for m in matches if m.table == table]
        assert [m.seed for m in mine] == [7, 7, 7, 7, 9, 9]
        assert {m.seats for m in mine if m.group == 2} == {mine[0].seats, mine[0].seats[::-1]}
    assert RoundPlan.from_json(plan.to_json()) == plan


def test_a_seeds_file_reads_seeds_skipping_comments_and_keeping_repeats(tmp_path: Path) -> None:
    seeds = tmp_path / "openings.txt"
    seeds.write_text("# a book\n11\n\n12  # the second\n11\n")
    spec_path = tmp_path / "spec.toml"
    spec_path.write_text(
        f'game = "land"\nbots = ["a={BOT}", "b={BOT}"]\nseeds_file = "{seeds}"\n'
        'maps = ["cove", "default"]\n'
    )
    spec = load_spec(spec_path)
    assert spec.seeds == (11, 12, 11)
    assert [spec.options_for(g)["map"] for g in range(3)] == ["cove", "default", "cove"]
    assert TournamentSpec.from_json(spec.to_json()) == spec


@pytest.mark.parametrize(
    ("lines", "message"),
    [
        ('seeds_file = "{file}"\nseeds = [1]', "give seeds or seeds_file, not both"),
        ('seeds_file = "{file}"', "line 2: expected a seed (0 or more), got 'x'"),
        ("seeds = []", "seeds: expected a non-empty list of integers"),
        ('seeds = [1, "2"]', "seeds: expected a non-empty list of integers"),
        ("seeds = [-4]", "seed: expected 0 to"),
        ("maps = [3]", "maps: expected a non-empty list of strings"),
    ],
)
def test_a_wrong_list_is_refused_in_one_line(tmp_path: Path, lines: str, message: str) -> None:
    bad = tmp_path / "bad.txt"
    bad.write_text("5\nx\n")
    spec_path = tmp_path / "spec.toml"
    body = lines.replace("{file}", str(bad))
    spec_path.write_text(f'game = "land"\nbots = ["a={BOT}", "b={BOT}"]\n{body}\n')
    with pytest.raises(ConfigError, match=message.replace("(", r"\(").replace(")", r"\)")):
        load_spec(spec_path)


@pytest.mark.parametrize(
    ("game", "maps", "message"),
    [("land", ("cove", "atlantis"), "expected one of"), ("carcassonne", ("x",), "no option 'map'")],
)
def test_a_map_the_game_does_not_have_is_refused_before_anything_runs(
    tmp_path: Path, game: str, maps: tuple[str, ...], message: str
) -> None:
    entrants = (Entrant("a", BOT), Entrant("b", BOT))
    spec = TournamentSpec(game=game, entrants=entrants, maps=maps)
    with pytest.raises(ConfigError, match=message):
        open_tournament(tmp_path / "t", spec)
    assert not (tmp_path / "t").exists()


@pytest.mark.slow
def test_a_tournament_plays_the_listed_seeds_on_the_listed_maps(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    seeds, maps = tmp_path / "seeds.txt", tmp_path / "maps.txt"
    seeds.write_text("41\n41\n")
    maps.write_text("cove\ndefault\n")
    folder = tmp_path / "t"
    flags = ["--game", "land", "--bot", BOT, "--bot", f"other={BOT}", "--games", "2"]
    files = ["--seeds-file", str(seeds), "--maps-file", str(maps)]
    assert main(["tournament", *flags, *files, "--out", str(folder)]) == 0
    capsys.readouterr()
    played = []
    for line in (folder / "matches.jsonl").read_text().splitlines():
        match = json.loads(line)
        config = read_record(folder / match["path"]).config()
        played.append((match["seed"], config.map, tuple(match["bots"])))
    assert sorted(played) == [
        (41, "cove", ("other", "random")),
        (41, "cove", ("random", "other")),
        (41, "default", ("other", "random")),
        (41, "default", ("random", "other")),
    ]


def test_sprt_pairs_take_the_listed_seeds_in_order(tmp_path: Path) -> None:
    from referee.cli import build_parser
    from referee.cli.sprt import _build
    from referee.tournament.sprt import pair_seed

    seeds = tmp_path / "book.txt"
    seeds.write_text("5\n6\n5\n")
    args = build_parser().parse_args(
        ["sprt", "land", "--bot", BOT, "--bot", f"old={BOT}", "--seeds-file", str(seeds)]
    )
    spec, _ = _build(args)
    assert [pair_seed(spec, n) for n in range(1, 6)] == [5, 6, 5, 5, 6]
    plain = TournamentSpec(game="land", entrants=spec.entrants)
    assert pair_seed(plain, 1) != pair_seed(plain, 2)


def test_sprt_refuses_a_map_the_game_lacks_before_any_pair(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    maps = tmp_path / "maps.txt"
    maps.write_text("atlantis\n")
    out = tmp_path / "s"
    argv = ["sprt", "land", "--bot", BOT, "--bot", f"old={BOT}", "--maps-file", str(maps)]
    assert main([*argv, "--out", str(out)]) == 2
    assert "expected one of" in capsys.readouterr().err
    assert not out.exists()
