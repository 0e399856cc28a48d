"""Writing a match record as the match goes: appended and flushed line by line.

A record whose last line is not a footer is an interrupted match; nothing
before the interruption is lost.
"""

from __future__ import annotations

import gzip
from pathlib import Path
from typing import IO

from referee.record.format import encode_line
from sdk.pb.landgrave.v1 import record_pb2


class RecordWriter:
    """Appends ``RecordLine`` messages to a file; ``.gz`` paths are gzip-compressed."""

    def __init__(self, path: Path) -> None:
        self.path = path
        path.parent.mkdir(parents=True, exist_ok=True)
        self._file: IO[str] = (
            gzip.open(path, "wt", encoding="utf-8")  # noqa: SIM115 - closed by close()
            if path.suffix == ".gz"
            else path.open("w", encoding="utf-8")
        )

    def write(self, line: record_pb2.RecordLine) -> None:
        """Append one line and flush it, so a killed referee loses at most that line."""
        self._file.write(encode_line(line) + "\n")
        self._file.flush()

    def close(self) -> None:
        self._file.close()

    def __enter__(self) -> RecordWriter:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()
