"""Game scripts: the shared example game's scores, several games a file, clear errors."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from referee.games.carcassonne.script import ScriptError, format_scores, score_script_file

EXAMPLE = Path("/work/shared/reference/carcassonne-example-game.json")
# The same game, kept here so the test does not depend on the shared folder.
# Source: JCloisterZone BasicScoringTest (scoring.jcz), via the reference file.
SCORING_JCZ: dict[str, Any] = {
    "name": "scoring.jcz",
    "rules": {},
    "expected": {
        "P0": {"total": 14, "road": 6, "city": 0, "monastery": 5, "farm": 3},
        "P1": {"total": 11, "road": 0, "city": 11, "monastery": 0, "farm": 0},
    },
    "turns": [
        ["Rr", 1, 0, "R90", [0, "NW"]],
        ["CcRr+", 0, -1, "R180", [1, "SE"]],
        ["CcRr", 1, -1, "R0", [0, "EL.SR"]],
        ["C", 1, -2, "R180", None],
        ["RRRR", 2, -1, "R0", [0, "N"]],
        ["C", 1, -3, "R0", [1, "N"]],
        ["LR", 2, -2, "R0", [0, "CLOISTER"]],
    ],
}


def write(tmp_path: Path, *games: dict[str, Any]) -> Path:
    path = tmp_path / "script.json"
    path.write_text(json.dumps({"games": list(games)}))
    return path


def expected(game: dict[str, Any]) -> list[dict[str, int]]:
    return [game["expected"][f"P{seat}"] for seat in range(len(game["expected"]))]


def test_the_example_game_scores_exactly_as_expected(tmp_path: Path) -> None:
    """JCloisterZone's expected scores: P0 14 (road 6, monastery 5, farm 3), P1 11 (city)."""
    scores = score_script_file(write(tmp_path, SCORING_JCZ))
    assert scores == {"scoring.jcz": expected(SCORING_JCZ)}


@pytest.mark.skipif(not EXAMPLE.exists(), reason="shared reference folder not mounted")
def test_the_shared_example_file_scores_exactly_as_expected() -> None:
    data = json.loads(EXAMPLE.read_text())
    scores = score_script_file(EXAMPLE)
    assert scores == {game["name"]: expected(game) for game in data["games"]}


def test_a_file_may_hold_several_games(tmp_path: Path) -> None:
    road = {"name": "road", "turns": [["RRR", -1, 0, "R0", [0, "E"]], ["RRR", 1, 0, "R180", None]]}
    scores = score_script_file(write(tmp_path, SCORING_JCZ, road))
    assert list(scores) == ["scoring.jcz", "road"]
    assert scores["road"][0] == {"total": 3, "road": 3, "city": 0, "monastery": 0, "farm": 0}


def test_a_script_may_play_the_land_surveyors(tmp_path: Path) -> None:
    """CARC-33: rules name the stacks top first; here Street Fair doubles the road."""
    game = {
        "name": "fair",
        "rules": {"land_surveyors": True, "stacks": {"road": ["STREET_FAIR", "HIGHWAY",
                  "PEASANT_UPRISING", "ROAD_WEALTH"]}},
        "turns": [["RRR", -1, 0, "R0", [0, "E"]], ["RRR", 1, 0, "R180", None]],
    }  # fmt: skip
    assert score_script_file(write(tmp_path, game))["fair"][0]["road"] == 6


def test_equal_rotations_of_symmetric_tiles_are_accepted(tmp_path: Path) -> None:
    """CARC-04: R180 of a straight road is its R0."""
    game = {"name": "g", "turns": [["RFr", 1, 0, "R180", [0, "WE"]]]}
    assert score_script_file(write(tmp_path, game))["g"][0]["road"] == 2


@pytest.mark.parametrize(
    ("turn", "message"),
    [
        (["RFr", 0, -1, "R0", None], "not a legal placement"),
        (["RFr", 1, 0, "R0", [0, "WE"]], "P1's turn"),
        (["RFr", 1, 0, "R0", [1, "N"]], "has no 'N'"),
        (["XYZ", 1, 0, "R0", None], "unknown tile"),
        (["RFr", 1, 0, "R45", None], "R0, R90"),
        (["RFr", None, None, None, None], "expected a position"),
        (["RFr", 1, 0], "not enough values"),
    ],
)
def test_an_illegal_turn_names_the_game_and_the_turn(
    tmp_path: Path, turn: list[Any], message: str
) -> None:
    game = {"name": "broken", "turns": [["RRR", -1, 0, "R0", None], turn]}
    with pytest.raises(ScriptError, match=rf"broken: turn 2 .*{message}"):
        score_script_file(write(tmp_path, game))


def test_a_tile_no_longer_in_the_pile_is_an_error(tmp_path: Path) -> None:
    game = {"name": "g", "turns": [["RRRR", -1, 0, "R0", None], ["RRRR", 1, 0, "R0", None]]}
    with pytest.raises(ScriptError, match=r"turn 2 .*no RRRR left"):
        score_script_file(write(tmp_path, game))


def test_an_unreadable_file_is_a_script_error(tmp_path: Path) -> None:
    path = tmp_path / "bad.json"
    path.write_text("{not json")
    with pytest.raises(ScriptError, match="cannot read"):
        score_script_file(path)
    with pytest.raises(ScriptError, match="cannot read"):
        score_script_file(tmp_path / "missing.json")


def test_format_scores_prints_a_row_per_seat() -> None:
    text = format_scores({"g": [{"total": 14, "road": 6, "city": 0, "monastery": 5, "farm": 3}]})
    lines = text.splitlines()
    assert lines[0] == "g"
    assert lines[1].split() == ["seat", "total", "road", "city", "monastery", "farm"]
    assert lines[2].split() == ["P0", "14", "6", "0", "5", "3"]
