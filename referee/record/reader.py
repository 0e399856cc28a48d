"""Reading a match record back: header, steps, penalties, digests and footer.

A record is JSON lines (referee/record/format.py), plain or gzip-compressed;
the reader tells them apart by the gzip magic bytes, not by the file name.

Two kinds of damage are told apart. A referee killed mid-write leaves a last
line without its newline (or a gzip stream without its end): that line is
dropped and the record reads as interrupted, like any record without a
footer. Anything else that does not parse is corrupt, and ``RecordError``
names the line.
"""

from __future__ import annotations

import stat
import zlib
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from google.protobuf import json_format
from google.protobuf.any_pb2 import Any as AnyMessage
from google.protobuf.message import Message

from referee.engine import CHANCE, Engine
from referee.errors import MalformedAction, RecordError
from referee.games import get_engine
from referee.record.format import FORMAT_VERSION, decode_line
from sdk.messages import unpack
from sdk.pb.landgrave.v1 import record_pb2

GZIP_MAGIC = b"\x1f\x8b"
MAX_RECORD_BYTES = 256 * 1024 * 1024
"""The most a record may hold, gunzipped: a four-player Landover game writes about a
megabyte, so this is no record of ours, and reading it whole could use up memory (a
gzip bomb)."""


@dataclass(frozen=True)
class Step:
    """One applied action or chance outcome, as the record has it."""

    number: int
    """The step's number, counting every action and chance outcome from 0."""
    seat: int
    """The seat that acted, or ``CHANCE``."""
    action: Any
    """The engine's action, decoded from ``payload``."""
    payload: AnyMessage
    """The Action message as recorded."""
    decision: record_pb2.Decision | None
    """Think time, chosen index and the like; None for chance."""
    line: int
    """The line of the record it came from, counting from 1."""


@dataclass(frozen=True)
class Record:
    """A whole match record, its actions decoded by the game's engine."""

    path: Path
    header: record_pb2.Header
    steps: tuple[Step, ...]
    penalties: tuple[record_pb2.Penalty, ...]
    digests: Mapping[int, str]
    """The state digest after each step, by step number (a record may skip some)."""
    footer: record_pb2.Footer | None
    """None when the match was interrupted."""
    truncated: bool = False
    """Whether a partly written last line was dropped."""
    signature: record_pb2.Signature | None = None
    """The organiser's signature after the footer; None when unsigned."""

    @property
    def is_interrupted(self) -> bool:
        """Whether the match never finished: the record has no footer."""
        return self.footer is None

    @property
    def num_seats(self) -> int:
        return len(self.header.seats)

    def history(self) -> list[tuple[int, Any]]:
        """(seat or CHANCE, action) per step, in order: what ``Prefix`` takes."""
        return [(step.seat, step.action) for step in self.steps]

    def config(self) -> Message:
        """The game's Config message the match was played with."""
        try:
            return unpack(self.header.config)
        except ValueError as error:
            raise RecordError(f"{self.path}: line 1: header config: {error}") from None


@dataclass(frozen=True)
class Summary:
    """A record's header and footer only, for listing many records quickly."""

    path: Path
    header: record_pb2.Header
    footer: record_pb2.Footer | None


def read_record(path: Path, engine: Engine[Any] | None = None, *, force: bool = False) -> Record:
    """Read a whole record and decode its actions with the game's engine.

    Args:
        path: a ``.jsonl`` or ``.jsonl.gz`` record.
        engine: the engine to decode with; the one the header names when None.
        force: read a record of another engine version anyway.

    Raises:
        RecordError: the file is corrupt, of an unknown format, or of
            another engine version (unless ``force``).
        UnknownGameError: no engine was given and the header's game is not installed.
    """
    lines, truncated = _parsed_lines(path)
    if truncated and not lines:
        raise RecordError(f"{path}: incomplete: its first line was cut off mid-write")
    header = _header(path, lines)
    if engine is None:
        engine = get_engine(header.game)
    check_engine(path, header, engine, force=force)
    return _Assembler(path, engine).build(header, lines[1:], truncated)


