"""``python -m referee.tournament.worker FOLDER NAME``: one of ``--workers N`` processes."""

from __future__ import annotations

import sys
from pathlib import Path

from referee import logs
from referee.cli import is_interrupt
from referee.tournament.execute import run_worker_process

if __name__ == "__main__":
    logs.configure(0)
    try:
        run_worker_process(Path(sys.argv[1]), sys.argv[2])
    except BaseException as error:
        if not is_interrupt(error):
            raise
        sys.exit(130)  # the coordinator reports the interruption
