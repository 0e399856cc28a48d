"""Landgrave installed from its wheel, not a clone: the built-in bots come with it.

Builds the wheel and installs it (with its dependencies, from pip's index or
cache) in a fresh virtual environment, then plays from an empty folder.
.ci/run runs the README's quick start (`referee tournament`) the same way.
"""

from __future__ import annotations

import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from referee import builtin_bots
from tests.helpers import BOTS, ROOT

pytestmark = pytest.mark.slow

CHECK_API = """
import json
from referee import api, builtin_bots
result = api.play_match("land", ["land-frontier", "random"], seed=4, record="api/m.jsonl")
print(json.dumps({"folder": str(builtin_bots.folder()), "rows": api.seat_rows(result)}))
"""


def run(argv: list[str], cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {key: value for key, value in os.environ.items() if key != "PYTHONPATH"}
    done = subprocess.run(
        argv, check=False, cwd=cwd, env=env, capture_output=True, text=True, timeout=600
    )
    assert done.returncode == 0, f"{argv}\n{done.stdout}\n{done.stderr}"
    return done


def test_the_wheel_carries_the_builtin_bots_and_plays_them_by_name(tmp_path: Path) -> None:
    """`pip install .` then `--bot land-greedy` in an empty folder: no clone to lean on."""
    import json

    dist = tmp_path / "dist"
    run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", str(dist), str(ROOT)], ROOT)
    (wheel,) = dist.glob("landgrave-*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    bots = {bot.file for bot in builtin_bots.BUILTIN_BOTS}
    assert {f"landgrave_bots/{file}" for file in bots} <= names
    assert not any(name.startswith(("bots/", "tests/")) for name in names)

    venv = tmp_path / "venv"
    run([sys.executable, "-m", "venv", str(venv)], tmp_path)
    run([str(venv / "bin" / "pip"), "install", "-q", str(wheel)], tmp_path)
    empty = tmp_path / "empty"
    empty.mkdir()

    games = run([str(venv / "bin" / "referee"), "games"], empty)
    assert "built-in bots: land-greedy, land-tuned, land-frontier, random" in games.stdout
    match = ["match", "land", "--bot", "land-greedy", "--bot", "random", "--record", "m.jsonl"]
    played = run([str(venv / "bin" / "referee"), *match], empty)
    assert "land-greedy" in played.stdout
    assert (empty / "m.jsonl").is_file()

    from_api = json.loads(run([str(venv / "bin" / "python"), "-c", CHECK_API], empty).stdout)
    installed = Path(from_api["folder"])
    assert installed.is_relative_to(venv) and installed.resolve() != BOTS.resolve()
    assert [row["bot"] for row in from_api["rows"]] == ["land-frontier", "random"]
