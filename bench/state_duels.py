"""Two players on a game's own engine states, each seed with both seatings: the tuning loop.

The tuning benches (bench/carcassonne_tuning.py, bench/tuning.py) ask
whether one set of a heuristic bot's numbers plays better than another.
Through the referee a game costs processes, sockets and protobuf; here the
engine's state is stepped in one process and a player chooses straight from
it. Each seed is played twice with the seats swapped: chance follows the
seed, so both sides meet the same luck and the first seat's edge cancels.

A player is any picklable object whose ``fresh(game, seat, players)`` gives,
for one seat of one game, an object with ``choose(state, seat) -> action``.
``DecisionPlayer`` makes one of any ``sdk.Bot`` by asking it as the referee
would, from the seat's observation.
"""

from __future__ import annotations

import functools
import math
import random
import statistics
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, NoReturn

import sdk
from bench import worker_pool
from bench.sparring_results import Z95, wilson
from referee.config import build_config, parse_assignments
from referee.engine import CHANCE, SeatOutcome
from referee.games import get_engine
from referee.match.chance import sample_outcome


@dataclass(frozen=True)
class Game:
    """What is played: an installed game by name, and its options (``--config`` pairs)."""

    name: str
    options: tuple[str, ...] = ()

    def config(self) -> Any:
        """The game's config; an unknown option or a wrong value raises ConfigError."""
        return build_config(get_engine(self.name), parse_assignments(list(self.options)))

    def start(self, players: int) -> Any:
        return get_engine(self.name).new_game(self.config(), players)


def play(
    game: Game, seed: int, players: Sequence[Any], watch: Callable[[Any], None] | None = None
) -> list[SeatOutcome]:
    """Each seat's outcome of one game, seat ``i`` played by ``players[i]``; ``watch``,
    if given, sees the state after every step."""
    return play_on(game, game.start(len(players)), players, random.Random(seed), watch)


def play_on(
    game: Game,
    state: Any,
    players: Sequence[Any],
    rng: random.Random,
    watch: Callable[[Any], None] | None = None,
) -> list[SeatOutcome]:
    """Each seat's outcome of the game played on from ``state`` (which it changes), seat
    ``i`` by a fresh ``players[i]``, chance drawn from ``rng``."""
    choosers = [player.fresh(game, seat, len(players)) for seat, player in enumerate(players)]
    while not state.is_terminal():
        for seat in state.to_act():
            if seat == CHANCE:
                state.apply(CHANCE, sample_outcome(state.chance_outcomes(), rng))
            else:
                state.apply(seat, choosers[seat].choose(state, seat))
            if watch is not None:
                watch(state)
    return list(state.outcome())


def points(outcome: Sequence[SeatOutcome], seat: int) -> float:
    """A 2-player game's points for ``seat``: a win 1, a shared first place 1/2."""
    mine, theirs = outcome[seat], outcome[1 - seat]
    return 1.0 if mine.rank < theirs.rank else 0.5 if mine.rank == theirs.rank else 0.0


def duel(game: Game, seed: int, base: Any, candidate: Any) -> list[tuple[float, float]]:
    """The candidate's points (a win 1, a shared first place 1/2) and margin in the
    seed's two games, the candidate first in seat 0, then in seat 1."""
    results = []
    for seat in (0, 1):
        outcome = play(game, seed, (candidate, base) if seat == 0 else (base, candidate))
        margin = outcome[seat].score - outcome[1 - seat].score
        results.append((points(outcome, seat), margin))
    return results


def level_margins(game: Game, seed: int, base: Any) -> tuple[float, float]:
    """The base's own margins in the seed's game against itself, from seat 0 and from
    seat 1: what the candidate's margins in the same seats are measured against."""
    outcome = play(game, seed, (base, base))
    margin = outcome[0].score - outcome[1].score
    return margin, -margin


def seed_results(
    game: Game, seed: int, base: Any, candidate: Any, gain: bool
) -> list[tuple[float, float, float | None]]:
    """``duel``'s two results, each with the base's own margin from that seat (``gain``)."""
    levels = level_margins(game, seed, base) if gain else (None, None)
    results = duel(game, seed, base, candidate)
    return [(*result, level) for result, level in zip(results, levels, strict=True)]


