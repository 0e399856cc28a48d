"""An organiser's bot: the name the organiser gives it and the command that starts it.

This is the one place where a ``--bot`` value or a spec's bot entry is read,
for every command (``match``, ``tournament``, ``sprt``). The name is the bot's
identity everywhere: standings, ladders, the tournament database, records,
``referee records --bot`` and replays. What the bot calls itself (its hello)
is shown beside it, never in its place, so one program started three ways is
still one bot.
"""

from __future__ import annotations

import shlex
from dataclasses import dataclass, replace
from pathlib import Path

from referee.builtin_bots import BUILTIN_BOTS
from referee.errors import ConfigError

REMOTE_PREFIX = "remote:"


@dataclass(frozen=True)
class Entrant:
    """One bot as the organiser names it."""

    name: str
    """The organiser's name for the bot: unique in a tournament, its identity everywhere."""
    command: str
    """A Python file (``bots/random_bot.py``), a command line, or ``remote:NAME``."""

    @classmethod
    def parse(cls, text: str) -> Entrant:
        """``NAME=COMMAND``, or a command named after its program (see ``name_from_command``).

        Raises:
            ConfigError: the text is empty.
        """
        if not text.strip():
            raise ConfigError("empty bot command")
        if text.startswith(REMOTE_PREFIX):  # a remote bot's name may hold "="
            return cls(name_from_command(text), text)
        name, sep, command = text.partition("=")
        if sep and name and " " not in name and "/" not in name:
            return cls(name, command)
        return cls(name_from_command(text), text)

    @property
    def is_remote(self) -> bool:
        """Whether the seat is kept for a bot someone runs elsewhere (``remote:NAME``)."""
        return self.command.startswith(REMOTE_PREFIX)

    def anchored(self) -> Entrant:
        """The entrant with its command's relative paths made absolute, so it starts from
        any working folder (a tournament resumed elsewhere). A word is taken for a path
        when it names a file or folder here and has a '/' or a suffix (``my_bot.py``,
        ``bots/x``), so a built-in bot's name (``random``) stays a name."""
        if self.is_remote:
            return self
        words = shlex.split(self.command)
        anchored = [_absolute(word) for word in words]
        return self if anchored == words else replace(self, command=shlex.join(anchored))


def _absolute(word: str) -> str:
    path = Path(word)
    looks_like_a_path = "/" in word or path.suffix != ""
    if looks_like_a_path and not path.is_absolute() and path.exists():
        return str(path.resolve())
    return word


def name_from_command(command: str) -> str:
    """The name a bot gets when the organiser gives none.

    A built-in bot's file is named as the built-in bot (``bots/random_bot.py``
    is ``random``, as ``--bot random`` names it); another Python file after the
    file, underscores as hyphens (``my_bot.py`` is ``my-bot``);
    ``remote:NAME`` is ``NAME``; another command line after its program
    (``./mybot --fast`` is ``mybot``, ``land-greedy`` is ``land-greedy``).
    """
    if command.startswith(REMOTE_PREFIX):
        return command.removeprefix(REMOTE_PREFIX).strip()
    words = command.split(maxsplit=1)
    if not words:
        return command
    program = Path(words[0])
    if program.suffix == ".py":
        builtin = {bot.file: bot.name for bot in BUILTIN_BOTS}.get(program.name)
        return builtin or program.stem.replace("_", "-")
    return program.name


def describe_bot(name: str, bot_name: str, version: str) -> str:
    """``greedy (land-greedy 2)``: the organiser's name, then what the bot says it is."""
    said = " ".join(part for part in (bot_name if bot_name != name else "", version) if part)
    return f"{name} ({said})" if said else name
