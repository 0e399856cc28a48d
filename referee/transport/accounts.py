"""A user id of its own for each bot, when the referee runs as root.

A bot under its own uid cannot read another bot's ``/proc/PID/environ``,
open files or memory, cannot signal or trace it, and cannot read files the
organiser keeps private (mode 0600/0700). The referee claims a uid from a
range no account uses by locking a file named after it under /run (root
only): two referees on one machine never hand out the same uid, and a
referee that dies releases its claims with its locks.

A bot can only run under another uid if that uid can reach its program: a
Python installed under /root (mode 0700) cannot be. Then the bot runs as
the referee's own user, with a warning (docs/security.md says what that
leaves open); under the sandbox bubblewrap binds what the bot needs, so a
uid of its own always works there.
"""

from __future__ import annotations

import contextlib
import fcntl
import functools
import os
import random
import stat
import subprocess
import sys
from collections.abc import Iterable
from pathlib import Path

import structlog

logger = structlog.get_logger("referee.transport")

FIRST_UID = 2_100_000_000
"""The start of the range bots run as: far above system, user and container ranges."""
UID_COUNT = 65536
CLAIMS = Path("/run/landgrave-uids")
"""Where claims are locked; /run is writable by root alone."""


def is_root() -> bool:
    return os.geteuid() == 0


class BotAccounts:
    """Hands out unused uids, one per bot process, and takes them back."""

    def __init__(self, folder: Path = CLAIMS) -> None:
        self._folder = folder
        self._held: dict[int, int] = {}
        """Claimed uid -> the descriptor whose lock claims it."""

    def claim(self) -> int | None:
        """A uid no other bot on this machine holds; None when none can be had."""
        if not is_root() or not self._has_private_folder() or not can_switch_uid():
            return None
        start = random.randrange(UID_COUNT)
        for offset in range(UID_COUNT):
            uid = FIRST_UID + (start + offset) % UID_COUNT
            if uid not in self._held and self._lock(uid):
                return uid
        return None

    def release(self, uid: int) -> None:
        fd = self._held.pop(uid, None)
        if fd is not None:
            os.close(fd)  # closing drops the lock

    def _lock(self, uid: int) -> bool:
        fd = os.open(self._folder / str(uid), os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o600)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            os.close(fd)
            return False
        self._held[uid] = fd
        return True

    def _has_private_folder(self) -> bool:
        with contextlib.suppress(FileExistsError, OSError):
            self._folder.mkdir(mode=0o700, parents=True)
        try:
            info = self._folder.lstat()
        except OSError:
            return False
        # Someone else's folder could hand two bots one uid: use none then.
        return stat.S_ISDIR(info.st_mode) and info.st_uid == 0 and not info.st_mode & 0o022


@functools.cache
def can_switch_uid() -> bool:
    """Whether a process can become a uid of our range here (a container may map none)."""
    probe = f"import os; os.setgroups([]); os.setgid({FIRST_UID}); os.setuid({FIRST_UID})"
    try:
        argv = [sys.executable, "-c", probe]
        done = subprocess.run(argv, check=False, capture_output=True, timeout=30)
    except (OSError, subprocess.SubprocessError):
        return False
    if done.returncode != 0:
        logger.warning("bots share the referee's user: this machine maps no uid for them")
    return done.returncode == 0


def others_can_run(paths: Iterable[Path]) -> bool:
    """Whether a user who is neither owner nor group could reach and read every path."""
    return all(_others_reach(path) for path in paths)


def _others_reach(path: Path) -> bool:
    try:
        chain = [path.absolute(), *path.absolute().parents, path.resolve(), *path.resolve().parents]
        folders_open = all(_mode(p) & stat.S_IXOTH for p in chain if p.is_dir())
        return folders_open and bool(_mode(path.resolve()) & stat.S_IROTH)
    except OSError:
        return False


def _mode(path: Path) -> int:
    return path.stat().st_mode
