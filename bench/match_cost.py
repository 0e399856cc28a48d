"""The referee's CPU per in-process match with a record, per game, and where it goes.

Usage::

    python bench/match_cost.py [--matches N] [--rounds 5] [--game land ...]
                               [--against /work/main] [--parts] [--tournament SEEDS]

Each game plays the same random matches (seeds 1..N, N per game unless
``--matches`` says, with the least seats the game takes: two, LAND 6's
one) between ``bots/random_bot.py`` bots through ``play_in_process``,
each writing its record to a file, with logging at its default level.
The figure is this process's CPU time (``time.process_time``) per match
and per decision: the referee's own cost plus the in-process bots' (the
SDK's decoding of every request and the bot's choice).

``--tournament SEEDS`` measures instead the referee process's CPU in a
real Land round robin of 4 random bot processes (bots reused, 4 matches
at once, SEEDS per pairing): per match and per decision, the bots' own
CPU left out.

``--against TREE`` A/B-tests another checkout (e.g. main's) against this
one: every round runs a fresh process per tree and game, in alternating
order, with the same seeds, and the table gives each tree's median over
the rounds and the ratio of their CPU per decision (this tree's over
the other's; per decision, as a tournament's matches differ from run to
run). ``--parts`` profiles the matches instead and splits their CPU by
where it is spent (the record, the action payloads, the engine, the SDK,
the match loop, trio, protobuf, ...).
"""

from __future__ import annotations

import argparse
import cProfile
import json
import os
import pstats
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

from scratch import scratch_folder

ROOT = Path(__file__).resolve().parent.parent

MATCHES = {"carcassonne": 8, "farlanthia": 2, "land": 30, "land6": 60, "landover": 2}
"""Matches per game and round by default: about a third of a CPU second each."""

PARTS = (
    ("record", ("referee/record/",)),
    ("payloads", ("referee/match/payloads.py", "referee/codec.py")),
    ("engine", ("referee/games/",)),
    ("sdk", ("/sdk/",)),
    ("match loop", ("referee/",)),
    ("trio", ("/trio/",)),
    ("protobuf", ("/google/protobuf/",)),
    ("json", ("/json/",)),
)
"""Where a function's own time counts: the first part whose path fragment its file has."""


def play(tree: Path, game: str, matches: int, profiler: cProfile.Profile | None) -> dict[str, Any]:
    """Play ``matches`` random matches of ``game`` with the code of ``tree``; their CPU."""
    sys.path.insert(0, str(tree))
    sys.path.insert(0, str(tree / "bots"))
    import random_bot  # type: ignore[import-not-found]

    from referee import logs
    from referee.games import get_engine
    from referee.match.runner import play_in_process

    logs.configure(0)
    engine = get_engine(game)
    seats = engine.min_players
    spent, steps, decisions = 0.0, 0, 0
    with tempfile.TemporaryDirectory() as folder:
        for seed in range(1, matches + 1):
            record = Path(folder) / f"{seed}.jsonl"
            bots = [random_bot.RandomBot() for _ in range(seats)]
            started = time.process_time()
            if profiler is not None:
                profiler.enable()
            result = play_in_process(engine, bots, seed, record_path=record)
            if profiler is not None:
                profiler.disable()
            spent += time.process_time() - started
            steps += result.steps
            decisions += sum('"decision"' in line for line in record.open())
            record.unlink()
    imported = Path(sys.modules["referee"].__file__ or "").resolve()
    if tree.resolve() not in imported.parents:
        raise SystemExit(f"imported referee from {imported}, not from {tree}")
    return {"cpu_s": spent, "matches": matches, "steps": steps, "decisions": decisions}


def tournament(tree: Path, games_per_table: int) -> dict[str, Any]:
    """A Land round robin of 4 random bot processes, reused, 4 at once: the referee's CPU.

    This process's CPU time (its threads included, not the bots': they are
    other processes), per match and per decision of the records.
    """
    sys.path.insert(0, str(tree))
    import trio

    from referee import logs
    from referee.entrant import Entrant
    from referee.tournament.coordinator import open_tournament, run_tournament
    from referee.tournament.spec import TournamentSpec

    logs.configure(0)
    bot = str(tree / "bots" / "random_bot.py")
    entrants = tuple(Entrant(f"random-{i}", bot) for i in range(4))
    spec = TournamentSpec(
        game="land", name="cost", entrants=entrants, games_per_table=games_per_table
    )
    spec = replace(spec, concurrency=4, reuse_bots=True)
    with scratch_folder() as folder:
        store, spec = open_tournament(Path(folder) / "t", spec)
        started = time.process_time()
        trio.run(run_tournament, store, spec)
        spent = time.process_time() - started
        matches = store.counts()["done"]
        store.close()
        lines = [line for path in Path(folder).rglob("*.jsonl") for line in path.open()]
    steps = sum(line.startswith('{"digest"') for line in lines)
    decisions = sum(line.startswith('{"decision"') for line in lines)
    return {"cpu_s": spent, "matches": matches, "steps": steps, "decisions": decisions}


def parts_of(profiler: cProfile.Profile) -> dict[str, float]:
    """Each part's share of the profiled time (functions' own time, by file).

    A built-in function's time (``len``, ``json.dumps``' C encoder, a file's
    write) counts where it was called from.
    """
    totals = dict.fromkeys([name for name, _ in PARTS] + ["other"], 0.0)
    stats: Any = pstats.Stats(profiler)
    for (filename, _, _), (_, _, own, _, callers) in stats.stats.items():
        if filename != "~":
            totals[part_of(filename)] += own
            continue
        for (caller_file, _, _), (_, _, caller_share, _) in callers.items():
            totals[part_of(caller_file)] += caller_share
    whole = sum(totals.values()) or 1.0
    return {name: spent / whole for name, spent in totals.items()}


