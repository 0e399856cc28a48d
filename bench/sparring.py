"""Sparring: the random, greedy and MCTS bots against each other in every game.

Usage::

    python bench/sparring.py [--game land ...] [--games 200] [--move-time 1.0]
                             [--pairing mcts:greedy ...] [--difficulty normal ...]
                             [--paired] [--config KEY=VALUE ...] [--jobs 2]
                             [--mcts-args "--exploration 0.3"]
                             [--results FILE | --resume FILE | --report FILE
                              | --compare BEFORE AFTER]

For each multiplayer game, 2-player games between pairs of bots (all three
pairings, or those named with ``--pairing``): ``--games`` games per
pairing (seed ``i``, seats swapped on odd seeds; with ``--paired``, seeds
0, 0, 1, 1, ... so each seed is played with both seatings). The standings give each
bot's points per game (a win 1, a tie 1/2) with a 95% confidence interval,
then each pairing's score. For LAND 6 (solo), each bot named in the
pairings plays ``--games`` games on every difficulty (or those named with
``--difficulty``), and the table gives its win rate with its interval.
``--config KEY=VALUE`` plays every game with that option (as the referee's
``--config`` takes it), such as ``years=1`` for shorter Farlanthia games to
screen a change on: a variant is another game in the results and standings.
Where the MCTS bot played, its iterations per decision and per CPU second.

Results: with ``--results FILE`` every finished game is appended to FILE as
one JSON line (game, seats, seed, difficulty, points, scores, faults, move
time, bot arguments, commit, the MCTS bot's search statistics), and the
standings are printed from it. ``--resume FILE`` plays only the games of
the schedule that FILE does not hold yet (the same game, seats, seed,
difficulty, move time and bot arguments) and appends them, so a long run
can be split over several sessions, or stopped (Ctrl-C, or ``kill`` for a
run in the background) and resumed; ``--report FILE`` prints the standings
of FILE and plays nothing. A bot with other ``--mcts-args`` is another
entrant in the standings, so two settings run into one file compare side
by side. ``--compare BEFORE AFTER``
compares two files game by game where both played the same game, seed and
seating (bench/sparring_compare.py): with ``--paired`` runs, the way to see
whether a change to the bot played better, which 40 games' totals cannot.

The figures of issue 11 (MCTS against greedy, greedy against random, MCTS
and the heuristic bot on LAND 6 normal; a quiet machine, hours of CPU),
run as often as needed with the same line until every game is in::

    python bench/sparring.py --games 200 --move-time 1 --jobs 2 \\
        --pairing mcts:greedy --pairing greedy:random --difficulty normal \\
        --resume sparring-1s.jsonl

Run at most one job per free core: more jobs than cores starve the MCTS
bot's search and make it weaker. ``--mcts-args "--move-time 0.25"`` makes the
bot think less than the time control gives it (it never runs late), and
``--mcts-args "--iterations 200" --move-time 60`` fixes its search by
iterations, so a loaded machine measures the same bot as a quiet one.

Matches are played in this process's referee (``play_in_process``) under
the time control ``--move-time`` per decision, so the MCTS bot searches
against the real clock; chance comes from the in-process secret and the
seed, so a rerun plays the same games up to the MCTS bot's timing.
Intervals are Wilson score intervals, ties counted as half a win (an
approximation when ties are common).
"""

from __future__ import annotations

import argparse
import functools
import importlib
import itertools
import logging
import shlex
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import asdict, dataclass
from pathlib import Path
from types import ModuleType
from typing import Any

import structlog

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench import worker_pool  # noqa: E402
from bench.sparring_compare import compare  # noqa: E402
from bench.sparring_results import (  # noqa: E402
    BOTS,
    MULTIPLAYER,
    BenchError,
    append_result,
    canonical_config,
    read_results,
    record_key,
    report,
)
from referee.config import build_config, parse_assignments  # noqa: E402
from referee.errors import ConfigError  # noqa: E402
from referee.games import get_engine  # noqa: E402
from referee.games.land6.rules import Difficulty, Rules  # noqa: E402
from referee.match import play_in_process  # noqa: E402
from referee.match.clock import TimeControl  # noqa: E402


