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
        f"node {NODE_BOT / 'index.js'}",
        "--bot",
        str(BOTS / "random_bot.py"),
        "--seed",
        "5",
        "--json",
    )
    assert played.returncode == 0, played.stderr
    seats = json.loads(played.stdout)["seats"]
    assert [seat["bot"] for seat in seats] == ["random-node", "random"]
    assert [seat["termination"] for seat in seats] == ["normal", "normal"]


def test_the_node_bot_package_passes_check_bot_in_every_game_it_declares() -> None:
    # Without the sandbox: under bubblewrap a bot now dies 10 s after it starts (bwrap's
    # --die-with-parent follows the trio worker thread that spawned it), and five games
    # take longer than that on a loaded machine. The next test runs it sandboxed.
    checked = run_referee("check-bot", str(NODE_BOT), "--no-sandbox")
    assert checked.returncode == 0, checked.stdout + checked.stderr
    for game in ("land", "land6", "carcassonne", "landover", "farlanthia"):
        assert f"PASS legal moves ({game}): 2 seeded matches" in checked.stdout
    assert "PASS handshake: protocol version 1, says it is 'random-node'" in checked.stdout
    assert checked.stdout.splitlines()[-1].startswith("PASS exits when told: exited with code 0")


@pytest.mark.skipif(shutil.which("bwrap") is None, reason="bubblewrap is not installed")
def test_the_node_bot_passes_check_bot_in_the_sandbox() -> None:
    """Node.js needs nothing the sandbox takes away (network, writable files)."""
    checked = run_referee("check-bot", str(NODE_BOT), "--game", "land", "--sandbox")
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert "runs in a sandbox" in checked.stdout.splitlines()[0]
