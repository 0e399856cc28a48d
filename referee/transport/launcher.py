"""Set a bot's resource limits, then become the bot: ``python -m referee.transport.launcher``.

The referee is multi-threaded (gRPC), so limits cannot be set between fork
and exec with ``preexec_fn``; this tiny program runs first in the child's
place, sets them on itself, and execs the bot, which inherits them.
RLIMIT_DATA, not RLIMIT_AS: an address-space limit makes gRPC's thread
stacks and arenas fail or slow down far below the memory really used.
"""

from __future__ import annotations

import argparse
import os
import resource
import sys


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="referee.transport.launcher")
    parser.add_argument("--data-mb", type=int, default=0, help="heap limit (RLIMIT_DATA)")
    parser.add_argument("--cpu-s", type=int, default=0, help="CPU seconds (RLIMIT_CPU)")
    parser.add_argument("--nofile", type=int, default=0, help="open files (RLIMIT_NOFILE)")
    parser.add_argument("command", nargs=argparse.REMAINDER, help="-- the bot's command line")
    args = parser.parse_args(argv)
    command = args.command[1:] if args.command[:1] == ["--"] else args.command
    if not command:
        parser.error("no bot command after --")
    if args.data_mb:
        _limit(resource.RLIMIT_DATA, args.data_mb * 1024 * 1024)
    if args.cpu_s:
        # The soft limit sends SIGXCPU (reported as a resource limit); the hard one kills.
        resource.setrlimit(resource.RLIMIT_CPU, (args.cpu_s, args.cpu_s + 1))
    if args.nofile:
        _limit(resource.RLIMIT_NOFILE, args.nofile)
    try:
        os.execvp(command[0], command)
    except OSError as error:
        sys.exit(f"cannot start bot {command[0]!r}: {error.strerror}")


def _limit(kind: int, value: int) -> None:
    _, hard = resource.getrlimit(kind)
    if hard != resource.RLIM_INFINITY:
        value = min(value, hard)
    resource.setrlimit(kind, (value, value))


if __name__ == "__main__":
    main()
