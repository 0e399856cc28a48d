"""Writing a match record as the match goes: appended and flushed line by line, or step by step.

A record whose last line is not a footer is an interrupted match; nothing
before the interruption is lost. With the organiser's key, the footer is
followed by a signature of every line before it (referee/record/signature.py).
"""

from __future__ import annotations

import gzip
from pathlib import Path
from typing import IO, Any

from referee.record.format import encode_line, step_line
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
        self._file.flush()

    def write_step(self, kind: str, *, flush: bool = False, **values: Any) -> None:
        """Append a step's ``digest``, ``chance`` or ``decision`` line from its field values,
        as ``write`` would append the RecordLine holding them (without making it).

        Without ``flush`` the line waits for the next flushed one: the match runner
        flushes once per step (at its digest line), so a killed referee loses at most
        the step it was writing, and a step costs one write to the file, not one per line.
        """
        self._append_text(step_line(kind, **values) + "\n")
        if flush:
            self._file.flush()

    def _append(self, line: record_pb2.RecordLine) -> None:
        self._append_text(encode_line(line) + "\n")

    def _append_text(self, text: str) -> None:
        if self._signer is not None:
            self._signer.update(text.encode("utf-8"))
        self._file.write(text)

    def close(self) -> None:
        self._file.close()

    def __enter__(self) -> RecordWriter:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()