@dataclass(frozen=True)
class Standing:
    """The candidate's results over a run of duels: points and margin a game, and where
    measured, the base's own margin from the same seat with the same seed."""

    games: list[tuple[float, float]]
    levels: list[float] | None = None

    @property
    def score(self) -> float:
        return sum(p for p, _ in self.games) / len(self.games)

    def summary(self) -> str:
        """Its points a game, mean margin and gain over the base's, each with a 95% interval."""
        low, high = wilson(sum(p for p, _ in self.games), len(self.games))
        text = (
            f"{self.score:.3f} [{low:.3f}, {high:.3f}] in {len(self.games)} games, "
            f"margin {_mean_and_interval([m for _, m in self.games])}"
        )
        if self.levels is None:
            return text
        gains = [m - level for (_, m), level in zip(self.games, self.levels, strict=True)]
        return f"{text}, gain {_mean_and_interval(gains)} on the base's own margin"


def _mean_and_interval(values: list[float]) -> str:
    mean = statistics.mean(values)
    spread = Z95 * statistics.stdev(values) / math.sqrt(len(values)) if values[1:] else 0
    return f"{mean:+.1f} [{mean - spread:+.1f}, {mean + spread:+.1f}]"


def duels(
    game: Game, seeds: range, base: Any, candidate: Any, jobs: int, *, gain: bool = False
) -> Standing:
    """The candidate against the base on every seed, both seatings, ``jobs`` processes;
    with ``gain``, the base also plays each seed against itself, so that the candidate's
    margin is compared with the base's own from the same seat, with the same luck (a
    far narrower interval where luck decides much, as in Land). A stop (Ctrl-C,
    ``kill``) ends the games in play at once (bench/worker_pool.py)."""
    play_seed = functools.partial(seed_results, game, base=base, candidate=candidate, gain=gain)
    results = [result for pair in worker_pool.finished(play_seed, seeds, jobs) for result in pair]
    games = [(points, margin) for points, margin, _ in results]
    levels = [level for _, _, level in results if level is not None]
    return Standing(games, levels if gain else None)


def weights_of(pairs: Sequence[str], start: Any) -> Any:
    """``start`` (a NamedTuple of numbers) with the changes named by KEY=VALUE texts.

    Raises:
        ValueError: a text is not KEY=VALUE with a known KEY and a number; the message
            says which, in one line.
    """
    known = start._fields
    values: dict[str, float] = {}
    for pair in pairs:
        key, sep, text = pair.partition("=")
        if not sep or key not in known:
            raise ValueError(f"{pair!r} is not KEY=VALUE with KEY one of: {', '.join(known)}")
        try:
            values[key] = float(text)
        except ValueError:
            raise ValueError(f"{pair!r}: {text!r} is not a number") from None
    return start._replace(**values)


def refuse(program: str, message: str) -> NoReturn:
    """An organiser's wrong option: one line on stderr, and exit status 2 as argparse gives."""
    print(f"{program}: {message}", file=sys.stderr)
    sys.exit(2)


def decision(
    engine: Any, match: sdk.MatchInfo, state: Any, legal: Sequence[Any], seconds_left: float = 60.0
) -> sdk.Decision:
    """The decision a bot would be sent at ``state`` for ``match``'s seat, whose legal
    actions are ``legal`` (no events)."""
    return sdk.Decision(
        match=match,
        observation=state.observation(match.seat),
        legal_actions=list(engine.action_list_to_proto(legal).actions),
        seconds_left=seconds_left,
    )


class DecisionPlayer:
    """Plays a seat by asking an ``sdk.Bot`` as the referee would: the match's start,
    then each decision's observation and legal actions as messages (no events, no
    clock). ``make`` builds the bot afresh for each game (a picklable callable), so a
    bot that remembers starts clean."""

    def __init__(self, make: Any) -> None:
        self.make = make

    def fresh(self, game: Game, seat: int, players: int) -> _Asker:
        match = sdk.MatchInfo("duel", game.name, seat, players, game.config())
        return _Asker(get_engine(game.name), match, self.make())


class _Asker:
    def __init__(self, engine: Any, match: sdk.MatchInfo, bot: sdk.Bot) -> None:
        self.engine = engine
        self.match = match
        self.bot = bot
        bot.match_started(match)

    def choose(self, state: Any, seat: int) -> Any:
        legal = state.legal_actions(seat)
        if len(legal) == 1:
            return legal[0]
        return legal[self.bot.decide(decision(self.engine, self.match, state, legal))]
