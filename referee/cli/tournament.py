"""``referee tournament [SPEC.toml]``: run, or resume, a tournament."""

from __future__ import annotations

import argparse
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from referee.bounds import flag_type
from referee.cli.options import add_list_options, add_match_options, list_overrides, match_options
from referee.tournament.spec import Format

if TYPE_CHECKING:
    from rich.console import Console

    from referee.tournament.spec import TournamentSpec
    from referee.tournament.standings import Standing
    from referee.tournament.store import ScheduledMatch


def add_parser(commands: Any) -> None:
    parser = commands.add_parser(
        "tournament",
        help="run a tournament (with no spec: a round robin on Land between the built-in bots)",
        description=(
            "Run a tournament from a TOML spec, from flags, or (with neither) the embedded "
            "default: a round robin on Land. Flags given with a spec override its keys "
            "(--game and --bot make a tournament without one); --resume takes none of them."
        ),
    )
    parser.add_argument("spec", nargs="?", type=Path, help="a tournament spec (TOML)")
    parser.add_argument(
        "--resume",
        type=Path,
        metavar="DIR",
        help="resume the tournament in DIR: play only what is not done",
    )
    parser.add_argument(
        "--out",
        type=Path,
        metavar="DIR",
        help="the tournament's folder (default: tournaments/NAME-TIME)",
    )
    parser.add_argument("--game", help="the game (instead of a spec)")
    parser.add_argument(
        "--bot",
        action="append",
        default=[],
        metavar="BOT",
        help="a bot: a built-in bot's name (see `referee games`), a Python file or a command; "
        "NAME=COMMAND names it",
    )
    parser.add_argument("--format", choices=[f.value for f in Format])
    parser.add_argument("--challenger", help="gauntlet: the bot that meets the field")
    parser.add_argument(
        "--games",
        type=flag_type("games_per_table"),
        dest="games_per_table",
        metavar="N",
        help="seeds per table, each played in every seat order",
    )
    parser.add_argument("--table-size", type=flag_type("table_size"), help="players per match")
    parser.add_argument("--seed", type=flag_type("seed"), help="the base seed")
    add_list_options(parser)
    parser.add_argument(
        "--concurrency", type=flag_type("concurrency"), help="matches at once per worker"
    )
    parser.add_argument("--workers", type=flag_type("workers"), help="worker processes")
    parser.add_argument(
        "--no-reuse",
        dest="reuse_bots",
        action="store_false",
        default=None,
        help="start a fresh bot process for every match",
    )
    parser.add_argument(
        "--dask",
        dest="dask_scheduler",
        metavar="SCHEDULER",
        help="play on a Dask cluster: 'local' (--workers processes here) or tcp://host:8786",
    )
    parser.add_argument(
        "--no-progress",
        action="store_true",
        help="no progress bar, and no line per match when the output is not a terminal",
    )
    parser.add_argument(
        "--standings-every",
        type=flag_type("standings_every"),
        default=0,
        metavar="N",
        help="when the output is not a terminal: the standings after every N matches too",
    )
    add_match_options(parser)
    parser.set_defaults(run=run)


OVERRIDES = (
    "format",
    "challenger",
    "games_per_table",
    "table_size",
    "seed",
    "concurrency",
    "workers",
    "reuse_bots",
    "dask_scheduler",
)
"""Flags that set a spec key of the same name; the match flags set ``spec.match``."""


def refuse_with_resume(args: argparse.Namespace) -> None:
    """A resumed tournament plays on as it was made: a spec or a flag that would change
    it is refused, not silently dropped."""
    from referee.cli.options import FLAGS
    from referee.errors import ConfigError

    keys = ("spec", "out", "game", "bot", "config", "seeds_file", "maps_file", *OVERRIDES, *FLAGS)
    given = [key for key in keys if getattr(args, key, None) not in (None, [])]
    if given:
        key = given[0]
        flag = FLAGS.get(key) or OWN_FLAGS.get(key) or "--" + key.replace("_", "-")
        what = "the spec file" if key == "spec" else flag
        raise ConfigError(f"--resume plays on the tournament as it was made: drop {what}")


OWN_FLAGS = {"games_per_table": "--games", "dask_scheduler": "--dask", "reuse_bots": "--no-reuse"}
"""The flags named otherwise than their spec keys."""


def build_spec(args: argparse.Namespace) -> Any:
    """The spec the arguments describe: a file, flags, or the embedded default."""
    from dataclasses import replace

    from referee import builtin_bots
    from referee.config import parse_assignments
    from referee.entrant import Entrant
    from referee.errors import ConfigError
    from referee.tournament.spec import TournamentSpec, default_spec, load_spec

    if args.spec is not None:
        if args.game or args.bot:
            raise ConfigError("--game and --bot make a tournament without a spec: edit the spec")
        spec = load_spec(args.spec)
    elif args.game or args.bot:
        if not (args.game and len(args.bot) >= 2):
            raise ConfigError("a tournament from flags needs --game and at least two --bot")
        entrants = tuple(Entrant.parse(text) for text in args.bot)
        spec = TournamentSpec(game=args.game, entrants=entrants, name=args.game)
    else:
        spec = default_spec(builtin_bots.folder())
    overrides = {k: getattr(args, k) for k in OVERRIDES if getattr(args, k) is not None}
    overrides.update(list_overrides(args))
    if args.config:  # over the spec's own game options
        overrides["config"] = {**spec.config, **parse_assignments(args.config)}
    overrides["match"] = match_options(args, spec.match)
    return replace(spec, **overrides)


