"""The worked example of docs/engines.md, examples/nim, as a user meets it.

A separate package registered through the ``landgrave.games`` entry point:
the real referee plays it with the repository's random bot as processes
(the bots have no Nim code: they learn its messages from MatchStart), and
the record replays, verifies, and renders to HTML. CI installs the example
(.ci/run); without it these tests skip.
"""

from __future__ import annotations

import importlib.util
import json
import re
from pathlib import Path

import pytest

from referee.errors import ConfigError, IllegalAction
from tests.helpers import BOTS, run_referee

pytestmark = pytest.mark.skipif(
    importlib.util.find_spec("landgrave_nim") is None,
    reason="examples/nim is not installed: .venv/bin/pip install -e examples/nim",
)
RANDOM_BOT = str(BOTS / "random_bot.py")


@pytest.mark.slow
def test_the_random_bot_plays_nim_through_the_referee(tmp_path: Path) -> None:
    record = tmp_path / "nim.jsonl"
    played = run_referee(
        "match", "nim", "--bot", RANDOM_BOT, "--bot", RANDOM_BOT, "--record", str(record)
    )
    assert played.returncode == 0, played.stderr
    lines = [json.loads(line) for line in record.read_text().splitlines()]
    assert lines[-1]["footer"]["results"][0]["termination"] == "TERMINATION_NORMAL"

    verified = run_referee("replay", str(record), "--verify")
    assert verified.returncode == 0, verified.stderr
    assert "digests verified" in verified.stdout

    page = tmp_path / "nim.html"
    drawn = run_referee("replay", str(record), "--html", str(page))
    assert drawn.returncode == 0, drawn.stderr
    assert re.search(
        r"seat [01] takes (a stone|\d+ stones) from heap \d, leaving \d", page.read_text()
    )


def test_nim_options_come_from_its_proto() -> None:
    from landgrave_nim import ENGINE

    options = {option.name: option for option in ENGINE.options}
    assert options["heaps"].default == "3, 4, 5"
    assert options["heaps"].rule == "NIM-01"
    assert options["misere"].help.startswith("Whoever takes the last stone loses")


def test_nim_rules_and_refusals() -> None:
    from landgrave_nim import ENGINE
    from landgrave_nim.state import Take

    config = ENGINE.default_config()
    config.heaps[:] = [1, 2]
    state = ENGINE.new_game(config, 2)
    assert state.describe(0, Take(1, 2)) == "seat 0 takes 2 stones from heap 1, leaving 0"
    with pytest.raises(IllegalAction):
        state.apply(0, Take(1, 3))
    state.apply(0, Take(1, 2))
    state.apply(1, Take(0, 1))
    assert state.is_terminal() and [o.rank for o in state.outcome()] == [2, 1]
    config.heaps[:] = []
    with pytest.raises(ConfigError, match="expected 1 to 10 heaps"):
        ENGINE.new_game(config, 2)
