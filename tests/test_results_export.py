"""Head to head per pair of bots, and every match exported as JSON lines and CSV."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console

from referee.cli import main
from referee.match import play_in_process
from referee.ratings import GameResult
from referee.tournament.headtohead import PairRecord, head_to_head
from referee.tournament.report import head_to_head_table
from tests.helpers import load_bot


def test_a_duel_counts_wins_draws_and_losses_both_ways() -> None:
    results = [
        GameResult({"a": 1, "b": 2}),
        GameResult({"b": 1, "a": 2}),
        GameResult({"a": 1, "b": 1}),
        GameResult({"a": 1, "b": 2}),
    ]
    pairs = {(p.bot, p.opponent): p for p in head_to_head(results, ["a", "b"])}
    assert pairs[("a", "b")] == PairRecord("a", "b", wins=2, draws=1, losses=1, rank_sum=5)
    assert pairs[("b", "a")] == PairRecord("b", "a", wins=1, draws=1, losses=2, rank_sum=6)
    assert pairs[("a", "b")].points == 2.5


def test_a_multiplayer_table_counts_every_pair_that_sat_at_it_and_mean_ranks() -> None:
    results = [GameResult({"a": 1, "b": 2, "c": 3}), GameResult({"a": 3, "b": 1, "d": 2})]
    pairs = {(p.bot, p.opponent): p for p in head_to_head(results, ["a", "b", "c", "d"])}
    assert (pairs[("a", "b")].wins, pairs[("a", "b")].losses) == (1, 1)
    assert pairs[("a", "b")].mean_rank == 2.0
    assert pairs[("c", "d")].games == 0  # they never met
    assert pairs[("a", "d")].mean_rank == 3.0


def test_the_head_to_head_table_shows_row_against_column() -> None:
    results = [GameResult({"a": 1, "b": 2}), GameResult({"a": 1, "b": 2})]
    table = head_to_head_table(head_to_head(results, ["a", "b"]), ["a", "b"], table_size=2)
    assert table is not None
    console = Console(file=io.StringIO(), width=80)
    console.print(table)
    text = console.file.getvalue()  # type: ignore[attr-defined]
    assert "2-0-0" in text and "0-0-2" in text


@pytest.fixture
def folder(land: Any, tmp_path: Path) -> Path:
    out = tmp_path / "out"
    bot = load_bot("random_bot.py", "RandomBot")
    for seed in (4, 5):
        play_in_process(land, [bot, bot], seed, record_path=out / f"m{seed}.jsonl")
    return out


def test_every_match_exports_as_json_lines_with_seed_scores_ranks_and_record(
    folder: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["records", str(folder), "--json"]) == 0
    matches = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert sorted(m["seed"] for m in matches) == [4, 5]
    for match in matches:
        assert match["bots"] == ["random", "random"]
        assert sorted(match["ranks"]) in ([1, 2], [1, 1])
        assert len(match["scores"]) == 2 and match["terminations"] == ["normal", "normal"]
        assert (folder / match["path"]).is_file()


def test_every_match_exports_as_csv_one_row_per_seat(
    folder: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["records", str(folder), "--csv"]) == 0
    rows = list(csv.DictReader(io.StringIO(capsys.readouterr().out)))
    assert len(rows) == 4
    assert {row["seed"] for row in rows} == {"4", "5"}
    assert [row["seat"] for row in rows] == ["0", "1", "0", "1"]
    assert all(row["bot"] == "random" and row["termination"] == "normal" for row in rows)
    assert all((folder / row["path"]).is_file() and row["rank"] in "12" for row in rows)
