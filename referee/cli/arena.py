"""``referee arena``: a standing competition: init, submit, run, token, show."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from referee.bounds import flag_type
from referee.cli.options import add_match_options

COLUMNS = ("#", "bot", "version", "author", "rating", "mu ± sigma", "games", "W/D/L", "mean rank",
           "faults", "status")  # fmt: skip


def add_parser(commands: Any) -> None:
    parser = commands.add_parser(
        "arena",
        help="a standing competition: authors submit bots, a ladder plays them without end",
        description="A standing competition (docs/arena.md): init, submit, run, token, show.",
    )
    actions = parser.add_subparsers(dest="action", metavar="ACTION", required=True)
    _add_init(actions)
    _add_submit(actions)
    _add_run(actions)
    _add_token(actions)
    _add_show(actions)


def _add_init(actions: Any) -> None:
    init = actions.add_parser("init", help="make an arena in DIR")
    init.add_argument("dir", type=Path)
    init.add_argument("--game", action="append", default=[], required=True, help="a game to play")
    init.add_argument(
        "--table-size",
        action="append",
        default=[],
        metavar="GAME=N",
        help="players per match of a game (default: its minimum, at least 2)",
    )
    init.add_argument(
        "--rating",
        choices=("openskill", "elo", "landover"),
        default="openskill",
        help="what the leaderboard ranks by (openskill mu/sigma are always kept)",
    )
    init.add_argument(
        "--concurrency", type=flag_type("concurrency"), default=2, help="matches at once per worker"
    )
    init.add_argument(
        "--games-per-table",
        type=flag_type("games_per_table"),
        default=1,
        help="seeds per picked table",
    )
    from referee.arena.spec import DEFAULT_MATCH

    add_match_options(init, game_config=False, defaults=DEFAULT_MATCH)
    init.set_defaults(run=_init)


def _add_submit(actions: Any) -> None:
    submit = actions.add_parser("submit", help="check a bot package and store it")
    submit.add_argument("dir", type=Path)
    submit.add_argument("path", type=Path, help="a bot package: a folder, .tar.gz or .zip")
    submit.add_argument("--author", required=True, help="the submitting author (as in bot.toml)")
    submit.set_defaults(run=_submit)


def _add_run(actions: Any) -> None:
    run = actions.add_parser("run", help="play the ladder until stopped (Ctrl-C)")
    run.add_argument("dir", type=Path)
    run.add_argument(
        "--matches",
        type=flag_type("max_games"),
        default=0,
        help="stop after N matches (default: play until stopped)",
    )
    # The tournament's bound: each worker is a process holding bots of its own.
    run.add_argument("--workers", type=flag_type("workers"), default=1, help="worker processes")
    run.add_argument(
        "--concurrency",
        type=flag_type("concurrency"),
        default=0,
        help="matches at once per worker (default: the arena's, set by init)",
    )
    run.add_argument(
        "--dask",
        metavar="ADDRESS",
        help="play on a Dask cluster: 'local' (--workers processes here) or tcp://host:8786",
    )
    run.add_argument("--listen", metavar="HOST:PORT", help="let remote bots in with author tokens")
    run.add_argument("--tls-cert", type=Path, help="TLS certificate for --listen (PEM)")
    run.add_argument("--tls-key", type=Path, help="TLS key for --listen (PEM)")
    run.add_argument("--no-site", action="store_true", help="do not render the site")
    run.set_defaults(run=_run)


def _add_token(actions: Any) -> None:
    token = actions.add_parser("token", help="make (or --revoke) an author's token")
    token.add_argument("dir", type=Path)
    token.add_argument("--author", required=True)
    token.add_argument("--revoke", action="store_true", help="end every token of the author")
    token.set_defaults(run=_token)


def _add_show(actions: Any) -> None:
    show = actions.add_parser("show", help="print the standings")
    show.add_argument("dir", type=Path)
    show.add_argument("--game", help="one game (default: every game)")
    show.add_argument("--all", action="store_true", help="retired versions too")
    show.set_defaults(run=_show)


def _init(args: argparse.Namespace) -> int:
    from referee.arena.registry import init_arena
    from referee.arena.spec import DEFAULT_MATCH, ArenaSpec
    from referee.cli.options import match_options
    from referee.errors import ConfigError

    sizes = {}
    for text in args.table_size:
        game, _, size = text.partition("=")
        if not size.isdigit():
            raise ConfigError(f"--table-size: expected GAME=N, got {text!r}")
        sizes[game] = int(size)
    spec = ArenaSpec(
        games=tuple(dict.fromkeys(args.game)),
        table_sizes=sizes,
        rating=args.rating,
        concurrency=args.concurrency,
        games_per_table=args.games_per_table,
        match=match_options(args, DEFAULT_MATCH),
    )
    init_arena(args.dir, spec).close()
    print(f"arena ready in {args.dir}: {', '.join(spec.games)}, ranked by {spec.rating}")
    return 0


def _submit(args: argparse.Namespace) -> int:
    import sys

    import trio

    from referee.arena.registry import SubmissionRefused, submit
    from referee.arena.store import ArenaStore

    store = ArenaStore(args.dir)
    try:
        stored = trio.run(submit, store, args.path, args.author)
    except SubmissionRefused as refusal:
        print(refusal, file=sys.stderr)
        return 1
    finally:
        store.close()
    if stored.report is None:
        print(f"{stored.version.label} is already stored (same files)")
        return 0
    print(stored.report.render())
    print(f"stored {stored.version.label} ({stored.version.content_hash[:16]})")
    for label in stored.retired:
        print(f"retired {label}")
    return 0


def _run(args: argparse.Namespace) -> int:
    from referee.arena.workers import run_workers
    from referee.errors import ConfigError
    from referee.transport.server import TlsIdentity, check_tcp_address

    if args.dask and args.listen:
        raise ConfigError("--listen needs the matches played here: not with --dask")
    for key in ("matches", "concurrency"):
        if getattr(args, key) < 0:
            raise ConfigError(f"--{key}: expected 0 or more, got {getattr(args, key)}")
    if args.listen is not None:
        # Checked before the store is touched or workers start: the listener itself
        # opens later, maybe in worker process 1, where its error would not reach here.
        check_tcp_address(args.listen)
    if bool(args.tls_cert) != bool(args.tls_key):
        raise ConfigError("--tls-cert and --tls-key go together")
    if args.tls_cert and not args.listen:
        raise ConfigError("--tls-cert needs --listen")
    tls = TlsIdentity.from_files(args.tls_cert, args.tls_key) if args.tls_cert else None
    played = run_workers(args.dir, args, tls)
    print(f"stopped after {played} matches")
    return 0


def _token(args: argparse.Namespace) -> int:
    from referee.arena.registry import make_token, revoke_tokens
    from referee.arena.store import ArenaStore

    store = ArenaStore(args.dir)
    try:
        if args.revoke:
            print(f"revoked {revoke_tokens(store, args.author)} token(s) of {args.author}")
        else:
            print(make_token(store, args.author))
    finally:
        store.close()
    return 0


def _show(args: argparse.Namespace) -> int:
    from rich.table import Table

    from referee.arena.ladder import leaderboard
    from referee.arena.registry import arena_spec
    from referee.arena.store import ArenaStore
    from referee.cli.show import wide_console
    from referee.errors import ConfigError

    store = ArenaStore(args.dir)
    console = wide_console()
    try:
        spec = arena_spec(store)
        if args.game and args.game not in spec.games:
            raise ConfigError(f"--game: this arena plays {', '.join(spec.games)}")
        for game in [args.game] if args.game else spec.games:
            table = Table(*COLUMNS, title=f"{game} ({spec.rating})")
            for place, line in enumerate(leaderboard(store, game, spec.rating, everyone=args.all)):
                row = line.row
                table.add_row(
                    str(place + 1), line.version.bot, line.version.version, line.version.author,
                    f"{line.rating:.2f}", f"{row.mu:.2f} ± {row.sigma:.2f}", str(row.matches),
                    f"{row.wins}/{row.draws}/{row.losses}", f"{line.mean_rank:.2f}",
                    str(row.faults), line.status,
                )  # fmt: skip
            console.print(table)
    finally:
        store.close()
    return 0
