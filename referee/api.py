"""Landgrave from Python (a notebook, a script): matches, tournaments, and their rows.

    from referee import api

    result = api.play_match("land", ["land-greedy", "random"], seed=7)
    api.seat_rows(result)  # one dict per seat
    t = api.run_tournament("land", ["land-greedy", "land-frontier", "random"])
    t.standings()  # one dict per bot, best first
    t.matches()  # one dict per seat of every finished match
    api.records(t.folder)  # one dict per seat of every record in a folder
    api.steps(t.matches()[0]["record"])  # one dict per step of a record

Every function is synchronous (it runs trio itself, so call it from a
notebook cell, not from inside a trio program) and prints nothing. Rows are
lists of dicts whose values are str, int, float, bool or None, so
``pandas.DataFrame(rows)`` and ``csv.DictWriter`` take them as they are.
Bots are named as on the command line: a built-in bot's name, a Python
file, a command, and for tournaments ``NAME=COMMAND``. This module only
connects what the command line uses; docs/api.md is its guide.
"""

from __future__ import annotations

import logging
import sys
import tempfile
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from functools import partial
from pathlib import Path
from typing import Any

import structlog
import trio

from referee import bounds
from referee.entrant import Entrant
from referee.errors import ConfigError
from referee.match.chance import match_key, new_secret
from referee.match.result import MatchResult, SeatResult
from referee.match.runner import MatchSpec
from referee.output_paths import new_file
from referee.replay.catalog import Entry, RecordFilter, list_records, parse_since
from referee.replay.game import Replay, apply_step
from referee.settings import MatchOptions, MatchSettings
from referee.tournament.coordinator import ProgressCallback, open_tournament
from referee.tournament.coordinator import run_tournament as _run_tournament
from referee.tournament.preflight import preflight
from referee.tournament.spec import TournamentSpec, load_spec, parse_spec
from referee.tournament.standings import Standing, to_rows
from referee.tournament.store import DATABASE_NAME, MatchStatus, ScheduledMatch, Store
from referee.transport.fleet import play_match as _play_match
from referee.transport.process import BotCommand, Limits

Row = dict[str, Any]
"""One row: column name to a plain value."""


def play_match(
    game: str,
    bots: Sequence[str],
    *,
    seed: int = 1,
    config: Mapping[str, Any] | None = None,
    record: Path | str | None = None,
    decision_ms: int = 1000,
    bank_ms: int = 0,
    increment_ms: int = 0,
    penalty: str = "forfeit",
    max_strikes: int = 3,
    startup_timeout_s: float = 10.0,
    chance_secret: bytes | None = None,
) -> MatchResult:
    """Play one match between bot processes, as ``referee match`` does.

    Args:
        game: the game's name (``referee games`` lists them).
        bots: one bot per seat, in seat order (``"land-greedy"``, ``"my_bot.py"``).
        seed: the match seed.
        config: game options over the engine's defaults (``{"colour": ...}``).
        record: where to write the match record; its bots' logs go beside it
            (``NAME.logs/``). None keeps neither.
        decision_ms, bank_ms, increment_ms: the clock, as the ``--*-ms`` flags.
        penalty, max_strikes: what a fault costs, as ``--penalty`` and ``--max-strikes``.
        startup_timeout_s: how long each bot has to connect and say hello.
        chance_secret: the secret the chance key derives from (with the seed);
            None draws a fresh one, so chance differs from run to run.

    Raises:
        ConfigError: an unknown game, option or bot, or a value out of range.
    """
    bounds.check("seed", seed)
    options = MatchOptions.from_mapping(
        {
            "decision_ms": decision_ms,
            "bank_ms": bank_ms,
            "increment_ms": increment_ms,
            "penalty": penalty,
            "max_strikes": max_strikes,
            "startup_timeout_s": startup_timeout_s,
        }
    )
    settings = MatchSettings.build(game, config or {}, options)
    entrants = [Entrant.parse(bot) for bot in bots]
    commands = [BotCommand.parse(e.command, e.name) for e in entrants]
    record_path = Path(record) if record is not None else None
    if record_path is not None:
        new_file(record_path, "record")
    spec = MatchSpec(
        settings.engine,
        seed,
        settings.config,
        time_control=settings.time_control,
        penalties=settings.penalties,
        record_path=record_path,
        chance_key=match_key(new_secret() if chance_secret is None else chance_secret, seed),
    )
    _quiet_logs()
    if record_path is not None:
        logs = record_path.parent / f"{record_path.name}.logs"
        return _play(spec, commands, logs, settings.limits, startup_timeout_s)
    with tempfile.TemporaryDirectory(prefix="landgrave-bots-") as scratch:
        return _play(spec, commands, Path(scratch), settings.limits, startup_timeout_s)


