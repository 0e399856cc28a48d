"""The HTML replay viewer: one self-contained file with every position of a match.

Two kinds of page:

- The full page (``viewer_html(replay)``): the board at every position
  (the state's ``render_svg()``, else its text ``render()``), the standings,
  every step in the engine's words (``State.describe``), and a switch to
  any seat's view. The file holds the whole record: the switch changes
  what is on screen, not what is in the file, and the page says so.
- One seat's page (``viewer_html(replay, seat=K)``): only what seat K could
  know. Its observation at every position, its own steps in words, other
  steps in words unless ``State.hides`` says seat K could not see them
  ("seat 2 acted"), its own penalties, and the result once the match is
  over. No board and no standings: both come from the full state.

Pictures and observations are stored packed (referee/replay/pack.py).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from html import escape
from pathlib import Path
from typing import Any

from referee.engine import State, actor
from referee.match.termination import Termination
from referee.record.format import seat_label
from referee.record.reader import Step
from referee.replay.game import Replay, describe_actor
from referee.replay.pack import Packer, Series, svg_pieces, text_lines
from referee.replay.page import page
from referee.replay.textproto import CompactPrinter

Penalties = dict[int, list[tuple[int, str]]]
"""Per step number, the (seat, note) of each penalty while that step was decided."""


def write_viewer(replay: Replay, out: Path, seat: int | None = None) -> None:
    """Write the viewer page for a replay to ``out`` (only ``seat``'s view if given)."""
    out.write_text(viewer_html(replay, seat), encoding="utf-8")


def viewer_html(replay: Replay, seat: int | None = None) -> str:
    """The viewer page as one string: the full match, or only what ``seat`` could know."""
    seats = range(replay.record.num_seats) if seat is None else (seat,)
    lines = Packer(text_lines)
    views = [_SeatView(number, Series(lines.line_numbers)) for number in seats]
    full = _FullView() if seat is None else None
    _follow(replay, full, views)
    header = replay.record.header
    title = f"{header.game} match {header.match_id}"
    if seat is not None:
        title += f" as seat {seat} saw it"
    data: dict[str, Any] = {
        "title": title,
        "meta": _meta(replay),
        "seats": [seat_label(s) for s in header.seats],
        "positions": replay.num_positions,
        "result": _result(replay, full.titled_after if full else {}),
        "ranking": replay.engine.ranking,
        "lines": lines.pieces,
        "views": [view.data(full) for view in views],
        "full": full.data() if full else None,
    }
    return page(title, data)


def _follow(replay: Replay, full: _FullView | None, views: list[_SeatView]) -> None:
    """Replay the match once, handing every position and step to each view."""
    printer = CompactPrinter()
    penalties = _penalties(replay)
    steps = replay.record.steps
    for position, state in enumerate(replay.states()):
        if full:
            full.add_position(state)
        for view in views:
            view.observations.add(printer.lines(state.observation(view.seat)))
        if position < len(steps):
            # Said now, in the position the step is played from.
            step = steps[position]
            words = state.describe(step.seat, step.action)
            notes = penalties.get(step.number, [])
            if full:
                full.add_step(step, words, notes)
            for view in views:
                view.add_step(state, step, words, notes)


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
        f'viewBox="0 0 {width} {height}" font-family="monospace" font-size="13">'
        f'<rect width="{width}" height="{height}" fill="#fff"/>'
        f'<text xml:space="preserve">{"".join(rows)}</text></svg>'
    )


