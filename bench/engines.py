"""Random playouts per second for every installed engine, and what a copy and a step cost.

Usage::

    python bench/engines.py [--seconds 5] [--game land ...] [--profile]

Each engine plays random games in this process for the given time (every
seat picks uniformly from its legal list, chance is sampled from the
engine's outcomes), counting games and steps (every applied action,
chance included). Then it times ``copy.deepcopy`` of a mid-game state (or
the state's ``clone()`` where the engine has one) and one ``apply``.

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

from referee.engine import CHANCE  # noqa: E402
from referee.games import registered  # noqa: E402
from referee.match.chance import sample_outcome  # noqa: E402

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


def playouts(play_one: Callable[[random.Random], int], seconds: float) -> Playouts:
    rng = random.Random(1)
    result = Playouts()
    started = time.perf_counter()
    while (elapsed := time.perf_counter() - started) < seconds:
        result.steps += play_one(rng)
        result.games += 1
    result.seconds = elapsed
    return result


def mid_game(engine: Any, players: int, steps: int = 60) -> Any:
    """A state some random steps in (or the last before the end)."""
    rng = random.Random(2)
    state = engine.new_game(engine.default_config(), players)
    for _ in range(steps):
        if state.is_terminal():
            break
        seat = state.to_act()[0]
        if seat == CHANCE:
            state.apply(CHANCE, sample_outcome(state.chance_outcomes(), rng))
        else:
            state.apply(seat, rng.choice(state.legal_actions(seat)))
    return state


def per_call_us(function: Callable[[], object], seconds: float = 0.5) -> float:
    calls = 0
    started = time.perf_counter()
    while (elapsed := time.perf_counter() - started) < seconds:
        function()
        calls += 1
    return elapsed / calls * 1e6


def copy_and_step_us(engine: Any, players: int) -> tuple[float, float]:
    """Microseconds for one copy of a mid-game state, and for one copy plus one apply."""
    state = mid_game(engine, players)
    if state.is_terminal():
        state = engine.new_game(engine.default_config(), players)
    clone: Callable[[], Any] = getattr(state, "clone", None) or (lambda: copy.deepcopy(state))
    seat = state.to_act()[0]
    action = state.chance_outcomes()[0][0] if seat == CHANCE else state.legal_actions(seat)[0]

    def copy_and_apply() -> None:
        clone().apply(seat, action)

    return per_call_us(clone), per_call_us(copy_and_apply)


def catanatron_playouts(seconds: float) -> Playouts | None:
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

    return playouts(play_one, seconds)


def profile(engine: Any, players: int, seconds: float) -> str:
    profiler = cProfile.Profile()
    profiler.enable()
    playouts(lambda rng: random_game(engine, players, rng), seconds)
    profiler.disable()
    out = io.StringIO()
    pstats.Stats(profiler, stream=out).sort_stats("cumulative").print_stats(12)
    return out.getvalue()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="playout time per engine")
    parser.add_argument("--game", action="append", help="only these games (default: all)")
    parser.add_argument("--profile", action="store_true", help="the hottest functions instead")
    args = parser.parse_args()
    if args.seconds <= 0:
        parser.error("--seconds must be positive")
    engines = registered()
    names = args.game or sorted(engines)
    unknown = [name for name in names if name not in engines]
    if unknown:
        parser.error(f"unknown game {unknown[0]!r}; installed: {', '.join(sorted(engines))}")

    print(f"Python {sys.version.split()[0]}, {args.seconds:g} s of random playouts per engine")
    rows = []
    for name in names:
        engine = engines[name]
        players = PLAYERS.get(name, engine.min_players)
        if args.profile:
            print(f"\n== {name} ({players} players) ==")
            print(profile(engine, players, args.seconds))
            continue
        result = playouts(lambda rng, e=engine, p=players: random_game(e, p, rng), args.seconds)
        copy_us, step_us = copy_and_step_us(engine, players)
        rows.append((name, players, result, copy_us, step_us))
    if args.profile:
        return
    print(
        f"{'game':<12} {'seats':>5} {'games/s':>9} {'steps/s':>10} "
        f"{'copy us':>9} {'copy+apply us':>14}"
    )
    for name, players, result, copy_us, step_us in rows:
        print(
            f"{name:<12} {players:>5} {result.games_per_s:>9.1f} {result.steps_per_s:>10.0f} "
            f"{copy_us:>9.1f} {step_us:>14.1f}"
        )
    catan = catanatron_playouts(args.seconds)
    if catan is None:
        print("Catanatron is not installed (pip install -e '.[bench]'): no comparison")
        return
    print(f"{'catanatron':<12} {4:>5} {catan.games_per_s:>9.1f} {catan.steps_per_s:>10.0f}")
    landover = next((result for name, _, result, _, _ in rows if name == "landover"), None)
    if landover is not None:
        print(
            f"Landover vs Catanatron, random 4-player: steps/s ratio "
            f"{landover.steps_per_s / catan.steps_per_s:.2f}x, "
            f"games/s ratio {landover.games_per_s / catan.games_per_s:.2f}x"
        )


if __name__ == "__main__":
    main()