def _play(
    spec: MatchSpec,
    commands: list[BotCommand],
    logs: Path,
    limits: Limits,
    startup_timeout_s: float,
) -> MatchResult:
    play = partial(_play_match, spec, commands, logs, limits, startup_timeout_s)
    return trio.run(play)


def seat_rows(result: MatchResult) -> list[Row]:
    """A match's result as one row per seat, in seat order."""
    record = None if result.record_path is None else str(result.record_path)
    return [
        {
            "match_id": result.match_id,
            "game": result.game,
            "seed": result.seed,
            "steps": result.steps,
            **_seat_fields(seat),
            "record": record,
        }
        for seat in result.seats
    ]


@dataclass(frozen=True)
class Tournament:
    """A tournament's folder, its spec and its standings when it was last played or read."""

    folder: Path
    spec: TournamentSpec
    rows: list[Standing]
    """The standings, best first (``standings()`` gives them as plain rows)."""

    def standings(self) -> list[Row]:
        """One row per bot, best first, as ``standings.csv`` has them (the same columns in each)."""
        return _same_columns([_flat_standing(row) for row in to_rows(self.rows)])

    def matches(self) -> list[Row]:
        """One row per seat of every finished match, in the order they were scheduled."""
        store = Store(self.folder)
        try:
            finished = store.matches(MatchStatus.DONE)
        finally:
            store.close()
        return [row for match in finished for row in _match_rows(match)]


def run_tournament(
    game: str,
    bots: Sequence[str],
    *,
    folder: Path | str | None = None,
    on_progress: ProgressCallback | None = None,
    **keys: Any,
) -> Tournament:
    """Run a tournament to its end, as ``referee tournament --game GAME --bot ...`` does.

    Args:
        game: the game's name.
        bots: the entrants, as ``--bot`` takes them (``"greedy=land-greedy"`` names one).
        folder: the tournament's folder; by default ``tournaments/NAME-TIME``
            (the name is the game's unless ``name=`` gives one).
        on_progress: called with a snapshot about twice a second while matches play.
        **keys: any key of a tournament spec (docs/tournaments.md):
            ``games_per_table=2``, ``format="gauntlet"``, ``challenger=...``, ``config={...}``.

    Raises:
        ConfigError: a wrong key or value, a bot that cannot start, or a
            folder that already holds a tournament or other files.
    """
    named = {"name": game, **keys}  # as `referee tournament --game GAME` names it
    spec = parse_spec({"game": game, "bots": list(bots), **named}, where="run_tournament")
    return run_tournament_spec(spec, folder=folder, on_progress=on_progress)


def run_tournament_spec(
    spec: TournamentSpec | Path | str,
    *,
    folder: Path | str | None = None,
    on_progress: ProgressCallback | None = None,
) -> Tournament:
    """Run a tournament from a spec (a TOML file, or a ``TournamentSpec``) to its end.

    Raises:
        ConfigError: as ``run_tournament``.
    """
    if not isinstance(spec, TournamentSpec):
        spec = load_spec(Path(spec))
    where = Path(folder) if folder is not None else _new_folder(spec.name)
    store, spec = open_tournament(where, spec)
    return _play_tournament(store, spec, on_progress)


def resume_tournament(
    folder: Path | str, *, on_progress: ProgressCallback | None = None
) -> Tournament:
    """Play what a tournament interrupted (Ctrl-C, a crash) did not finish.

    Raises:
        ConfigError: the folder holds no tournament.
    """
    store, spec = open_tournament(Path(folder), None)
    return _play_tournament(store, spec, on_progress)


def load_tournament(folder: Path | str) -> Tournament:
    """A tournament as its database has it now (finished or still running), without playing.

    Raises:
        ConfigError: the folder holds no tournament.
    """
    from referee.tournament.coordinator import current_standings

    path = Path(folder)
    if not (path / DATABASE_NAME).is_file():
        raise ConfigError(f"{path} holds no tournament")
    store = Store(path)  # read only: resuming would put a running tournament's matches back
    try:
        spec = store.spec()
        finished = store.matches(MatchStatus.DONE)
        return Tournament(path, spec, current_standings(store, spec, finished))
    finally:
        store.close()


def _play_tournament(
    store: Store, spec: TournamentSpec, on_progress: ProgressCallback | None
) -> Tournament:
    _quiet_logs()
    try:
        if not spec.dask_scheduler:  # on Dask the bots start on the workers' machines
            trio.run(preflight, spec, store.folder / "logs")
        rows = trio.run(_run_tournament, store, spec, on_progress)
    finally:
        store.close()
    return Tournament(store.folder, spec, rows)


