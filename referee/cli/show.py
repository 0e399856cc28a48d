"""How results look at a terminal."""

from __future__ import annotations

from rich.console import Console
from rich.table import Table

from referee.entrant import describe_bot
from referee.match.result import MatchResult
from referee.match.termination import Termination


def wide_console() -> Console:
    """A console for tables: the terminal's width, or 120 columns into a file or pipe."""
    console = Console()
    return console if console.is_terminal else Console(width=120)


def print_match_result(result: MatchResult, console: Console | None = None) -> None:
    """The final board, a table of seats, the winner and where the record is."""
    console = console or wide_console()
    console.print(
        f"[bold]{result.game}[/bold] match {result.match_id}, seed {result.seed}, "
        f"{result.steps} steps"
    )
    if result.final_board:
        console.print(result.final_board, markup=False, highlight=False)
    table = Table("seat", "bot", "score", "rank", "termination", "detail")
    for seat in sorted(result.seats, key=lambda s: (s.rank, s.seat)):
        termination = seat.termination.label
        if seat.termination is not Termination.NORMAL:
            termination = f"[red]{termination}[/red]"
        elif seat.faults:
            labels = ", ".join(fault.label for fault in seat.faults)
            termination += f" [yellow]({len(seat.faults)} strikes: {labels})[/yellow]"
        score = f"{seat.score:g}" + (f" ({', '.join(seat.titles)})" if seat.titles else "")
        bot = describe_bot(seat.name, seat.bot_name, seat.bot_version)
        table.add_row(str(seat.seat), bot, score, str(seat.rank), termination, seat.detail)
    console.print(table)
    winners = [s for s in result.seats if s.rank == 1]
    if len(winners) == 1 and len(result.seats) > 1:
        console.print(f"Winner: [bold]{winners[0].name}[/bold] (seat {winners[0].seat})")
    elif len(result.seats) > 1:
        names = ", ".join(f"{s.name} (seat {s.seat})" for s in winners)
        console.print(f"Shared win: {names}")
    if result.overhead:
        o = result.overhead
        console.print(
            f"Referee overhead per decision: median {o.median_ms:.2f} ms, "
            f"p99 {o.p99_ms:.2f} ms, max {o.max_ms:.2f} ms ({o.decisions} decisions)"
        )
    if result.record_path:
        console.print(f"Record: {result.record_path}")
