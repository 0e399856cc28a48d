"""Land maps: the .map format, the built-in maps and the seeded generator (LAND-16, LAND-17)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.errors import ConfigError
from referee.games.land import ENGINE
from referee.games.land.board import PlotKind
from referee.games.land.generator import generate_map
from referee.games.land.mapfile import builtin_maps, format_map, load_builtin, parse_map

RULES_DOC = Path(__file__).resolve().parents[2] / "docs" / "rules" / "land.md"


def test_default_map_has_every_kind_of_plot() -> None:
    """The default map shows water, coast, islands, mountains and resident cows (LAND-16)."""
    board = load_builtin("default")
    assert (board.columns, board.rows) == (6, 6)
    assert set(board.kinds) == set(PlotKind)
    assert board.residents
    empty_regions = [
        (c, r)
        for c in range(1, 7)
        for r in range(1, 7)
        if not any(board.kinds[p] is PlotKind.GRASS for p in board.region_plots(c, r))
    ]
    assert empty_regions, "some rolls should make a landless player wait (LAND-05)"


@pytest.mark.parametrize("name", builtin_maps())
def test_builtin_maps_load_and_round_trip(name: str) -> None:
    board = load_builtin(name)
    assert parse_map(format_map(board)) == board


def test_docs_example_map_parses() -> None:
    """The example in docs/rules/land.md is a valid map."""
    text = RULES_DOC.read_text()
    example = re.search(r"```\n(# a comment.*?)```", text, re.DOTALL)
    assert example is not None
    board = parse_map(example[1])
    assert (board.name, board.width, board.height, board.columns, board.rows) == (
        "Tiny Cove",
        4,
        4,
        2,
        2,
    )
    assert board.kinds[board.plot(2, 1)] is PlotKind.MOUNTAIN
    assert board.residents == {board.plot(3, 0)}


def test_spaces_and_blank_lines_in_the_grid_are_ignored() -> None:
    spaced = parse_map("region = 1x1\n. ^\n\n~ c\n")
    packed = parse_map("region = 1x1\n.^\n~c\n")
    assert spaced == packed


def test_region_numbers_follow_dice_faces() -> None:
    board = parse_map("region = 2x1\n..^^\n~~::\n")
    assert board.region_plots(1, 1) == (0, 1)
    assert board.region_plots(2, 2) == (6, 7)
    assert board.region_of(7) == (2, 2)


BAD_MAPS = [
    ("region = 1x1\n..\n.x\n", r"map_text line 3: plot 2: expected one of \. c \^ ~ : \*, got 'x'"),
    ("region = 1x1\n...\n..\n", r"map_text line 3: expected 3 plots as in line 2, got 2"),
    ("..\n..\n", r"map_text: expected a 'region = WxH' header"),
    ("name = a\nregion = 2 by 2\n..\n", r"map_text line 2: region: expected WxH"),
    ("region = 7x1\n.......\n", r"map_text line 1: region: expected WxH with sides 1\.\.6"),
    ("size = 3\nregion = 1x1\n.\n", r"map_text line 1: expected a header 'name' or 'region'"),
    ("region = 1x1\nregion = 1x1\n.\n", r"map_text line 2: expected one 'region' header"),
    (
        "region = 2x1\n...\n",
        r"map_text line 2: expected plot columns to make 1\.\.12 whole regions",
    ),
    ("region = 1x2\n.\n.\n.\n", r"map_text line 2: expected plot rows to make 1\.\.12 whole"),
    ("region = 1x1\n" + "." * 13 + "\n", r"line 2: expected plot columns .* got 13"),
    ("region = 1x1\n~:\n*^\n", r"map_text: expected at least one grass plot"),
    ("# only a comment\nregion = 1x1\n", r"map_text: expected a grid of plots"),
    ("region = 1x1\n..\n.=\n", r"map_text line 3: plot 2: expected one of"),
]


@pytest.mark.parametrize(("text", "message"), BAD_MAPS)
def test_bad_maps_are_refused_with_their_line(text: str, message: str) -> None:
    with pytest.raises(ConfigError, match=message):
        parse_map(text)


def test_bad_map_text_in_config_is_a_config_error() -> None:
    config = ENGINE.default_config()
    config.map_text = "region = 1x1\n.?\n"
    with pytest.raises(ConfigError, match="map_text line 2"):
        ENGINE.new_game(config, 2)


def test_unknown_map_name_lists_the_known_ones() -> None:
    config = ENGINE.default_config()
    config.map = "atlantis"
    with pytest.raises(
        ConfigError, match=r"expected one of \[.*'default'.*'random'\], got 'atlantis'"
    ):
        ENGINE.new_game(config, 2)


def test_empty_config_plays_the_default_map() -> None:
    config = type(ENGINE.default_config())()
    assert ENGINE.new_game(config, 2).board == load_builtin("default")


@pytest.mark.parametrize(
    ("option", "value"), [("map_columns", 0), ("map_rows", 13), ("region_width", 7)]
)
def test_generator_sizes_are_checked(option: str, value: int) -> None:
    config = ENGINE.default_config()
    config.map = "random"
    setattr(config, option, value)
    with pytest.raises(ConfigError, match=f"{option}: expected 1..\\d+, got {value}"):
        ENGINE.new_game(config, 2)


def test_generator_is_deterministic_by_seed() -> None:
    assert generate_map(42, 6, 6, 2, 2) == generate_map(42, 6, 6, 2, 2)
    boards = {generate_map(seed, 6, 6, 2, 2).kinds for seed in range(10)}
    assert len(boards) == 10


def test_generated_map_is_stable_across_versions() -> None:
    """A seed names one map forever: this picture must not change (LAND-17)."""
    board = generate_map(7, 4, 3, 2, 2)
    assert format_map(board) == (
        "name = random-7-4x3-2x2\n"
        "region = 2x2\n"
        "\n"
        "~~ ~. ~~ ~~\n"
        "~~ :. .~ ~*\n"
        "\n"
        "~. c. .: ~~\n"
        "~~ :. :~ ~~\n"
        "\n"
        "~~ ~~ ~~ ~~\n"
        "~~ ~~ *~ ~~\n"
    )


def test_random_map_config_uses_the_seed() -> None:
    config = ENGINE.default_config()
    config.map = "random"
    config.map_seed = 5
    first = ENGINE.new_game(config, 2)
    again = ENGINE.new_game(config, 2)
    assert first.board == again.board == generate_map(5, 6, 6, 2, 2)
    assert first.digest() == again.digest()
    config.map_seed = 6
    assert ENGINE.new_game(config, 2).digest() != first.digest()


@pytest.mark.slow
@settings(max_examples=30, deadline=None)
@given(
    seed=st.integers(0, 2**64 - 1),
    columns=st.integers(1, 12),
    rows=st.integers(1, 12),
    width=st.integers(1, 6),
    height=st.integers(1, 6),
)
def test_generated_maps_are_valid_maps(
    seed: int, columns: int, rows: int, width: int, height: int
) -> None:
    board = generate_map(seed, columns, rows, width, height)
    assert (board.columns, board.rows) == (columns, rows)
    assert PlotKind.GRASS in board.kinds
    assert all(board.kinds[p] is PlotKind.GRASS for p in board.residents)
    assert parse_map(format_map(board)) == board
