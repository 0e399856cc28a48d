"""The match flags every command that plays matches shares: ``match``, ``tournament``,
``sprt`` and ``arena init``.

One flag per ``MatchOptions`` field (referee/settings.py), named after its
spec key. A flag left out leaves the command's own value: the defaults for
``match`` and ``sprt``, the spec's for ``tournament``, the arena's for
``arena init``. Ranges come from referee/bounds.py, the table the spec uses.
"""

from __future__ import annotations

import argparse
from dataclasses import replace
from pathlib import Path
from typing import Any

from referee.bounds import flag_type
from referee.config import parse_assignments
from referee.settings import MatchOptions, MatchSettings, Penalty

DEFAULTS = MatchOptions()

FLAGS = {
    "decision_ms": "--decision-ms",
    "bank_ms": "--bank-ms",
    "increment_ms": "--increment-ms",
    "penalty": "--penalty",
    "max_strikes": "--max-strikes",
    "startup_timeout_s": "--startup-timeout",
    "bot_memory_mb": "--bot-memory-mb",
    "bot_cpu_s": "--bot-cpu-s",
    "bot_output_mb": "--bot-output-mb",
    "sandbox": "--sandbox",
    "bot_env": "--bot-env",
}
"""The flag of every match option."""


def add_match_options(
    parser: argparse.ArgumentParser,
    *,
    game_config: bool = True,
    defaults: MatchOptions = DEFAULTS,
) -> None:
    """The match flags, each defaulting to None (not given); ``--config`` with ``game_config``.

    ``defaults``: what a flag not given comes to, as its help says (an arena's differ).
    """
    group = parser.add_argument_group("match settings")
    if game_config:
        group.add_argument(
            "--config",
            action="append",
            default=[],
            metavar="KEY=VALUE",
            help="a game option (see `referee games`); repeat for more",
        )
    group.add_argument(
        FLAGS["decision_ms"],
        type=flag_type("decision_ms"),
        help=f"time per decision in ms (default {defaults.decision_ms})",
    )
    group.add_argument(
        FLAGS["bank_ms"],
        type=flag_type("bank_ms"),
        help="time bank per seat in ms, spent past --decision-ms (default 0)",
    )
    group.add_argument(
        FLAGS["increment_ms"],
        type=flag_type("increment_ms"),
        help="added to the bank after each decision (default 0)",
    )
    group.add_argument(
        FLAGS["penalty"],
        choices=[p.value for p in Penalty],
        help="what a fault costs: forfeit the match (default), or the engine's "
        "default action with a strike",
    )
    group.add_argument(
        FLAGS["max_strikes"],
        type=flag_type("max_strikes"),
        help=f"with --penalty default-action, strikes before a forfeit "
        f"(default {defaults.max_strikes})",
    )
    group.add_argument(
        FLAGS["startup_timeout_s"],
        dest="startup_timeout_s",
        type=flag_type("startup_timeout_s", float),
        help=f"seconds a bot has to connect and say hello (default {defaults.startup_timeout_s:g})",
    )
    group.add_argument(
        FLAGS["bot_memory_mb"],
        type=flag_type("bot_memory_mb"),
        help=f"heap limit per bot process in MB (default {defaults.bot_memory_mb})",
    )
    group.add_argument(
        FLAGS["bot_cpu_s"],
        type=flag_type("bot_cpu_s"),
        help="CPU seconds per bot process, 0 for none (default 0)",
    )
    group.add_argument(
        FLAGS["bot_output_mb"],
        type=flag_type("bot_output_mb"),
        help=f"stdout and stderr kept per bot process in its log, 0 for all "
        f"(default {defaults.bot_output_mb})",
    )
    group.add_argument(
        FLAGS["sandbox"],
        action="store_const",
        const=True,
        help="run bots under bubblewrap: no network, read-only files, private /tmp",
    )
    group.add_argument(
        FLAGS["bot_env"],
        action="append",
        metavar="NAME",
        help="pass the environment variable NAME to bots (they get only PATH, HOME, "
        "the locale, TERM and TZ otherwise); repeat for more",
    )


def match_options(args: argparse.Namespace, base: MatchOptions = DEFAULTS) -> MatchOptions:
    """``base`` with the match flags given laid over it, checked.

    Raises:
        ConfigError: a value out of range, or a sandbox without bubblewrap.
    """
    given = {key: getattr(args, key) for key in FLAGS if getattr(args, key, None) is not None}
    if "bot_env" in given:
        given["bot_env"] = tuple(given["bot_env"])
    return replace(base, **given) if given else base


def match_settings(args: argparse.Namespace) -> MatchSettings:
    """The settings the flags name, checked.

    Raises:
        ConfigError: a value out of range or an unknown game option.
    """
    return MatchSettings.build(args.game, parse_assignments(args.config), match_options(args))


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
