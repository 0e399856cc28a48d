"""Flags every command that plays matches shares: game config, clock, penalties, limits."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from referee.bounds import flag_type
from referee.config import parse_assignments
from referee.settings import MatchSettings


def add_match_options(parser: argparse.ArgumentParser) -> None:
    group = parser.add_argument_group("match settings")
    group.add_argument(
        "--config",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="a game option (see `referee games`); repeat for more",
    )
    group.add_argument(
        "--decision-ms",
        type=flag_type("decision_ms"),
        default=1000,
        help="time per decision in ms (default 1000)",
    )
    group.add_argument(
        "--bank-ms",
        type=flag_type("bank_ms"),
        default=0,
        help="time bank per seat in ms, spent past --decision-ms (default 0)",
    )
    group.add_argument(
        "--increment-ms",
        type=flag_type("increment_ms"),
        default=0,
        help="added to the bank after each decision (default 0)",
    )
    group.add_argument(
        "--penalty",
        choices=("forfeit", "default-action"),
        default="forfeit",
        help="what a fault costs: forfeit the match (default), or the engine's "
        "default action with a strike",
    )
    group.add_argument(
        "--max-strikes",
        type=flag_type("max_strikes"),
        default=3,
        help="with --penalty default-action, strikes before a forfeit (default 3)",
    )
    group.add_argument(
        "--startup-timeout",
        type=flag_type("startup_timeout_s", float),
        default=10.0,
        help="seconds a bot has to connect and say hello (default 10)",
    )
    group.add_argument(
        "--bot-memory-mb",
        type=flag_type("bot_memory_mb"),
        default=2048,
        help="heap limit per bot process in MB (default 2048)",
    )
    group.add_argument(
        "--sandbox",
        action="store_true",
        help="run bots under bubblewrap: no network, read-only files, private /tmp",
    )
    group.add_argument(
        "--bot-env",
        action="append",
        default=[],
        metavar="NAME",
        help="pass the environment variable NAME to bots (they get only PATH, HOME, "
        "the locale, TERM and TZ otherwise); repeat for more",
    )
    group.add_argument(
        "--bot-output-mb",
        type=flag_type("bot_output_mb"),
        default=4,
        help="stdout and stderr kept per bot process in its log, 0 for all (default 4)",
    )
    group.add_argument(
        "--bot-cpu-s",
        type=flag_type("bot_cpu_s"),
        default=0,
        help="CPU seconds per bot process, 0 for none (default 0)",
    )


def match_settings(args: argparse.Namespace) -> MatchSettings:
    """The settings the flags name, checked.

    Raises:
        ConfigError: a value out of range or an unknown game option.
    """
    return MatchSettings.build(
        args.game,
        parse_assignments(args.config),
        decision_ms=args.decision_ms,
        bank_ms=args.bank_ms,
        increment_ms=args.increment_ms,
        penalty=args.penalty,
        max_strikes=args.max_strikes,
        memory_mb=args.bot_memory_mb,
        cpu_s=args.bot_cpu_s,
        sandbox=args.sandbox,
        bot_env=args.bot_env,
        output_mb=args.bot_output_mb,
    )


def add_list_options(parser: argparse.ArgumentParser) -> None:
    """``--seeds-file`` and ``--maps-file``: an openings book of seeds, and maps to cycle."""
    parser.add_argument(
        "--seeds-file",
        type=Path,
        metavar="FILE",
        help="seeds to cycle through, one per line (# comments): seed group g plays the "
        "g-th, in every seat order",
    )
    parser.add_argument(
        "--maps-file",
        type=Path,
        metavar="FILE",
        help="maps to cycle through, one name per line: seed group g sets the game's map "
        "option to the g-th",
    )


def list_overrides(args: argparse.Namespace) -> dict[str, Any]:
    """The ``seeds`` and ``maps`` the list flags give, read from their files.

    Raises:
        ConfigError: a file cannot be read or holds a line that is not a seed.
    """
    from referee.tournament.spec import read_list_file

    given = {"seeds": args.seeds_file, "maps": args.maps_file}
    return {key: tuple(read_list_file(path, key)) for key, path in given.items() if path}