def _new_folder(name: str) -> Path:
    """``tournaments/NAME-TIME``, with a number after it if that is taken (runs in one second)."""
    base = Path("tournaments") / f"{name}-{datetime.now().strftime('%Y%m%d-%H%M%S')}"
    folder, number = base, 1
    while folder.exists():
        number += 1
        folder = base.with_name(f"{base.name}-{number}")
    return folder


def _seat_fields(seat: SeatResult) -> Row:
    """The columns of one seat's result, shared by match and tournament rows."""
    return {
        "seat": seat.seat,
        "bot": seat.name,
        "score": seat.score,
        "rank": seat.rank,
        "termination": seat.termination.label,
        "detail": seat.detail,
        "faults": " ".join(fault.label for fault in seat.faults),
        "titles": " ".join(seat.titles),
    }


def _flat_standing(row: Row) -> Row:
    """A standings row with its superiority map as one column per opponent."""
    flat = dict(row)
    superiority = flat.pop("superiority")
    flat.update({f"superiority_vs_{other}": p for other, p in superiority.items()})
    return flat


def _same_columns(rows: list[Row]) -> list[Row]:
    """Every row with every column any row has (None where it had none), in first-seen order."""
    columns = list(dict.fromkeys(key for row in rows for key in row))
    return [{key: row.get(key) for key in columns} for row in rows]


def _match_rows(match: ScheduledMatch) -> list[Row]:
    result = match.result
    if result is None:
        return []
    return [
        {
            "match": match.id,
            "match_id": result.match_id,
            "round": match.round,
            "table": match.table,
            "seed": match.seed,
            "steps": result.steps,
            **_seat_fields(seat),
            "record": match.record_path,
        }
        for seat in result.seats
    ]


def records(
    folder: Path | str,
    *,
    game: str | None = None,
    bot: str | None = None,
    termination: str | None = None,
    since: str | None = None,
) -> list[Row]:
    """One row per seat of every record under a folder, oldest first, as ``referee records``.

    A record without a result (interrupted, corrupt, or a tournament's match
    not yet finished) has its seats with rank and termination None, or one
    row with seat None when not even its seats are known.

    Args:
        folder: a match or tournament folder.
        game, bot, termination, since: keep only these, as the flags of ``referee records``.

    Raises:
        ConfigError: ``folder`` is not a folder, or ``since`` is not a date.
    """
    keep = RecordFilter(
        game=game,
        bot=bot,
        termination=termination,
        since=parse_since(since) if since else None,
    )
    return [row for entry in list_records(Path(folder), keep) for row in _entry_rows(entry)]


def _entry_rows(entry: Entry) -> list[Row]:
    common = {
        "record": None if entry.path is None else str(entry.path),
        "status": entry.status,
        "match_id": entry.match_id,
        "game": entry.game,
        "started_at": entry.started_at,
        "steps": entry.steps,
        "detail": entry.detail,
    }
    if not entry.bots:
        return [{**common, "seat": None, "bot": None, "rank": None, "termination": None}]
    finished = len(entry.ranks) == len(entry.bots)
    return [
        {
            **common,
            "seat": seat,
            "bot": bot,
            "rank": entry.ranks[seat] if finished else None,
            "termination": entry.terminations[seat] if finished else None,
            "detail": (entry.details[seat] if finished else "") or entry.detail,
        }
        for seat, bot in enumerate(entry.bots)
    ]


def steps(record: Path | str) -> list[Row]:
    """One row per step of a record, replayed through its engine: who did what, in words.

    Raises:
        RecordError: the record is corrupt, of another engine version, or replays illegally.
        UnknownGameError: its game is not installed.
    """
    replay = Replay.from_path(Path(record))
    state = replay.new_state()
    rows = []
    for step in replay.record.steps:
        decision = step.decision
        rows.append(
            {
                "step": step.number,
                "seat": step.seat,
                "action": state.describe(step.seat, step.action),
                "think_ms": None if decision is None else decision.think_ms,
                "by_referee": decision is not None and decision.by_referee,
            }
        )
        apply_step(replay.record, state, step)
    return rows


def _quiet_logs() -> None:
    """Warnings only, to stderr, unless the caller set up structlog (as the CLI does)."""
    if not structlog.is_configured():
        structlog.configure(
            wrapper_class=structlog.make_filtering_bound_logger(logging.WARNING),
            logger_factory=structlog.PrintLoggerFactory(sys.stderr),
        )
