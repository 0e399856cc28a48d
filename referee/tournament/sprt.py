"""``referee sprt``: play a candidate bot against a baseline until an SPRT decides.

Games come in pairs on one seed, one in each seat order, so seat and luck
cancel out as in a tournament. Lanes play at once; the test stops every
lane as soon as it accepts either hypothesis (or the game limit is hit).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from pathlib import Path

import trio

from referee.ratings import Sprt, SprtConfig, SprtResult
from referee.tournament.execute import BotPool, match_settings, play_scheduled, run_lanes
from referee.tournament.schedule import match_seed
from referee.tournament.spec import TournamentSpec
from referee.tournament.store import ScheduledMatch


async def run_sprt(
    spec: TournamentSpec,
    config: SprtConfig,
    max_games: int,
    folder: Path,
    on_game: Callable[[SprtResult], None] | None = None,
) -> SprtResult:
    """Play ``spec.entrants[0]`` (the candidate) against ``[1]`` until the test decides."""
    candidate, baseline = (e.name for e in spec.entrants)
    settings = match_settings(spec)
    test = Sprt(config)
    numbers = itertools.count()
    stop = trio.CancelScope()

    async def lane(pool: BotPool) -> None:
        while not test.is_finished() and (number := next(numbers)) < max_games:
            seats = (candidate, baseline) if number % 2 == 0 else (baseline, candidate)
            pair = ScheduledMatch(
                id=number,
                round=1,
                table=0,
                group=number // 2,
                seats=seats,
                seed=match_seed(spec.seed, "sprt", number // 2),
                status="running",
                attempts=1,
                record_path=None,
                result=None,
            )
            record = folder / "records" / f"{number:06d}.jsonl"
            result = await play_scheduled(settings, spec, pair, pool, record)
            mine, theirs = (result.seats[seats.index(n)].rank for n in (candidate, baseline))
            outcome = test.record(1.0 if mine < theirs else 0.5 if mine == theirs else 0.0)
            if on_game is not None:
                on_game(outcome)
        if test.is_finished():  # decided: the other lanes' games no longer count
            stop.cancel()

    with stop:
        await run_lanes(spec, settings, folder / "logs", lane)
    return test.result()
