"""Who may play in an arena: making one, storing checked bots, and authors' tokens.

A submission is checked (the conformance kit) before anything is written.
A passing package is copied read-only to ``packages/HASH`` under a scratch
name and renamed into place, then registered in one transaction: a refused
or failed submission leaves no row and no file. A new version of a bot
retires the bot's older versions; they stay in the history.

Author tokens are random secrets shown once; the database keeps only their
SHA-256 (a 256-bit random secret needs no slow hash: nothing to guess).
"""

from __future__ import annotations

import hashlib
import json
import secrets
import shutil
import sqlite3
import tempfile
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from functools import partial
from pathlib import Path

import structlog

from referee.arena.conformance import CheckReport, check_package
from referee.arena.package import (
    NAME_PATTERN,
    BotPackage,
    PackageError,
    Resources,
    copy_package,
    open_package,
)
from referee.arena.spec import ArenaSpec
from referee.arena.store import DATABASE_NAME, ArenaStore, Version, now
from referee.errors import ConfigError, LandgraveError
from referee.ratings.elo import INITIAL_RATING
from referee.ratings.plackett_luce import INITIAL_MU, INITIAL_SIGMA

logger = structlog.get_logger("referee.arena")

PACKAGES = "packages"

Checker = Callable[[BotPackage, Sequence[str], Path], Awaitable[CheckReport]]


class SubmissionRefused(LandgraveError):
    """A bot did not pass the conformance check; the message is the check's report."""


@dataclass(frozen=True)
class Submitted:
    """What a successful submission stored."""

    version: Version
    retired: tuple[str, ...]
    """Labels of the bot's older versions this one retired."""
    report: CheckReport | None


def init_arena(folder: Path, spec: ArenaSpec) -> ArenaStore:
    """Make an arena in ``folder``.

    Raises:
        ConfigError: the folder already holds one.
    """
    store = ArenaStore(folder, create=True) if _is_free(folder) else None
    if store is None or store.get_meta("spec") is not None:
        raise ConfigError(f"{folder} already holds an arena")
    store.set_meta("spec", spec.to_json())
    (folder / PACKAGES).mkdir(exist_ok=True)
    keep_private(folder)
    return store


def keep_private(folder: Path) -> None:
    """The arena's folder as bots under their own uids may see it (docs/security.md).

    A bot must reach its package (``packages/HASH``, files read-only for all)
    but never list the folder nor read the database (tokens, results), the
    records (chance seeds) or the logs of any match. The site is public (it
    shows a replay only once its table's seed is used up: site.py).
    """
    for path, mode in ((folder, 0o711), (folder / PACKAGES, 0o711)):
        path.chmod(mode)
    for name in ("records", "logs"):
        (folder / name).mkdir(exist_ok=True)
        (folder / name).chmod(0o700)
    for database in folder.glob(f"{DATABASE_NAME}*"):
        database.chmod(0o600)


def _is_free(folder: Path) -> bool:
    folder.mkdir(parents=True, exist_ok=True)
    return not (folder / "arena.sqlite").exists()


def arena_spec(store: ArenaStore) -> ArenaSpec:
    text = store.get_meta("spec")
    if text is None:
        raise ConfigError(f"{store.folder} holds no arena: make one with 'referee arena init'")
    return ArenaSpec.from_json(text)


async def submit(
    store: ArenaStore, path: Path, author: str, check: Checker | None = None
) -> Submitted:
    """Check the package at ``path`` and store it as the newest version of its bot.

    Raises:
        PackageError: no package there, or a bad ``bot.toml``.
        SubmissionRefused: the conformance check failed (its report is the message).
        ConfigError: the author or bot name is taken, or the version exists with other files.
    """
    spec = arena_spec(store)
    with tempfile.TemporaryDirectory(prefix="landgrave-submit-") as scratch:
        package = open_package(path, Path(scratch) / "unpacked")
        games = _games_to_play(package, spec, author)
        existing = _existing(store, package)
        if existing is not None:
            return Submitted(existing, (), None)
        checker = check or partial(_conformance, spec)
        report = await checker(package, games, Path(scratch) / "check")
        if not report.passed:
            raise SubmissionRefused(f"{package.manifest.name} was refused:\n{report.render()}")
        return _store(store, package, games, report)


async def _conformance(
    spec: ArenaSpec, package: BotPackage, games: Sequence[str], work_dir: Path
) -> CheckReport:
    """The conformance check, with the arena's sandbox, clock and limits."""
    return await check_package(
        package,
        games,
        work_dir,
        sandbox=spec.match.sandbox,
        decision_ms=spec.match.decision_ms,
        limits=spec.match.limits(),
    )


def _games_to_play(package: BotPackage, spec: ArenaSpec, author: str) -> tuple[str, ...]:
    manifest = package.manifest
    if manifest.author != author:
        raise PackageError(f"bot.toml names the author {manifest.author!r}, not {author!r}")
    games = tuple(g for g in manifest.games if g in spec.games)
    if not games:
        raise PackageError(
            f"{manifest.name} plays {', '.join(manifest.games)}; this arena plays "
            f"{', '.join(spec.games)}"
        )
    package.command()  # its program exists here, or it is refused now
    _check_resources(manifest.resources, spec)
    return games


