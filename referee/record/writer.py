"""Writing a match record as the match goes: appended and flushed line by line.

A record whose last line is not a footer is an interrupted match; nothing
before the interruption is lost. With the organiser's key, the footer is
followed by a signature of every line before it (referee/record/signature.py).
"""

from __future__ import annotations

import gzip
from pathlib import Path
from typing import IO

from referee.record.format import encode_line
from referee.record.signature import Signer
from sdk.pb.landgrave.v1 import record_pb2


class RecordWriter:
    """Appends ``RecordLine`` messages to a file; ``.gz`` paths are gzip-compressed."""

    def __init__(self, path: Path, signing_key: bytes | None = None) -> None:
        self.path = path
        path.parent.mkdir(parents=True, exist_ok=True)
        self._file: IO[str] = (
            gzip.open(path, "wt", encoding="utf-8")  # noqa: SIM115 - closed by close()
            if path.suffix == ".gz"
            else path.open("w", encoding="utf-8")
        )
        self._signer = Signer(signing_key) if signing_key is not None else None

    def write(self, line: record_pb2.RecordLine) -> None:
        """Append one line and flush it, so a killed referee loses at most that line.

        A footer is followed by the signature, when the writer has a key.
        """
        self._append(line)
        if self._signer is not None and line.WhichOneof("kind") == "footer":
            self._append(record_pb2.RecordLine(signature=self._signer.signature()))

    def _append(self, line: record_pb2.RecordLine) -> None:
        text = encode_line(line) + "\n"
        if self._signer is not None:
            self._signer.update(text.encode("utf-8"))
        self._file.write(text)
        self._file.flush()

    def close(self) -> None:
        self._file.close()

    def __enter__(self) -> RecordWriter:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()
