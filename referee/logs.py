"""Logging setup for the command line: readable lines for people, JSON lines for files."""

from __future__ import annotations

import logging
import sys
from pathlib import Path

import structlog


class _CurrentStderr(logging.StreamHandler):  # type: ignore[type-arg]
    """Writes to whatever ``sys.stderr`` is when a line is logged, as ``print`` does."""

    def emit(self, record: logging.LogRecord) -> None:
        self.stream = sys.stderr  # not setStream: it would flush a stream that may be closed
        super().emit(record)


class _JsonFile(logging.FileHandler):
    """The ``--log-json`` file. When a write fails (a full disk, ``/dev/full``) it says so
    once on stderr and writes no more, instead of a traceback for every later event."""

    def __init__(self, path: Path) -> None:
        super().__init__(path, encoding="utf-8")
        self.failed = False

    def emit(self, record: logging.LogRecord) -> None:
        if not self.failed:
            super().emit(record)

    def handleError(self, record: logging.LogRecord) -> None:
        if self.failed:
            return
        self.failed = True
        error = sys.exc_info()[1]
        reason = error.strerror if isinstance(error, OSError) else repr(error)
        print(
            f"referee: warning: cannot write the log to {self.baseFilename} ({reason}); "
            "it is not written from here on",
            file=sys.stderr,
        )


def configure(verbosity: int = 0, json_path: Path | None = None) -> None:
    """Warnings to stderr (``-v`` adds info, ``-vv`` debug); everything to ``json_path``."""
    level = [logging.WARNING, logging.INFO, logging.DEBUG][min(verbosity, 2)]
    shared: list[structlog.types.Processor] = [
        structlog.contextvars.merge_contextvars,
        structlog.processors.add_log_level,
        structlog.processors.TimeStamper(fmt="iso", utc=True),
    ]
    structlog.configure(
        processors=[*shared, structlog.stdlib.ProcessorFormatter.wrap_for_formatter],
        logger_factory=structlog.stdlib.LoggerFactory(),
        wrapper_class=structlog.stdlib.BoundLogger,
        # Not cached: a module's logger then follows any later configuration (a
        # notebook's, or a test's capture_logs) instead of the first one it met.
        # Nothing logs per decision at the default level, so caching saves nothing.
        cache_logger_on_first_use=False,
    )
    root = logging.getLogger()
    root.handlers.clear()
    root.setLevel(logging.DEBUG if json_path else level)
    console = _CurrentStderr()
    console.setLevel(level)
    console.setFormatter(
        structlog.stdlib.ProcessorFormatter(
            processor=structlog.dev.ConsoleRenderer(colors=sys.stderr.isatty())
        )
    )
    root.addHandler(console)
    if json_path is not None:
        json_path.parent.mkdir(parents=True, exist_ok=True)
        to_file = _JsonFile(json_path)
        to_file.setFormatter(
            structlog.stdlib.ProcessorFormatter(processor=structlog.processors.JSONRenderer())
        )
        root.addHandler(to_file)
