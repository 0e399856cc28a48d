"""``referee replay RECORD``: verify a record, step through it, branch it, or draw it.

Step N means the game after its first N steps (0 is the start); ``--from N``
keeps those N steps and lets the new bots play step N onwards.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING, Any

from referee.bounds import flag_type
from referee.errors import ConfigError

if TYPE_CHECKING:
    from referee.replay import Replay

EPILOG = """examples:
  referee replay out/m.jsonl --verify
  referee replay out/m.jsonl --verify --sign-key organiser.key
  referee replay out/m.jsonl                     (n, p, j 40, b, q at the prompt)
  referee replay out/m.jsonl --step 40 --seat 1
  referee replay out/m.jsonl --html m.html
  referee replay out/m.jsonl --html m-seat1.html --seat 1   (only what seat 1 could see)
  referee replay out/m.jsonl --from 40 --bot bots/random_bot.py --bot bots/random_bot.py \\
      --record out/m-from-40.jsonl
"""


def add_parser(commands: Any) -> None:
    parser = commands.add_parser(
        "replay",
        help="verify, step through, branch or draw a match record",
        description="Re-execute a match record through its engine. Without a mode flag, "
        "step through it at the prompt.",
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("record", type=Path, help="a record (.jsonl or .jsonl.gz)")
    modes = parser.add_mutually_exclusive_group()
    modes.add_argument(
        "--verify",
        action="store_true",
        help="check every step, digest, chance draw and the result; exit 1 at the first "
        "divergence or if the record is incomplete",
    )
    modes.add_argument(
        "--step", type=int, metavar="N", help="print the game after N steps and exit"
    )
    modes.add_argument("--html", type=Path, metavar="OUT", help="write an HTML viewer to OUT")
    modes.add_argument(
        "--from",
        dest="branch",
        type=int,
        metavar="STEP",
        help="keep the first STEP steps and continue with new --bot players",
    )
    parser.add_argument(
        "--seat",
        type=int,
        metavar="K",
        help="show only what seat K could see (its observation); with --html, the page "
        "holds nothing else",
    )
    parser.add_argument(
        "--force", action="store_true", help="replay a record of another engine version anyway"
    )
    parser.add_argument(
        "--sign-key",
        type=Path,
        metavar="FILE",
        help="the organiser's record-signing key: --verify checks the signature with it, "
        "--from signs the new record",
    )
    _add_branch_options(parser)
    parser.set_defaults(run=run)


def _add_branch_options(parser: argparse.ArgumentParser) -> None:
    group = parser.add_argument_group("with --from")
    group.add_argument(
        "--bot",
        action="append",
        default=[],
        metavar="BOT",
        help="a bot per seat, in seat order: a built-in bot's name, bots/random_bot.py "
        "or a command",
    )
    group.add_argument(
        "--record", dest="out", type=Path, metavar="PATH", help="write the new record here"
    )
    group.add_argument(
        "--chance-secret",
        type=Path,
        metavar="FILE",
        help="the secret the match's chance came from, to continue an interrupted record's "
        "chance (a finished record reveals its key itself)",
    )
    group.add_argument(
        "--decision-ms",
        type=flag_type("decision_ms"),
        help="time per decision in ms (default: the record's)",
    )
    group.add_argument(
        "--penalty",
        choices=("forfeit", "default-action"),
        default="forfeit",
        help="what a fault costs (default forfeit)",
    )
    group.add_argument(
        "--startup-timeout",
        type=flag_type("startup_timeout_s", float),
        default=10.0,
        help="seconds a bot has to connect and say hello (default 10)",
    )


def run(args: argparse.Namespace) -> int:
    from referee.keyfile import read_key_file
    from referee.output_paths import new_file, not_the_input
    from referee.replay import Replay

    sign_key = read_key_file(args.sign_key, "--sign-key") if args.sign_key else None
    replay = Replay.from_path(args.record, force=args.force)
    if args.seat is not None and not 0 <= args.seat < replay.record.num_seats:
        raise ConfigError(f"--seat must be in 0..{replay.record.num_seats - 1}, got {args.seat}")
    if args.branch is None and (args.bot or args.out or args.chance_secret):
        raise ConfigError("--bot, --record and --chance-secret go with --from STEP")
    if args.html is not None:
        not_the_input(args.html, args.record, "--html")
        new_file(args.html, "--html")
    if args.out is not None:
        new_file(args.out, "--record")
    if args.verify:
        return _verify(replay, sign_key)
    if replay.record.truncated:
        print(f"{args.record}: incomplete: its last line was cut off mid-write", file=sys.stderr)
    if args.step is not None:
        return _print_step(replay, args.step, args.seat)
    if args.html is not None:
        return _write_html(replay, args.html, args.seat)
    if args.branch is not None:
        return _branch(replay, args, sign_key)
    from referee.replay.stepper import step_through

    step_through(replay, input, print, seat=args.seat)
    return 0


def _verify(replay: Replay, sign_key: bytes | None) -> int:
    from referee.replay import verify

    verification = verify(replay, sign_key)
    print(verification.describe())
    return 0 if verification.ok and not verification.truncated else 1


def _print_step(replay: Replay, step: int, seat: int | None) -> int:
    from referee.replay import Cursor
    from referee.replay.stepper import frame_text

    last = replay.num_positions - 1
    if not 0 <= step <= last:
        raise ConfigError(f"--step must be in 0..{last}, got {step}")
    cursor = Cursor(replay)
    cursor.goto(step)
    print(frame_text(cursor, seat))
    return 0


def _write_html(replay: Replay, out: Path, seat: int | None) -> int:
    from referee.replay.viewer import write_viewer

    write_viewer(replay, out, seat)
    whose = "the full record" if seat is None else f"only what seat {seat} could see"
    print(f"wrote {out} ({replay.num_positions - 1} steps, {whose})")
    return 0


def _branch(replay: Replay, args: argparse.Namespace, sign_key: bytes | None) -> int:
    import trio

    from referee.cli.show import print_match_result
    from referee.entrant import Entrant
    from referee.keyfile import read_key_file
    from referee.match.clock import TimeControl
    from referee.match.penalties import PenaltyPolicy
    from referee.replay.branch import branch_spec
    from referee.transport.fleet import play_match
    from referee.transport.process import BotCommand

    if not args.bot:
        raise ConfigError("--from needs a --bot per seat")
    entrants = [Entrant.parse(text) for text in args.bot]
    commands = [BotCommand.parse(e.command, e.name) for e in entrants]
    secret = read_key_file(args.chance_secret, "--chance-secret") if args.chance_secret else None
    spec = branch_spec(
        replay,
        args.branch,
        len(commands),
        record_path=args.out,
        time_control=TimeControl(args.decision_ms / 1000) if args.decision_ms else None,
        penalties=PenaltyPolicy.lenient() if args.penalty == "default-action" else None,
        signing_key=sign_key,
        chance_secret=secret,
    )
    # Bot logs live beside the new record; without one they last as long as the match.
    with tempfile.TemporaryDirectory(prefix="landgrave-bots-") as scratch:
        log_dir = args.out.parent / f"{args.out.name}.logs" if args.out else Path(scratch)
        result = trio.run(play_match, spec, commands, log_dir, None, args.startup_timeout)
    print(f"branched from {replay.record.path} at step {args.branch}")
    print_match_result(result)
    return 0
