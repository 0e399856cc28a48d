"""Stepping through a replay at a terminal: one position at a time, as text.

``frame_text`` draws one position: the step that led there, the board (or,
for one seat, only its observation), the standings and who acts next.
``step_through`` is the little command loop around it; it reads and writes
through the functions it is given, so tests can drive it.
"""

from __future__ import annotations

from collections.abc import Callable

from referee.match.termination import Termination
from referee.record.format import seat_label
from referee.replay.game import Cursor, Replay, describe_actor, observation_text

HELP = "commands: n/next (or Enter), p/prev, j N/jump N, b/board, q/quit"


def frame_text(cursor: Cursor, seat: int | None = None) -> str:
    """One position for people; with ``seat``, only what that seat could see."""
    replay = cursor.replay
    state = cursor.state
    parts = [f"step {cursor.position}/{replay.num_positions - 1}: {_last_step(cursor, seat)}"]
    parts += _penalties(cursor)
    if seat is None:
        parts += [state.render().rstrip("\n"), _standings(cursor)]
    else:
        parts += [f"observation of seat {seat}:", observation_text(state, seat).rstrip("\n")]
    actors = state.to_act()
    parts.append(
        "to act: " + (", ".join(describe_actor(s) for s in actors) or "nobody (game over)")
    )
    return "\n".join(parts)


def step_through(
    replay: Replay,
    read: Callable[[str], str],
    write: Callable[[str], None],
    *,
    seat: int | None = None,
    start: int = 0,
) -> None:
    """Show positions on command until ``q`` or the end of input.

    Args:
        read: asks for a command line with a prompt (``input``); EOFError ends.
        write: shows text (``print``).
    """
    cursor = Cursor(replay)
    cursor.goto(start)
    write(frame_text(cursor, seat))
    write(HELP)
    while True:
        try:
            command = read("replay> ").strip().lower()
        except EOFError:
            return
        if command in ("q", "quit", "exit"):
            return
        target = _target(command, cursor.position)
        if target is None:
            write(HELP)
            continue
        cursor.goto(target)
        write(frame_text(cursor, seat))


def _target(command: str, position: int) -> int | None:
    """The position a command asks for; None for an unknown command."""
    word, _, rest = command.partition(" ")
    if word in ("", "n", "next"):
        return position + 1
    if word in ("p", "prev", "previous"):
        return position - 1
    if word in ("b", "board"):
        return position
    if word in ("j", "jump") and rest.strip().lstrip("-").isdigit():
        return int(rest)
    return None


def _last_step(cursor: Cursor, seat: int | None) -> str:
    step = cursor.last_step
    if step is None:
        return "the start"
    by_referee = step.decision is not None and step.decision.by_referee
    note = " (played by the referee)" if by_referee else ""
    # A seat's view tells what its bot was told (referee/match/events.py): a step
    # hidden from it only as "someone acted"; that the referee played it is public.
    if seat is not None and seat in cursor.last_step_hidden_from:
        return f"{describe_actor(step.seat)} acted (step {step.number}){note}"
    return f"{cursor.last_step_text} (step {step.number}){note}"


def _penalties(cursor: Cursor) -> list[str]:
    """Faults while the next step was decided: a default action or a forfeit follows."""
    return [
        f"penalty deciding step {p.step}: seat {p.seat} "
        f"{Termination(p.reason).label}, {p.resolution} ({p.detail})"
        for p in cursor.replay.record.penalties
        if p.step == cursor.position
    ]


def _standings(cursor: Cursor) -> str:
    seats = cursor.replay.record.header.seats
    rows = []
    for number, outcome in enumerate(cursor.state.outcome()):
        name = seat_label(seats[number]) if number < len(seats) else "?"
        titles = f" ({', '.join(outcome.titles)})" if outcome.titles else ""
        rows.append(f"  seat {number} {name}: {outcome.score:g}, rank {outcome.rank}{titles}")
    return "\n".join(["scores:", *rows])
