"""The sparring bench (bench/sparring.py): results kept game by game, resumed, reported.

The bench's full figures take hours of CPU, so they are gathered over
several sessions into one results file: a stopped run must lose no finished
game, a resumed one must play only what the file lacks, and a damaged file
must get a one-line error, not a traceback or a silent double count.
"""

from __future__ import annotations

import importlib
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

SPARRING: Any = importlib.import_module("bench.sparring")
RESULTS: Any = importlib.import_module("bench.sparring_results")
QUICK = ["--game", "land", "--pairing", "greedy:random", "--move-time", "30"]
"""Land between the two fast bots: a game takes a fraction of a second."""


def record(seats: list[str], points: list[float], seed: int, **extra: Any) -> dict[str, Any]:
    base = {
        "game": "land",
        "seats": seats,
        "seed": seed,
        "difficulty": "",
        "points": points,
        "scores": [0, 0],
        "faults": [],
        "move_time": 1.0,
        "bot_args": {},
        "commit": "abc",
        "search": None,
    }
    return base | extra


@pytest.mark.slow
def test_a_resumed_run_plays_only_the_games_its_file_lacks(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    results = tmp_path / "sparring.jsonl"
    SPARRING.main([*QUICK, "--games", "2", "--results", str(results)])
    first = [json.loads(line) for line in results.read_text().splitlines()]
    assert [(r["seed"], r["seats"]) for r in first] == [
        (0, ["random", "greedy"]),
        (1, ["greedy", "random"]),
    ]
    assert all(r["commit"] and r["move_time"] == 30.0 and len(r["points"]) == 2 for r in first)
    progress = capsys.readouterr().err.splitlines()
    assert [line.split(" (")[0] for line in progress] == [
        "sparring: 1 of 2 played",
        "sparring: 2 of 2 played",
    ]
    assert progress[-1].endswith("about 0 h 00 min left")

    SPARRING.main([*QUICK, "--games", "3", "--resume", str(results)])
    out = capsys.readouterr().out
    assert "1 games to play (2 already in" in out
    every = [json.loads(line) for line in results.read_text().splitlines()]
    assert every[:2] == first and [r["seed"] for r in every] == [0, 1, 2]
    assert "greedy vs random: greedy scores" in out and "in 3" in out


def test_a_results_file_with_games_is_resumed_not_overwritten(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    results = tmp_path / "sparring.jsonl"
    results.write_text(json.dumps(record(["greedy", "random"], [1, 0], 0)) + "\n")
    before = results.read_text()
    with pytest.raises(SystemExit) as exit_:
        SPARRING.main([*QUICK, "--games", "1", "--results", str(results)])
    assert exit_.value.code == 2
    error = capsys.readouterr().err
    assert error.count("\n") == 1 and f"--resume {results}" in error
    assert results.read_text() == before


def test_a_damaged_line_is_named_and_nothing_is_played_or_lost(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    results = tmp_path / "sparring.jsonl"
    good = json.dumps(record(["greedy", "random"], [1, 0], 0))
    results.write_text(good + '\n{"game": "land", "seats"\n')
    before = results.read_text()
    for flag in ("--resume", "--report"):
        with pytest.raises(SystemExit) as exit_:
            SPARRING.main([*QUICK, "--games", "4", flag, str(results)])
        assert exit_.value.code == 2
        error = capsys.readouterr().err
        assert error.count("\n") == 1 and f"{results}:2:" in error
    other = tmp_path / "other.jsonl"
    other.write_text(good + "\n")
    missing = tmp_path / "missing.jsonl"
    for pair, named in (((other, results), f"{results}:2:"), ((missing, other), str(missing))):
        with pytest.raises(SystemExit) as exit_:
            SPARRING.main(["--compare", *map(str, pair)])
        assert exit_.value.code == 2
        error = capsys.readouterr().err
        assert error.count("\n") == 1 and named in error
    assert results.read_text() == before


def test_the_report_reads_standings_intervals_and_search_rates_from_the_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    search = {"decisions": 10, "iterations": 1000, "cpu_seconds": 2.0, "overruled": 3}
    args = {"mcts": "--iterations 100"}
    lines = [
        record(["mcts", "greedy"], [1, 0], 0, bot_args=args, search=search),
        record(["greedy", "mcts"], [0, 1], 1, bot_args=args, search=search),
        record(["mcts", "greedy"], [0.5, 0.5], 2, bot_args=args, search=search),
        record(["greedy", "mcts"], [1, 0], 3, bot_args=args, search=search),
        record(["mcts"], [1], 0, game="land6", difficulty="NORMAL", bot_args=args),
        record(["greedy"], [0], 0, game="land6", difficulty="NORMAL"),
    ]
    results = tmp_path / "sparring.jsonl"
    results.write_text("".join(json.dumps(line) + "\n" for line in lines))
    SPARRING.main(["--report", str(results)])
    out = capsys.readouterr().out
    low, high = RESULTS.wilson(2.5, 4)
    assert "mcts (--iterations 100) vs greedy: mcts (--iterations 100) scores 0.625 " in out
    assert f"[{low:.3f}, {high:.3f}] in 4" in out
    assert "searched 40 decisions: 100 iterations each (and 0 visits reused), 500 per CPU" in out
    assert "played other than its heuristic at 30.0% of them" in out
    assert "normal     mcts (--iterations 100)    1.000" in out
    assert "normal     greedy" in out and "land6: solo, 1 s per move, 2 games" in out


def test_games_played_with_other_options_are_other_games(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``--config`` plays a variant: recorded with its options, reported and resumed apart."""
    results = tmp_path / "sparring.jsonl"
    variant = ["--config", "must_place_all=true", "--config", "map_seed=3"]
    SPARRING.main([*QUICK, "--games", "1", *variant, "--results", str(results)])
    [played] = [json.loads(line) for line in results.read_text().splitlines()]
    assert played["config"] == "map_seed=3,must_place_all=true"
    assert "land (map_seed=3,must_place_all=true): 2 players" in capsys.readouterr().out

    SPARRING.main([*QUICK, "--games", "1", "--resume", str(results)])
    assert "1 games to play (0 already in" in capsys.readouterr().out  # the defaults: anew
    assert len(results.read_text().splitlines()) == 2

    # A record whose options were written in another order is the same game.
    lines = results.read_text().splitlines()
    lines[0] = lines[0].replace(
        '"map_seed=3,must_place_all=true"', '"must_place_all=true,map_seed=3"'
    )
    results.write_text("\n".join(lines) + "\n")
    SPARRING.main([*QUICK, "--games", "1", *variant, "--resume", str(results)])
    assert "0 games to play (1 already in" in capsys.readouterr().out


def test_an_option_the_game_lacks_is_one_line_and_nothing_is_played(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    results = tmp_path / "sparring.jsonl"
    with pytest.raises(SystemExit) as exit_:
        SPARRING.main([*QUICK, "--config", "years=1", "--results", str(results)])
    assert exit_.value.code == 2
    error = capsys.readouterr().err
    assert error.count("\n") == 1 and "land has no option 'years'" in error
    assert not results.exists()

    # The same from the command line, with an option that is no key=value at all.
    bench = Path(SPARRING.__file__)
    command = [sys.executable, str(bench), *QUICK, "--config", "not-an-option", "--results"]
    done = subprocess.run([*command, str(results)], capture_output=True, text=True, check=False)
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert done.stderr.count("\n") == 1 and "--config expects key=value" in done.stderr
    assert not results.exists()


@pytest.mark.parametrize(
    ("mcts_args", "message"),
    [
        ("--overule 3", "not an option of the MCTS bot: --overule 3"),
        ("--iterations many", "argument --iterations: invalid int value: 'many'"),
        ('--seed "3', "No closing quotation"),
        ("--tree-depth -1", "argument --tree-depth: -1 is below 0"),
        ("--lead-scale -2", "argument --lead-scale: -2.0 is below 0"),
    ],
    ids=["misspelt", "value", "quote", "depth", "scale"],
)
def test_mcts_options_it_cannot_take_are_one_line_and_nothing_is_played(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], mcts_args: str, message: str
) -> None:
    """A misspelt option would otherwise play hours of games with the defaults."""
    results = tmp_path / "sparring.jsonl"
    with pytest.raises(SystemExit) as exit_:
        SPARRING.main([*QUICK, "--mcts-args", mcts_args, "--results", str(results)])
    assert exit_.value.code == 2
    assert capsys.readouterr().err == f"sparring: --mcts-args: {message}\n"
    assert not results.exists()


@pytest.mark.parametrize("jobs", ["1", "2"])
@pytest.mark.parametrize(
    ("stop", "whole_group"),
    [(signal.SIGINT, True), (signal.SIGTERM, True), (signal.SIGTERM, False)],
    ids=["ctrl-c", "kill-group", "kill-pid"],
)
def test_ctrl_c_or_kill_stops_the_run_at_once_in_one_line(
    tmp_path: Path, jobs: str, stop: signal.Signals, whole_group: bool
) -> None:
    """Ctrl-C (SIGINT to the run's process group, as a terminal sends it) or ``kill``
    (SIGTERM, to the group or to the run's process alone) in the middle of an MCTS game:
    the games in play end there and the queued ones are never played (a game at 5 s a
    move lasts minutes, the wait below one), no traceback from the run or its
    workers, exit 130, and the way on."""
    results = tmp_path / "sparring.jsonl"
    command = [sys.executable, str(Path(SPARRING.__file__)), "--game", "land", "--games", "6"]
    command += ["--pairing", "mcts:greedy", "--move-time", "5", "--jobs", jobs]
    run = subprocess.Popen(
        [*command, "--results", str(results)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    assert run.stdout is not None and "games to play" in run.stdout.readline()
    time.sleep(1.5)  # into the first games' searches
    if whole_group:
        os.killpg(run.pid, stop)
    else:
        run.send_signal(stop)
    try:
        _, error = run.communicate(timeout=60)
    except subprocess.TimeoutExpired:
        os.killpg(run.pid, signal.SIGKILL)
        raise
    assert run.returncode == 130 and "Traceback" not in error
    assert (
        error
        == f"sparring: stopped: the games finished are in {results}, --resume {results} goes on\n"
    )


def test_the_commit_stamp_is_dirty_for_changed_code_not_for_appended_results(
    tmp_path: Path,
) -> None:
    def git(*args: str) -> None:
        subprocess.run(["git", "-C", str(tmp_path), *args], check=True, capture_output=True)

    git("init", "-q")
    (tmp_path / "bench" / "results").mkdir(parents=True)
    results, code = tmp_path / "bench" / "results" / "runs.jsonl", tmp_path / "bot.py"
    results.write_text("{}\n")
    code.write_text("x = 1\n")
    git("add", ".")
    git("-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "start")
    clean = SPARRING.current_commit(tmp_path)
    assert clean != "unknown" and not clean.endswith("+dirty")
    results.write_text("{}\n{}\n")
    assert SPARRING.current_commit(tmp_path) == clean
    code.write_text("x = 2\n")
    assert SPARRING.current_commit(tmp_path) == clean + "+dirty"


def test_pairings_and_difficulties_choose_the_games_played() -> None:
    games = ["--game", "land", "--game", "land6", "--games", "4"]
    args = SPARRING.parse_args([*games, "--pairing", "greedy:mcts", "--difficulty", "normal"])
    tasks = SPARRING.schedule(args)
    duels = [t for t in tasks if t.game == "land"]
    assert [t.seats for t in duels] == [("greedy", "mcts"), ("mcts", "greedy")] * 2
    solo = [t for t in tasks if t.game == "land6"]
    assert {(t.seats, t.difficulty) for t in solo} == {
        (("greedy",), "NORMAL"),
        (("mcts",), "NORMAL"),
    }
    assert len(solo) == 8
    with pytest.raises(SystemExit):
        SPARRING.parse_args(["--pairing", "mcts:mcts"])


def test_paired_games_play_each_seed_with_both_seatings() -> None:
    args = SPARRING.parse_args(["--game", "land", "--games", "4", "--paired"])
    tasks = SPARRING.schedule(args)
    assert [(t.seed, t.seats) for t in tasks if "mcts" in t.seats and "greedy" in t.seats] == [
        (0, ("greedy", "mcts")),
        (0, ("mcts", "greedy")),
        (1, ("greedy", "mcts")),
        (1, ("mcts", "greedy")),
    ]
    assert len({t.key() for t in tasks}) == len(tasks)  # a resumed run tells them apart


def test_two_runs_are_compared_game_by_game_on_the_same_seed_and_seating(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A change is judged where the same luck met both versions, not by two totals."""

    def run(name: str, results: dict[tuple[int, int], tuple[float, int]]) -> Path:
        path = tmp_path / name
        lines = []
        for (seed, mcts_seat), (points, margin) in results.items():
            seats = ["mcts", "greedy"] if mcts_seat == 0 else ["greedy", "mcts"]
            got = [points, 1 - points] if mcts_seat == 0 else [1 - points, points]
            scores = [30 + margin, 30] if mcts_seat == 0 else [30, 30 + margin]
            lines.append(json.dumps(record(seats, got, seed, scores=scores)))
        path.write_text("\n".join(lines) + "\n")
        return path

    before = run("before.jsonl", {(0, 0): (0.0, -2), (0, 1): (1.0, 4), (1, 0): (0.0, -6)})
    after = run(
        "after.jsonl",
        {(0, 0): (1.0, 2), (0, 1): (1.0, 6), (1, 0): (0.0, -6), (2, 0): (1.0, 9)},
    )
    SPARRING.main(["--compare", str(before), str(after)])
    out = capsys.readouterr().out
    assert "3 games: the second run scored better in 1, worse in 0, the same in 2" in out
    assert "margin moved +2.00" in out
    assert "first run: seeds won both ways 0, lost both ways 0, of 1" in out
    assert "second run: seeds won both ways 1, lost both ways 0, of 1" in out


def test_a_finished_game_s_line_names_its_result_and_the_time_left() -> None:
    game = record(["mcts", "greedy"], [0.5, 0.5], 7) | {"game": "farlanthia"}
    line = SPARRING.progress(game, 3, 160, elapsed=3 * 150.0)
    assert line == (
        "sparring: 3 of 160 played (farlanthia seed 7: mcts 0.5, greedy 0.5), about 6 h 32 min left"
    )


def test_the_sign_test_is_two_sided_and_exact() -> None:
    compare = importlib.import_module("bench.sparring_compare")
    assert compare.sign_test(14, 5) == pytest.approx(0.0636, abs=1e-4)
    assert compare.sign_test(5, 14) == compare.sign_test(14, 5)
    assert compare.sign_test(3, 3) == 1.0
    assert compare.sign_test(0, 0) == 1.0
