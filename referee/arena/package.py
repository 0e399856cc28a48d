"""Bot packages: a folder, or a ``.tar.gz`` / ``.zip`` of one, with a ``bot.toml`` that runs it.

A package is what a competitor submits. Its ``bot.toml`` names the bot,
its version and author, the command that starts it (any language: the
command is what runs) and the games it plays::

    name = "my-bot"
    version = "1.2"
    author = "ada"
    command = "node index.js"        # words naming files of the package are paths in it
    games = ["land", "carcassonne"]

    [resources]                      # optional; 0 or absent means the arena's default
    memory_mb = 512
    cpu_s = 600

A package is identified by the SHA-256 of its files (names, executable bits
and bytes), so the same files are the same version wherever they come from.
Archives are hostile input: they unpack only inside the target folder, with
no links, devices or absolute paths, and within size limits.
"""

from __future__ import annotations

import difflib
import hashlib
import itertools
import lzma
import re
import shlex
import shutil
import stat
import sys
import tarfile
import tomllib
import zipfile
import zlib
from collections.abc import Iterable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath
from typing import Any, BinaryIO, Literal

from referee.errors import LandgraveError
from referee.transport.process import BotCommand

MANIFEST = "bot.toml"
MAX_PACKAGE_BYTES = 256 * 1024 * 1024
"""Unpacked size limit of one package: a bot that needs more is not a bot."""
MAX_PACKAGE_FILES = 20_000
NAME_PATTERN = re.compile(r"[a-z0-9][a-z0-9._-]{0,63}")
"""Bot and author names: short, lower case, safe in paths, URLs and tables."""
_KNOWN_KEYS = {"name", "version", "author", "command", "games", "description", "resources"}
_RESOURCE_KEYS = {"memory_mb", "cpu_s"}


class PackageError(LandgraveError):
    """A bot package cannot be used: no or a wrong ``bot.toml``, or a bad archive."""


@dataclass(frozen=True)
class Resources:
    """What a bot asks for; 0 means the arena's default."""

    memory_mb: int = 0
    cpu_s: int = 0


@dataclass(frozen=True)
class Manifest:
    """A package's ``bot.toml``, checked."""

    name: str
    version: str
    author: str
    command: tuple[str, ...]
    games: tuple[str, ...]
    description: str = ""
    resources: Resources = field(default_factory=Resources)

    @classmethod
    def parse(cls, text: str, where: str = MANIFEST) -> Manifest:
        """Read and check a ``bot.toml``.

        Raises:
            PackageError: not TOML, a missing or mistyped key, an unknown key.
        """
        try:
            data = tomllib.loads(text)
        except tomllib.TOMLDecodeError as error:
            raise PackageError(f"{where}: not valid TOML: {error}") from None
        unknown = set(data) - _KNOWN_KEYS
        if unknown:
            key = sorted(unknown)[0]
            raise PackageError(f"{where}: unknown key {key!r}{_instead(key, _KNOWN_KEYS)}")
        command = _command(data, where)
        games = data.get("games")
        if not isinstance(games, list) or not games or not all(isinstance(g, str) for g in games):
            raise PackageError(f"{where}: 'games' must list the games the bot plays")
        return cls(
            name=_name(data, "name", where),
            version=_text(data, "version", where),
            author=_name(data, "author", where),
            command=command,
            games=tuple(games),
            description=str(data.get("description", "")),
            resources=_resources(data.get("resources", {}), where),
        )


@dataclass(frozen=True)
class BotPackage:
    """An unpacked package: its folder, its manifest and its content hash."""

    folder: Path
    manifest: Manifest
    content_hash: str

    def command(self) -> BotCommand:
        """How to start the bot: words that name the package's files become their paths.

        A first word ending in ``.py`` runs with the referee's Python (which has the SDK).

        Raises:
            PackageError: the program is neither in the package nor installed here.
        """
        words = [self._resolve(word) for word in self.manifest.command]
        program = words[0]
        if program.endswith(".py") and Path(program).is_file():
            words = [sys.executable, *words]
        elif not Path(program).is_file() and shutil.which(program) is None:
            raise PackageError(
                f"{self.manifest.name}: the command's program {self.manifest.command[0]!r} "
                "is neither a file of the package nor installed on this machine"
            )
        return BotCommand(tuple(words), self.manifest.name)

    def _resolve(self, word: str) -> str:
        if word.startswith("-") or PurePosixPath(word).is_absolute():
            return word
        candidate = (self.folder / word).resolve()
        if candidate.is_relative_to(self.folder.resolve()) and candidate.exists():
            return str(candidate)
        return word


