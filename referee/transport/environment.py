"""The environment a bot starts with: an allow-list, never the organiser's secrets.

A bot sees PATH, HOME, the locale (LANG, LANGUAGE, LC_*), TERM and TZ from
the referee's environment, the variables the organiser names
(``--bot-env NAME``, ``bot_env = [...]``), and what the referee tells it:
``LANDGRAVE_ADDRESS`` (gRPC), ``LANDGRAVE_SOCKET`` (the framed socket, the same
protocol without gRPC) and ``LANDGRAVE_TOKEN_FD``, the number of an inherited
file descriptor to read its token from. The token itself is never in the
environment: ``/proc/PID/environ`` of a bot shows no secret.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable, Mapping

ALLOWED = ("PATH", "HOME", "LANG", "LANGUAGE", "TERM", "TZ")
ALLOWED_PREFIXES = ("LC_",)
NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
RESERVED_PREFIX = "LANDGRAVE_"


def bot_environment(
    extra: Iterable[str], told: Mapping[str, str], source: Mapping[str, str] | None = None
) -> dict[str, str]:
    """The allowed and named variables of ``source`` (the referee's), plus what the bot is told."""
    source = os.environ if source is None else source
    names = set(ALLOWED) | set(extra)
    env = {
        key: value
        for key, value in source.items()
        if (key in names or key.startswith(ALLOWED_PREFIXES))
        and not key.startswith(RESERVED_PREFIX)
    }
    return {**env, **told}


def check_variable_names(names: Iterable[str]) -> list[str]:
    """The names that are no environment variable name, or that the referee sets itself."""
    return [n for n in names if not NAME.fullmatch(n) or n.startswith(RESERVED_PREFIX)]