def load_module(filename: str) -> ModuleType:
    """A built-in bot's script (bots/FILENAME), imported from its installed package."""
    return importlib.import_module(f"landgrave_bots.{filename.removesuffix('.py')}")


def make_bot(kind: str, game: str, mcts_args: str) -> Any:
    """A fresh bot of a kind for a game: the MCTS bot's greedy bots are the sparring greedy."""
    mcts = load_module("mcts_bot.py")
    if kind == "random":
        return load_module("random_bot.py").RandomBot()
    if kind == "greedy":
        return mcts.heuristic_class(game, searched=False)()
    return mcts.MctsBot(mcts.parse_settings(shlex.split(mcts_args)))


def mcts_options_error(mcts_args: str) -> str | None:
    """What is wrong with ``--mcts-args`` (a misspelt option would play the defaults for
    hours, unseen), or None."""
    try:
        argv = shlex.split(mcts_args)
    except ValueError as error:  # an unclosed quote
        return str(error)
    return load_module("mcts_bot.py").options_error(argv)


@dataclass(frozen=True)
class Game:
    """One game to play: the bots by seat, the seed, and the LAND 6 difficulty if solo."""

    game: str
    seats: tuple[str, ...]
    seed: int
    move_time: float
    mcts_args: str
    difficulty: str = ""
    config: str = ""
    """The game's options, ``key=value`` joined by commas (``--config``); empty: defaults."""

    def key(self) -> tuple[Any, ...]:
        """What makes two games the same game: a resumed run skips a game with its key."""
        args = self.mcts_args if "mcts" in self.seats else ""
        return (
            self.game,
            self.seats,
            self.seed,
            self.difficulty,
            self.move_time,
            args,
            self.config,
        )

    def game_config(self) -> Any:
        """The engine's Config for this game: LAND 6's difficulty, then ``config`` over it.

        Raises:
            BenchError: an option the game does not have, or a value of the wrong type.
        """
        base = None
        if self.difficulty:
            base = Rules(difficulty=Difficulty[self.difficulty]).to_config()
        if not self.config:
            return base
        try:
            options = parse_assignments(self.config.split(","))
            return build_config(get_engine(self.game), options, base)
        except ConfigError as error:
            raise BenchError(str(error)) from None


def play(task: Game, commit: str) -> dict[str, Any]:
    """Play one game in this process's referee (a worker of the pool): its record."""
    engine = get_engine(task.game)
    config = task.game_config()
    bots = [make_bot(kind, task.game, task.mcts_args) for kind in task.seats]
    started = time.perf_counter()
    result = play_in_process(
        engine, bots, task.seed, config, time_control=TimeControl(task.move_time)
    )
    seats = result.seats
    if len(seats) == 1:
        points = [1.0 if "won" in seats[0].titles else 0.0]
    else:
        points = [_duel_points(seat.rank, [s.rank for s in seats]) for seat in seats]
    search = [asdict(bot.statistics) for bot in bots if hasattr(bot, "statistics")]
    return {
        "game": task.game,
        "seats": list(task.seats),
        "seed": task.seed,
        "difficulty": task.difficulty,
        "points": points,
        "scores": [seat.score for seat in seats],
        "faults": [kind for kind, seat in zip(task.seats, seats, strict=True) if seat.is_faulty],
        "move_time": task.move_time,
        "bot_args": {"mcts": task.mcts_args} if "mcts" in task.seats else {},
        "config": task.config,
        "commit": commit,
        "search": search[0] if search else None,
        "seconds": round(time.perf_counter() - started, 3),
    }


def _duel_points(rank: int, ranks: list[int]) -> float:
    best = min(ranks)
    if rank != best:
        return 0.0
    return 1.0 / ranks.count(best)


