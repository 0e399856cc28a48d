"""Running a tournament from its spec to its standings, and resuming one.

The coordinator writes the schedule, lets workers (this process, or
``workers`` processes) play every pending match, schedules Swiss rounds as
the previous ones finish, and reports progress by reading the database.
"""

from __future__ import annotations

import json
import sys
import uuid
from collections.abc import Callable
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from pathlib import Path

import structlog
import trio

from referee.errors import ConfigError
from referee.games import get_engine
from referee.output_paths import new_folder
from referee.tournament import ladders, schedule
from referee.tournament.execute import Worker, check_maps, match_settings
from referee.tournament.keys import MatchKeys
from referee.tournament.spec import Format, Rating, TournamentSpec
from referee.tournament.standings import Standing, game_results, standings
from referee.tournament.store import DATABASE_NAME, MatchStatus, ScheduledMatch, Store
from referee.transport.process import BotCommand

logger = structlog.get_logger("referee.tournament")

POLL_S = 0.5


@dataclass(frozen=True)
class Progress:
    """A snapshot for the progress bar or the match log."""

    done: int
    total: int
    running: int
    rows: list[Standing]
    finished: list[ScheduledMatch]
    """Every match done so far, in the order the database holds them."""


ProgressCallback = Callable[[Progress], None]


def table_size(spec: TournamentSpec) -> int:
    """Players per match, checked against the game and the field.

    Raises:
        ConfigError: the game cannot seat that many, or there are too few bots.
    """
    engine = get_engine(spec.game)
    size = spec.table_size or engine.min_players
    if not engine.min_players <= size <= engine.max_players:
        raise ConfigError(
            f"table_size: {spec.game} seats {engine.min_players}-{engine.max_players}, got {size}"
        )
    if len(spec.entrants) < max(size, 2):
        raise ConfigError(f"bots: a tournament needs at least {max(size, 2)} bots")
    if spec.format is Format.SWISS and size != 2:
        raise ConfigError(f"format: swiss pairs two bots per match, but tables seat {size}")
    return size


MAX_ROUND_MATCHES = 2**53
"""A round's matches are counted in SQLite integers and JSON numbers: stay exact in both."""


def first_round(spec: TournamentSpec) -> schedule.RoundPlan | None:
    """The round known before the first match is played (none yet for Swiss).

    Raises:
        ConfigError: the round would hold more matches than can be counted.
    """
    size = table_size(spec)
    names = [e.name for e in spec.entrants]
    if spec.format is Format.SWISS:
        return None  # each round is paired when the one before it has finished
    if spec.format is Format.GAUNTLET:
        tables = schedule.gauntlet_tables(names, spec.challenger, size)
    else:
        tables = schedule.round_robin_tables(names, size)
    plan = schedule.round_plan(spec, tables, round_no=1)
    if plan.size > MAX_ROUND_MATCHES:
        raise ConfigError(
            f"games_per_table: {spec.games_per_table} seeds for {tables.count()} tables "
            f"make {plan.size} matches; at most {MAX_ROUND_MATCHES}"
        )
    return plan


def open_tournament(folder: Path, spec: TournamentSpec | None) -> tuple[Store, TournamentSpec]:
    """Create a tournament in ``folder`` from ``spec``, or reopen it to resume (spec None).

    Raises:
        ConfigError: a new tournament's folder already holds one, or other files; a
            resumed one holds none; a bot command does not exist.
    """
    if not (folder / DATABASE_NAME).exists():
        if spec is not None:
            new_folder(folder, "the tournament's folder")  # never over other files or records
        elif (folder / "records").is_dir():
            raise ConfigError(f"{folder} holds records but no {DATABASE_NAME} to resume from")
        else:
            raise ConfigError(f"{folder} holds no tournament to resume")
    if spec is not None:  # everything checked before anything is written
        for entrant in spec.entrants:
            BotCommand.parse(entrant.command, entrant.name)
        settings = match_settings(spec)
        check_maps(settings, spec, table_size(spec))
        MatchKeys.fresh(spec)  # the key files it names can be read
        planned = first_round(spec)
    folder.mkdir(parents=True, exist_ok=True)
    store = Store(folder)
    try:  # a refusal below leaves no connection open
        if spec is None:
            spec = store.spec()
            store.check_intact([entrant.name for entrant in spec.entrants])
            for entrant in spec.entrants:  # bots may have moved since the tournament began
                BotCommand.parse(entrant.command, entrant.name)
            reset = store.reset_unfinished()
            logger.info("resuming", tournament=spec.name, unfinished=reset)
        else:
            # Its bots' paths as absolute ones: a resume may start in another folder.
            spec = replace(spec, entrants=tuple(e.anchored() for e in spec.entrants))
            _initialise(store, spec, planned)
        # Key files read, the secret made and checked before any match.
        MatchKeys.of_tournament(store, spec).check_unchanged(store)
    except ConfigError:
        store.close()
        raise
    return store, spec


def _initialise(store: Store, spec: TournamentSpec, planned: schedule.RoundPlan | None) -> None:
    """Write a new tournament's spec and first round; refuse a folder that holds one."""
    if not store.is_new():
        folder = store.folder
        raise ConfigError(f"{folder} already holds a tournament: resume it with --resume {folder}")
    store.initialise(spec, planned)
    store.set_meta("uid", uuid.uuid4().hex)
    _schedule_next_round(store, spec)


