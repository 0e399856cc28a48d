"""The arena's publisher process: keeps ``DIR/site`` up to date while ``arena run`` plays.

    python -m referee.arena.publisher DIR

Every ``PUBLISH_S`` it renders what the newly stored results changed
(``site.publish_since``). It runs beside the lanes in a process of its own,
because a replay page costs more CPU than the match it shows; it ends when
told to (SIGTERM) or when the ``arena run`` that started it is gone.
"""

from __future__ import annotations

import os
import signal
import sys
import time
from pathlib import Path

from referee.arena import site
from referee.arena.registry import arena_spec
from referee.arena.store import ArenaStore

NICENESS = 10
"""The lanes (bots waiting on the referee) come first; the site uses what CPU is left."""
PUBLISH_S = 1.0
"""How stale the site may be; a guess that keeps a batch to a few matches."""


def follow(folder: Path) -> None:
    """Publish until the parent process is gone or SIGTERM comes."""
    parent = os.getppid()
    store = ArenaStore(folder)
    try:
        spec = arena_spec(store)
        while os.getppid() == parent:
            site.publish_since(store, spec)
            time.sleep(PUBLISH_S)
    finally:
        store.close()


def main(argv: list[str]) -> None:
    from referee import logs

    logs.configure(0, None)
    os.nice(NICENESS)
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
    try:
        follow(Path(argv[0]))
    except KeyboardInterrupt:
        sys.exit(130)


if __name__ == "__main__":
    main(sys.argv[1:])
