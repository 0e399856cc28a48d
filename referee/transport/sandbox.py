"""Running a bot inside bubblewrap: no network, a read-only filesystem, its own /tmp and pids.

The bot still reaches the referee: the server's socket folder is the one
writable path bound into the sandbox (a Unix socket needs no network). The
referee's Python, the working folder and the bot's own files stay readable.
Measured on our machines: no cost per decision (reference/grpc-trio-measurements.md).
"""

from __future__ import annotations

import shutil
import sys
from collections.abc import Sequence
from pathlib import Path

from referee.errors import ConfigError


def require_bubblewrap() -> str:
    """The bwrap program.

    Raises:
        ConfigError: bubblewrap is not installed.
    """
    bwrap = shutil.which("bwrap")
    if bwrap is None:
        raise ConfigError("the sandbox needs bubblewrap (bwrap): apt-get install bubblewrap")
    return bwrap


def sandbox_prefix(socket_folder: Path, bot_argv: Sequence[str]) -> list[str]:
    """The bwrap command line that runs what follows it in a sandbox."""
    argv = [require_bubblewrap(), "--ro-bind", "/", "/", "--dev", "/dev", "--proc", "/proc"]
    argv += ["--tmpfs", "/tmp"]
    # A private /tmp hides whatever lived in the real one: bring back what the bot needs.
    for path in _readable(bot_argv):
        argv += ["--ro-bind", str(path), str(path)]
    argv += ["--bind", str(socket_folder), str(socket_folder)]
    return [*argv, "--unshare-all", "--die-with-parent", "--"]


def _readable(bot_argv: Sequence[str]) -> list[Path]:
    candidates = [Path(sys.prefix), Path.cwd()]
    candidates += [Path(word).resolve().parent for word in bot_argv if Path(word).exists()]
    return list(dict.fromkeys(path for path in candidates if path != Path("/")))
