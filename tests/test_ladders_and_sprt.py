"""Persistent ladders fed by tournaments, and the SPRT runner, with real bot processes."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import trio

from referee.cli import main
from referee.ratings import SprtConfig, SprtDecision
from referee.tournament import ladders
from referee.tournament.coordinator import open_tournament, run_tournament
from referee.tournament.spec import Entrant, TournamentSpec
from referee.tournament.sprt import run_sprt
from tests.helpers import BOTS

pytestmark = pytest.mark.slow

GREEDY = Entrant("greedy", str(BOTS / "land_greedy.py"))
RANDOM = Entrant("random", str(BOTS / "random_bot.py"))


def test_a_finished_tournament_feeds_the_ladder_once(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    spec = TournamentSpec(
        game="land", entrants=(GREEDY, RANDOM), games_per_table=3, rating="openskill"
    )
    store, spec = open_tournament(tmp_path / "t", spec)
    trio.run(run_tournament, store, spec)
    trio.run(run_tournament, store, spec)  # a second pass (as after --resume) adds nothing
    store.close()
    ladder = ladders.load("land")
    assert ladder.games == {"greedy": 6, "random": 6}
    assert len(ladder.applied) == 1
    assert ladder.elo["greedy"] > 1500 > ladder.elo["random"]
    assert ladder.skill["greedy"].ordinal > ladder.skill["random"].ordinal
    for mode in ("elo", "ranked", "season", "openskill"):
        assert main(["ladder", "show", "land", "--mode", mode]) == 0
    out = capsys.readouterr().out
    assert "greedy" in out and "Iron" in out


def test_an_empty_ladder_is_a_clear_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["ladder", "show", "land"]) == 2
    assert "finish a tournament first" in capsys.readouterr().err


def run(spec: TournamentSpec, config: SprtConfig, folder: Path) -> Any:
    return trio.run(run_sprt, spec, config, 400, folder)


def test_sprt_accepts_h1_for_a_clearly_stronger_bot(tmp_path: Path) -> None:
    spec = TournamentSpec(game="land", entrants=(GREEDY, RANDOM), concurrency=2)
    result = run(spec, SprtConfig(elo0=0, elo1=100), tmp_path)
    assert result.decision is SprtDecision.ACCEPT_H1
    assert result.llr >= result.upper
    assert result.wins > result.losses


def test_sprt_accepts_h0_for_a_bot_against_itself(tmp_path: Path) -> None:
    twin = Entrant("random-2", RANDOM.command)
    spec = TournamentSpec(game="land", entrants=(RANDOM, twin), concurrency=2)
    result = run(spec, SprtConfig(elo0=150, elo1=300), tmp_path)
    assert result.decision is SprtDecision.ACCEPT_H0
    assert result.llr <= result.lower
