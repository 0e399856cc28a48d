"""What ``referee sprt`` prints (referee/cli/sprt_report.py), from results made by hand."""

from __future__ import annotations

from pathlib import Path

from referee.cli.sprt_report import final_lines, pair_line
from referee.entrant import Entrant
from referee.match.result import MatchResult, SeatResult
from referee.match.termination import Termination
from referee.ratings import Sprt, SprtConfig
from referee.tournament.spec import TournamentSpec
from referee.tournament.sprt import GamePlayed, PairPlayed, SprtRun

SPEC = TournamentSpec(game="land", entrants=(Entrant("new", "a.py"), Entrant("old", "b.py")))


def game(seats: tuple[str, str], ranks: tuple[int, int], ended: Termination) -> GamePlayed:
    """A game in which the seat ranked second ended with ``ended``."""
    results = [
        SeatResult(seat, name, 0.0, rank, ended if rank == 2 else Termination.NORMAL)
        for seat, (name, rank) in enumerate(zip(seats, ranks, strict=True))
    ]
    result = MatchResult("m", "land", 7, results, 10)
    score = 1.0 if ranks[seats.index("new")] == 1 else 0.0
    return GamePlayed(seats, score, result, Path("records/000001-1.jsonl"))


def test_a_pair_line_shows_results_counts_llr_and_who_faulted() -> None:
    """One line tells the pair's games, the pentanomial, the LLR with its bounds and faults."""
    config = SprtConfig(elo0=0, elo1=10)
    first = game(("new", "old"), (1, 2), Termination.NORMAL)
    second = game(("old", "new"), (1, 2), Termination.TIMEOUT)
    state = Sprt(config).record_pair(first.score, second.score)
    line = pair_line(PairPlayed(1, 7, (first, second), state), config)
    assert line.startswith("pair    1 seed 7: W L (0.50)  ptnml 0 0 1 0 0  LLR ")
    assert "[-2.94, 2.94]" in line
    assert line.endswith("game 2: new timeout")


def test_the_summary_names_the_hypothesis_the_estimate_and_the_folder(tmp_path: Path) -> None:
    """H0 in words, nElo when the bounds are normalized, and where the records are."""
    config = SprtConfig(elo0=0, elo1=5, normalized=True)
    test = Sprt(config)
    while not test.is_finished():
        test.record_pair(0.0, 0.5)
    (tmp_path / "records").mkdir()
    (tmp_path / "records" / "000001-1.jsonl").write_text("{}\n")
    lines = final_lines(SPEC, config, SprtRun(test.result(), tmp_path, cut_short=2))
    pairs = test.result().pairs.samples
    assert lines[0].startswith(f"H0 accepted: new is +0 nElo, not +5, against old after {pairs}")
    assert ", nElo " in lines[1]
    assert "2 pairs in play were stopped and not counted" in "\n".join(lines)
    assert lines[-1].startswith(
        f"View one: referee replay {tmp_path / 'records' / '000001-1.jsonl'}"
    )
