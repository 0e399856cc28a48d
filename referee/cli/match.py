"""``referee match GAME --bot A --bot B``: one match between bot processes."""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from functools import partial
from pathlib import Path
from typing import Any

from referee.bounds import flag_type
from referee.cli.options import add_match_options, match_settings


def add_parser(commands: Any) -> None:
    parser = commands.add_parser(
        "match",
        help="play one match between bot processes",
        description="Play one match: each --bot is a Python file or a command line, one per seat.",
    )
    parser.add_argument("game", help="the game's name (see `referee games`)")
    parser.add_argument(
        "--bot",
        action="append",
        required=True,
        metavar="BOT",
        help="a bot per seat: a built-in bot's name (land-greedy, see `referee games`), "
        "bots/random_bot.py, a command, NAME=COMMAND, or remote:NAME to keep the seat for a "
        "bot someone runs elsewhere; seated in an order drawn from --seed unless --keep-order",
    )
    parser.add_argument(
        "--keep-order",
        action="store_true",
        help="seat the bots in the order given (seat 0 first) instead of an order drawn "
        "from the seed",
    )
    parser.add_argument(
        "--listen",
        default="127.0.0.1:0",
        metavar="HOST:PORT",
        help="with remote seats: where remote bots connect (default loopback, a free port)",
    )
    parser.add_argument(
        "--remote-timeout",
        type=flag_type("remote_timeout_s", float),
        default=300.0,
        metavar="SECONDS",
        help="with remote seats: how long to wait for each remote bot (default 300)",
    )
    parser.add_argument(
        "--tls-cert",
        type=Path,
        metavar="PEM",
        help="with remote seats: encrypt with this certificate",
    )
    parser.add_argument("--tls-key", type=Path, metavar="PEM", help="the certificate's key")
    parser.add_argument(
        "--seed", type=flag_type("seed"), default=1, help="the match seed (default 1)"
    )
    parser.add_argument(
        "--chance-secret",
        type=Path,
        metavar="FILE",
        help="a file with the secret the match's chance key derives from (with the seed); "
        "default: a fresh random secret, so nobody can predict the chance",
    )
    parser.add_argument(
        "--sign-key",
        type=Path,
        metavar="FILE",
        help="a file with the organiser's key: the record ends with an HMAC of every line",
    )
    parser.add_argument(
        "--record",
        type=Path,
        metavar="PATH",
        help="write the match record here (.jsonl, or .jsonl.gz)",
    )
    parser.add_argument("--json", action="store_true", help="print the result as JSON")
    add_match_options(parser)
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    import trio

    from referee.cli.show import print_match_result
    from referee.entrant import Entrant
    from referee.errors import ConfigError
    from referee.games import get_engine
    from referee.keyfile import read_key_file
    from referee.match.chance import match_key, new_secret
    from referee.match.runner import MatchSpec
    from referee.match.seating import seating
    from referee.output_paths import new_file
    from referee.transport.fleet import play_match
    from referee.transport.remote import RemoteBot, parse_seat
    from referee.transport.server import TlsIdentity

    engine = get_engine(args.game)
    settings = match_settings(args)
    if args.record is not None:
        new_file(args.record, "--record")
    if (args.tls_cert is None) != (args.tls_key is None):
        raise ConfigError("--tls-cert and --tls-key go together")
    tls = TlsIdentity.from_files(args.tls_cert, args.tls_key) if args.tls_cert else None
    given = [parse_seat(text) for text in args.bot]
    order = tuple(range(len(given))) if args.keep_order else seating(args.seed, len(given))
    seats = [given[place] for place in order]
    secret = read_key_file(args.chance_secret, "--chance-secret") if args.chance_secret else None
    sign_key = read_key_file(args.sign_key, "--sign-key") if args.sign_key else None
    spec = MatchSpec(
        engine,
        args.seed,
        settings.config,
        time_control=settings.time_control,
        penalties=settings.penalties,
        record_path=args.record,
        chance_key=match_key(secret or new_secret(), args.seed),
        signing_key=sign_key,
    )
    # Bot logs live beside the record; without one they last as long as the match.
    scratch = None if args.record else tempfile.TemporaryDirectory(prefix="landgrave-bots-")
    log_dir = Path(scratch.name) if scratch else args.record.parent / f"{args.record.name}.logs"

    def announce(bot: RemoteBot, address: str, token: str) -> None:
        trust = f" --tls-ca {args.tls_cert}" if tls else ""
        print(
            f"Waiting for remote bot {bot.name!r}: run it with --address {address} "
            f"--token {token}{trust}",
            file=sys.stderr,
            flush=True,
        )

    try:
        result = trio.run(
            partial(
                play_match,
                listen=args.listen,
                remote_timeout_s=args.remote_timeout,
                announce=announce,
                tls=tls,
            ),
            spec,
            seats,
            log_dir,
            settings.limits,
            settings.options.startup_timeout_s,
        )
    finally:
        if scratch is not None:
            scratch.cleanup()
    if args.json:
        rows = [s.to_dict() for s in result.seats]
        print(
            json.dumps(
                {
                    "match_id": result.match_id,
                    "game": result.game,
                    "seed": result.seed,
                    "steps": result.steps,
                    "seating": list(order),
                    "seats": rows,
                },
                indent=2,
            )
        )
    else:
        print_match_result(result)
        names = [Entrant.parse(text).name for text in args.bot]
        print(seating_line(names, order, args.keep_order))
        if args.record:
            print(f"Bot logs: {log_dir}/")
            print(f"View it: referee replay {args.record} --html {args.record.stem}.html")
        else:
            print("No record kept (bot logs went with it): --record PATH keeps both.")
    return 0


def seating_line(names: list[str], order: tuple[int, ...], kept: bool) -> str:
    """Who sat where, and why: ``Seating (drawn from the seed): seat 0 b, seat 1 a``."""
    how = "as given" if kept else "drawn from the seed; --keep-order keeps the given order"
    seats = ", ".join(f"seat {seat} {names[place]}" for seat, place in enumerate(order))
    return f"Seating ({how}): {seats}"
