"""Before the first match, every bot is started once: one that cannot start stops the tournament.

A bot that cannot start (a Python file with a syntax error, a missing
library), or says in its hello that it plays other games, would otherwise
be played, lose every match by startup failure and be rated. Organisers
want to hear of it before anything is played.
"""

from __future__ import annotations

from pathlib import Path

from referee.errors import ConfigError
from referee.tournament.execute import match_settings
from referee.tournament.spec import TournamentSpec
from referee.transport.fleet import BotFleet
from referee.transport.process import BotCommand
from referee.transport.server import BotServer


async def preflight(spec: TournamentSpec, logs: Path) -> None:
    """Start each entrant's bot once, side by side, and end them all.

    Raises:
        ConfigError: a bot did not start; names it and says why (its stderr's end).
    """
    settings = match_settings(spec)
    names = [entrant.name for entrant in spec.entrants]
    commands = [BotCommand.parse(e.command, e.name) for e in spec.entrants]
    async with (
        BotServer() as server,
        BotFleet(server, logs, settings.limits, spec.match.startup_timeout_s) as fleet,
    ):
        processes = await fleet.launch_all(commands)
        failures = [
            (name, process.connection.gone or "it did not start")
            for name, process in zip(names, processes, strict=True)
            if process.connection.hello is None or process.connection.gone is not None
        ]
        failures += [
            (name, f"it plays {', '.join(games)}, not {spec.game}")
            for name, process in zip(names, processes, strict=True)
            if process.connection.hello is not None
            and (games := list(process.connection.hello.games))
            and spec.game not in games
        ]
    if failures:
        name, reason = failures[0]
        more = f" (and {len(failures) - 1} more)" if len(failures) > 1 else ""
        raise ConfigError(f"bot {name} cannot start{more}: {reason}")