def open_package(path: Path, unpack_into: Path) -> BotPackage:
    """The package at ``path``: a folder is read where it is, an archive unpacked first.

    Raises:
        PackageError: nothing there, a bad archive, or a bad ``bot.toml``.
    """
    if path.is_dir():
        folder = path
    elif path.is_file():
        folder = unpack(path, unpack_into)
    else:
        raise PackageError(f"no bot package at {path}")
    return read_package(folder)


def read_package(folder: Path) -> BotPackage:
    """A package already unpacked in ``folder``.

    Raises:
        PackageError: no or a bad ``bot.toml``, or a package over the size limits.
    """
    manifest_path = folder / MANIFEST
    if not manifest_path.is_file():
        raise PackageError(f"{folder}: no {MANIFEST} (a bot package needs one at its top)")
    try:
        text = manifest_path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise PackageError(f"{manifest_path}: cannot be read: {error}") from None
    manifest = Manifest.parse(text, str(manifest_path))
    return BotPackage(folder, manifest, content_hash(folder))


def content_hash(folder: Path) -> str:
    """SHA-256 over every file's relative path, executable bit and bytes, in path order.

    Raises:
        PackageError: a link or special file, or more than the size limits.
    """
    digest = hashlib.sha256()
    for relative, path in _files(folder):
        info = path.stat()
        executable = bool(info.st_mode & stat.S_IXUSR)
        digest.update(f"{relative}\0{int(executable)}\0{info.st_size}\0".encode())
        with path.open("rb") as handle:
            while chunk := handle.read(1 << 20):
                digest.update(chunk)
    return digest.hexdigest()


def copy_package(package: BotPackage, folder: Path) -> BotPackage:
    """A copy of the package in ``folder`` (made anew), its files read-only."""
    if folder.exists():
        shutil.rmtree(folder)
    for relative, path in _files(package.folder):
        target = folder / relative
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(path, target)
        mode = stat.S_IMODE(path.stat().st_mode) & 0o555 | 0o444
        target.chmod(mode)
    return BotPackage(folder, package.manifest, package.content_hash)


def unpack(archive: Path, into: Path) -> Path:
    """Unpack a ``.tar.gz``/``.tgz``/``.tar`` or ``.zip`` into ``into``; the package's folder.

    An archive holding one folder (``my-bot/bot.toml``) is that folder's package.

    Raises:
        PackageError: not an archive we read, a damaged one, or an entry that escapes,
            links or is too big.
    """
    into.mkdir(parents=True, exist_ok=True)
    with archive.open("rb") as handle:
        kind = _archive_kind(handle)
        if kind is None:
            raise PackageError(f"{archive}: not a folder, a .tar.gz or a .zip")
        if kind == "zip":
            _unpack_zip(handle, into, archive)
        else:
            with _open_tar(handle, kind, archive) as tar:
                _unpack_tar(tar, into, archive)
    entries = list(into.iterdir())
    if len(entries) == 1 and entries[0].is_dir() and not (into / MANIFEST).exists():
        return entries[0]
    return into


_TarMode = Literal["r:", "r:gz", "r:bz2", "r:xz"]
_TAR_COMPRESSIONS: dict[bytes, _TarMode] = {
    b"\x1f\x8b": "r:gz",
    b"BZh": "r:bz2",
    b"\xfd7zXZ\x00": "r:xz",
}
"""The first bytes of each compressed stream tarfile reads, and the mode that reads it."""
_ZIP_STARTS = (b"PK\x03\x04", b"PK\x05\x06")  # a first entry, or an empty zip
_DAMAGE = (
    tarfile.TarError,
    zipfile.BadZipFile,
    EOFError,  # a cut compressed stream
    OSError,  # gzip.BadGzipFile, bz2's "Invalid data stream"
    zlib.error,
    lzma.LZMAError,
    UnicodeDecodeError,  # a zip entry name flagged UTF-8 that is not
)
"""What reading a damaged archive raises, beyond tarfile's and zipfile's own errors."""