def run(args: argparse.Namespace) -> int:
    import trio

    from referee.cli import is_interrupt
    from referee.cli.show import wide_console
    from referee.tournament.coordinator import (
        open_tournament,
        run_tournament,
        swiss_byes,
        table_size,
    )
    from referee.tournament.preflight import preflight
    from referee.tournament.report import MatchLog, ProgressBar
    from referee.tournament.store import MatchStatus

    console = wide_console()
    if args.resume is not None:
        refuse_with_resume(args)
        store, spec = open_tournament(args.resume, None)
    else:
        spec = build_spec(args)
        folder = args.out or Path("tournaments") / (
            f"{spec.name}-{datetime.now().strftime('%Y%m%d-%H%M%S')}"
        )
        store, spec = open_tournament(folder, spec)
    console.print(
        f"Tournament [bold]{spec.name}[/bold]: {spec.format} on {spec.game}, "
        f"{len(spec.entrants)} bots, folder {store.folder}",
        soft_wrap=True,
    )
    try:
        if not spec.dask_scheduler:  # on Dask the bots start on the workers' machines
            trio.run(preflight, spec, store.folder / "logs")
        if args.no_progress:
            rows = trio.run(run_tournament, store, spec)
        elif console.is_terminal:
            with ProgressBar(console, spec.name) as bar:
                rows = trio.run(run_tournament, store, spec, bar.update)
        else:  # piped or in a log file: a line per match, as chess tools print
            log = MatchLog(console, spec.name, table_size(spec), args.standings_every)
            rows = trio.run(run_tournament, store, spec, log.update)
        finished = store.matches(MatchStatus.DONE)
        byes = swiss_byes(store)
    except BaseException as error:
        if not is_interrupt(error):
            raise
        console.print(
            f"Interrupted. Resume with: referee tournament --resume {store.folder}", soft_wrap=True
        )
        return 130
    finally:
        store.close()
    show_results(console, spec, store.folder, rows, finished)
    if byes:  # they count in the pairings' points, not in the standings' games
        console.print(
            f"Swiss byes (each worth winning its round's games, for pairing): {', '.join(byes)}",
            soft_wrap=True,
        )
    return 0


def show_results(
    console: Console,
    spec: TournamentSpec,
    folder: Path,
    rows: list[Standing],
    finished: list[ScheduledMatch],
) -> None:
    """The tables (standings, head to head, superiority), then the files that hold it all."""
    from referee.replay.catalog import list_records
    from referee.replay.export import export_folder
    from referee.tournament.coordinator import table_size
    from referee.tournament.headtohead import head_to_head
    from referee.tournament.report import (
        export,
        export_head_to_head,
        head_to_head_table,
        overhead_line,
        standings_table,
        superiority_table,
    )
    from referee.tournament.standings import game_results

    size, names = table_size(spec), [row.name for row in rows]
    pairs = head_to_head(game_results(finished), names)
    console.print(standings_table(rows, f"{spec.name}: standings", size))
    for table in (head_to_head_table(pairs, names, size), superiority_table(rows)):
        if table is not None:
            console.print(table)
    for name, reason in ((r.name, r.quarantined) for r in rows if r.quarantined):
        console.print(f"[red]{name} was quarantined[/red]: {reason}")
    overhead = overhead_line(finished)
    if overhead:
        console.print(overhead)
    csv_path, json_path = export(rows, folder)
    pairs_path = export_head_to_head(pairs, folder)
    matches_json, matches_csv = export_folder(list_records(folder), folder)
    for line in (
        f"Standings: {csv_path}, {json_path}",
        f"Head to head: {pairs_path}",
        f"Every match: {matches_json}, {matches_csv}",
        where_things_are(folder),
    ):
        console.print(line, soft_wrap=True, markup=False, highlight=False)


def where_things_are(folder: Path) -> str:
    """The tournament's files, and the command that shows one of its matches."""
    from referee.tournament.store import DATABASE_NAME

    lines = [
        f"Records: {folder / 'records'}/",
        f"Database: {folder / DATABASE_NAME}",
        f"Bot logs: {folder / 'logs'}/",
    ]
    first = min((folder / "records").glob("*.jsonl*"), default=None)
    if first is not None:
        lines.append(f"View one: referee replay {first} --html {first.name.split('.')[0]}.html")
    return "\n".join(lines)