async def run_tournament(
    store: Store, spec: TournamentSpec, on_progress: ProgressCallback | None = None
) -> list[Standing]:
    """Play every match not yet done; return the standings."""
    while True:
        async with trio.open_nursery() as nursery:
            if on_progress is not None:
                nursery.start_soon(_report, store, spec, on_progress)
            await _play_pending(store, spec)
            nursery.cancel_scope.cancel()
        if not _schedule_next_round(store, spec):
            break
    finished = store.matches(MatchStatus.DONE)
    rows = current_standings(store, spec, finished)
    _feed_ladder(store, spec, finished)
    if on_progress is not None:
        on_progress(_snapshot(store, spec, rows, finished))
    return rows


def current_standings(
    store: Store, spec: TournamentSpec, finished: list[ScheduledMatch], *, rate: bool = True
) -> list[Standing]:
    """The standings from the finished matches and the store's quarantines."""
    names = [e.name for e in spec.entrants]
    return standings(names, finished, store.quarantined(), rate=rate)


def _feed_ladder(store: Store, spec: TournamentSpec, finished: list[ScheduledMatch]) -> None:
    """Count a finished tournament's games (``finished``: its done matches) in the game's
    persistent ladders, once."""
    counts = store.counts()
    if counts["pending"] or counts["running"] or counts["interrupted"]:
        return
    uid = store.get_meta("uid") or str(store.folder.resolve())
    try:
        with ladders.updating(spec.game) as ladder:
            if uid in ladder.applied:
                return
            today = datetime.now(UTC).date()
            for result in game_results(finished):
                ladder.record(result, today, with_skill=spec.rating is Rating.OPENSKILL)
            ladder.applied.append(uid)
    except ConfigError as error:  # the tournament's own results stand; a resume feeds it later
        logger.warning("the persistent ladder was not updated", game=spec.game, why=str(error))


async def _play_pending(store: Store, spec: TournamentSpec) -> None:
    if spec.dask_scheduler:
        from referee.tournament.distributed import play_on_dask

        await play_on_dask(store, spec)
        return
    if spec.workers == 1:
        await Worker(store, spec, "w1").run()
        return
    command = [sys.executable, "-m", "referee.tournament.worker", str(store.folder)]
    async with trio.open_nursery() as nursery:
        for number in range(1, spec.workers + 1):
            nursery.start_soon(_run_worker_process, [*command, f"w{number}"])


async def _run_worker_process(command: list[str]) -> None:
    done = await trio.run_process(command, check=False)
    if done.returncode not in (0, 130):
        raise RuntimeError(f"tournament worker {command[-1]} failed with code {done.returncode}")


async def _report(store: Store, spec: TournamentSpec, on_progress: ProgressCallback) -> None:
    """Progress every ``POLL_S``, read off the loop that enforces the matches' deadlines."""
    db = Store.off_loop(store.folder)
    try:
        while True:
            progress = await db.run(lambda reader: _progress(reader, spec))
            on_progress(progress)
            await trio.sleep(POLL_S)
    finally:
        db.close()


def _progress(store: Store, spec: TournamentSpec) -> Progress:
    """A snapshot without ratings (the fit is for the end). Runs in a worker thread."""
    finished = store.matches(MatchStatus.DONE)  # read once for the standings and the match log
    rows = current_standings(store, spec, finished, rate=False)
    return _snapshot(store, spec, rows, finished)


def _snapshot(
    store: Store, spec: TournamentSpec, rows: list[Standing], finished: list[ScheduledMatch]
) -> Progress:
    counts = store.counts()
    total = sum(counts.values())
    if spec.format is Format.SWISS:  # rounds not yet scheduled are part of the whole
        per_round = max(1, total // max(1, store.last_round()))
        total = per_round * schedule.swiss_round_count(spec)
    done = counts["done"] + counts["skipped"]
    return Progress(done, total, counts["running"], rows, finished)


# -- Swiss --------------------------------------------------------------------


def _schedule_next_round(store: Store, spec: TournamentSpec) -> bool:
    """Schedule the next Swiss round if one is due; whether one was."""
    round_no = store.last_round() + 1
    if spec.format is not Format.SWISS or round_no > schedule.swiss_round_count(spec):
        return False
    quarantined = store.quarantined()
    points = _swiss_points(store, spec)
    field = sorted(
        ((name, score) for name, score in points.items() if name not in quarantined),
        key=lambda item: (-item[1], item[0]),
    )
    played = {frozenset(m.seats) for m in store.matches()}
    byes = swiss_byes(store)
    pairs, bye = schedule.swiss_pairings(field, played, set(byes))
    store.add_round(schedule.round_plan(spec, schedule.Listed(tuple(pairs)), round_no))
    if bye is not None:
        store.set_meta("byes", json.dumps([*byes, bye]))
        logger.info("swiss bye", round=round_no, bot=bye)
    return True


def _swiss_points(store: Store, spec: TournamentSpec) -> dict[str, float]:
    """Pairwise points so far; a bye counts as winning every game of a table."""
    points = {e.name: 0.0 for e in spec.entrants}
    for result in game_results(store.matches(MatchStatus.DONE)):
        for pair in result.comparisons():
            points[pair.first] += pair.score
            points[pair.second] += 1 - pair.score
    games_per_pairing = spec.games_per_table * len(schedule.seat_orders(("a", "b"), spec.rotation))
    for name in swiss_byes(store):
        points[name] += games_per_pairing
    return points


def swiss_byes(store: Store) -> list[str]:
    """The bots given a Swiss bye, a name per bye, in round order."""
    value = store.get_meta("byes")
    return list(json.loads(value)) if value else []
