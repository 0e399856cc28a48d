"""``referee sprt GAME --bot NEW --bot OLD``: is the new bot stronger, by a sequential test?"""

from __future__ import annotations

import argparse
import tempfile
from pathlib import Path
from typing import Any


def add_parser(commands: Any) -> None:
    parser = commands.add_parser(
        "sprt",
        help="play a candidate bot against a baseline until an SPRT decides",
        description=(
            "Play the first --bot (candidate) against the second (baseline), in pairs of "
            "games with swapped seats, until the sequential probability ratio test accepts "
            "H0 (elo <= ELO0) or H1 (elo >= ELO1)."
        ),
    )
    parser.add_argument("game")
    parser.add_argument(
        "--bot",
        action="append",
        required=True,
        metavar="BOT",
        help="candidate, then baseline: a Python file or NAME=COMMAND",
    )
    parser.add_argument("--elo0", type=float, default=0.0, help="Elo gain under H0 (default 0)")
    parser.add_argument("--elo1", type=float, default=10.0, help="Elo gain under H1 (default 10)")
    parser.add_argument("--alpha", type=float, default=0.05, help="false-positive rate")
    parser.add_argument("--beta", type=float, default=0.05, help="false-negative rate")
    parser.add_argument("--max-games", type=int, default=20000, help="stop undecided after this")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--concurrency", type=int, default=2)
    parser.add_argument("--decision-ms", type=int, default=1000)
    parser.add_argument("--out", type=Path, help="keep records and bot logs here")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    import trio

    from referee.cli.show import wide_console
    from referee.errors import ConfigError
    from referee.ratings import SprtConfig, SprtDecision, SprtResult
    from referee.tournament.spec import Entrant, TournamentSpec
    from referee.tournament.sprt import run_sprt
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
        BotCommand.parse(entrant.command)
    try:
        config = SprtConfig(args.elo0, args.elo1, args.alpha, args.beta)
    except ValueError as error:
        raise ConfigError(str(error)) from None
    spec = TournamentSpec(
        game=args.game,
        entrants=entrants,
        name="sprt",
        seed=args.seed,
        concurrency=args.concurrency,
        decision_ms=args.decision_ms,
    )
    folder = args.out or Path(tempfile.mkdtemp(prefix="landgrave-sprt-"))
    console = wide_console()
    console.print(
        f"SPRT {entrants[0].name} vs {entrants[1].name} on {args.game}: "
        f"H0 elo <= {args.elo0:g}, H1 elo >= {args.elo1:g}, "
        f"alpha {args.alpha:g}, beta {args.beta:g}; bounds "
        f"[{config.lower:.3f}, {config.upper:.3f}]"
    )

    def report(so_far: SprtResult) -> None:
        games = so_far.wins + so_far.draws + so_far.losses
        if games % 10 == 0:
            console.print(
                f"{games} games: W/D/L {so_far.wins}/{so_far.draws}/{so_far.losses}, "
                f"LLR {so_far.llr:.3f}"
            )

    result = trio.run(run_sprt, spec, config, args.max_games, folder, report)
    verdict = {
        SprtDecision.ACCEPT_H1: f"H1 accepted: {entrants[0].name} is stronger",
        SprtDecision.ACCEPT_H0: (
            f"H0 accepted: {entrants[0].name} is not {args.elo1:g} Elo stronger"
        ),
        SprtDecision.CONTINUE: f"undecided after {args.max_games} games",
    }[result.decision]
    console.print(
        f"W/D/L {result.wins}/{result.draws}/{result.losses}, LLR {result.llr:.3f}. {verdict}"
    )
    return 0
