"""The engine registry: games are found through the ``landgrave.games`` entry points.

Each engine loads only when asked for, so one broken third-party engine
cannot stop the others from playing.
"""

from __future__ import annotations

from functools import cache
from importlib.metadata import EntryPoint, entry_points
from typing import Any

import structlog

from referee.engine import Engine
from referee.errors import LandgraveError, UnknownGameError
from sdk.messages import load_game_messages

ENTRY_POINT_GROUP = "landgrave.games"

logger = structlog.get_logger("referee.games")


class BrokenEngineError(LandgraveError):
    """An installed engine failed to load."""


def _entry_points() -> dict[str, EntryPoint]:
    return {point.name: point for point in entry_points(group=ENTRY_POINT_GROUP)}


@cache
def get_engine(name: str) -> Engine[Any]:
    """The engine registered under ``name``.

    Raises:
        UnknownGameError: no such game is installed.
        BrokenEngineError: it is installed but does not load.
    """
    points = _entry_points()
    if name not in points:
        known = ", ".join(sorted(points)) or "none"
        raise UnknownGameError(f"unknown game {name!r}; installed games: {known}")
    try:
        engine = points[name].load()
    except Exception as error:
        raise BrokenEngineError(f"game {name!r} does not load: {error!r}") from error
    if not isinstance(engine, Engine):
        raise BrokenEngineError(f"entry point {points[name].value!r} is not an Engine")
    return engine


def registered() -> dict[str, Engine[Any]]:
    """Every installed engine that loads, by name; broken ones are logged and left out."""
    engines: dict[str, Engine[Any]] = {}
    for name in sorted(_entry_points()):
        try:
            engines[name] = get_engine(name)
        except BrokenEngineError as error:
            logger.warning("engine left out", game=name, error=str(error))
    return engines


@cache
def load_installed_messages() -> None:
    """Register the message types of every installed game that loads.

    Records hold game messages as ``Any``, resolved by type URL: a game outside
    ``sdk.pb`` registers its types when its engine (and so its generated
    module) is imported.
    """
    load_game_messages()
    registered()