def _archive_kind(handle: BinaryIO) -> _TarMode | Literal["zip"] | None:
    """``"zip"``, the tarfile mode that reads the archive, or None: no archive.

    Told by the first bytes, not by trying every reader, so a damaged archive is
    called damaged and a file that is none is called that, in one line either way.
    """
    head = handle.read(262)
    handle.seek(0)
    if head.startswith(_ZIP_STARTS) or zipfile.is_zipfile(handle):
        return "zip"
    handle.seek(0)
    for magic, compression in _TAR_COMPRESSIONS.items():
        if head.startswith(magic):
            return compression
    if head[257:262] == b"ustar":  # POSIX and GNU tar headers say so
        return "r:"
    return None


def _open_tar(handle: BinaryIO, mode: _TarMode, archive: Path) -> tarfile.TarFile:
    with _reading(archive):
        return tarfile.open(fileobj=handle, mode=mode)


@contextmanager
def _reading(archive: Path) -> Iterator[None]:
    """Read from the archive; what a damaged one raises becomes one line.

    Only reads go in here: an error writing the unpacked files is the machine's
    (a full disk), not the archive's.
    """
    try:
        yield
    except NotImplementedError as error:  # a zip compression method Python lacks
        raise PackageError(f"{archive}: the archive cannot be read: {error}") from None
    except _DAMAGE as error:
        reason = " ".join(str(error).split()) or type(error).__name__
        raise PackageError(f"{archive}: the archive is damaged: {reason}") from None


def _unpack_tar(tar: tarfile.TarFile, into: Path, archive: Path) -> None:
    total = 0
    members = iter(tar)  # one header at a time: a bomb of headers stops at the file limit
    for count in itertools.count(1):
        with _reading(archive):
            member = next(members, None)
        if member is None:
            return
        _check_entry(member.name, count)
        if member.isdir():
            _make_folder(into, member.name)
            continue
        if not member.isfile():
            raise PackageError(f"{member.name}: links and special files are not allowed")
        total += member.size
        _check_size(total)
        with _reading(archive):
            source = tar.extractfile(member)
            assert source is not None  # a regular file always has data
            data = source.read()
        _write(into, member.name, data, executable=bool(member.mode & 0o100))


def _unpack_zip(handle: BinaryIO, into: Path, archive: Path) -> None:
    total = 0
    with _reading(archive):
        bundle = zipfile.ZipFile(handle)
    with bundle:
        for count, info in enumerate(bundle.infolist(), start=1):
            _check_entry(info.filename, count)
            mode = info.external_attr >> 16
            kind = stat.S_IFMT(mode)
            # A name ending in "/" or a folder type; zipfile's is_dir() fails on an empty name.
            if info.filename.endswith("/") or kind == stat.S_IFDIR:
                _make_folder(into, info.filename)
                continue
            # Many zip tools store permission bits alone (0o600): no file type is a plain file.
            if kind not in (0, stat.S_IFREG):
                raise PackageError(f"{info.filename}: links and special files are not allowed")
            if info.flag_bits & 0x1:
                raise PackageError(f"{info.filename}: encrypted entries are not allowed")
            total += info.file_size
            _check_size(total)
            with _reading(archive):
                data = bundle.read(info)
            _write(into, info.filename, data, executable=bool(mode & 0o100))


def _check_entry(name: str, count: int) -> None:
    if not name.isprintable():  # a newline would split the error; odd bytes break the hash
        raise PackageError(f"{name!r}: an archive entry's name must be printable text")
    path = PurePosixPath(name)
    if path.is_absolute() or ".." in path.parts or "\\" in name:
        raise PackageError(f"{name}: an archive entry must stay inside the package")
    if count > MAX_PACKAGE_FILES:
        raise PackageError(f"more than {MAX_PACKAGE_FILES} files in the package")


