"""What is a good start in Landover? Fit the worth of starting corners to who wins.

Usage::

    python bench/landover_openings.py [--games 4000] [--first-seed 0] [--top 8]
        [--jobs 2] [--own]

Two greedy bots (bots/landover_greedy.py, by its tuned numbers, or its own
with ``--own``) play 2-player games on the engine's states, but each
places its two starting buildings at random among its ``--top`` best
corners. What each seat's start brings (the bot's ``opening_features``:
pips per terrain, barren tiles, harbors, resources produced) is then
fitted to who won by logistic regression on the two seats' difference. It
prints each feature's weight in the log odds of winning, the form of the
bot's ``OPENING_FIT``, and the fit's log loss on the last quarter of the
games, held out, beside a coin weighted by seat 0's win rate.
"""

from __future__ import annotations

import argparse
import functools
import math
import random
import sys
from pathlib import Path
from typing import Any

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from landgrave_bots import landover_greedy as greedy  # noqa: E402

import sdk  # noqa: E402
from bench import state_duels, worker_pool  # noqa: E402

GAME = state_duels.Game("landover")
SETUP_BUILDINGS = frozenset({"build_village", "build_city"})
RIDGE = 1e-3
"""A little shrinkage, so that a feature seen seldom (gold, some harbors) stays finite."""


class Opener(greedy.LandoverGreedyBot):
    """The greedy bot, but its starting buildings go at random among its best few corners."""

    def __init__(self, weights: greedy.Weights, top: int, seed: int) -> None:
        super().__init__(weights)
        self.top = top
        self.rng = random.Random(seed)

    def decide(self, decision: sdk.Decision) -> int:
        if decision.observation.phase != "setup":
            return super().decide(decision)
        kinds = {action.WhichOneof("kind") for action in decision.legal_actions}
        if not kinds & SETUP_BUILDINGS:
            return super().decide(decision)
        scores = self.action_scores(decision)
        best = sorted(range(len(scores)), key=lambda i: -scores[i])[: self.top]
        return self.rng.choice(best)


def seeded_opened_game(
    seed: int, weights: greedy.Weights, top: int
) -> tuple[int, tuple[list[float], float] | None]:
    return seed, opened_game(seed, weights, top)


def opened_game(seed: int, weights: greedy.Weights, top: int) -> tuple[list[float], float] | None:
    """Seat 0's start less seat 1's, by feature, and 1 if seat 0 won (0 if seat 1); None
    for a game with no winner."""
    seats = [
        state_duels.DecisionPlayer(lambda seat=seat: Opener(weights, top, seed * 2 + seat))
        for seat in (0, 1)
    ]
    starts: list[list[float]] = []

    def note_the_starts(state: Any) -> None:
        if not starts and state.observation(0).phase != "setup":
            starts.extend(start_features(state.observation(0), seat) for seat in (0, 1))

    points = [seat.score for seat in state_duels.play(GAME, seed, seats, note_the_starts)]
    if not starts or points[0] == points[1]:
        return None
    return [a - b for a, b in zip(*starts, strict=True)], float(points[0] > points[1])


def start_features(observation: Any, seat: int) -> list[float]:
    corners = [v for v, vert in enumerate(observation.vertices) if vert.owner == seat]
    features = greedy.opening_features(observation.tiles, observation.vertices, corners)
    return [features[name] for name in greedy.OPENING_FIT]


def fit(x: np.ndarray, y: np.ndarray) -> np.ndarray:
    """Logistic regression with an intercept (first weight), by Newton's method."""
    x = np.hstack([np.ones((len(x), 1)), x])
    w = np.zeros(x.shape[1])
    shrink = RIDGE * len(x) * np.eye(x.shape[1])
    shrink[0, 0] = 0
    for _ in range(50):
        p = 1 / (1 + np.exp(-x @ w))
        gradient = x.T @ (p - y) + shrink @ w
        hessian = (x * (p * (1 - p))[:, None]).T @ x + shrink
        step = np.linalg.solve(hessian, gradient)
        w -= step
        if np.abs(step).max() < 1e-9:
            break
    return w


def log_loss(w: np.ndarray, x: np.ndarray, y: np.ndarray) -> float:
    z = w[0] + x @ w[1:]
    return float(np.mean(np.logaddexp(0, -z) * y + np.logaddexp(0, z) * (1 - y)))


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=4000)
    parser.add_argument("--first-seed", type=int, default=0)
    parser.add_argument("--top", type=int, default=8, help="starting corners drawn from")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--own", action="store_true", help="the greedy bot's own numbers")
    args = parser.parse_args(argv)
    if args.games < 8 or args.top < 1 or args.jobs < 1:
        state_duels.refuse(
            "landover_openings", "--games must be at least 8, --top and --jobs at least 1"
        )
    weights = greedy.WEIGHTS if args.own else greedy.TUNED
    seeds = range(args.first_seed, args.first_seed + args.games)
    with worker_pool.stops_in_one_line("landover_openings"):
        play = functools.partial(seeded_opened_game, weights=weights, top=args.top)
        games = sorted(worker_pool.finished(play, seeds, args.jobs))
    # In seed order: the fit's held-out quarter is the last seeds, whatever finished first.
    decided = [game for _, game in games if game is not None]
    x = np.array([features for features, _ in decided])
    y = np.array([won for _, won in decided])
    held = len(y) * 3 // 4
    w = fit(x[:held], y[:held])
    rate = float(np.clip(y[:held].mean(), 1e-6, 1 - 1e-6))
    coin = np.array([math.log(rate / (1 - rate))] + [0.0] * x.shape[1])
    print(
        f"{len(y)} decided games of {args.games}; held-out log loss "
        f"{log_loss(w, x[held:], y[held:]):.4f}, coin {log_loss(coin, x[held:], y[held:]):.4f}"
    )
    w = fit(x, y)
    print(f"{'seat 0':18s} {w[0]:+.3f}")
    for name, weight in zip(greedy.OPENING_FIT, w[1:], strict=True):
        print(f"{name:18s} {weight:+.3f}")


if __name__ == "__main__":
    main()
