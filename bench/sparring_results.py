"""Sparring results: the file of finished games, and the standings printed from it.

A results file (bench/sparring.py ``--results``, ``--resume``) holds one
JSON object a line, one finished game each, appended as the game ends:

- ``game``, ``seats`` (the bot kinds by seat), ``seed``, ``difficulty``
  (LAND 6's, upper case, else empty), ``move_time`` (seconds per decision),
  ``bot_args`` (the MCTS bot's arguments, if it played), ``config`` (the
  game's options as ``--config`` named them, ``key=value`` joined by commas;
  empty or absent for the game's defaults): the game's key;
- ``points`` per seat (a win 1, a tie shared, a loss 0; solo: won 1),
  ``scores`` per seat, ``faults`` (the kinds that faulted);
- ``commit`` (the checkout, ``+dirty`` with changes), ``search`` (the MCTS
  bot's decisions, iterations, CPU seconds and decisions overruled, or null), ``seconds``.
"""

from __future__ import annotations

import json
import math
from collections import defaultdict
from collections.abc import Iterable
from pathlib import Path
from typing import Any

MULTIPLAYER = ("land", "carcassonne", "landover", "farlanthia")
BOTS = ("random", "greedy", "mcts")
"""The bot kinds, weakest first."""
Z95 = 1.959964


class BenchError(Exception):
    """A wrong option or results file: one line for the organiser, no traceback."""


def record_key(record: dict[str, Any]) -> tuple[Any, ...]:
    """A record's game key, as ``Game.key`` gives it."""
    return (
        record["game"],
        tuple(record["seats"]),
        record["seed"],
        record["difficulty"],
        record["move_time"],
        record["bot_args"].get("mcts", ""),
        config_of(record),
    )


def config_of(record: dict[str, Any]) -> str:
    """A record's game options, as ``canonical_config`` writes them.

    (Records written by hand before ``--config`` kept their own order.)
    """
    return canonical_config(record.get("config", "").split(","))


def canonical_config(pairs: Iterable[str]) -> str:
    """Game options (``key=value``) sorted and joined by commas; empty for the defaults."""
    return ",".join(sorted(pair for pair in pairs if pair))


def wilson(points: float, games: int) -> tuple[float, float]:
    """The 95% Wilson score interval of a rate of ``points`` in ``games``."""
    if games == 0:
        return 0.0, 1.0
    rate = points / games
    spread = Z95**2 / games
    centre = (rate + spread / 2) / (1 + spread)
    half = Z95 * math.sqrt(rate * (1 - rate) / games + spread / (4 * games)) / (1 + spread)
    return max(0.0, centre - half), min(1.0, centre + half)


# -- the results file ----------------------------------------------------------


def read_results(path: Path) -> list[dict[str, Any]]:
    """The records of a results file, oldest first.

    Raises:
        BenchError: the file cannot be read, or a line is not a game's record.
    """
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except OSError as error:
        raise BenchError(f"cannot read results file {path}: {error.strerror}") from None
    records = []
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            record = json.loads(line)
            record_key(record)
            [float(p) for p in record["points"]]
        except (ValueError, KeyError, TypeError, AttributeError):
            raise BenchError(
                f"{path}:{number}: expected a game's record (one JSON object a line), "
                f"got {line[:60]!r}; fix or remove that line"
            ) from None
        records.append(record)
    return records


def append_result(path: Path, record: dict[str, Any]) -> None:
    """Append one record as a line, flushed at once: a stopped run keeps every finished game."""
    with path.open("a", encoding="utf-8") as out:
        out.write(json.dumps(record, separators=(",", ":")) + "\n")


# -- the standings -------------------------------------------------------------


def entrant(kind: str, record: dict[str, Any]) -> str:
    """A bot's name in the standings: the MCTS bot with its arguments, if any."""
    args = record["bot_args"].get(kind, "") if kind == "mcts" else ""
    return f"mcts ({args})" if args else kind


def report(records: Iterable[dict[str, Any]]) -> None:
    """The standings of every game and move time in the records."""
    groups: dict[tuple[str, float, str], list[dict[str, Any]]] = defaultdict(list)
    commits: set[str] = set()
    for record in records:
        groups[(record["game"], record["move_time"], config_of(record))].append(record)
        commits.add(record.get("commit", "unknown"))
    order = [*MULTIPLAYER, "land6"]
    for game, move_time, config in sorted(
        groups, key=lambda g: (order.index(g[0]) if g[0] in order else 99, g)
    ):
        of_game = groups[(game, move_time, config)]
        label = f"{game} ({config})" if config else game
        if game == "land6":
            report_solo(label, of_game, move_time)
        else:
            report_duels(label, of_game, move_time)
        report_search(of_game)
    if commits:
        print(f"\ncommits: {', '.join(sorted(commits))}")


