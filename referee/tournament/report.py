"""Tournament output for people and programs: progress, the standings table, CSV and JSON."""

from __future__ import annotations

import csv
import json
import statistics
from collections.abc import Sequence
from pathlib import Path
from types import TracebackType

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from referee.match.termination import Termination
from referee.tournament import headtohead
from referee.tournament.coordinator import Progress as Snapshot
from referee.tournament.headtohead import PairRecord
from referee.tournament.standings import Standing, leader, to_rows
from referee.tournament.store import ScheduledMatch


class ProgressBar:
    """Matches done, ETA and the current leader, redrawn as the database changes."""

    def __init__(self, console: Console, title: str) -> None:
        self._progress = Progress(
            TextColumn("[bold]{task.description}"),
            BarColumn(),
            MofNCompleteColumn(),
            TimeRemainingColumn(),
            TextColumn("{task.fields[running]} running, leader: {task.fields[leader]}"),
            console=console,
        )
        self._task = self._progress.add_task(title, total=None, leader="-", running=0)

    def update(self, snapshot: Snapshot) -> None:
        self._progress.update(
            self._task,
            completed=snapshot.done,
            total=snapshot.total,
            leader=leader(snapshot.rows),
            running=snapshot.running,
        )

    def __enter__(self) -> ProgressBar:
        self._progress.start()
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self._progress.stop()


class MatchLog:
    """For output that is not a terminal: a line per finished match, standings now and then.

    As chess tools log a tournament: who played, the seed, each seat's rank and
    score, and how a seat ended when it was not normally.
    """

    def __init__(self, console: Console, title: str, table_size: int, standings_every: int) -> None:
        self._console = console
        self._title = title
        self._table_size = table_size
        self._standings_every = standings_every
        self._printed: set[int] = set()

    def update(self, snapshot: Snapshot) -> None:
        for match in snapshot.finished:
            if match.id in self._printed:
                continue
            self._printed.add(match.id)
            line = f"[{len(self._printed)}/{snapshot.total}] {match_line(match)}"
            self._console.print(line, soft_wrap=True, markup=False, highlight=False)
            if self._standings_every and len(self._printed) % self._standings_every == 0:
                title = f"{self._title}: standings after {len(self._printed)} matches"
                self._console.print(standings_table(snapshot.rows, title, self._table_size))


def match_line(match: ScheduledMatch) -> str:
    """``#12 seed 3: greedy 1st (41), random 2nd (17, timeout)``."""
    seats = match.result.seats if match.result else ()
    parts = []
    for seat in seats:
        normal = seat.termination is Termination.NORMAL
        ended = "" if normal else f", {seat.termination.label}"
        parts.append(f"{seat.name} {_ordinal(seat.rank)} ({seat.score:g}{ended})")
    return f"#{match.id} seed {match.seed}: {', '.join(parts)}"


def _ordinal(rank: int) -> str:
    suffix = "th" if 10 <= rank % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(rank % 10, "th")
    return f"{rank}{suffix}"


def standings_table(rows: Sequence[Standing], title: str, table_size: int) -> Table:
    """Ratings, pairwise W/D/L, mean rank (multiplayer) or games won (solo), scores, faults.

    For solo games W/D/L compares the bots' scores seed by seed.
    """
    table = Table(title=title)
    table.add_column("#", justify="right")
    table.add_column("bot", no_wrap=True)
    for column in ("rating", "95% CI", "matches", "W/D/L"):
        table.add_column(column, justify="right", no_wrap=True)
    if table_size > 2:
        table.add_column("mean rank", justify="right")
    if table_size == 1:
        table.add_column("games won", justify="right")
    table.add_column("mean score", justify="right")
    table.add_column("faults")
    for place, row in enumerate(rows, start=1):
        rating = "-" if row.rating is None else f"{row.rating:.0f}"
        interval = "-" if row.interval is None else f"{row.interval[0]:.0f}..{row.interval[1]:.0f}"
        faults = ", ".join(f"{label} {n}" for label, n in sorted(row.faults.items())) or "-"
        if row.quarantined:
            faults += " [red](quarantined)[/red]"
        cells = [
            str(place),
            row.label,
            rating,
            interval,
            str(row.matches),
            f"{row.wins}/{row.draws}/{row.losses}",
        ]
        if table_size > 2:
            cells.append(f"{row.mean_rank:.2f}")
        if table_size == 1:
            cells.append(f"{row.win_rate:.0%}")
        table.add_row(*cells, f"{row.mean_score:.2f}", faults)
    return table