def _check_resources(asked: Resources, spec: ArenaSpec) -> None:
    """Refuse a package that asks for more than every bot of this arena gets (all get the same)."""
    memory_mb, cpu_s = spec.match.bot_memory_mb, spec.match.bot_cpu_s  # CPU 0: no limit
    if asked.memory_mb > memory_mb:
        raise PackageError(
            f"bot.toml asks for {asked.memory_mb} MB of memory; this arena gives each bot "
            f"{memory_mb} MB"
        )
    if cpu_s and asked.cpu_s > cpu_s:
        raise PackageError(
            f"bot.toml asks for {asked.cpu_s} CPU seconds; this arena gives each bot process "
            f"{cpu_s}"
        )


def _existing(store: ArenaStore, package: BotPackage) -> Version | None:
    """The same version already stored (same files), or None; other files under its number fail."""
    manifest = package.manifest
    found = store.versions(
        where="b.name = ? AND v.version = ?", parameters=(manifest.name, manifest.version)
    )
    if not found:
        return None
    if found[0].content_hash != package.content_hash:
        raise ConfigError(
            f"{manifest.name} version {manifest.version} is already stored with other files: "
            "give the new one a new version"
        )
    return found[0]


def _store(
    store: ArenaStore, package: BotPackage, games: tuple[str, ...], report: CheckReport
) -> Submitted:
    target = store.folder / PACKAGES / package.content_hash
    if not target.exists():
        scratch = store.folder / PACKAGES / f".incoming-{secrets.token_hex(8)}"
        try:
            copy_package(package, scratch)
            scratch.rename(target)
        finally:
            if scratch.exists():
                shutil.rmtree(scratch, ignore_errors=True)
    try:
        manifest = package.manifest
        version, retired = register_version(
            store,
            bot=manifest.name,
            author=manifest.author,
            version=manifest.version,
            content_hash=package.content_hash,
            kind="package",
            games=games,
        )
    except BaseException:
        if not store.versions(where="v.content_hash = ?", parameters=(package.content_hash,)):
            shutil.rmtree(target, ignore_errors=True)
        raise
    logger.info("bot stored", bot=version.label, hash=package.content_hash, retired=retired)
    return Submitted(version, retired, report)


def register_version(
    store: ArenaStore,
    *,
    bot: str,
    author: str,
    version: str,
    content_hash: str,
    kind: str,
    games: Sequence[str],
) -> tuple[Version, tuple[str, ...]]:
    """Record a new version of a bot (and the bot and author if new); retire older versions.

    Raises:
        ConfigError: the bot name belongs to another author.
    """
    with store.transaction():
        author_id = store.author_id(author, create=True)
        row = store.execute("SELECT id, author_id FROM bots WHERE name = ?", (bot,)).fetchone()
        if row is None:
            bot_id = store.execute(
                "INSERT INTO bots (name, author_id) VALUES (?, ?)", (bot, author_id)
            ).lastrowid
        elif row["author_id"] != author_id:
            raise ConfigError(f"the bot name {bot!r} belongs to another author")
        else:
            bot_id = row["id"]
        older = store.versions(where="v.bot_id = ? AND v.retired_at IS NULL", parameters=(bot_id,))
        store.execute(
            "UPDATE versions SET retired_at = ? WHERE bot_id = ? AND retired_at IS NULL",
            (now(), bot_id),
        )
        for old in older:
            store.set_active(old.id, False)
        version_id = store.execute(
            "INSERT INTO versions (bot_id, version, content_hash, kind, games, submitted_at) "
            "VALUES (?, ?, ?, ?, ?, ?)",
            (bot_id, version, content_hash, kind, json.dumps(list(games)), now()),
        ).lastrowid
        assert version_id is not None
        for game in games:
            store.execute(
                "INSERT INTO ratings (game, version_id, active, mu, sigma, elo) "
                "VALUES (?, ?, ?, ?, ?, ?)",
                (game, version_id, int(kind == "package"), INITIAL_MU, INITIAL_SIGMA,
                 INITIAL_RATING),
            )  # fmt: skip
    return store.version(version_id), tuple(old.label for old in older)


# -- tokens -------------------------------------------------------------------


def token_digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def make_token(store: ArenaStore, author: str) -> str:
    """A new token for an author (made if new): returned once, stored only as its digest.

    Raises:
        ConfigError: the folder holds no arena, or the author's name is not a valid name.
    """
    arena_spec(store)  # as submit, run and show: no token for a folder that holds no arena
    if not NAME_PATTERN.fullmatch(author):
        raise ConfigError(f"author {author!r} must be lower-case letters, digits, '.', '_' or '-'")
    token = "lgt_" + secrets.token_urlsafe(32)
    with store.transaction():
        author_id = store.author_id(author, create=True)
        store.execute(
            "INSERT INTO tokens (author_id, digest, created_at) VALUES (?, ?, ?)",
            (author_id, token_digest(token), now()),
        )
    return token


def revoke_tokens(store: ArenaStore, author: str) -> int:
    """End every live token of an author; how many.

    Raises:
        ConfigError: the folder holds no arena, or no such author.
    """
    arena_spec(store)
    author_id = store.author_id(author)
    if author_id is None:
        raise ConfigError(f"no author {author!r} in this arena")
    return store.execute(
        "UPDATE tokens SET revoked_at = ? WHERE author_id = ? AND revoked_at IS NULL",
        (now(), author_id),
    ).rowcount


def token_author(db: ArenaStore | sqlite3.Connection, token: str) -> str | None:
    """The author a live token belongs to; None for a wrong or revoked token."""
    row = db.execute(
        "SELECT a.name FROM tokens t JOIN authors a ON a.id = t.author_id "
        "WHERE t.digest = ? AND t.revoked_at IS NULL",
        (token_digest(token),),
    ).fetchone()
    return None if row is None else str(row[0])
