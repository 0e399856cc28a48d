"""``referee ladder show GAME``: a game's persistent ladders."""

from __future__ import annotations

import argparse
from typing import Any


def add_parser(commands: Any) -> None:
    parser = commands.add_parser("ladder", help="show a game's persistent ladder")
    actions = parser.add_subparsers(dest="action", required=True, metavar="ACTION")
    show = actions.add_parser("show", help="print the ladder of a game")
    show.add_argument("game")
    show.add_argument(
        "--mode",
        choices=("elo", "ranked", "season", "openskill"),
        default="elo",
        help="elo (default), ranked (Landover tiers), season, openskill",
    )
    show.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from referee.cli.show import wide_console
    from referee.errors import ConfigError
    from referee.games import get_engine
    from referee.tournament import ladders

    get_engine(args.game)  # an unknown game is named as such, not as a ladder not yet begun
    ladder = ladders.load(args.game)
    if not ladder.games:
        raise ConfigError(
            f"no ladder for {args.game} yet in {ladders.ladder_home()}: finish a tournament first"
        )
    title = f"{args.game}: {args.mode} ladder ({len(ladder.applied)} tournaments)"
    rows = {"elo": _elo, "ranked": _ranked, "season": _season, "openskill": _skill}[args.mode]
    header, lines = rows(ladder)
    wide_console().print(_table(title, header, lines))
    return 0


def _table(title: str, header: list[str], lines: list[list[str]]) -> Any:
    from rich.table import Table

    table = Table(title=title)
    for name in ["#", *header]:
        table.add_column(name, justify="left" if name in ("bot", "rank", "badges") else "right")
    for place, line in enumerate(lines, 1):
        table.add_row(str(place), *line)
    return table


def _elo(ladder: Any) -> tuple[list[str], list[list[str]]]:
    ranked = sorted(ladder.elo, key=lambda n: -ladder.elo[n])
    lines = [[n, f"{ladder.elo[n]:.0f}", str(ladder.games[n])] for n in ranked]
    return ["bot", "Elo", "games"], lines


def _ranked(ladder: Any) -> tuple[list[str], list[list[str]]]:
    lines = [[n, ladder.ranked.players[n].rank.label] for n in ladder.ranked.standings()]
    return ["bot", "rank"], lines


def _season(ladder: Any) -> tuple[list[str], list[list[str]]]:
    from referee.errors import ConfigError

    if not ladder.seasons:
        raise ConfigError(f"no season games for {ladder.game}")
    latest = ladder.seasons[max(ladder.seasons)]
    badges: dict[str, list[str]] = {}
    for badge in latest.badges():
        label = badge.kind.value + (f" {badge.place}" if badge.place else "")
        badges.setdefault(badge.player, []).append(label)
    lines = [
        [n, f"{latest.points[n]:.1f}", ", ".join(badges.get(n, []))] for n in latest.standings()
    ]
    return ["bot", f"points {max(ladder.seasons)}", "badges"], lines


def _skill(ladder: Any) -> tuple[list[str], list[list[str]]]:
    from referee.errors import ConfigError

    if not ladder.skill:
        raise ConfigError(
            f'no openskill ratings for {ladder.game}: run a tournament with rating = "openskill"'
        )
    ordered = sorted(ladder.skill, key=lambda n: -ladder.skill[n].ordinal)
    lines = [
        [
            n,
            f"{ladder.skill[n].mu:.2f}",
            f"{ladder.skill[n].sigma:.2f}",
            f"{ladder.skill[n].ordinal:.2f}",
        ]
        for n in ordered
    ]
    return ["bot", "mu", "sigma", "ordinal"], lines
