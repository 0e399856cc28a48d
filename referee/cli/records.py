"""``referee records DIR``: the match records in an output folder, filtered."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from referee.replay.catalog import Entry

EPILOG = """examples:
  referee records out/
  referee records out/ --game land --bot greedy --since 2025-01-31
  referee records out/ --termination timeout --json
  referee records tournaments/t1 --csv > matches.csv
"""


def add_parser(commands: Any) -> None:
    parser = commands.add_parser(
        "records",
        help="list and filter the match records in a folder",
        description="List the records under DIR, oldest first, from their headers and footers. "
        "A tournament folder's pending and running matches are listed too.",
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("folder", type=Path, metavar="DIR", help="a match or tournament folder")
    parser.add_argument("--game", help="only this game")
    parser.add_argument("--bot", help="only matches with a bot whose name contains this")
    parser.add_argument(
        "--termination",
        metavar="REASON",
        help="only matches where a seat ended so (timeout, crash, ...) or of this status "
        "(finished, interrupted, corrupt, pending, running)",
    )
    parser.add_argument(
        "--since", metavar="DATE", help="only matches started at or after DATE (2025-01-31)"
    )
    output = parser.add_mutually_exclusive_group()
    output.add_argument(
        "--json",
        action="store_true",
        help="print one JSON object per match: bots, seed, scores, ranks, terminations, record",
    )
    output.add_argument(
        "--csv", action="store_true", help="print CSV, one row per seat of each match"
    )
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    import sys

    from referee.replay.catalog import RecordFilter, list_records, parse_since
    from referee.replay.export import write_csv, write_json_lines

    keep = RecordFilter(
        game=args.game,
        bot=args.bot,
        termination=args.termination,
        since=parse_since(args.since) if args.since else None,
    )
    entries = list_records(args.folder, keep)
    if args.json:
        write_json_lines(entries, args.folder, sys.stdout)
    elif args.csv:
        write_csv(entries, args.folder, sys.stdout)
    else:
        _print_table(entries, args.folder, filtered=keep != RecordFilter())
    return 0


def _print_table(entries: list[Entry], folder: Path, *, filtered: bool) -> None:
    from rich.console import Console
    from rich.table import Table

    from referee.replay.export import shown_path

    console = Console()
    if not console.is_terminal:
        # Piped to a file or a pager: whole paths and names beat fitting 80 columns.
        console = Console(width=240)
    if not entries:
        console.print(f"no records in {folder}{' match the filters' if filtered else ''}")
        return
    table = Table("started", "game", "bots", "steps", "status", "result", "record")
    for entry in entries:
        table.add_row(
            entry.started_at[:16].replace("T", " "),
            entry.game,
            ", ".join(entry.bots),
            "" if entry.steps is None else str(entry.steps),
            entry.status,
            _result(entry),
            shown_path(entry, folder),
        )
    console.print(table)


def _result(entry: Entry) -> str:
    """Ranks in seat order, and each seat's termination that was not normal."""
    if entry.detail:
        return entry.detail
    if not entry.ranks:
        return ""
    faults = [
        f"seat {seat} {label}" for seat, label in enumerate(entry.terminations) if label != "normal"
    ]
    ranks = "ranks " + "-".join(str(rank) for rank in entry.ranks)
    return "; ".join([ranks, *faults])