def _check_size(total: int) -> None:
    if total > MAX_PACKAGE_BYTES:
        raise PackageError(f"the package unpacks to more than {MAX_PACKAGE_BYTES >> 20} MiB")


_CLASHES = (FileExistsError, NotADirectoryError, IsADirectoryError)
"""What placing an entry raises when the archive has a file and a folder of one name."""


def _make_folder(into: Path, name: str) -> None:
    try:
        (into / name).mkdir(parents=True, exist_ok=True)
    except _CLASHES:
        raise PackageError(f"{name}: a file and a folder of the archive share this name") from None


def _write(into: Path, name: str, data: bytes, *, executable: bool) -> None:
    if not PurePosixPath(name).parts:  # "" or "." as a file would be the package's folder
        raise PackageError(f"{name!r}: an archive entry must name a file")
    path = into / name
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
    except _CLASHES:
        raise PackageError(f"{name}: a file and a folder of the archive share this name") from None
    path.chmod(0o755 if executable else 0o644)


def _files(folder: Path) -> Iterator[tuple[str, Path]]:
    """Every regular file under ``folder`` as (posix relative path, path), sorted."""
    count = total = 0
    for path in sorted(folder.rglob("*")):
        if path.is_symlink() or not (path.is_file() or path.is_dir()):
            raise PackageError(f"{path}: links and special files are not allowed in a package")
        if path.is_dir():
            continue
        count += 1
        total += path.stat().st_size
        if count > MAX_PACKAGE_FILES:
            raise PackageError(f"more than {MAX_PACKAGE_FILES} files in the package")
        _check_size(total)
        yield path.relative_to(folder).as_posix(), path


def _command(data: Mapping[str, Any], where: str) -> tuple[str, ...]:
    command = data.get("command")
    if isinstance(command, str):
        try:
            words = shlex.split(command)
        except ValueError as error:
            raise PackageError(f"{where}: 'command' cannot be split: {error}") from None
    elif isinstance(command, list) and all(isinstance(word, str) for word in command):
        words = list(command)
    else:
        raise PackageError(f"{where}: 'command' must be the command line that starts the bot")
    if not words:
        raise PackageError(f"{where}: 'command' is empty")
    return tuple(words)


def _instead(key: str, known: Iterable[str], prefix: str = "") -> str:
    """What an unknown key may have meant: the closest known one, else every one."""
    close = difflib.get_close_matches(key, list(known), n=1)
    if close:
        return f"; did you mean '{prefix}{close[0]}'?"
    return f"; the keys are {', '.join(prefix + k for k in sorted(known))}"


def _text(data: Mapping[str, Any], key: str, where: str) -> str:
    value = data.get(key)
    if not isinstance(value, str) or not value.strip() or len(value) > 64:
        quoted = f' (quote it: {key} = "{value}")' if isinstance(value, int | float) else ""
        raise PackageError(f"{where}: {key!r} must be a text of 1-64 characters{quoted}")
    return value.strip()


def _name(data: Mapping[str, Any], key: str, where: str) -> str:
    value = _text(data, key, where)
    if not NAME_PATTERN.fullmatch(value):
        raise PackageError(
            f"{where}: {key} {value!r} must be lower-case letters, digits, '.', '_' or '-'"
        )
    return value


def _resources(data: object, where: str) -> Resources:
    if not isinstance(data, dict):
        raise PackageError(f"{where}: [resources] must be a table")
    unknown = set(data) - _RESOURCE_KEYS
    if unknown:
        key = sorted(unknown)[0]
        raise PackageError(
            f"{where}: unknown key 'resources.{key}'{_instead(key, _RESOURCE_KEYS, 'resources.')}"
        )
    values = {}
    for key in _RESOURCE_KEYS & set(data):
        value = data[key]
        if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= 1 << 20:
            raise PackageError(f"{where}: resources.{key} must be a whole number 0-{1 << 20}")
        values[key] = value
    return Resources(**values)
