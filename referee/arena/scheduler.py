"""Which table the arena plays next: uncertainty first, close ratings, nobody left idle.

Serious ladders (Kaggle's simulation competitions, Halite, Lux AI) seat
new and uncertain bots more often and against opponents of similar
rating, while every active bot keeps playing. Ours does it in two turns:

- even tables start from the active version with the largest openskill
  sigma (new bots first: they start at the prior's sigma, which only
  shrinks as they play);
- odd tables start from the version idle the longest (the oldest
  ``last_match``), so no bot waits forever behind the uncertain ones.

The rest of the table is drawn from the ``NEIGHBOURS`` versions rated
closest (by mu) to the first, a few above and a few below. Each step is
one query on an index named outright (``INDEXED BY``: with statistics saying
every row is ``active``, SQLite would rather scan), so a pick costs about the
same for ten bots or ten thousand.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from referee.arena.spec import ArenaSpec
from referee.arena.store import ArenaStore
from referee.tournament.schedule import Listed, round_plan

NEIGHBOURS = 6
"""How many closest-rated versions the opponents are drawn from, per side. A guess:
enough variety that the same few bots do not meet every time, close enough to inform."""


@dataclass(frozen=True)
class Table:
    """The bots the scheduler seats together, before seat orders and seeds."""

    game: str
    number: int
    versions: tuple[int, ...]


def pick_table(store: ArenaStore, spec: ArenaSpec) -> Table | None:
    """The next table of any game (games take turns); None if no game has enough bots."""
    number = next_table_number(store)
    for turn in range(len(spec.games)):
        game = spec.games[(number + turn) % len(spec.games)]
        versions = pick_versions(store, game, spec.table_size(game), number)
        if versions is not None:
            return Table(game, number, versions)
    return None


def next_table_number(store: ArenaStore) -> int:
    row = store.execute("SELECT COALESCE(MAX(table_no), 0) + 1 FROM matches").fetchone()
    return int(row[0])


def pick_versions(store: ArenaStore, game: str, size: int, number: int) -> tuple[int, ...] | None:
    """``size`` active versions of a game for table ``number``, or None if too few are active."""
    if number % 2 == 0:
        index, order = "ratings_sigma", "sigma DESC, version_id DESC"
    else:
        index, order = "ratings_idle", "last_match, version_id"
    first = store.execute(
        f"SELECT version_id, mu FROM ratings INDEXED BY {index} WHERE game = ? AND active = 1 "
        f"ORDER BY {order} LIMIT 1",
        (game,),
    ).fetchone()
    if first is None:
        return None
    near = _neighbours(store, game, first["version_id"], first["mu"])
    if len(near) < size - 1:
        return None
    pool = near[: max(size - 1, NEIGHBOURS)]
    return (first["version_id"], *random.Random(number).sample(pool, size - 1))


def _neighbours(store: ArenaStore, game: str, version: int, mu: float) -> list[int]:
    """Active versions closest in mu to ``mu``, closest first (at most NEIGHBOURS a side)."""
    found: list[tuple[float, int]] = []
    for comparison, order in ((">=", "ASC"), ("<", "DESC")):
        rows = store.execute(
            f"SELECT version_id, mu FROM ratings INDEXED BY ratings_mu WHERE game = ? "
            f"AND active = 1 AND mu {comparison} ? AND version_id != ? ORDER BY mu {order} LIMIT ?",
            (game, mu, version, NEIGHBOURS),
        )
        found.extend((abs(row["mu"] - mu), row["version_id"]) for row in rows)
    return [version_id for _, version_id in sorted(found)]


def schedule_table(store: ArenaStore, spec: ArenaSpec, table: Table) -> None:
    """Write a table's matches (its seeds in each seat order) to the store, pending."""
    seats = tuple(str(v) for v in table.versions)
    planned = round_plan(spec.tournament_spec(table.game), Listed((seats,)), table.number)
    store.add_matches(
        table.game, table.number, [(tuple(int(s) for s in m.seats), m.seed) for m in planned]
    )


def schedule_next(store: ArenaStore, spec: ArenaSpec) -> Table | None:
    """Pick and store the next table in one transaction (workers share the store)."""
    with store.transaction():
        if store.count_pending():
            return None  # another worker scheduled one meanwhile
        table = pick_table(store, spec)
        if table is not None:
            schedule_table(store, spec, table)
    return table