def parse_pairing(text: str) -> tuple[str, str]:
    """``mcts:greedy`` as a pair of bot kinds, in the bench's order."""
    kinds = text.split(":")
    if len(kinds) != 2 or kinds[0] == kinds[1] or not set(kinds) <= set(BOTS):
        raise argparse.ArgumentTypeError(
            f"expected two different bots of {', '.join(BOTS)} as A:B, got {text!r}"
        )
    first, second = sorted(kinds, key=BOTS.index)
    return first, second


def schedule(args: argparse.Namespace) -> list[Game]:
    """Every game of the bench, in order."""
    pairings = args.pairing or list(itertools.combinations(BOTS, 2))
    solo_bots = sorted({kind for pair in pairings for kind in pair}, key=BOTS.index)
    difficulties = args.difficulty or [d.name.lower() for d in Difficulty]
    tasks: list[Game] = []
    for game in args.game:
        if game == "land6":
            for difficulty, bot, seed in itertools.product(
                difficulties, solo_bots, range(args.games)
            ):
                tasks.append(
                    Game(
                        game,
                        (bot,),
                        seed,
                        args.move_time,
                        args.mcts_args,
                        difficulty.upper(),
                        args.config,
                    )
                )
            continue
        for a, b in pairings:
            for index in range(args.games):
                # Paired: seeds 0, 0, 1, 1, ...: each seed's dice and tiles with both seatings.
                seed = index // 2 if args.paired else index
                seats = (a, b) if index % 2 == 0 else (b, a)
                tasks.append(
                    Game(game, seats, seed, args.move_time, args.mcts_args, config=args.config)
                )
    return tasks


def current_commit(root: Path = ROOT) -> str:
    """The checkout's commit (with ``+dirty`` for uncommitted changes), or ``unknown``.

    The results kept in the checkout (bench/results/) do not count as changes:
    a run appends to them, and its games would all be stamped dirty.
    """
    try:
        head = _git(root, "rev-parse", "--short=10", "HEAD")
        changed = ("status", "--porcelain", "--untracked-files=no", "--", ":!bench/results")
        dirty = _git(root, *changed)
    except (OSError, subprocess.CalledProcessError):
        return "unknown"
    return head + ("+dirty" if dirty else "")


def _git(root: Path, *args: str) -> str:
    """What a git command prints in the checkout at ``root``, stripped."""
    done = subprocess.run(["git", *args], cwd=root, capture_output=True, text=True, check=True)
    return done.stdout.strip()


# -- playing -------------------------------------------------------------------


def played(tasks: list[Game], jobs: int, commit: str) -> Iterator[dict[str, Any]]:
    """Each game's record as it finishes: in this process, or in ``jobs`` worker processes."""
    if jobs <= 1:
        for task in tasks:
            yield play(task, commit)
        return
    yield from worker_pool.finished(functools.partial(play, commit=commit), tasks, jobs)


# -- the command line ----------------------------------------------------------


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument(
        "--game",
        action="append",
        choices=(*MULTIPLAYER, "land6"),
        help="a game to bench (repeat it; default: all five)",
    )
    parser.add_argument("--games", type=int, default=200, help="games per pairing or row")
    parser.add_argument("--move-time", type=float, default=1.0, help="seconds per decision")
    parser.add_argument(
        "--pairing",
        action="append",
        type=parse_pairing,
        help="a pairing to play, such as mcts:greedy (repeat it; default: every pair)",
    )
    parser.add_argument(
        "--difficulty",
        action="append",
        choices=[d.name.lower() for d in Difficulty],
        help="a LAND 6 difficulty to play (repeat it; default: every one)",
    )
    parser.add_argument(
        "--paired",
        action="store_true",
        help="play each seed with both seatings (seeds 0, 0, 1, 1, ...): the luck of "
        "the draw is the same for both bots",
    )
    parser.add_argument(
        "--config",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="a game option for every game played, as the referee takes it (repeat it), "
        "such as years=1 for shorter Farlanthia games",
    )
    parser.add_argument("--jobs", type=int, default=1, help="games played at once")
    parser.add_argument(
        "--mcts-args", default="", help='options of the MCTS bot, such as "--exploration 0.5"'
    )
    files = parser.add_mutually_exclusive_group()
    files.add_argument("--results", type=Path, help="append each finished game to this new file")
    files.add_argument(
        "--resume", type=Path, help="play only the games this results file lacks, appending them"
    )
    files.add_argument("--report", type=Path, help="print this results file's standings only")
    files.add_argument(
        "--compare",
        type=Path,
        nargs=2,
        metavar=("BEFORE", "AFTER"),
        help="compare two results files game by game on the same seeds and seatings",
    )
    args = parser.parse_args(argv)
    args.game = args.game or [*MULTIPLAYER, "land6"]
    args.config = canonical_config(args.config)
    if args.games < 0 or args.move_time <= 0 or args.jobs < 1:
        parser.error("expected --games >= 0, --move-time > 0 and --jobs >= 1")
    return args


