"""Paths the user names for output: a command never writes over what is there.

A record or a test's folder holds results that cannot be made again (the
chance of a match, the time of a run), so a path that already holds data is
refused in one line, before anything is played.
"""

from __future__ import annotations

from pathlib import Path

from referee.errors import ConfigError


def new_file(path: Path, flag: str) -> None:
    """Refuse ``path`` when something is there already (an empty file may be reused)."""
    if path.is_dir() or (path.exists() and path.stat().st_size > 0):
        raise ConfigError(f"{flag}: {path} exists; give a new path (nothing is overwritten)")


def new_folder(path: Path, flag: str) -> None:
    """Refuse ``path`` when it is a file, or a folder with anything in it."""
    if path.exists() and not path.is_dir():
        raise ConfigError(f"{flag}: {path} is a file; give a new folder")
    if path.exists() and any(path.iterdir()):
        raise ConfigError(f"{flag}: {path} is not empty; give a new folder")


def not_the_input(out: Path, record: Path, flag: str) -> None:
    """Refuse an output that would replace the record being read."""
    if out.exists() and out.resolve() == record.resolve():
        raise ConfigError(f"{flag}: {out} is the record being read; give another path")
