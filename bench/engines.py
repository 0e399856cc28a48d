"""Random playouts per second for every installed engine, and what a clone and an apply cost.

Usage::

    python bench/engines.py [--seconds 5] [--game land ...] [--clock cpu] [--profile]

Each engine plays random games in this process for the given time (every
seat picks uniformly from its legal list, chance is sampled from the
engine's outcomes), counting games and steps (every applied action,
chance included). Then, per game: ``clone()`` of a mid-game state beside
``copy.deepcopy`` of it (the contract's default clone; "=" where the
engine keeps the default), and the mean cost of one ``apply``, timed over
replays of recorded random games (no legal lists or sampling in it).
``--clock cpu`` counts this process's CPU time instead of wall time: on a
machine busy with other work, the figures that still compare.

When Catanatron is installed (``pip install -e ".[bench]"``), its random
4-player base games run in the same process for the same time, and the
table ends with Landover's steps per second over Catanatron's actions per
second: the ratio the speed issue tracks. ``--profile`` prints each
engine's ten hottest functions (cumulative time) instead of timing copies.
"""

from __future__ import annotations

import argparse
import copy
import cProfile
import io
import itertools
import pstats
import random
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from referee.engine import CHANCE, State  # noqa: E402
from referee.games import registered  # noqa: E402
from referee.match.chance import sample_outcome  # noqa: E402
from referee.testing import random_playout  # noqa: E402

PLAYERS = {"landover": 4, "farlanthia": 4, "carcassonne": 2, "land": 2}
"""Seats per game for the playouts: Landover at 4 to compare with Catanatron's base game."""


@dataclass
class Playouts:
    games: int = 0
    steps: int = 0
    seconds: float = 0.0

    @property
    def games_per_s(self) -> float:
        return self.games / self.seconds if self.seconds else 0.0

    @property
    def steps_per_s(self) -> float:
        return self.steps / self.seconds if self.seconds else 0.0


def random_game(engine: Any, players: int, rng: random.Random) -> int:
    """Play one random game to its end; the number of steps applied."""
    state = engine.new_game(engine.default_config(), players)
    steps = 0
    while not state.is_terminal():
        actors = state.to_act()
        if actors == (CHANCE,):
            state.apply(CHANCE, sample_outcome(state.chance_outcomes(), rng))
            steps += 1
            continue
        chosen = [(seat, rng.choice(state.legal_actions(seat))) for seat in actors]
        for seat, action in chosen:
            state.apply(seat, action)
            steps += 1
    return steps


Clock = Callable[[], float]
CLOCKS: dict[str, Clock] = {"wall": time.perf_counter, "cpu": time.process_time}


def playouts(
    play_one: Callable[[random.Random], int], seconds: float, clock: Clock = time.perf_counter
) -> Playouts:
    rng = random.Random(1)
    result = Playouts()
    started = clock()
    while (elapsed := clock() - started) < seconds:
        result.steps += play_one(rng)
        result.games += 1
    result.seconds = elapsed
    return result


