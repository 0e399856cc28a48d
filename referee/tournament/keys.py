"""A tournament's secrets: the chance secret its matches' keys come from, and the signing key.

The chance secret is the organiser's (``chance_secret_file`` in the spec),
or made at random when the tournament is created and kept in
``chance.secret`` in the tournament's folder, readable by its owner only
(mode 0600), so a resumed tournament draws the chance it would have drawn.
Bots never get it: a match's key is derived from it inside the referee, and
each record reveals only its own match's key, in its footer, after the match.
"""

from __future__ import annotations

import hashlib
import os
from dataclasses import dataclass
from pathlib import Path

from referee.errors import ConfigError
from referee.keyfile import read_key_file
from referee.match.chance import match_key, new_secret
from referee.tournament.spec import TournamentSpec
from referee.tournament.store import Store

SECRET_NAME = "chance.secret"
_SECRET_ID = "chance_secret_id"


@dataclass(frozen=True)
class MatchKeys:
    """What the referee keys every match of a tournament with."""

    chance_secret: bytes
    """Each match's chance key is ``match_key(chance_secret, seed)``."""
    signing_key: bytes | None = None
    """The organiser's key to sign records with; unsigned when None."""

    def chance_key(self, seed: int) -> bytes:
        return match_key(self.chance_secret, seed)

    def secret_id(self) -> str:
        """Which secret this is, without giving it away: a hash the database keeps."""
        return hashlib.sha256(b"landgrave secret id\0" + self.chance_secret).hexdigest()

    def check_unchanged(self, store: Store) -> None:
        """Remember the secret's id on first use; refuse a different secret after that.

        Raises:
            ConfigError: the secret is not the one the tournament began with (a
                resumed match would not draw what its seed's other matches drew).
        """
        known = store.get_meta(_SECRET_ID)
        if known is None:
            store.set_meta(_SECRET_ID, self.secret_id())
        elif known != self.secret_id():
            raise ConfigError(
                f"{store.folder}: the chance secret is not the one this tournament began with "
                "(was chance_secret_file or chance.secret changed?); its matches would draw "
                "other chance than their seed's finished matches"
            )

    @classmethod
    def fresh(cls, spec: TournamentSpec) -> MatchKeys:
        """The spec's keys, with a new random secret unless the spec names one (one-off runs)."""
        return cls(_given_secret(spec) or new_secret(), _signing_key(spec))

    @classmethod
    def of_tournament(cls, store: Store, spec: TournamentSpec) -> MatchKeys:
        """The keys of the tournament ``store`` holds; its secret is made on first use.

        Raises:
            ConfigError: a key file the spec names cannot be read, or the tournament's
                own secret is gone (a new one would draw other chance than its matches did).
        """
        given = _given_secret(spec)
        began = store.get_meta(_SECRET_ID) is not None
        return cls(given or _stored_secret(store.folder, began), _signing_key(spec))


def _given_secret(spec: TournamentSpec) -> bytes | None:
    if not spec.chance_secret_file:
        return None
    return read_key_file(Path(spec.chance_secret_file), "chance_secret_file")


def _signing_key(spec: TournamentSpec) -> bytes | None:
    if not spec.sign_key_file:
        return None
    return read_key_file(Path(spec.sign_key_file), "sign_key_file")


def _stored_secret(folder: Path, began: bool) -> bytes:
    """The secret in ``folder``, made there now unless the tournament ``began`` with one."""
    path = folder / SECRET_NAME
    if began and not path.exists():
        raise ConfigError(
            f"{path} is missing: restore it from a copy (a new secret would draw other "
            "chance than the tournament's finished matches drew)"
        )
    try:
        descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        try:
            return bytes.fromhex(path.read_text(encoding="ascii"))
        except (OSError, ValueError) as error:
            raise ConfigError(f"{path}: not a chance secret: {error}") from None
    secret = new_secret()
    with os.fdopen(descriptor, "w", encoding="ascii") as file:
        file.write(secret.hex())
    return secret