def progress(record: dict[str, Any], count: int, total: int, elapsed: float) -> str:
    """One line on a finished game: its result, and the time the rest may take at the
    pace so far (a run of hundreds of MCTS games lasts hours)."""
    result = ", ".join(
        f"{seat} {points:g}" for seat, points in zip(record["seats"], record["points"], strict=True)
    )
    left = elapsed / count * (total - count)
    hours, minutes = divmod(round(left / 60), 60)
    return (
        f"sparring: {count} of {total} played ({record['game']} seed {record['seed']}: "
        f"{result}), about {hours} h {minutes:02d} min left"
    )


def run(args: argparse.Namespace) -> None:
    """Play what the schedule (less what the results file holds) asks, then report."""
    if args.report is not None:
        report(read_results(args.report))
        return
    if args.compare is not None:
        compare(*(read_results(path) for path in args.compare))
        return
    wrong = mcts_options_error(args.mcts_args)
    if wrong is not None:
        raise BenchError(f"--mcts-args: {wrong}")
    path = args.results or args.resume
    records: list[dict[str, Any]] = []
    if args.resume is not None and args.resume.exists():
        records = read_results(args.resume)
    elif args.results is not None and args.results.exists() and args.results.stat().st_size:
        raise BenchError(
            f"{args.results} already holds results: --resume {args.results} to go on with it"
        )
    done = {record_key(record) for record in records}
    scheduled = schedule(args)
    for first in {task.game: task for task in scheduled}.values():
        first.game_config()  # a wrong option: one line now, not a worker's traceback later
    tasks = [task for task in scheduled if task.key() not in done]
    keys = {task.key() for task in scheduled}
    print(
        f"sparring: {len(tasks)} games to play ({len(scheduled) - len(tasks)} already in "
        f"{path}), {args.move_time} s per move, {args.jobs} at once, "
        f"mcts {args.mcts_args or '(defaults)'}"
    )
    # Each match logs a line; the tables are the output. Workers fork with this setting.
    structlog.configure(wrapper_class=structlog.make_filtering_bound_logger(logging.WARNING))
    start = time.perf_counter()
    for count, record in enumerate(played(tasks, args.jobs, current_commit()), 1):
        records.append(record)
        if path is not None:
            append_result(path, record)
        print(progress(record, count, len(tasks), time.perf_counter() - start), file=sys.stderr)
    report([record for record in records if record_key(record) in keys])
    print(f"\n{time.perf_counter() - start:.0f} s")


def main(argv: list[str] | None = None) -> None:
    args = parse_args(argv)
    worker_pool.stop_on_sigterm()
    try:
        run(args)
    except BenchError as error:
        print(f"sparring: {error}", file=sys.stderr)
        raise SystemExit(2) from None
    except (KeyboardInterrupt, BaseExceptionGroup) as stop:
        # Ctrl-C inside a match reaches here in the referee's exception group.
        if isinstance(stop, BaseExceptionGroup) and not stop.subgroup(KeyboardInterrupt):
            raise
        kept = args.results or args.resume
        where = f": the games finished are in {kept}, --resume {kept} goes on" if kept else ""
        print(f"sparring: stopped{where}", file=sys.stderr)
        raise SystemExit(130) from None


if __name__ == "__main__":
    main()
