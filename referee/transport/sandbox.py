"""Running a bot inside bubblewrap: it sees its own folder and what Python needs, nothing else.

Inside the sandbox a bot sees, read-only: the system's programs and
libraries (/usr and the /bin, /lib* links), the few /etc files a program
without network needs, the Python it runs on (the virtual environment, the
installation it was made from, the SDK package), the game engines' packages
(the referee's and every installed game's: a bot's forward model steps a
game with its own engine, and the built-in bots that search use it) and the
folder of its own program. It gets an empty private /tmp, a private /dev (so
/dev/shm is its own), its own /proc (a pid namespace: no other process of the
machine is visible, so none can be signalled) and no network. The referee's
socket is bound read-only: connecting needs no write access to the folder,
and the bot cannot replace the socket. Match records, other bots' logs, the
organiser's home and working folder, /run and every other Unix socket on
the machine are simply not there; the environment is the allow-list of
``environment.py``.

Measured on our machines: no cost per decision (reference/grpc-trio-measurements.md).
"""

from __future__ import annotations

import importlib.util
import shutil
import sys
from collections.abc import Iterable, Sequence
from importlib.metadata import entry_points
from pathlib import Path

import sdk
from referee.errors import ConfigError
from referee.games import ENTRY_POINT_GROUP

SYSTEM = ("/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32")
ETC = (
    "/etc/ld.so.cache",
    "/etc/ld.so.conf",
    "/etc/ld.so.conf.d",
    "/etc/localtime",
    "/etc/nsswitch.conf",
    "/etc/passwd",
    "/etc/group",
    "/etc/alternatives",
)
"""What a program without network reads from /etc (loader cache, time zone, user names)."""


def require_bubblewrap() -> str:
    """The bwrap program.

    Raises:
        ConfigError: bubblewrap is not installed.
    """
    bwrap = shutil.which("bwrap")
    if bwrap is None:
        raise ConfigError("the sandbox needs bubblewrap (bwrap): apt-get install bubblewrap")
    return bwrap


DROP_TO_UID = (
    "import os, sys; uid = int(sys.argv[1]); os.setgroups([]); os.setgid(uid); os.setuid(uid); "
    "os.execvp(sys.argv[2], sys.argv[2:])"
)
"""Run inside the sandbox as root, to become the bot's own user before exec."""


def sandbox_prefix(socket_folder: Path, bot_argv: Sequence[str], uid: int | None) -> list[str]:
    """The bwrap command line that runs what follows it in a sandbox (as ``uid``, if given).

    With a uid (the referee is root), bwrap runs privileged, so it can bind
    files the bot's own user could not reach on the way (a Python under
    /root), and the bot becomes that user inside, before it runs.
    Otherwise bwrap makes a user namespace and drops every capability.
    """
    argv = [require_bubblewrap(), "--die-with-parent"]
    if uid is None:
        argv += ["--unshare-all", "--cap-drop", "ALL"]
    else:
        argv += ["--unshare-ipc", "--unshare-pid", "--unshare-net", "--unshare-uts"]
        argv += ["--unshare-cgroup-try"]
    argv += ["--dev", "/dev", "--proc", "/proc", "--perms", "1777", "--tmpfs", "/tmp"]
    argv += _system_binds()
    home = bot_folders(bot_argv)
    bound = [*python_folders(), *home, socket_folder]
    for parent in _parents(bound):  # made by bwrap, open to the bot's user to pass through
        argv += ["--perms", "0755", "--dir", str(parent)]
    for path in bound:
        argv += ["--ro-bind", str(path), str(path)]
    argv += ["--chdir", str(home[0]) if home else "/tmp", "--"]
    if uid is not None:
        argv += [sys.executable, "-I", "-c", DROP_TO_UID, str(uid)]
    return argv


def _system_binds() -> list[str]:
    argv: list[str] = []
    for name in SYSTEM:
        path = Path(name)
        if path.is_symlink():  # merged /usr: /lib -> usr/lib
            argv += ["--symlink", str(path.readlink()), name]
        elif path.is_dir():
            argv += ["--ro-bind", name, name]
    for name in ETC:
        if Path(name).exists():
            argv += ["--ro-bind", name, name]
    return argv


def python_folders() -> list[Path]:
    """The Python installation, its virtual environment, the SDK package and the engines'."""
    candidates = [
        Path(sys.prefix),
        Path(sys.base_prefix),
        Path(sys.executable).resolve().parent.parent,
        Path(sdk.__file__).resolve().parent,
        *engine_packages(),
    ]
    return _outermost(p.resolve() for p in candidates if p.exists())


def engine_packages() -> list[Path]:
    """Where the referee's package and each installed game's top-level package (or module)
    live. Installed from a wheel they are inside the environment already; installed from
    a clone (``pip install -e``) they are in the clone, and only they are bound, never the
    clone's other folders."""
    games = (point.module.partition(".")[0] for point in entry_points(group=ENTRY_POINT_GROUP))
    found: list[Path] = []
    for name in sorted({"referee", *games}):
        try:
            spec = importlib.util.find_spec(name)
        except (ImportError, ValueError):  # a broken install: its bots fail as without it
            continue
        if spec is None:
            continue
        if spec.submodule_search_locations:
            found += [Path(folder) for folder in spec.submodule_search_locations]
        elif spec.origin:
            found.append(Path(spec.origin))
    return found


def bot_folders(bot_argv: Sequence[str]) -> list[Path]:
    """The folders of the files the bot's command line names (its program, its data)."""
    found = []
    for word in bot_argv[1:] if bot_argv[0] == sys.executable else bot_argv:
        path = Path(word)
        if path.is_absolute() or path.exists():
            if path.is_file():
                found.append(path.resolve().parent)
            elif path.is_dir():
                found.append(path.resolve())
    return list(dict.fromkeys(p for p in found if p != Path("/")))


def _parents(paths: Sequence[Path]) -> list[Path]:
    """The folders above the bound paths, outermost first, that bwrap must make."""
    parents = {parent for path in paths for parent in path.parents if parent != Path("/")}
    skip = {Path("/tmp"), *(Path(p) for p in SYSTEM)}
    return sorted(p for p in parents if p not in skip and p not in paths)


def _outermost(paths: Iterable[Path]) -> list[Path]:
    """Drop paths inside another one of the list, and the filesystem root."""
    unique = sorted(set(paths))
    kept: list[Path] = []
    for path in unique:
        if path != Path("/") and not any(path.is_relative_to(k) for k in kept):
            kept.append(path)
    return kept