def part_of(filename: str) -> str:
    path = filename.replace(os.sep, "/")
    return next((name for name, marks in PARTS if any(m in path for m in marks)), "other")


def worker(args: argparse.Namespace) -> None:
    """One process, one tree, one game: print its figures as one JSON line."""
    if args.tournament:
        print(json.dumps(tournament(Path(args.tree), args.tournament)))
        return
    profiler = cProfile.Profile(time.process_time) if args.parts else None
    figures = play(Path(args.tree), args.game[0], matches_of(args, args.game[0]), profiler)
    if profiler is not None:
        figures["parts"] = parts_of(profiler)
    print(json.dumps(figures))


def matches_of(args: argparse.Namespace, game: str) -> int:
    return int(args.matches or MATCHES[game])


def run_worker(
    tree: Path, game: str, matches: int, parts: bool, games_per_table: int = 0
) -> dict[str, Any]:
    command = [sys.executable, __file__, "--worker", "--tree", str(tree), "--game", game]
    command += ["--matches", str(matches)] + (["--parts"] if parts else [])
    command += ["--tournament", str(games_per_table)] if games_per_table else []
    done = subprocess.run(command, capture_output=True, text=True, check=False, cwd=tree)
    if done.returncode != 0:
        raise SystemExit(f"{tree} {game}: {done.stderr.strip().splitlines()[-1:]}")
    figures: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return figures


def ms_per_match(figures: dict[str, Any]) -> float:
    return float(figures["cpu_s"]) / figures["matches"] * 1000


def us_per(figures: dict[str, Any], key: str) -> float:
    return float(figures["cpu_s"]) / max(1, figures[key]) * 1e6


def compare(args: argparse.Namespace, trees: list[Path]) -> None:
    """Alternating rounds per game; each tree's median over the rounds."""
    runs: dict[tuple[str, Path], list[dict[str, Any]]] = {}
    for game in args.game:
        for round_no in range(args.rounds):
            order = trees if round_no % 2 == 0 else trees[::-1]
            for tree in order:
                runs.setdefault((game, tree), []).append(
                    run_worker(tree, game, matches_of(args, game), False, args.tournament)
                )
    names = [str(tree) for tree in trees]
    if args.tournament:
        print(f"Referee CPU ms per reused match of a Land round robin (median of {args.rounds})")
    else:
        print(f"CPU ms per in-process match (median of {args.rounds} rounds; matches per round:")
        print("  " + ", ".join(f"{game} {matches_of(args, game)}" for game in args.game) + ")")
    header = f"{'game':12} {'steps':>6} {'decis.':>6}"
    for name in names:
        header += f" {name[-22:]:>22} {'us/dec':>7}"
    if len(trees) == 2:
        header += f" {'ratio':>6}"
    print(header)
    for game in args.game:
        first = runs[(game, trees[0])][0]
        row = f"{game:12} {first['steps'] / first['matches']:6.0f}"
        row += f" {first['decisions'] / first['matches']:6.0f}"
        per_decisions = []
        for tree in trees:
            rounds = runs[(game, tree)]
            median = statistics.median(ms_per_match(f) for f in rounds)
            per_decisions.append(statistics.median(us_per(f, "decisions") for f in rounds))
            row += f" {median:22.2f} {per_decisions[-1]:7.0f}"
        if len(trees) == 2:  # per decision: a tournament's games differ from run to run
            row += f" {per_decisions[1] / per_decisions[0]:6.2f}"
        print(row)


def show_parts(args: argparse.Namespace) -> None:
    print("Where an in-process match's CPU goes (cProfile, own time)")
    names = [name for name, _ in PARTS] + ["other"]
    print(f"{'game':12} {'ms/match':>8} " + " ".join(f"{name[:10]:>10}" for name in names))
    for game in args.game:
        figures = run_worker(Path(args.tree), game, matches_of(args, game), True)
        row = f"{game:12} {ms_per_match(figures):8.2f} "
        row += " ".join(f"{figures['parts'][name]:10.0%}" for name in names)
        print(row)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--matches", type=int, help="matches per game and round")
    parser.add_argument("--rounds", type=int, default=5, help="rounds per tree (with --against)")
    parser.add_argument("--game", action="append", choices=sorted(MATCHES), help="only these games")
    parser.add_argument("--against", type=Path, help="another checkout to compare with")
    parser.add_argument("--parts", action="store_true", help="split the CPU by where it goes")
    parser.add_argument(
        "--tournament",
        type=int,
        default=0,
        metavar="SEEDS",
        help="instead: a Land round robin of 4 random bot processes, SEEDS per pairing",
    )
    parser.add_argument("--tree", default=str(ROOT), help=argparse.SUPPRESS)
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if (args.matches is not None and args.matches < 1) or args.rounds < 1:
        parser.error("--matches and --rounds must be at least 1")
    args.game = ["land"] if args.tournament else args.game or list(MATCHES)
    if args.worker:
        worker(args)
    elif args.parts:
        show_parts(args)
    else:
        trees = [args.against.resolve(), ROOT] if args.against else [ROOT]
        compare(args, trees)


if __name__ == "__main__":
    main()
