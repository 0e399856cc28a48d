"""Which matches a tournament plays: tables, seat rotations and duplicate seeds.

A *table* is a set of bots that meet; each table is played with
``games_per_table`` seeds, and each seed in every seat order of the
rotation, so seat advantage and luck cancel out: the rotated games of one
seed share it (duplicate seeds). Solo games put every bot on the same seeds.
"""

from __future__ import annotations

import hashlib
import itertools
import json
import math
from abc import ABC, abstractmethod
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from referee.errors import ConfigError
from referee.tournament.spec import Rotation, TournamentSpec


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


def seat_orders(table: Sequence[str], rotation: Rotation) -> list[tuple[str, ...]]:
    """The seat orders a table is played in.

    ``all``: every permutation (each bot in each seat equally often, and
    each ordering of opponents); ``cyclic``: one shift per seat (each bot
    in each seat exactly once, for large tables); ``none``: as listed.
    """
    rotation = Rotation(rotation)  # a member, or its value
    if rotation is Rotation.ALL:
        return list(itertools.permutations(table))
    if rotation is Rotation.CYCLIC:
        return [tuple(table[i:]) + tuple(table[:i]) for i in range(len(table))]
    return [tuple(table)]


class Tables(ABC):
    """The tables of a round, each computed from its number: no list of them is kept."""

    @property
    @abstractmethod
    def players(self) -> int:
        """Players per table."""

    @abstractmethod
    def count(self) -> int:
        """How many tables."""

    @abstractmethod
    def table(self, number: int) -> tuple[str, ...]:
        """Table ``number`` (0 to ``count() - 1``)."""

    @abstractmethod
    def to_dict(self) -> dict[str, Any]:
        """What the store keeps to make the same tables again."""

    @staticmethod
    def from_dict(data: dict[str, Any]) -> Tables:
        if data["kind"] == "combinations":
            return Combinations(tuple(data["names"]), data["size"], data.get("first", ""))
        return Listed(tuple(tuple(t) for t in data["tables"]))


@dataclass(frozen=True)
class Combinations(Tables):
    """Every table of ``size`` from ``names``, in ``itertools.combinations`` order.

    With ``first``, every table seats ``first`` and ``size - 1`` of ``names`` (a gauntlet).
    """

    names: tuple[str, ...]
    size: int
    first: str = ""

    @property
    def players(self) -> int:
        return self.size

    @property
    def _picked(self) -> int:
        return self.size - 1 if self.first else self.size

    def count(self) -> int:
        return math.comb(len(self.names), self._picked)

    def table(self, number: int) -> tuple[str, ...]:
        """The ``number``-th combination, unranked without listing those before it."""
        picked: list[str] = []
        start, left = 0, self._picked
        while left:
            for index in range(start, len(self.names)):
                after = math.comb(len(self.names) - index - 1, left - 1)
                if number < after:
                    picked.append(self.names[index])
                    start, left = index + 1, left - 1
                    break
                number -= after
        return (self.first, *picked) if self.first else tuple(picked)

    def to_dict(self) -> dict[str, Any]:
        return {"kind": "combinations", "names": self.names, "size": self.size, "first": self.first}


@dataclass(frozen=True)
class Listed(Tables):
    """Tables named one by one (a Swiss round's pairs)."""

    tables: tuple[tuple[str, ...], ...]

    @property
    def players(self) -> int:
        return len(self.tables[0]) if self.tables else 0

    def count(self) -> int:
        return len(self.tables)

    def table(self, number: int) -> tuple[str, ...]:
        return self.tables[number]

    def to_dict(self) -> dict[str, Any]:
        return {"kind": "listed", "tables": self.tables}


