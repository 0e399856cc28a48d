"""The ``referee`` command: one module per subcommand, each with ``add_parser`` and ``run``."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from pathlib import Path

import trio

import referee
from referee.errors import LandgraveError

# Subcommand modules, imported lazily so ``referee --help`` stays fast.
COMMANDS = (
    "match",
    "tournament",
    "arena",
    "sprt",
    "ladder",
    "replay",
    "records",
    "games",
    "carcassonne_script",
    "check_bot",
)


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # type: ignore[override]
        """One line and exit 2, as for every other bad input."""
        self.exit(2, f"{self.prog}: error: {message}\n")


def build_parser() -> argparse.ArgumentParser:
    import importlib

    parser = _Parser(prog="referee", description="Landgrave: bot matches and tournaments.")
    parser.add_argument("--version", action="version", version=f"landgrave {referee.__version__}")
    parser.add_argument(
        "-v", "--verbose", action="count", default=0, help="more log output (-v info, -vv debug)"
    )
    parser.add_argument(
        "--log-json",
        type=Path,
        metavar="PATH",
        help="also write every log event as JSON lines to PATH",
    )
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    commands.required = True
    for name in COMMANDS:
        importlib.import_module(f"referee.cli.{name}").add_parser(commands)
    return parser


def is_interrupt(error: BaseException) -> bool:
    """Whether an exception is Ctrl-C, alone or inside trio's exception groups."""
    if isinstance(error, BaseExceptionGroup):
        rest = error.split(KeyboardInterrupt)[1]
        return rest is None or all(isinstance(e, trio.Cancelled) for e in _leaves(rest))
    return isinstance(error, KeyboardInterrupt)


def _leaves(group: BaseExceptionGroup[BaseException]) -> list[BaseException]:
    leaves: list[BaseException] = []
    for error in group.exceptions:
        leaves.extend(_leaves(error) if isinstance(error, BaseExceptionGroup) else [error])
    return leaves


def main(argv: Sequence[str] | None = None) -> int:
    from referee import logs

    args = build_parser().parse_args(argv)
    try:
        logs.configure(args.verbose, args.log_json)
        code: int = args.run(args)
        sys.stdout.flush()  # here, so a reader gone (`| head`) is caught below, not at exit
    except BaseException as error:
        if is_interrupt(error):
            print("referee: interrupted", file=sys.stderr)
            return 130
        if isinstance(error, BrokenPipeError):  # `referee ... | head`: the reader has gone
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())  # no flush error
            return 141
        said = _said(error)
        if said is None:
            raise
        print(f"referee: error: {said}", file=sys.stderr)
        return 2
    return code


def _said(error: BaseException) -> str | None:
    """What to tell the user in one line: our own error, or a file that could not be
    read or written (a folder given for a file, no permission, a full disk), alone or
    as all that trio's exception groups carry; None for anything else (a bug)."""
    leaves = _leaves(error) if isinstance(error, BaseExceptionGroup) else [error]
    if not all(isinstance(e, LandgraveError) or _about_a_file(e) for e in leaves):
        return None
    first = leaves[0]
    if isinstance(first, OSError) and not isinstance(first, LandgraveError):
        return f"{first.filename}: {first.strerror}"
    return str(first)


def _about_a_file(error: BaseException) -> bool:
    return isinstance(error, OSError) and error.filename is not None and bool(error.strerror)