def superiority_table(rows: Sequence[Standing]) -> Table | None:
    """The likelihood-of-superiority matrix: row bot stronger than column bot, in percent."""
    rated = [row for row in rows if row.superiority]
    if not 2 <= len(rated) <= 12:
        return None
    table = Table(title="likelihood of superiority (row stronger than column)")
    table.add_column("", no_wrap=True)
    for row in rated:
        table.add_column(row.name, justify="right")
    for row in rated:
        cells = [
            "" if other.name == row.name else f"{100 * row.superiority[other.name]:.0f}%"
            for other in rated
        ]
        table.add_row(row.name, *cells)
    return table


def head_to_head_table(
    pairs: Sequence[PairRecord], names: Sequence[str], table_size: int
) -> Table | None:
    """Each row bot's W-D-L against each column bot; at tables over two, its mean rank too.

    None for a field too large to read as a grid (over 12 bots): head_to_head.csv has it all.
    """
    if not 2 <= len(names) <= 12:
        return None
    ranked = table_size > 2
    title = "head to head: row against column, W-D-L" + (" (row's mean rank)" if ranked else "")
    lookup = {(pair.bot, pair.opponent): pair for pair in pairs}
    table = Table(title=title)
    table.add_column("", no_wrap=True)
    for name in names:
        table.add_column(name, justify="right", no_wrap=True)
    for name in names:
        table.add_row(name, *(_pair_cell(lookup.get((name, other)), ranked) for other in names))
    return table


def _pair_cell(pair: PairRecord | None, ranked: bool) -> str:
    if pair is None:
        return ""
    if not pair.games:
        return "-"
    cell = f"{pair.wins}-{pair.draws}-{pair.losses}"
    return f"{cell} ({pair.mean_rank:.2f})" if ranked else cell


def overhead_line(matches: Sequence[ScheduledMatch]) -> str:
    """The referee's own time per decision over a tournament, for people; '' without data."""
    summaries = [m.result.overhead for m in matches if m.result and m.result.overhead]
    if not summaries:
        return ""
    decisions = sum(s.decisions for s in summaries)
    medians = statistics.median(s.median_ms for s in summaries)
    worst = max(s.p99_ms for s in summaries)
    return (
        f"Referee overhead per decision: {medians:.2f} ms (median of match medians), "
        f"worst match p99 {worst:.2f} ms, {decisions} decisions"
    )


def export(rows: Sequence[Standing], folder: Path) -> tuple[Path, Path]:
    """Write standings.csv and standings.json into the tournament folder."""
    plain = to_rows(rows)
    json_path = folder / "standings.json"
    json_path.write_text(json.dumps(plain, indent=2) + "\n", encoding="utf-8")
    csv_path = folder / "standings.csv"
    write_csv(csv_path, [_flat(row) for row in plain])
    return csv_path, json_path


def export_head_to_head(pairs: Sequence[PairRecord], folder: Path) -> Path:
    """Write head_to_head.csv: one row per ordered pair of bots."""
    path = folder / "head_to_head.csv"
    write_csv(path, headtohead.to_rows(pairs))
    return path


def write_csv(path: Path, rows: Sequence[dict[str, object]]) -> None:
    """Rows of plain values as CSV, columns in the order the first row has them."""
    columns = sorted({key for row in rows for key in row}, key=lambda k: _column_order(rows, k))
    with path.open("w", newline="", encoding="utf-8") as out:
        writer = csv.DictWriter(out, fieldnames=columns)
        writer.writeheader()
        writer.writerows(rows)


def _flat(row: dict[str, object]) -> dict[str, object]:
    """A CSV row: the superiority map becomes one column per opponent."""
    flat = dict(row)
    superiority = flat.pop("superiority", {})
    assert isinstance(superiority, dict)
    flat.update({f"superiority_vs_{other}": p for other, p in superiority.items()})
    return flat


def _column_order(rows: Sequence[dict[str, object]], key: str) -> tuple[int, str]:
    first = list(rows[0]) if rows else []
    return (first.index(key), key) if key in first else (len(first), key)