@dataclass
class _FullView:
    """What the referee saw: pictures, standings, who acts, every step in words."""

    pieces: Packer = field(default_factory=lambda: Packer(svg_pieces))
    pictures: Series[str] = field(init=False)
    standings: list[list[Any]] = field(default_factory=list)
    now: list[str] = field(default_factory=list)
    steps: list[dict[str, str]] = field(default_factory=list)
    titled_after: dict[tuple[int, str], int] = field(default_factory=dict)
    """(seat, title): the step after which the seat first held the title ("eliminated")."""

    def __post_init__(self) -> None:
        self.pictures = Series(self.pieces.numbers)

    def add_position(self, state: State[Any]) -> None:
        self.pictures.add(picture(state))
        outcomes = state.outcome()
        self.standings.append([[f"{o.score:g}", o.rank, ", ".join(o.titles)] for o in outcomes])
        for seat, outcome in enumerate(outcomes):
            for title in outcome.titles:
                self.titled_after.setdefault((seat, title), len(self.standings) - 2)
        self.now.append(_to_act(state))

    def add_step(self, step: Step, words: str, notes: list[tuple[int, str]]) -> None:
        self.steps.append(_entry(words + _by_referee(step), [note for _, note in notes]))

    def data(self) -> dict[str, Any]:
        return {
            "pieces": self.pieces.pieces,
            "frames": self.pictures.frames,
            "standings": self.standings,
            "now": self.now,
            "steps": self.steps,
        }


@dataclass
class _SeatView:
    """What one seat could know: its observations and the steps it was told of."""

    seat: int
    observations: Series[list[str]]
    steps: list[dict[str, str]] = field(default_factory=list)

    def add_step(
        self, state: State[Any], step: Step, words: str, notes: list[tuple[int, str]]
    ) -> None:
        """A step as the seat's events told it (referee/match/events.py): in words, or
        only that someone acted; whether the referee played it is public."""
        seen = step.seat == self.seat or not state.hides(self.seat, step.seat, step.action)
        text = words if seen else f"{actor(step.seat)} acted"
        self.steps.append(
            _entry(text + _by_referee(step), [note for seat, note in notes if seat == self.seat])
        )

    def data(self, full: _FullView | None) -> dict[str, Any]:
        """With the full view on the page, a step it shows alike is 0 (the page's script
        looks it up there): in a game of perfect information that is every step."""
        steps: list[Any] = self.steps
        if full is not None:
            steps = [
                0 if mine == seen else mine for mine, seen in zip(steps, full.steps, strict=True)
            ]
        return {"seat": self.seat, "frames": self.observations.frames, "steps": steps}


def _by_referee(step: Step) -> str:
    by_referee = step.decision is not None and step.decision.by_referee
    return " (by the referee)" if by_referee else ""


def _entry(text: str, notes: list[str]) -> dict[str, str]:
    """A step's line in the action list, with any penalty while it was decided."""
    entry = {"text": text}
    if notes:
        entry["penalty"] = "; ".join(notes)
    return entry


def _penalties(replay: Replay) -> Penalties:
    penalties: Penalties = {}
    for p in replay.record.penalties:
        note = f"seat {p.seat} {Termination(p.reason).label}: {p.resolution}"
        penalties.setdefault(p.step, []).append((p.seat, note))
    return penalties


def _to_act(state: State[Any]) -> str:
    actors = state.to_act()
    if not actors:
        return "game over"
    return "to act: " + ", ".join(describe_actor(seat) for seat in actors)


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


def _result(replay: Replay, titled_after: dict[tuple[int, str], int]) -> dict[str, Any]:
    """The footer's result: a sentence, and per seat in rank order its row and notes.

    A title the seat held before the end says since when ("eliminated after
    step 833"): that is what explains a rank below a lower score.
    """
    footer = replay.record.footer
    if footer is None:
        steps = len(replay.record.steps)
        return {"text": f"Interrupted after {steps} steps: the record has no footer.", "rows": []}
    names = [seat_label(s) for s in replay.record.header.seats]
    last_step = len(replay.record.steps) - 1
    parts = []
    rows = []
    for r in sorted(footer.results, key=lambda r: (r.rank, r.seat)):
        name = names[r.seat] if r.seat < len(names) else "?"
        termination = Termination(r.termination)
        notes = []
        for title in r.titles:
            after = titled_after.get((r.seat, title), last_step)
            notes.append(title if after >= last_step else f"{title} after step {after}")
        ended = "" if termination is Termination.NORMAL else f" ({termination.label})"
        if ended:
            notes.append(termination.label + (f": {r.detail}" if r.detail else ""))
        parts.append(f"{r.rank}. seat {r.seat} {name}: {r.score:g}{ended}")
        rows.append([r.seat, f"{r.score:g}", r.rank, ", ".join(notes)])
    return {"text": "Result: " + "; ".join(parts), "rows": rows}