def read_summary(path: Path) -> Summary:
    """Only the header and the footer (if any): no engine, no decoding of actions.

    Raises:
        RecordError: the header or the last line is corrupt.
    """
    texts, truncated = _split_lines(path)
    while texts and not texts[-1].strip():
        texts.pop()
    if not texts:
        raise RecordError(f"{path}: empty record")
    first = _parse(path, 1, texts[0], last=truncated and len(texts) == 1)
    header = _header(path, [] if first is None else [(1, first)])
    footer = None
    if len(texts) > 1:
        last = _parse(path, len(texts), texts[-1], last=truncated)
        if last is not None and last.WhichOneof("kind") == "signature" and len(texts) > 2:
            last = _parse(path, len(texts) - 1, texts[-2], last=False)
        if last is not None and last.WhichOneof("kind") == "footer":
            footer = last.footer
    return Summary(path, header, footer)


def check_engine(
    path: Path, header: record_pb2.Header, engine: Engine[Any], *, force: bool = False
) -> None:
    """Refuse a record of another game, or of another engine version unless ``force``.

    Raises:
        RecordError: saying which version made the record and which is here.
    """
    if header.game != engine.name:
        raise RecordError(f"{path}: a {header.game!r} record cannot be read by {engine.name!r}")
    if header.engine_version != engine.version and not force:
        raise RecordError(
            f"{path}: recorded with {header.game} engine version {header.engine_version!r}, "
            f"this is version {engine.version!r}; its replay may differ "
            "(pass --force to try anyway)"
        )


class _Assembler:
    """Sorts decoded lines into steps, penalties, digests and the footer, checking order."""

    def __init__(self, path: Path, engine: Engine[Any]) -> None:
        self.path = path
        self.engine = engine
        self.steps: list[Step] = []
        self.penalties: list[record_pb2.Penalty] = []
        self.digests: dict[int, str] = {}
        self.footer: record_pb2.Footer | None = None
        self.signature: record_pb2.Signature | None = None

    def build(
        self,
        header: record_pb2.Header,
        lines: list[tuple[int, record_pb2.RecordLine]],
        truncated: bool,
    ) -> Record:
        for number, line in lines:
            self._add(number, line)
        return Record(
            self.path,
            header,
            tuple(self.steps),
            tuple(self.penalties),
            self.digests,
            self.footer,
            truncated,
            self.signature,
        )

    def _add(self, number: int, line: record_pb2.RecordLine) -> None:
        kind = line.WhichOneof("kind")
        if self.signature is not None:
            self._fail(number, f"a {kind} line after the signature")
        if kind == "signature":
            if self.footer is None:
                self._fail(number, "a signature before the footer")
            self.signature = line.signature
            return
        if self.footer is not None:
            self._fail(number, f"a {kind} line after the footer")
        if kind == "decision":
            decision = line.decision
            self._add_step(number, decision.step, decision.seat, decision.action, decision)
        elif kind == "chance":
            self._add_step(number, line.chance.step, CHANCE, line.chance.outcome, None)
        elif kind == "digest":
            self._add_digest(number, line.digest)
        elif kind == "penalty":
            self.penalties.append(line.penalty)
        elif kind == "footer":
            self.footer = line.footer
        else:
            self._fail(number, f"unexpected {kind or 'empty'} line")

    def _add_step(
        self,
        number: int,
        step: int,
        seat: int,
        payload: AnyMessage,
        decision: record_pb2.Decision | None,
    ) -> None:
        if step != len(self.steps):
            self._fail(number, f"step {step} where step {len(self.steps)} was expected")
        try:
            action = self.engine.action_from_proto(unpack(payload))
        except (ValueError, MalformedAction) as error:
            self._fail(number, f"step {step}: the action does not decode: {error}")
        self.steps.append(Step(step, seat, action, payload, decision, number))

    def _add_digest(self, number: int, digest: record_pb2.Digest) -> None:
        if digest.step != len(self.steps) - 1:
            self._fail(number, f"a digest for step {digest.step} after step {len(self.steps) - 1}")
        self.digests[digest.step] = digest.sha256

    def _fail(self, number: int, message: str) -> None:
        raise RecordError(f"{self.path}: line {number}: {message}")


