"""Which matches a tournament plays: tables, seat rotations and duplicate seeds.

A *table* is a set of bots that meet; each table is played with
``games_per_table`` seeds, and each seed in every seat order of the
rotation, so seat advantage and luck cancel out: the rotated games of one
seed share it (duplicate seeds). Solo games put every bot on the same seeds.
"""

from __future__ import annotations

import hashlib
import itertools
import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from referee.tournament.spec import TournamentSpec


@dataclass(frozen=True)
class PlannedMatch:
    """One match of the schedule, before it is played."""

    round: int
    """1 for round robin and gauntlet; the Swiss round otherwise."""
    table: int
    """Which table (set of bots) within the round."""
    group: int
    """Which seed of the table; all seat orders of a group share the seed."""
    seats: tuple[str, ...]
    """Entrant names in seat order."""
    seed: int


def match_seed(base: int, *parts: object) -> int:
    """A 63-bit seed from the base seed and what identifies a seed group."""
    text = "/".join(str(p) for p in (base, *parts))
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big") >> 1


def seat_orders(table: Sequence[str], rotation: str) -> list[tuple[str, ...]]:
    """The seat orders a table is played in.

    ``all``: every permutation (each bot in each seat equally often, and
    each ordering of opponents); ``cyclic``: one shift per seat (each bot
    in each seat exactly once, for large tables); ``none``: as listed.
    """
    if rotation == "all":
        return list(itertools.permutations(table))
    if rotation == "cyclic":
        return [tuple(table[i:]) + tuple(table[:i]) for i in range(len(table))]
    return [tuple(table)]


def expand_tables(
    spec: TournamentSpec, tables: Iterable[Sequence[str]], round_no: int
) -> list[PlannedMatch]:
    """Every match of the given tables: seeds times seat orders."""
    planned = []
    for table_no, table in enumerate(tables):
        for group in range(spec.games_per_table):
            if len(table) == 1:  # solo: every bot plays the same seeds
                seed = match_seed(spec.seed, round_no, group)
            else:
                seed = match_seed(spec.seed, round_no, *sorted(table), group)
            for order in seat_orders(table, spec.rotation):
                planned.append(PlannedMatch(round_no, table_no, group, order, seed))
    return planned


def round_robin_tables(names: Sequence[str], size: int) -> list[tuple[str, ...]]:
    """Every table of ``size`` bots; for solo games, each bot alone."""
    return list(itertools.combinations(names, size))


def gauntlet_tables(names: Sequence[str], challenger: str, size: int) -> list[tuple[str, ...]]:
    """Every table of ``size`` that seats the challenger."""
    field = [n for n in names if n != challenger]
    return [(challenger, *others) for others in itertools.combinations(field, size - 1)]


def swiss_round_count(spec: TournamentSpec) -> int:
    return spec.swiss_rounds or math.ceil(math.log2(max(2, len(spec.entrants)))) + 1


def swiss_pairings(
    standings: Sequence[tuple[str, float]],
    played: set[frozenset[str]],
    had_bye: set[str],
) -> tuple[list[tuple[str, str]], str | None]:
    """Pair bots of similar score who have not met; one bye when the count is odd.

    ``standings`` is sorted best first. The bye goes to the lowest-ranked
    bot that has not had one. Pairing is a backtracking search down the
    standings, so nobody meets the same opponent twice while that is possible;
    when it is not (late rounds of a small field), repeats are allowed.
    """
    names = [name for name, _ in standings]
    bye = None
    if len(names) % 2:
        bye = next((n for n in reversed(names) if n not in had_bye), names[-1])
        names.remove(bye)
    pairs = _pair(names, played) or _pair(names, set())
    assert pairs is not None
    return pairs, bye


def _pair(names: list[str], played: set[frozenset[str]]) -> list[tuple[str, str]] | None:
    if not names:
        return []
    first, rest = names[0], names[1:]
    for opponent in rest:
        if frozenset((first, opponent)) in played:
            continue
        remaining = [n for n in rest if n != opponent]
        tail = _pair(remaining, played)
        if tail is not None:
            return [(first, opponent), *tail]
    return None
