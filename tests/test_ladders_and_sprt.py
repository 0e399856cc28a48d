"""Persistent ladders fed by tournaments, and the SPRT runner, with real bot processes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import trio

from referee.cli import main
from referee.entrant import Entrant
from referee.ratings import SprtConfig, SprtDecision
from referee.record.reader import read_summary
from referee.tournament import ladders
from referee.tournament.coordinator import open_tournament, run_tournament
from referee.tournament.spec import TournamentSpec
from referee.tournament.sprt import SprtRun, run_sprt
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


def test_a_damaged_ladder_costs_a_tournament_nothing_and_is_fed_once_mended(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    damaged = ladders.ladder_home() / "land.json"
    damaged.parent.mkdir(parents=True)
    damaged.write_text('{"game": "land", "elo": [')
    assert main(["ladder", "show", "land"]) == 2
    said = capsys.readouterr().err.strip().splitlines()
    assert len(said) == 1 and f"{damaged} is damaged" in said[0]
    spec = TournamentSpec(game="land", entrants=(GREEDY, RANDOM), games_per_table=1)
    store, spec = open_tournament(tmp_path / "t", spec)
    rows = trio.run(run_tournament, store, spec)
    assert sum(row.matches for row in rows) == 4  # its standings, whatever the ladder
    assert damaged.read_text() == '{"game": "land", "elo": ['  # left as it was found
    damaged.rename(damaged.with_suffix(".damaged"))
    trio.run(run_tournament, store, spec)  # as a resume does: the ladder gets its games
    store.close()
    assert ladders.load("land").games == {"greedy": 2, "random": 2}


def run(spec: TournamentSpec, config: SprtConfig, folder: Path) -> SprtRun:
    return trio.run(run_sprt, spec, config, 200, folder)


def test_sprt_accepts_h1_for_a_clearly_stronger_bot(tmp_path: Path) -> None:
    """Greedy against random: H1 at +100 Elo, on complete pairs only."""
    spec = TournamentSpec(game="land", entrants=(GREEDY, RANDOM), concurrency=2)
    outcome = run(spec, SprtConfig(elo0=0, elo1=100), tmp_path)
    result = outcome.result
    assert result.decision is SprtDecision.ACCEPT_H1
    assert result.llr >= result.upper
    assert result.wins > result.losses
    assert result.elo.lower > 0
    assert result.games.samples == 2 * result.pairs.samples
    lines = (tmp_path / "pairs.jsonl").read_text().splitlines()
    assert len(lines) == result.pairs.samples


def test_sprt_accepts_h0_for_a_bot_against_itself(tmp_path: Path) -> None:
    """Random against random: not 150 Elo better, H0."""
    twin = Entrant("random-2", RANDOM.command)
    spec = TournamentSpec(game="land", entrants=(RANDOM, twin), concurrency=2)
    result = run(spec, SprtConfig(elo0=150, elo1=300), tmp_path).result
    assert result.decision is SprtDecision.ACCEPT_H0
    assert result.llr <= result.lower


def test_sprt_command_plays_whole_pairs_and_says_where_the_records_are(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The CLI logs one line per pair when piped, stops on a complete pair, and
    leaves both games of every counted pair (one seed, seats swapped) in its folder."""
    folder = tmp_path / "run"
    code = main(
        [
            "sprt", "land", "--bot", f"new={GREEDY.command}", "--bot", f"old={RANDOM.command}",
            "--elo0", "0", "--elo1", "200", "--max-pairs", "12", "--concurrency", "1",
            "--out", str(folder),
        ]
    )  # fmt: skip
    out = capsys.readouterr().out
    assert code == 0
    pair_lines = [line for line in out.splitlines() if line.startswith("pair ")]
    counted = [json.loads(line) for line in (folder / "pairs.jsonl").read_text().splitlines()]
    assert 1 <= len(pair_lines) == len(counted) <= 12
    assert "H1 accepted: new is +200 Elo, not +0, against old" in out
    assert f"after {len(counted)} pairs ({2 * len(counted)} games)" in out
    assert "LLR" in pair_lines[-1] and "[-2.94, 2.94]" in pair_lines[-1]
    records = sorted((folder / "records").glob("*.jsonl"))
    assert len(records) == 2 * len(counted)  # one lane: nothing in play at the decision
    for pair in counted:
        first, second = (read_summary(folder / g["record"]) for g in pair["games"])
        assert first.header.seed == second.header.seed == pair["seed"]
        assert pair["games"][0]["seats"] == pair["games"][1]["seats"][::-1]
        assert first.footer is not None and second.footer is not None
    assert f"Records: {folder / 'records'}" in out
    assert f"referee replay {records[0]}" in out
    assert any((folder / "logs").iterdir())


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["land6"], "sprt plays duels: land6 seats 1 to 1"),
        (["land", "--max-pairs", "0"], "--max-pairs: expected at least 1"),
        (["land", "--normalized", "--elo1", "300"], "logistic Elo"),
        (["land", "--out", "."], "is not empty"),
    ],
)
def test_sprt_command_refuses_what_it_cannot_test(
    argv: list[str], message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A solo game, an empty limit, unreachable nElo bounds or a folder in use: one line,
    exit 2, no bots run."""
    bots = ["--bot", f"new={GREEDY.command}", "--bot", f"old={RANDOM.command}"]
    assert main(["sprt", *bots, "--out", str(tmp_path / "run"), *argv]) == 2
    assert message in capsys.readouterr().err
