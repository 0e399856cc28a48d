"""The engine registry: games are found through the ``landgrave.games`` entry points."""

from __future__ import annotations

from functools import cache
from importlib.metadata import entry_points
from typing import Any

from referee.engine import Engine
from referee.errors import UnknownGameError

ENTRY_POINT_GROUP = "landgrave.games"


@cache
def registered() -> dict[str, Engine[Any]]:
    """Every installed engine by name, loaded once."""
    engines: dict[str, Engine[Any]] = {}
    for point in entry_points(group=ENTRY_POINT_GROUP):
        engine = point.load()
        if not isinstance(engine, Engine):
            raise TypeError(f"entry point {point.value!r} is not an Engine: {engine!r}")
        engines[engine.name] = engine
    return dict(sorted(engines.items()))


def get_engine(name: str) -> Engine[Any]:
    """The engine registered under ``name``.

    Raises:
        UnknownGameError: no such game is installed.
    """
    engines = registered()
    try:
        return engines[name]
    except KeyError:
        known = ", ".join(engines) or "none"
        raise UnknownGameError(f"unknown game {name!r}; installed games: {known}") from None
