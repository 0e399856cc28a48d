"""What ``referee sprt`` prints: the test's design, a line per pair, the verdict, the folder."""

from __future__ import annotations

from pathlib import Path
from types import TracebackType

from rich.console import Console
from rich.live import Live
from rich.text import Text

from referee.match.termination import Termination
from referee.ratings import EloEstimate, SprtConfig, SprtDecision, SprtResult
from referee.replay.catalog import PAIRS_TABLE
from referee.tournament.spec import TournamentSpec
from referee.tournament.sprt import PairPlayed, SprtRun

_LETTERS = {1.0: "W", 0.5: "D", 0.0: "L"}
"""A game from the candidate's side."""


def header_line(spec: TournamentSpec, config: SprtConfig, max_pairs: int, folder: Path) -> str:
    """The test's design, printed before the first pair."""
    new, old = (e.name for e in spec.entrants)
    return (
        f"SPRT {new} vs {old} on {spec.game}: H0 {config.unit} {config.elo0:g}, "
        f"H1 {config.unit} {config.elo1:g}, alpha {config.alpha:g}, beta {config.beta:g}, "
        f"{config.model.value}; LLR bounds [{config.lower:.2f}, {config.upper:.2f}]; "
        f"at most {max_pairs} pairs; folder {folder}"
    )


def pair_line(pair: PairPlayed, config: SprtConfig) -> str:
    """One finished pair and the test after it, as a log line."""
    state = pair.state
    letters = " ".join(_LETTERS[g.score] for g in pair.games)
    counts = " ".join(str(c) for c in state.pairs.counts)
    line = (
        f"pair {pair.number:>4} seed {pair.seed}: {letters} ({pair.score:.2f})  "
        f"ptnml {counts}  LLR {state.llr:+.2f} [{state.lower:.2f}, {state.upper:.2f}]  "
        f"{config.unit} {_estimate(_in_unit(state, config))}"
    )
    faults = _faults(pair)
    return f"{line}  {faults}" if faults else line


def final_lines(spec: TournamentSpec, config: SprtConfig, run: SprtRun) -> list[str]:
    """The verdict, the estimates, the counts, and where the records are."""
    state = run.result
    new, old = (e.name for e in spec.entrants)
    pairs = state.pairs.samples
    lines = [
        f"{_verdict(state, config, new, old)} after {pairs} pairs "
        f"({2 * pairs} games): LLR {state.llr:.2f}, bounds [{state.lower:.2f}, {state.upper:.2f}]",
        f"Elo {_estimate(state.elo)} (95%)"
        + (f", nElo {_estimate(state.nelo)}" if config.normalized else ""),
        f"Pairs scoring 0, 1/4, 1/2, 3/4, 1 (ptnml): {', '.join(map(str, state.pairs.counts))}; "
        f"{new} W/D/L {state.wins}/{state.draws}/{state.losses}",
    ]
    if run.cut_short:
        were = "pair in play at the decision was" if run.cut_short == 1 else "pairs in play were"
        lines.append(f"{run.cut_short} {were} stopped and not counted (records end unfinished)")
    lines.extend(_where(run.folder))
    return lines


class PairLog:
    """Shows each finished pair: a line each into a pipe or file, one live line on a terminal."""

    def __init__(self, console: Console, config: SprtConfig) -> None:
        self._console = console
        self._config = config
        self._live: Live | None = None

    def __enter__(self) -> PairLog:
        if self._console.is_terminal:
            self._live = Live(Text("playing the first pair..."), console=self._console)
            self._live.__enter__()
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        if self._live is not None:
            self._live.__exit__(kind, error, traceback)

    def show(self, pair: PairPlayed) -> None:
        """Report one finished pair."""
        line = pair_line(pair, self._config)
        if self._live is not None:
            self._live.update(Text(line))
        else:
            self._console.print(line, soft_wrap=True, highlight=False, markup=False)


def _in_unit(state: SprtResult, config: SprtConfig) -> EloEstimate:
    """The estimate in the unit the hypotheses are stated in."""
    return state.nelo if config.normalized else state.elo


def _estimate(estimate: EloEstimate) -> str:
    return f"{estimate.value:+.1f} [{estimate.lower:+.1f}, {estimate.upper:+.1f}]"


def _faults(pair: PairPlayed) -> str:
    """Seats that did not end a game normally: ``game 2: old timeout``."""
    notes = []
    for number, game in enumerate(pair.games, start=1):
        for seat in game.result.seats:
            if seat.termination is not Termination.NORMAL or seat.faults:
                kinds = sorted({f.label for f in (*seat.faults, seat.termination)} - {"normal"})
                notes.append(f"game {number}: {game.seats[seat.seat]} {'+'.join(kinds)}")
    return "; ".join(notes)


def _verdict(state: SprtResult, config: SprtConfig, new: str, old: str) -> str:
    """Which hypothesis won, in words: ``H1 accepted: new is +10 Elo, not +0, against old``."""
    elo0, elo1 = f"{config.elo0:+g}", f"{config.elo1:+g}"
    if state.decision is SprtDecision.ACCEPT_H1:
        return f"H1 accepted: {new} is {elo1} {config.unit}, not {elo0}, against {old}"
    if state.decision is SprtDecision.ACCEPT_H0:
        return f"H0 accepted: {new} is {elo0} {config.unit}, not {elo1}, against {old}"
    return "Undecided: the pair limit was reached"


def _where(folder: Path) -> list[str]:
    """Where the records, bot logs and pair lines are, and how to look at a game."""
    records = sorted((folder / "records").glob("*.jsonl"))
    lines = [
        f"Records: {folder / 'records'} ({len(records)} games); bot logs: {folder / 'logs'}; "
        f"pairs: {folder / PAIRS_TABLE}"
    ]
    if records:
        lines.append(
            f"View one: referee replay {records[0]} --html {records[0].stem}.html "
            f"(or --verify, or step through without a flag)"
        )
    return lines
