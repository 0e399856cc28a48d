"""Reading an organiser's secret key from a file (a chance secret, a record-signing key).

A key is named by a file, never given on the command line: any process on
the machine, a bot included, can read another's command line.
"""

from __future__ import annotations

from pathlib import Path

from referee.errors import ConfigError

MIN_KEY_BYTES = 16


def read_key_file(path: Path, what: str) -> bytes:
    """The key a file holds: its bytes, surrounding whitespace stripped.

    Args:
        what: the flag or spec key that named the file, for error messages.

    Raises:
        ConfigError: the file cannot be read or holds fewer than 16 bytes.
    """
    try:
        key = path.read_bytes().strip()
    except OSError as error:
        raise ConfigError(f"{what}: cannot read key file {path}: {error.strerror}") from None
    if len(key) < MIN_KEY_BYTES:
        raise ConfigError(
            f"{what}: {path} holds {len(key)} bytes, expected a key of {MIN_KEY_BYTES} or more "
            "(for example: head -c 32 /dev/urandom | base64 > key)"
        )
    return key
