"""``referee sprt GAME --bot NEW --bot OLD``: is the new bot stronger, by a sequential test?"""

from __future__ import annotations

import argparse
import re
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from referee.ratings import SprtConfig
    from referee.tournament.spec import TournamentSpec

from referee.bounds import flag_type
from referee.cli.options import add_list_options, add_match_options, list_overrides, match_options


def add_parser(commands: Any) -> None:
    parser = commands.add_parser(
        "sprt",
        help="play a candidate bot against a baseline until an SPRT decides",
        description=(
            "Play the first --bot (candidate) against the second (baseline), in pairs of "
            "games on one seed with swapped seats, until the sequential probability ratio "
            "test accepts H0 (elo <= ELO0) or H1 (elo >= ELO1). The test counts complete "
            "pairs (the pentanomial model, as fishtest). See docs/sprt.md."
        ),
    )
    parser.add_argument("game")
    parser.add_argument(
        "--bot",
        action="append",
        required=True,
        metavar="BOT",
        help="candidate, then baseline: a built-in bot's name, a Python file, a command or "
        "NAME=COMMAND",
    )
    parser.add_argument("--elo0", type=float, default=0.0, help="Elo gain under H0 (default 0)")
    parser.add_argument("--elo1", type=float, default=10.0, help="Elo gain under H1 (default 10)")
    parser.add_argument(
        "--alpha", type=float, default=0.05, help="false-positive rate (default 0.05)"
    )
    parser.add_argument(
        "--beta", type=float, default=0.05, help="false-negative rate (default 0.05)"
    )
    parser.add_argument(
        "--max-games",
        type=flag_type("max_games"),
        default=20000,
        help="stop undecided after this many games (default 20000)",
    )
    parser.add_argument(
        "--max-pairs",
        type=int,
        help="stop undecided after this many pairs (default: half of --max-games)",
    )
    parser.add_argument(
        "--model",
        choices=["pentanomial", "trinomial"],
        default="pentanomial",
        help="count pairs (pentanomial, the default) or single games (trinomial)",
    )
    parser.add_argument(
        "--normalized", action="store_true", help="ELO0 and ELO1 are normalized Elo (nElo)"
    )
    parser.add_argument("--seed", type=flag_type("seed"), default=1)
    add_list_options(parser)
    parser.add_argument("--concurrency", type=flag_type("concurrency"), default=2)
    parser.add_argument(
        "--out",
        type=Path,
        help="the folder for records and bot logs (default: sprt/CANDIDATE-vs-BASELINE-TIME)",
    )
    add_match_options(parser)
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    import trio

    from referee.cli import is_interrupt
    from referee.cli.show import wide_console
    from referee.cli.sprt_report import PairLog, final_lines, header_line
    from referee.output_paths import new_folder
    from referee.tournament.sprt import duel_settings, run_sprt

    spec, config = _build(args)
    duel_settings(spec)
    max_pairs = args.max_pairs if args.max_pairs is not None else args.max_games // 2
    stamp = f"{datetime.now():%Y%m%d-%H%M%S}"
    folder = args.out or Path("sprt") / re.sub(r"[^\w.-]", "_", f"{spec.name}-{stamp}")
    new_folder(folder, "--out")
    console = wide_console()
    console.print(header_line(spec, config, max_pairs, folder), soft_wrap=True, highlight=False)
    try:
        with PairLog(console, config) as log:
            outcome = trio.run(run_sprt, spec, config, max_pairs, folder, log.show)
    except BaseException as error:
        if not is_interrupt(error):
            raise
        console.print(f"Interrupted. Records so far: {folder}", soft_wrap=True)
        return 130
    for line in final_lines(spec, config, outcome):
        console.print(line, soft_wrap=True, highlight=False)
    return 0


def _build(args: argparse.Namespace) -> tuple[TournamentSpec, SprtConfig]:
    """The match settings of the duel and the test, from the flags; ConfigError if wrong."""
    from referee.config import parse_assignments
    from referee.entrant import Entrant
    from referee.errors import ConfigError
    from referee.ratings import SprtConfig, SprtModel
    from referee.tournament.spec import TournamentSpec
    from referee.transport.process import BotCommand

    if len(args.bot) != 2:
        raise ConfigError("sprt needs exactly two --bot: the candidate, then the baseline")
    entrants = tuple(Entrant.parse(text) for text in args.bot)
    if entrants[0].name == entrants[1].name:
        entrants = (
            entrants[0],
            type(entrants[1])(f"{entrants[1].name}-baseline", entrants[1].command),
        )
    for entrant in entrants:
        BotCommand.parse(entrant.command, entrant.name)
    if args.max_pairs is not None and args.max_pairs < 1:
        raise ConfigError(f"--max-pairs: expected at least 1, got {args.max_pairs}")
    if args.max_pairs is None and args.max_games < 2:
        raise ConfigError(f"--max-games: expected at least 2 (one pair), got {args.max_games}")
    try:
        config = SprtConfig(
            args.elo0,
            args.elo1,
            args.alpha,
            args.beta,
            model=SprtModel(args.model),
            normalized=args.normalized,
        )
    except ValueError as error:
        raise ConfigError(str(error)) from None
    spec = TournamentSpec(
        game=args.game,
        entrants=entrants,
        name=f"{args.game}-{entrants[0].name}-vs-{entrants[1].name}",
        seed=args.seed,
        concurrency=args.concurrency,
        config=parse_assignments(args.config),
        match=match_options(args),
        **list_overrides(args),
    )
    return spec, config
