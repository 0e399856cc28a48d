"""``referee carcassonne-script FILE``: score scripted Carcassonne games."""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any


def add_parser(commands: Any) -> None:
    parser = commands.add_parser(
        "carcassonne-script",
        help="play scripted Carcassonne games from JSON and print their scores",
    )
    parser.add_argument("file", type=Path, help="a game script (see docs/rules/carcassonne.md)")
    parser.add_argument(
        "--json",
        action="store_true",
        help="per game, per player: total, road, city, monastery, farm",
    )
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from referee.errors import ConfigError
    from referee.games.carcassonne.script import format_scores, score_script_file

    if not args.file.is_file():
        raise ConfigError(f"no such script file: {args.file}")
    scores = score_script_file(args.file)
    print(json.dumps(scores, indent=2) if args.json else format_scores(scores))
    return 0
