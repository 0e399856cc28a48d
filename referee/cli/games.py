"""``referee games``: the installed engines and their options."""

from __future__ import annotations

import argparse
from typing import Any

from rich.table import Table


def add_parser(commands: Any) -> None:
    parser = commands.add_parser("games", help="list the installed games and their options")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from referee import builtin_bots
    from referee.cli.show import wide_console
    from referee.games import registered

    console = wide_console()
    for engine in registered().values():
        if engine.max_players == 1:
            players = "solo"
        elif engine.min_players == engine.max_players:
            players = f"{engine.min_players} players"
        else:
            players = f"{engine.min_players}-{engine.max_players} players"
        console.print(
            f"[bold]{engine.name}[/bold] {engine.version} ({players}): {engine.description}"
        )
        bots = ", ".join(bot.name for bot in builtin_bots.for_game(engine.name))
        console.print(f"built-in bots: {bots} (--bot NAME)")
        if engine.options:
            table = Table(box=None, padding=(0, 2))
            table.add_column("option", no_wrap=True)
            table.add_column("default")
            table.add_column("rule", no_wrap=True)
            table.add_column("what it sets")
            for option in engine.options:
                table.add_row(option.name, option.default, option.rule, option.help)
            console.print(table)
        console.print()
    return 0