def report_duels(label: str, records: list[dict[str, Any]], move_time: float) -> None:
    """Standings and pairings of one multiplayer game."""
    points: dict[str, float] = defaultdict(float)
    games: dict[str, int] = defaultdict(int)
    faults: dict[str, int] = defaultdict(int)
    pairs: dict[tuple[str, str], list[float]] = defaultdict(lambda: [0.0, 0])
    for record in records:
        names = [entrant(kind, record) for kind in record["seats"]]
        for name, got in zip(names, record["points"], strict=True):
            points[name] += got
            games[name] += 1
        for kind in record["faults"]:
            faults[entrant(kind, record)] += 1
        first, second = sorted(names, key=lambda name: (-BOTS.index(name.split()[0]), name))
        pair = pairs[(first, second)]
        pair[0] += record["points"][names.index(first)]
        pair[1] += 1
    print(f"\n{label}: 2 players, {move_time:g} s per move, {len(records)} games")
    width = max(8, *(len(name) for name in games))
    heading = f"{'points/game':>11}  {'95% interval':<15} {'games':>5} {'faults':>6}"
    print(f"  {'bot':<{width}} {heading}")
    for name in sorted(games, key=lambda b: -points[b] / games[b]):
        low, high = wilson(points[name], games[name])
        rate = points[name] / games[name]
        print(
            f"  {name:<{width}} {rate:>11.3f}  [{low:.3f}, {high:.3f}]  "
            f"{games[name]:>5} {faults[name]:>6}"
        )
    for (first, second), (got, count) in sorted(pairs.items()):
        low, high = wilson(got, int(count))
        print(
            f"  {first} vs {second}: {first} scores {got / count:.3f} "
            f"[{low:.3f}, {high:.3f}] in {int(count)}"
        )


def report_solo(label: str, records: list[dict[str, Any]], move_time: float) -> None:
    """LAND 6: each bot's win rate per difficulty."""
    print(f"\n{label}: solo, {move_time:g} s per move, {len(records)} games")
    table: dict[tuple[str, str], list[float]] = defaultdict(lambda: [0.0, 0])
    for record in records:
        row = table[(record["difficulty"].lower(), entrant(record["seats"][0], record))]
        row[0] += record["points"][0]
        row[1] += 1
    width = max(8, *(len(name) for _, name in table))
    heading = f"{'win rate':>8}  {'95% interval':<15} {'games':>5}"
    print(f"  {'difficulty':<10} {'bot':<{width}} {heading}")
    for (difficulty, name), (won, count) in sorted(table.items()):
        low, high = wilson(won, int(count))
        print(
            f"  {difficulty:<10} {name:<{width}} {won / count:>8.3f}  "
            f"[{low:.3f}, {high:.3f}]  {int(count):>5}"
        )


def report_search(records: list[dict[str, Any]]) -> None:
    """The MCTS bot's search: iterations per decision and per CPU second, by its arguments."""
    sums: dict[str, list[float]] = defaultdict(lambda: [0, 0, 0, 0.0, 0, 0])
    for record in records:
        search = record.get("search")
        if search:
            total = sums[entrant("mcts", record)]
            total[0] += search["decisions"]
            total[1] += search["iterations"]
            total[2] += search.get("reused_visits", 0)
            total[3] += search["cpu_seconds"]
            if "overruled" in search:  # (older records do not count it)
                total[4] += search["overruled"]
                total[5] += search["decisions"]
    for name, (decisions, iterations, reused, cpu, overruled, counted) in sorted(sums.items()):
        per_decision = iterations / decisions if decisions else 0.0
        rate = iterations / cpu if cpu else 0.0
        print(
            f"  {name} searched {int(decisions)} decisions: {per_decision:.0f} iterations "
            f"each (and {reused / max(1, decisions):.0f} visits reused), {rate:.0f} per CPU second"
        )
        if counted:
            print(f"    played other than its heuristic at {overruled / counted:.1%} of them")
