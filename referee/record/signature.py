"""Signing records with the organiser's key, so an edited line is caught.

The signature is the record's last line: HMAC-SHA256 under the organiser's
key of every byte before it (of the uncompressed text). Whoever holds the
key can check that no line, the header included, was changed, added or
removed since the referee wrote it; without the key nobody can make a
signature that checks.
"""

from __future__ import annotations

import hashlib
import hmac

from google.protobuf import json_format

from referee.record.format import decode_line
from sdk.pb.landgrave.v1 import record_pb2


def key_id(key: bytes) -> str:
    """Which key signed, without giving the key away: 16 hex digits of its SHA-256."""
    return hashlib.sha256(key).hexdigest()[:16]


class Signer:
    """A running HMAC over the lines of a record as they are written."""

    def __init__(self, key: bytes) -> None:
        self._key = key
        self._mac = hmac.new(key, digestmod="sha256")

    def update(self, data: bytes) -> None:
        self._mac.update(data)

    def signature(self) -> record_pb2.Signature:
        """The signature of everything so far."""
        return record_pb2.Signature(key_id=key_id(self._key), hmac_sha256=self._mac.hexdigest())


def check_signature(data: bytes, key: bytes) -> str | None:
    """What is wrong with a record's signature under ``key``; None when it checks.

    Args:
        data: the record's uncompressed bytes.
    """
    body, _, last = data.rstrip(b"\n").rpartition(b"\n")
    signature = _signature_line(last)
    if signature is None:
        return "the record is not signed (its last line is not a signature)"
    if signature.key_id != key_id(key):
        return f"signed with key {signature.key_id}, but the key given is {key_id(key)}"
    expected = hmac.new(key, body + b"\n", "sha256").hexdigest()
    if not hmac.compare_digest(expected, signature.hmac_sha256):
        return "the signature does not match: a line before it was changed, added or removed"
    return None


def _signature_line(text: bytes) -> record_pb2.Signature | None:
    try:
        line = decode_line(text.decode("utf-8"))
    except (UnicodeDecodeError, json_format.ParseError):
        return None
    return line.signature if line.WhichOneof("kind") == "signature" else None
