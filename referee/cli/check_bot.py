"""``referee check-bot PATH``: the conformance check a bot passes before it enters an arena."""

from __future__ import annotations

import argparse
import logging
import tempfile
from pathlib import Path
from typing import Any

from referee.bounds import BOUNDS, flag_type

EXAMPLES = """\
examples:
  referee check-bot examples/node                 every game its bot.toml declares
  referee check-bot my-bot.tar.gz --game land     one game
  referee check-bot my-bot --keep check-out       keep its stderr and the match records
"""


def add_parser(commands: Any) -> None:
    parser = commands.add_parser(
        "check-bot",
        help="check that a bot package connects, answers in time, plays legally and exits",
        description="Run the conformance check an arena runs on every submission:\n"
        "one PASS or FAIL line per check, with its reason. Exit status 0 when\n"
        "every check passes, 1 when one fails, 2 for a wrong command line.",
        epilog=EXAMPLES,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "path", type=Path, help="the bot package: a folder with a bot.toml, or a .tar.gz/.zip"
    )
    parser.add_argument(
        "--game",
        action="append",
        metavar="GAME",
        help="check this game (repeat for more); default every game the bot.toml declares",
    )
    parser.add_argument(
        "--sandbox",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="run the bot under bubblewrap, as arena matches do (default: when installed)",
    )
    parser.add_argument(
        "--decision-ms",
        type=flag_type("decision_ms"),
        default=1000,
        metavar="MS",
        help="the clock of each decision in ms (default 1000)",
    )
    parser.add_argument(
        "--matches",
        type=flag_type("check_matches"),
        default=2,
        metavar="N",
        help=f"seeded matches per game against the random bot, "
        f"{BOUNDS['check_matches'].describe()} (default 2)",
    )
    parser.add_argument(
        "--startup-timeout",
        type=flag_type("startup_timeout_s", float),
        default=10.0,
        metavar="SECONDS",
        help="how long the bot may take to connect and say hello (default 10)",
    )
    parser.add_argument(
        "--keep",
        type=Path,
        metavar="DIR",
        help="keep the bot's stderr and the check's match records in DIR",
    )
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from referee.arena.conformance import check_path
    from referee.errors import ConfigError

    if not args.path.exists():
        raise ConfigError(f"no bot package at {args.path}")
    if args.verbose == 0:
        # The report names every fault; the runner's warnings would only say them twice.
        for name in ("referee.match", "referee.transport"):
            logging.getLogger(name).setLevel(logging.ERROR)
    with tempfile.TemporaryDirectory(prefix="landgrave-check-") as scratch:
        work_dir = args.keep or Path(scratch)
        report = check_path(
            args.path,
            args.game,
            work_dir,
            sandbox=args.sandbox,
            decision_ms=args.decision_ms,
            matches_per_game=args.matches,
            startup_timeout_s=args.startup_timeout,
        )
        print(report.render())
    if report.passed:
        return 0
    if report.results[0].name == "bot.toml" and not report.results[0].passed:  # never ran
        print("some checks failed; fix bot.toml first")
        return 1
    where = (
        f"the bot's stderr and the match records are in {args.keep}"
        if args.keep
        else ("--keep DIR keeps the bot's stderr and the match records")
    )
    print(f"some checks failed; {where}")
    return 1
