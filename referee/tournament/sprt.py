"""``referee sprt``: play a candidate bot against a baseline until an SPRT decides.

Games come in pairs on one seed, one in each seat order, so seat and luck
cancel out as in a tournament; the test (``referee.ratings.sprt``) counts
only complete pairs. Lanes play pairs at once; when the test accepts either
hypothesis, the pairs still being played are stopped and not counted (their
records end unfinished), as are pairs past the limit.

The folder holds ``records/PAIR-GAME.jsonl`` (game 1: candidate seated
first, game 2: seats swapped), ``logs/`` (the bots' stderr) and
``pairs.jsonl``: one line per counted pair with the test's state after it.
"""

from __future__ import annotations

import itertools
import json
import math
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import trio

from referee.errors import ConfigError
from referee.match.result import MatchResult
from referee.ratings import EloEstimate, Sprt, SprtConfig, SprtResult
from referee.replay.catalog import PAIRS_TABLE
from referee.settings import MatchSettings
from referee.tournament.execute import (
    BotPool,
    check_maps,
    match_settings,
    play_scheduled,
    run_lanes,
)
from referee.tournament.keys import MatchKeys
from referee.tournament.schedule import match_seed
from referee.tournament.spec import TournamentSpec
from referee.tournament.store import MatchStatus, ScheduledMatch

SEATS = 2
"""An SPRT is a duel: the candidate and the baseline at a table of two."""


@dataclass(frozen=True)
class GamePlayed:
    """One game of a pair, from the candidate's side."""

    seats: tuple[str, str]
    """Entrant names in seat order."""
    score: float
    """The candidate's score: 1 (ranked above the baseline), 0.5 or 0."""
    result: MatchResult
    """The match as the runner saw it (seats, terminations)."""
    record: Path
    """The match record."""


@dataclass(frozen=True)
class PairPlayed:
    """A complete pair and the test right after it was counted."""

    number: int
    """The pair's number, from 1 in the order pairs were started (its records' names)."""
    seed: int
    """The seed both games were played on."""
    games: tuple[GamePlayed, GamePlayed]
    """Game 1 (candidate in seat 0), game 2 (seats swapped)."""
    state: SprtResult
    """The test after counting this pair."""

    @property
    def score(self) -> float:
        """The candidate's pair score: 0, 0.25, 0.5, 0.75 or 1."""
        return (self.games[0].score + self.games[1].score) / 2.0


@dataclass(frozen=True)
class SprtRun:
    """How a test ended."""

    result: SprtResult
    """The test's final state (at its decision, or at the limit)."""
    folder: Path
    """Where the records, bot logs and ``pairs.jsonl`` are."""
    cut_short: int
    """Pairs started but stopped at the decision: played in part, never counted."""


async def run_sprt(
    spec: TournamentSpec,
    config: SprtConfig,
    max_pairs: int,
    folder: Path,
    on_pair: Callable[[PairPlayed], None] | None = None,
) -> SprtRun:
    """Play ``spec.entrants[0]`` (the candidate) against ``[1]`` until the test decides.

    Raises:
        ConfigError: the game cannot seat two players, or ``max_pairs`` < 1.
    """
    settings = duel_settings(spec)
    if max_pairs < 1:
        raise ConfigError(f"expected at least 1 pair, got {max_pairs}")
    await trio.Path(folder).mkdir(parents=True, exist_ok=True)
    keys = MatchKeys.fresh(spec)  # one secret for the run: both games of a pair share chance
    test = Sprt(config)
    numbers = itertools.count(1)
    started: set[int] = set()
    stop = trio.CancelScope()

    async def lane(pool: BotPool) -> None:
        while not test.is_finished() and (number := next(numbers)) <= max_pairs:
            started.add(number)
            games = await _play_pair(spec, settings, pool, number, folder, keys=keys)
            started.discard(number)
            pair = PairPlayed(
                number,
                games[0].result.seed,
                games,
                test.record_pair(games[0].score, games[1].score),
            )
            _append_line(folder / PAIRS_TABLE, pair, folder)
            if on_pair is not None:
                on_pair(pair)
        if test.is_finished():  # decided: the other lanes' pairs no longer count
            stop.cancel()

    with stop:
        await run_lanes(spec, settings, folder / "logs", lane)
    return SprtRun(test.result(), folder, len(started))


def duel_settings(spec: TournamentSpec) -> MatchSettings:
    """How every game of the test is played; ConfigError if the game has no two-seat table."""
    settings = match_settings(spec)
    engine = settings.engine
    if not engine.min_players <= SEATS <= engine.max_players:
        raise ConfigError(
            f"sprt plays duels: {spec.game} seats {engine.min_players} to "
            f"{engine.max_players} players, not 2"
        )
    check_maps(settings, spec, SEATS)
    return settings


def pair_seed(spec: TournamentSpec, number: int) -> int:
    """The seed of pair ``number`` (from 1): the seed list's, cycling, or one derived."""
    if spec.seeds:
        return spec.seeds[(number - 1) % len(spec.seeds)]
    return match_seed(spec.seed, "sprt", number)


async def _play_pair(
    spec: TournamentSpec,
    settings: MatchSettings,
    pool: BotPool,
    number: int,
    folder: Path,
    *,
    keys: MatchKeys,
) -> tuple[GamePlayed, GamePlayed]:
    """Both games of pair ``number``: one seed, the candidate first, then second."""
    candidate, baseline = (e.name for e in spec.entrants)
    group = number - 1  # the pair's place in the seed and map lists
    seed = pair_seed(spec, number)
    played: list[GamePlayed] = []
    for game, seats in enumerate(((candidate, baseline), (baseline, candidate)), start=1):
        scheduled = ScheduledMatch(
            id=2 * (number - 1) + game - 1,
            round=1,
            table=0,
            group=group,
            seats=seats,
            seed=seed,
            status=MatchStatus.RUNNING,
            attempts=1,
            record_path=None,
            result=None,
        )
        record = folder / "records" / f"{number:06d}-{game}.jsonl"
        result = await play_scheduled(settings, spec, scheduled, pool, record, keys=keys)
        mine, theirs = (result.seats[seats.index(n)].rank for n in (candidate, baseline))
        score = 1.0 if mine < theirs else 0.5 if mine == theirs else 0.0
        played.append(GamePlayed(seats, score, result, record))
    return played[0], played[1]


def _append_line(path: Path, pair: PairPlayed, folder: Path) -> None:
    """Add a counted pair to ``pairs.jsonl``: the games and the test after them."""
    state = pair.state
    line = {
        "pair": pair.number,
        "seed": pair.seed,
        "score": pair.score,
        "games": [
            {"seats": list(g.seats), "score": g.score, "record": str(g.record.relative_to(folder))}
            for g in pair.games
        ],
        "llr": state.llr,
        "decision": state.decision.value,
        "pentanomial": list(state.pairs.counts),
        "elo": _interval(state.elo),
        "nelo": _interval(state.nelo),
    }
    with path.open("a") as stream:
        stream.write(json.dumps(line) + "\n")


def _interval(estimate: EloEstimate) -> list[float | None]:
    """An estimate and its interval's ends as JSON numbers (null for an infinite end)."""
    ends = (estimate.value, estimate.lower, estimate.upper)
    return [x if math.isfinite(x) else None for x in ends]