def mid_game(engine: Any, players: int) -> Any:
    """A state halfway through a random game."""
    _, history = random_playout(engine, players, seed=2)
    state = engine.new_game(engine.default_config(), players)
    for seat, action in history[: len(history) // 2]:
        state.apply(seat, action)
    return state


def per_call_us(function: Callable[[], object], seconds: float, clock: Clock) -> float:
    calls = 0
    started = clock()
    while (elapsed := clock() - started) < seconds:
        function()
        calls += 1
    return elapsed / calls * 1e6


@dataclass
class Costs:
    """Microseconds for one clone, one deepcopy and one apply of an engine."""

    clone_us: float
    deepcopy_us: float
    apply_us: float
    own_clone: bool
    """Whether the engine has its own clone() (else the contract's deepcopy)."""


def costs(engine: Any, players: int, clock: Clock, seconds: float = 0.5) -> Costs:
    state = mid_game(engine, players)
    own_clone = type(state).clone is not State.clone
    clone_us = per_call_us(state.clone, seconds, clock)
    deepcopy_us = clone_us
    if own_clone:
        deepcopy_us = per_call_us(lambda: copy.deepcopy(state), seconds, clock)
    return Costs(clone_us, deepcopy_us, apply_us(engine, players, seconds, clock), own_clone)


def apply_us(engine: Any, players: int, seconds: float, clock: Clock) -> float:
    """The mean time of one apply, replaying recorded random games (setup not counted)."""
    spent, steps = 0.0, 0
    for seed in itertools.count(3):
        if spent >= seconds:
            break
        _, history = random_playout(engine, players, seed)
        state = engine.new_game(engine.default_config(), players)
        started = clock()
        for seat, action in history:
            state.apply(seat, action)
        spent += clock() - started
        steps += len(history)
    return spent / steps * 1e6


def catanatron_playouts(seconds: float, clock: Clock) -> Playouts | None:
    """Catanatron's random 4-player base games, if it is installed; steps are its actions."""
    try:
        from catanatron import Color, Game, RandomPlayer
    except ImportError:
        return None
    colors = [Color.RED, Color.BLUE, Color.WHITE, Color.ORANGE]

    def play_one(_: random.Random) -> int:
        game = Game([RandomPlayer(color) for color in colors])
        game.play()
        return len(game.state.actions)

    return playouts(play_one, seconds, clock)


def profile(engine: Any, players: int, seconds: float, clock: Clock) -> str:
    profiler = cProfile.Profile()
    profiler.enable()
    playouts(lambda rng: random_game(engine, players, rng), seconds, clock)
    profiler.disable()
    out = io.StringIO()
    pstats.Stats(profiler, stream=out).sort_stats("cumulative").print_stats(12)
    return out.getvalue()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="playout time per engine")
    parser.add_argument("--game", action="append", help="only these games (default: all)")
    parser.add_argument("--profile", action="store_true", help="the hottest functions instead")
    parser.add_argument(
        "--clock", choices=sorted(CLOCKS), default="wall", help="time by the wall or by CPU"
    )
    args = parser.parse_args()
    if args.seconds <= 0:
        parser.error("--seconds must be positive")
    clock = CLOCKS[args.clock]
    engines = registered()
    names = args.game or sorted(engines)
    unknown = [name for name in names if name not in engines]
    if unknown:
        parser.error(f"unknown game {unknown[0]!r}; installed: {', '.join(sorted(engines))}")

    print(
        f"Python {sys.version.split()[0]}, {args.seconds:g} s ({args.clock} clock) "
        "of random playouts per engine"
    )
    rows = []
    for name in names:
        engine = engines[name]
        players = PLAYERS.get(name, engine.min_players)
        if args.profile:
            print(f"\n== {name} ({players} players) ==")
            print(profile(engine, players, args.seconds, clock))
            continue
        result = playouts(
            lambda rng, e=engine, p=players: random_game(e, p, rng), args.seconds, clock
        )
        rows.append((name, players, result, costs(engine, players, clock)))
    if args.profile:
        return
    print(
        f"{'game':<12} {'seats':>5} {'games/s':>9} {'steps/s':>10} "
        f"{'clone us':>9} {'deepcopy us':>12} {'apply us':>9}"
    )
    for name, players, result, cost in rows:
        deepcopy = f"{cost.deepcopy_us:>12.1f}" if cost.own_clone else f"{'=':>12}"
        print(
            f"{name:<12} {players:>5} {result.games_per_s:>9.1f} {result.steps_per_s:>10.0f} "
            f"{cost.clone_us:>9.1f} {deepcopy} {cost.apply_us:>9.1f}"
        )
    catan = catanatron_playouts(args.seconds, clock)
    if catan is None:
        print("Catanatron is not installed (pip install -e '.[bench]'): no comparison")
        return
    print(f"{'catanatron':<12} {4:>5} {catan.games_per_s:>9.1f} {catan.steps_per_s:>10.0f}")
    landover = next((result for name, _, result, _ in rows if name == "landover"), None)
    if landover is not None:
        print(
            f"Landover vs Catanatron, random 4-player: steps/s ratio "
            f"{landover.steps_per_s / catan.steps_per_s:.2f}x, "
            f"games/s ratio {landover.games_per_s / catan.games_per_s:.2f}x"
        )


if __name__ == "__main__":
    main()
