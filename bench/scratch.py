"""A bench's scratch folder, which is also its ``LANDGRAVE_HOME``.

A finished tournament counts its games in the game's persistent ladders
(``$LANDGRAVE_HOME/ladders``, referee/tournament/ladders.py): a bench that
ran its tournaments under the user's home would fill the user's own Land
ladder with its random bots.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path


@contextmanager
def scratch_folder() -> Iterator[Path]:
    """A temporary folder, removed afterwards, set as ``LANDGRAVE_HOME`` while it lasts."""
    before = os.environ.get("LANDGRAVE_HOME")
    with tempfile.TemporaryDirectory(prefix="landgrave-bench-") as folder:
        os.environ["LANDGRAVE_HOME"] = folder
        try:
            yield Path(folder)
        finally:
            if before is None:
                del os.environ["LANDGRAVE_HOME"]
            else:
                os.environ["LANDGRAVE_HOME"] = before
