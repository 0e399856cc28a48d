"""Two sparring runs compared game by game: did a change to the MCTS bot play better?

Forty games cannot tell a 0.1 change in score apart, but two runs on the same
seeds (``--paired``) can be compared game by game: the same game, seed and
seating dealt the same luck to both versions, so where their results differ
the bot did. ``python bench/sparring.py --compare BEFORE AFTER`` prints, per
game and pairing, the games both files hold, how many the second run scored
better and worse in (with a two-sided sign test), how far its margin moved
(the MCTS bot's score less its opponent's, with a 95% interval), and each
run's seeds won or lost with both seatings.
"""

from __future__ import annotations

import math
import statistics
from collections import defaultdict
from typing import Any

from bench.sparring_results import BOTS, Z95, config_of

Group = tuple[str, str, tuple[str, ...]]
"""A game, its options (``config``) and its pairing (the bot kinds, sorted)."""
Seating = tuple[int, tuple[str, ...]]
"""A game's seed and its bots by seat: the same luck in both runs."""


def compare(before: list[dict[str, Any]], after: list[dict[str, Any]]) -> None:
    """Print the comparison of two runs' records, for every game and pairing both hold."""
    first, second = by_group(before), by_group(after)
    common = sorted(first.keys() & second.keys())
    if not common:
        print("compare: the two files hold no game of the same game and pairing")
    for group in common:
        compare_group(group, first[group], second[group])


def by_group(records: list[dict[str, Any]]) -> dict[Group, dict[Seating, dict[str, Any]]]:
    """Each 2-player record by its game and pairing, then by its seed and seating."""
    groups: dict[Group, dict[Seating, dict[str, Any]]] = defaultdict(dict)
    for record in records:
        seats = tuple(record["seats"])
        if len(seats) == 2:
            group = (record["game"], config_of(record), tuple(sorted(seats)))
            groups[group][(record["seed"], seats)] = record
    return groups


def judged(seats: tuple[str, ...]) -> str:
    """The bot whose play is compared: the strongest kind of the pairing."""
    return max(seats, key=lambda kind: BOTS.index(kind) if kind in BOTS else -1)


def points_and_margin(record: dict[str, Any], kind: str) -> tuple[float, float]:
    """The judged bot's points and its score less its opponent's, in one game."""
    seat = record["seats"].index(kind)
    scores = record["scores"]
    return record["points"][seat], scores[seat] - scores[1 - seat]


def compare_group(
    group: Group,
    before: dict[Seating, dict[str, Any]],
    after: dict[Seating, dict[str, Any]],
) -> None:
    game, config, pairing = group
    kind = judged(pairing)
    shared = sorted(before.keys() & after.keys())
    label = f"{game} ({config})" if config else game
    print(f"\n{label}, {' vs '.join(pairing)}: {kind}'s games on the same seed and seating")
    if not shared:
        print("  none in common")
        return
    then = [points_and_margin(before[key], kind) for key in shared]
    now = [points_and_margin(after[key], kind) for key in shared]
    better = sum(new[0] > old[0] for old, new in zip(then, now, strict=True))
    worse = sum(new[0] < old[0] for old, new in zip(then, now, strict=True))
    print(
        f"  {len(shared)} games: the second run scored better in {better}, worse in {worse}, "
        f"the same in {len(shared) - better - worse} (sign test p = {sign_test(better, worse):.2f})"
    )
    for name, results in (("first", then), ("second", now)):
        print(
            f"  {name} run: scores {statistics.fmean(p for p, _ in results):.3f}, "
            f"margin {statistics.fmean(m for _, m in results):+.2f}"
        )
    moved = [new[1] - old[1] for old, new in zip(then, now, strict=True)]
    low, high = mean_interval(moved)
    print(f"  margin moved {statistics.fmean(moved):+.2f} (95% interval {low:+.2f} to {high:+.2f})")
    for name, records in (("first", before), ("second", after)):
        won, lost, seeds = both_ways(records, kind)
        print(f"  {name} run: seeds won both ways {won}, lost both ways {lost}, of {seeds}")


def sign_test(better: int, worse: int) -> float:
    """Two-sided p of so lopsided a split of the games that differ, were both versions alike."""
    n = better + worse
    if n == 0:
        return 1.0
    tail = sum(math.comb(n, k) for k in range(min(better, worse) + 1)) / 2**n
    return min(1.0, 2 * tail)


def mean_interval(values: list[float]) -> tuple[float, float]:
    """The 95% interval of the mean of ``values`` (normal approximation)."""
    mean = statistics.fmean(values)
    if len(values) < 2:
        return -math.inf, math.inf
    half = Z95 * statistics.stdev(values) / math.sqrt(len(values))
    return mean - half, mean + half


def both_ways(records: dict[Seating, dict[str, Any]], kind: str) -> tuple[int, int, int]:
    """Seeds played with both seatings: how many the judged bot won, and lost, both times."""
    by_seed: dict[int, list[float]] = defaultdict(list)
    for (seed, _), record in records.items():
        by_seed[seed].append(points_and_margin(record, kind)[0])
    paired = [points for points in by_seed.values() if len(points) == 2]
    won = sum(points == [1.0, 1.0] for points in paired)
    lost = sum(points == [0.0, 0.0] for points in paired)
    return won, lost, len(paired)