@dataclass(frozen=True)
class RoundPlan:
    """One round's matches: every table, seed by seed, in every seat order of the rotation.

    Match ``i`` is computed from ``i`` alone, so a round of 10^8 games costs
    no memory: the store writes it a chunk at a time and remembers how far it
    got. The order is seed group by seed group, each group every table in
    every seat order: at any point of the round every table has played about
    as often (a stopped round robin's standings are fair), and consecutive
    matches seat every bot, so the lanes of a worker keep all bots busy
    instead of starting processes for one table's pair after another's.
    Plans stored before this order (``by_table``) go table by table.
    """

    round: int
    tables: Tables
    games_per_table: int
    rotation: Rotation
    seed: int
    seeds: tuple[int, ...] = ()
    """The organiser's seed list: seed group ``g`` of every table plays ``seeds[g % len]``."""
    by_table: bool = False
    """Table by table (each table's every seed group, then the next table): plans stored
    before the seed-group order, resumed as they were written."""

    @property
    def orders_per_table(self) -> int:
        return len(seat_orders(tuple(str(i) for i in range(self.tables.players)), self.rotation))

    @property
    def size(self) -> int:
        """How many matches the round holds."""
        return self.tables.count() * self.games_per_table * self.orders_per_table

    def matches(self, start: int = 0, stop: int | None = None) -> Iterator[PlannedMatch]:
        """Matches ``start`` (included) to ``stop`` (excluded) of the round."""
        orders = self.orders_per_table
        stop = self.size if stop is None else min(stop, self.size)
        table: tuple[str, ...] = ()
        table_orders: list[tuple[str, ...]] = []
        table_no = -1
        for index in range(start, stop):
            number, group, order = self._position(index, orders)
            if number != table_no:  # consecutive matches share a table: make it once
                table_no = number
                table = self.tables.table(number)
                table_orders = seat_orders(table, self.rotation)
            yield PlannedMatch(
                self.round, number, group, table_orders[order], self._seed(table, group)
            )

    def _position(self, index: int, orders: int) -> tuple[int, int, int]:
        """Match ``index``'s table, seed group and seat order."""
        if self.by_table:
            number, within = divmod(index, self.games_per_table * orders)
            group, order = divmod(within, orders)
        else:
            group, within = divmod(index, self.tables.count() * orders)
            number, order = divmod(within, orders)
        return number, group, order

    def __iter__(self) -> Iterator[PlannedMatch]:
        return self.matches()

    def _seed(self, table: tuple[str, ...], group: int) -> int:
        if self.seeds:  # an openings book: every table plays the listed seeds, in order
            return self.seeds[group % len(self.seeds)]
        if len(table) == 1:  # solo: every bot plays the same seeds
            return match_seed(self.seed, self.round, group)
        return match_seed(self.seed, self.round, *sorted(table), group)

    def to_json(self) -> str:
        data = {
            "round": self.round,
            "tables": self.tables.to_dict(),
            "games_per_table": self.games_per_table,
            "rotation": self.rotation,
            "seed": self.seed,
            "seeds": self.seeds,
            "order": "table" if self.by_table else "seed group",
        }
        return json.dumps(data, sort_keys=True)

    @classmethod
    def from_json(cls, text: str) -> RoundPlan:
        data = json.loads(text)
        seeds = tuple(data.pop("seeds", ()))  # absent in plans stored before seed lists
        order = data.pop("order", "table")  # absent before the seed-group order
        if order not in ("table", "seed group"):
            raise ConfigError(
                f"round {data.get('round')}'s stored plan has an unknown order {order!r}"
            )
        by_table = order == "table"
        tables, rotation = Tables.from_dict(data["tables"]), Rotation(data["rotation"])
        return cls(
            **{**data, "tables": tables, "rotation": rotation, "seeds": seeds},
            by_table=by_table,
        )


def round_plan(spec: TournamentSpec, tables: Tables, round_no: int) -> RoundPlan:
    """The round that plays ``tables`` with the spec's seeds and rotation."""
    return RoundPlan(round_no, tables, spec.games_per_table, spec.rotation, spec.seed, spec.seeds)


def round_robin_tables(names: Sequence[str], size: int) -> Tables:
    """Every table of ``size`` bots; for solo games, each bot alone."""
    return Combinations(tuple(names), size)


def gauntlet_tables(names: Sequence[str], challenger: str, size: int) -> Tables:
    """Every table of ``size`` that seats the challenger."""
    field = tuple(n for n in names if n != challenger)
    return Combinations(field, size, first=challenger)


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
