"""The Node.js example bot (examples/node) plays through the real referee and passes check-bot.

A bot in a second language proves the protocol is the contract, not our SDK.
The tests need Node.js and ``npm ci --prefix examples/node`` (``.ci/run`` does it).
"""

from __future__ import annotations

import json
import shutil

import pytest

from tests.helpers import BOTS, ROOT, run_referee

NODE_BOT = ROOT / "examples" / "node"

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(shutil.which("node") is None, reason="Node.js is not installed"),
    pytest.mark.skipif(
        not (NODE_BOT / "node_modules").is_dir() or not (NODE_BOT / "proto").is_dir(),
        reason="the Node.js bot is not set up: run `npm ci --prefix examples/node`",
    ),
]


def test_the_node_bot_plays_a_land_match_through_the_referee() -> None:
    played = run_referee(
        "match",
        "land",
        "--bot",
        f"js=node {NODE_BOT / 'index.js'}",
        "--bot",
        str(BOTS / "random_bot.py"),
        "--seed",
        "5",
        "--keep-order",
        "--json",
    )
    assert played.returncode == 0, played.stderr
    seats = json.loads(played.stdout)["seats"]
    assert [seat["bot"] for seat in seats] == ["js", "random"]
    assert [seat["bot_name"] for seat in seats] == ["random-node", "random"]
    assert [seat["termination"] for seat in seats] == ["normal", "normal"]


def test_the_node_bot_package_passes_check_bot_in_every_game_it_declares() -> None:
    # As arena submissions are checked: in the sandbox wherever bubblewrap is installed.
    checked = run_referee("check-bot", str(NODE_BOT))
    assert checked.returncode == 0, checked.stdout + checked.stderr
    if shutil.which("bwrap"):
        assert "runs in a sandbox" in checked.stdout.splitlines()[0]
    for game in ("land", "land6", "carcassonne", "landover", "farlanthia"):
        assert f"PASS legal moves ({game}): 2 seeded matches" in checked.stdout
    assert "PASS handshake: protocol version 1, says it is 'random-node'" in checked.stdout
    assert checked.stdout.splitlines()[-1].startswith("PASS exits when told: exited with code 0")


def test_the_node_bot_passes_check_bot_without_the_sandbox_too() -> None:
    """An organiser without bubblewrap checks bots as plain processes."""
    checked = run_referee("check-bot", str(NODE_BOT), "--game", "land", "--no-sandbox")
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert "runs without a sandbox" in checked.stdout.splitlines()[0]
