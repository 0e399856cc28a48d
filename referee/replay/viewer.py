"""The HTML replay viewer: one self-contained file with a picture of every position.

Pictures come from the state's ``render_svg()`` when the engine draws one,
else from ``render()`` set in an SVG ``<text>`` block. Moves are listed in
the engine's words (``State.describe``).

A long match has thousands of pictures that differ in a few elements, so
they are stored as a table of distinct SVG pieces (one element each) plus,
per position, the piece numbers, written as runs copied from the position
before wherever they agree. A 106-step Land match is then 62 KB
instead of 1.9 MB of SVG text.
"""

from __future__ import annotations

import re
from html import escape
from pathlib import Path
from typing import Any

from referee.engine import State
from referee.match.termination import Termination
from referee.replay.game import Replay, describe_actor
from referee.replay.page import page

_PIECE_START = re.compile(r"(?=<)")
_XML_DECLARATION = re.compile(r"^\s*<\?xml[^>]*\?>\s*")


def write_viewer(replay: Replay, out: Path) -> None:
    """Write the viewer page for a replay to ``out``."""
    out.write_text(viewer_html(replay), encoding="utf-8")


def viewer_html(replay: Replay) -> str:
    """The viewer page for a replay, as one string."""
    pieces = _PieceTable()
    frames: list[list[Any]] = []
    scores: list[list[tuple[float, int]]] = []
    now: list[str] = []
    moves: list[str] = []
    before: list[int] = []
    steps = replay.record.steps
    for position, state in enumerate(replay.states()):
        current = pieces.numbers(picture(state))
        frames.append(_delta(before, current))
        before = current
        scores.append([(o.score, o.rank) for o in state.outcome()])
        now.append(_to_act(state))
        if position < len(steps):
            # Said now, in the position the step is played from.
            moves.append(state.describe(steps[position].seat, steps[position].action))
    header = replay.record.header
    title = f"{header.game} match {header.match_id}"
    data = {
        "title": title,
        "meta": _meta(replay),
        "seats": [f"{s.bot_name} {s.bot_version}".strip() for s in header.seats],
        "steps": _steps(replay, moves),
        "pieces": pieces.pieces,
        "frames": frames,
        "scores": scores,
        "now": now,
        "result": _result(replay),
    }
    return page(title, data)


def picture(state: State[Any]) -> str:
    """The state's own SVG, or its text picture set as an SVG."""
    return state.render_svg() or text_svg(state.render())


def text_svg(text: str) -> str:
    """Monospaced lines of text as an SVG document."""
    lines = text.rstrip("\n").split("\n")
    # Rough monospace metrics at 13 px: about 7.8 px a character and 16 px a line.
    width = int(max((len(line) for line in lines), default=0) * 7.8) + 20
    height = 16 * len(lines) + 16
    rows = [
        f'<tspan x="10" y="{20 + 16 * number}">{escape(line)}</tspan>'
        for number, line in enumerate(lines)
    ]
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'font-family="monospace" font-size="13">'
        f'<rect width="{width}" height="{height}" fill="#fff"/>'
        f'<text xml:space="preserve">{"".join(rows)}</text></svg>'
    )


class _PieceTable:
    """Distinct SVG pieces (one element each), numbered in order of first use."""

    def __init__(self) -> None:
        self.pieces: list[str] = []
        self._index: dict[str, int] = {}

    def numbers(self, svg: str) -> list[int]:
        """The piece numbers that spell ``svg``, adding new pieces to the table."""
        svg = _XML_DECLARATION.sub("", svg)
        return [self._number(piece) for piece in _PIECE_START.split(svg) if piece]

    def _number(self, piece: str) -> int:
        number = self._index.get(piece)
        if number is None:
            number = self._index[piece] = len(self.pieces)
            self.pieces.append(piece)
        return number


def _delta(before: list[int], current: list[int]) -> list[Any]:
    """``current`` as [from, to) runs copied from ``before``, and piece numbers.

    Greedy and linear: each piece continues the run in progress when it can,
    else starts a run where it first occurs in ``before``. Between two
    positions only a few elements change, so runs are long.
    """
    first_at: dict[int, int] = {}
    for index, number in enumerate(before):
        first_at.setdefault(number, index)
    coded: list[Any] = []
    start = end = -1
    for number in current:
        if 0 <= end < len(before) and before[end] == number:
            end += 1
            continue
        _flush_run(coded, before, start, end)
        start = first_at.get(number, -1)
        end = start + 1 if start >= 0 else -1
        if start < 0:
            coded.append(number)
    _flush_run(coded, before, start, end)
    return coded


def _flush_run(coded: list[Any], before: list[int], start: int, end: int) -> None:
    """A run of one is shorter as its piece number."""
    if end - start == 1:
        coded.append(before[start])
    elif end - start > 1:
        coded.append([start, end])


def _to_act(state: State[Any]) -> str:
    actors = state.to_act()
    if not actors:
        return "game over"
    return "to act: " + ", ".join(describe_actor(seat) for seat in actors)


def _steps(replay: Replay, moves: list[str]) -> list[dict[str, str]]:
    """Per step its line in the action list, and any penalty while it was decided."""
    penalties: dict[int, list[str]] = {}
    for p in replay.record.penalties:
        note = f"seat {p.seat} {Termination(p.reason).label}: {p.resolution}"
        penalties.setdefault(p.step, []).append(note)
    steps = []
    for step, move in zip(replay.record.steps, moves, strict=True):
        referee = " (by the referee)" if step.decision and step.decision.by_referee else ""
        entry = {"text": f"{move}{referee}"}
        if step.number in penalties:
            entry["penalty"] = "; ".join(penalties[step.number])
        steps.append(entry)
    return steps


def _meta(replay: Replay) -> list[str]:
    header = replay.record.header
    meta = [
        f"{header.game} engine {header.engine_version}",
        f"seed {header.seed}",
        f"started {header.started_at}",
    ]
    if header.parent_record:
        meta.append(f"branched from {header.parent_record} at step {header.parent_step}")
    return meta


def _result(replay: Replay) -> str:
    footer = replay.record.footer
    if footer is None:
        steps = len(replay.record.steps)
        return f"Interrupted after {steps} steps: the record has no footer."
    names = [s.bot_name for s in replay.record.header.seats]
    parts = []
    for r in sorted(footer.results, key=lambda r: (r.rank, r.seat)):
        name = names[r.seat] if r.seat < len(names) else "?"
        parts.append(
            f"{r.rank}. seat {r.seat} {name}: {r.score:g} ({Termination(r.termination).label})"
        )
    return "Result: " + "; ".join(parts)
