"""The built-in bots by name: ``--bot land-greedy`` wherever Landgrave is installed.

The repository's ``bots/`` folder is installed as the package
``landgrave_bots`` (setup.py maps it), so a clone, an editable install and a
wheel all find the same files, and a spec that names ``land-greedy`` plays
on any machine, whatever the path of its Python installation.

A bot command whose program is a built-in bot's name runs that bot's file
with this Python. The names are what the bots call themselves; a program
of the same name is still reached by its path (``./random``).
"""

from __future__ import annotations

import importlib.util
import shutil
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from referee.errors import ConfigError

PACKAGE = "landgrave_bots"


@dataclass(frozen=True)
class BuiltinBot:
    """A bot that comes with Landgrave."""

    name: str
    """What ``--bot`` takes: the name the bot gives itself in its hello."""
    file: str
    """Its script in ``bots/`` (installed in ``landgrave_bots/``)."""
    games: tuple[str, ...]
    """The games it plays; empty: every game."""

    def plays(self, game: str) -> bool:
        return not self.games or game in self.games


BUILTIN_BOTS = (
    BuiltinBot("random", "random_bot.py", ()),
    BuiltinBot("land-greedy", "land_greedy.py", ("land",)),
    BuiltinBot("land-tuned", "land_tuned.py", ("land",)),
    BuiltinBot("land-frontier", "land_frontier.py", ("land",)),
    BuiltinBot("land6-heuristic", "land6_heuristic.py", ("land6",)),
    BuiltinBot("carcassonne-greedy", "carcassonne_greedy.py", ("carcassonne",)),
    BuiltinBot("carcassonne-lookahead", "carcassonne_lookahead.py", ("carcassonne",)),
    BuiltinBot("landover-greedy", "landover_greedy.py", ("landover",)),
    BuiltinBot("landover-tuned", "landover_tuned.py", ("landover",)),
    BuiltinBot("farlanthia-greedy", "farlanthia_greedy.py", ("farlanthia",)),
    BuiltinBot("farlanthia-tuned", "farlanthia_tuned.py", ("farlanthia",)),
    BuiltinBot("mcts", "mcts_bot.py", ()),
)
_BY_NAME = {bot.name: bot for bot in BUILTIN_BOTS}


def for_game(game: str) -> list[BuiltinBot]:
    """The built-in bots that play ``game``, the game's own first."""
    return sorted((bot for bot in BUILTIN_BOTS if bot.plays(game)), key=lambda bot: not bot.games)


def folder() -> Path:
    """Where the built-in bots' files are installed.

    Raises:
        ConfigError: the package is not installed (Landgrave run from a bare clone).
    """
    spec = importlib.util.find_spec(PACKAGE)
    locations = list(spec.submodule_search_locations or []) if spec else []
    if not locations:
        raise ConfigError(
            f"the built-in bots are not installed (no package {PACKAGE}): "
            "pip install Landgrave, or `pip install -e .` in a clone"
        )
    return Path(locations[0])


def expand(words: Sequence[str]) -> list[str]:
    """A command's words, its program replaced by the script when it names a built-in bot.

    Raises:
        ConfigError: the program is a bare name that is neither a built-in bot
            nor on PATH (the message lists the built-in bots: ``greedy`` is
            ``land-greedy``).
    """
    if words and words[0] in _BY_NAME:
        return [str(folder() / _BY_NAME[words[0]].file), *words[1:]]
    if words and _is_bare_name(words[0]) and shutil.which(words[0]) is None:
        raise ConfigError(
            f"bot program not found: {words[0]} (built-in bots: {', '.join(_BY_NAME)})"
        )
    return list(words)


def _is_bare_name(program: str) -> bool:
    """A program named without a path, and not a Python file (that is looked for here)."""
    return "/" not in program and not program.endswith(".py")
