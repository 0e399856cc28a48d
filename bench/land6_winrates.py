"""Win rates and mean scores of the random and heuristic LAND 6 bots, per difficulty.

Usage::

    python bench/land6_winrates.py [--games 1000] [--layout grid|strip]

Games are played in this process by a direct loop (engine, codec, and the
bots' ``decide`` on sdk.Decision objects), which is what the referee does
without the clock and the record; game ``i`` uses seed ``i`` for chance and
a match id derived from it for the bots. Prints one table row per bot and
difficulty, then the heuristic-to-random win-rate ratio.
"""

from __future__ import annotations

import argparse
import importlib
import random
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import sdk  # noqa: E402
from bench import state_duels  # noqa: E402
from referee.engine import CHANCE  # noqa: E402
from referee.games.land6 import ENGINE  # noqa: E402
from referee.games.land6.board import Layout  # noqa: E402
from referee.games.land6.rules import Difficulty, Rules  # noqa: E402
from referee.match.chance import sample_outcome  # noqa: E402


def load_bot_module(name: str) -> ModuleType:
    """A built-in bot's script (bots/NAME.py), imported from its installed package."""
    return importlib.import_module(f"landgrave_bots.{name}")


@dataclass(frozen=True)
class GameResult:
    won: bool
    score: float
    turns: int


def play_game(bot: sdk.Bot, seed: int, rules: Rules) -> GameResult:
    """Play one game of LAND 6 with ``bot``, chance seeded by ``seed``."""
    config = rules.to_config()
    state = ENGINE.new_game(config, 1)
    rng = random.Random(seed)
    match = sdk.MatchInfo(
        match_id=f"land6-bench-{seed}", game="land6", seat=0, num_players=1, config=config
    )
    bot.match_started(match)
    while not state.is_terminal():
        if state.to_act() == (CHANCE,):
            state.apply(CHANCE, sample_outcome(state.chance_outcomes(), rng))
            continue
        legal = state.legal_actions(0)
        choice: Any = bot.decide(state_duels.decision(ENGINE, match, state, legal))
        state.apply(0, legal[choice])
    bot.match_ended(match, [])
    outcome = state.outcome()[0]
    return GameResult(won="won" in outcome.titles, score=outcome.score, turns=state.turn)


def win_rate(bot: sdk.Bot, seeds: range, rules: Rules) -> tuple[float, float, float]:
    """(win rate, mean score, mean turns) of a bot over seeded games."""
    results = [play_game(bot, seed, rules) for seed in seeds]
    count = len(results)
    return (
        sum(r.won for r in results) / count,
        sum(r.score for r in results) / count,
        sum(r.turns for r in results) / count,
    )


def make_bots() -> dict[str, sdk.Bot]:
    return {
        "random": load_bot_module("random_bot").RandomBot(),
        "land6-heuristic": load_bot_module("land6_heuristic").Land6HeuristicBot(),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000, help="games per bot and difficulty")
    parser.add_argument("--layout", choices=["grid", "strip"], default="grid")
    args = parser.parse_args()
    layout = Layout[args.layout.upper()]
    seeds = range(args.games)
    print(f"LAND 6, {args.games} games per row, {args.layout} layout")
    columns = ("difficulty", "bot", "win rate", "mean score", "turns", "secs")
    print("{:<10} {:<16} {:>8} {:>10} {:>6} {:>6}".format(*columns))
    for difficulty in Difficulty:
        rules = Rules(difficulty=difficulty, layout=layout)
        rates: dict[str, float] = {}
        for name, bot in make_bots().items():
            start = time.perf_counter()
            rate, score, turns = win_rate(bot, seeds, rules)
            rates[name] = rate
            seconds = time.perf_counter() - start
            print(
                f"{difficulty.name.lower():<10} {name:<16} {rate:>8.1%} {score:>10.1f} "
                f"{turns:>6.1f} {seconds:>6.1f}"
            )
        if rates["random"]:
            ratio = f"{rates['land6-heuristic'] / rates['random']:.1f}x"
        else:
            ratio = "unbounded (random never won)"
        print(f"{difficulty.name.lower():<10} heuristic / random win rate: {ratio}")


if __name__ == "__main__":
    main()