def _header(path: Path, lines: list[tuple[int, record_pb2.RecordLine]]) -> record_pb2.Header:
    if not lines or lines[0][0] != 1 or lines[0][1].WhichOneof("kind") != "header":
        found = lines[0][1].WhichOneof("kind") if lines else "nothing"
        raise RecordError(f"{path}: line 1: expected a header, got {found}")
    header = lines[0][1].header
    if header.format_version > FORMAT_VERSION:
        raise RecordError(
            f"{path}: record format version {header.format_version}, "
            f"this reader knows up to {FORMAT_VERSION}; update landgrave"
        )
    return header


def _parsed_lines(path: Path) -> tuple[list[tuple[int, record_pb2.RecordLine]], bool]:
    """Every complete line, parsed, with its line number; and whether one was cut off."""
    texts, truncated = _split_lines(path)
    parsed: list[tuple[int, record_pb2.RecordLine]] = []
    for index, text in enumerate(texts):
        is_last = index == len(texts) - 1
        line = _parse(path, index + 1, text, last=is_last and truncated)
        if line is None:
            return parsed, True
        if line.WhichOneof("kind") is not None:
            parsed.append((index + 1, line))
    return parsed, False


def _parse(path: Path, number: int, text: bytes, *, last: bool) -> record_pb2.RecordLine | None:
    """One line parsed; None for a cut-off last line; an empty message for a blank one."""
    try:
        decoded = text.decode("utf-8")
        if not decoded.strip():
            return record_pb2.RecordLine()
        return decode_line(decoded)
    except (UnicodeDecodeError, json_format.ParseError) as error:
        if last:
            return None
        raise RecordError(f"{path}: line {number}: not a record line: {error}") from None


def _split_lines(path: Path) -> tuple[list[bytes], bool]:
    """The file's lines; the flag says whether the last one may be cut off (no newline)."""
    data, complete = read_bytes(path)
    lines = data.split(b"\n")
    tail = lines.pop()  # empty when the file ends with a newline, as a whole record does
    if tail:
        lines.append(tail)
    return lines, bool(tail) or not complete


def read_bytes(path: Path) -> tuple[bytes, bool]:
    """The file's content, gunzipped if it is gzip; and whether the gzip stream ended.

    Raises:
        RecordError: it cannot be read, is no regular file (a device or a pipe would be
            read for ever), or holds more than ``MAX_RECORD_BYTES``.
    """
    try:
        if not stat.S_ISREG(path.stat().st_mode):
            raise RecordError(f"{path} is not a record: not a regular file")
        with path.open("rb") as file:
            raw = file.read(MAX_RECORD_BYTES + 1)
    except OSError as error:
        raise RecordError(f"cannot read record {path}: {error.strerror}") from None
    if not raw.startswith(GZIP_MAGIC):
        _check_size(path, len(raw))
        return raw, True
    return _gunzip(path, raw)


def _gunzip(path: Path, raw: bytes) -> tuple[bytes, bool]:
    """Decompress every gzip member; a stream cut short yields what it has so far."""
    chunks: list[bytes] = []
    size = 0
    while raw:
        inflater = zlib.decompressobj(16 + zlib.MAX_WBITS)
        try:
            chunks.append(inflater.decompress(raw, MAX_RECORD_BYTES + 1 - size))
        except zlib.error as error:
            raise RecordError(f"{path}: not a readable gzip file: {error}") from None
        size += len(chunks[-1])
        _check_size(path, size)
        if not inflater.eof:
            return b"".join(chunks), False
        raw = inflater.unused_data
    return b"".join(chunks), True


def _check_size(path: Path, size: int) -> None:
    if size > MAX_RECORD_BYTES:
        raise RecordError(
            f"{path} is not a record: it holds more than {MAX_RECORD_BYTES // 2**20} MB"
        )
