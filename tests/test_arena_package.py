"""Bot packages: bot.toml checked, archives unpacked safely, content hashed."""

from __future__ import annotations

import io
import random
import stat
import sys
import tarfile
import zipfile
from collections.abc import Callable
from pathlib import Path

import pytest

from referee.arena.package import (
    Manifest,
    PackageError,
    content_hash,
    copy_package,
    open_package,
)

TOML = """
name = "my-bot"
version = "1.0"
author = "ada"
command = "bot.py --fast"
games = ["land"]

[resources]
memory_mb = 512
"""


def make_package(folder: Path, manifest: str = TOML) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "bot.toml").write_text(manifest)
    (folder / "bot.py").write_text("print('hi')\n")
    return folder


def test_a_folder_package_runs_its_python_file_with_the_referees_python(tmp_path: Path) -> None:
    package = open_package(make_package(tmp_path / "p"), tmp_path / "unpacked")
    assert package.manifest.name == "my-bot"
    assert package.manifest.resources.memory_mb == 512
    command = package.command()
    assert command.argv == (sys.executable, str((tmp_path / "p" / "bot.py").resolve()), "--fast")
    assert command.label == "my-bot"


@pytest.mark.parametrize(
    ("manifest", "message"),
    [
        ("name = ", "not valid TOML"),
        (TOML.replace('command = "bot.py --fast"', ""), "'command' must be"),
        (TOML.replace('games = ["land"]', "games = []"), "'games' must list"),
        (TOML.replace('name = "my-bot"', 'name = "My Bot!"'), "must be lower-case"),
        ('colour = "red"\n' + TOML, "unknown key 'colour'; the keys are author, command, "),
        (TOML.replace("games =", "game ="), "unknown key 'game'; did you mean 'games'[?]"),
        (TOML.replace("memory_mb =", "memory ="), "did you mean 'resources.memory_mb'[?]"),
        (TOML.replace('version = "1.0"', "version = 1.0"), r'quote it: version = "1.0"'),
        (TOML.replace("memory_mb = 512", "memory_mb = -1"), "resources.memory_mb must be"),
    ],
)
def test_a_wrong_bot_toml_is_refused_with_the_reason(manifest: str, message: str) -> None:
    with pytest.raises(PackageError, match=message):
        Manifest.parse(manifest)


def test_a_package_without_bot_toml_is_refused(tmp_path: Path) -> None:
    (tmp_path / "p").mkdir()
    with pytest.raises(PackageError, match=r"no bot\.toml"):
        open_package(tmp_path / "p", tmp_path / "u")


def test_a_program_that_is_nowhere_is_refused(tmp_path: Path) -> None:
    folder = make_package(tmp_path / "p", TOML.replace("bot.py --fast", "no-such-runtime x.js"))
    with pytest.raises(PackageError, match="neither a file of the package nor installed"):
        open_package(folder, tmp_path / "u").command()


def test_archives_unpack_to_the_same_content_as_the_folder(tmp_path: Path) -> None:
    folder = make_package(tmp_path / "my-bot")
    tgz = tmp_path / "bot.tar.gz"
    with tarfile.open(tgz, "w:gz") as tar:
        tar.add(folder, arcname="my-bot")
    archive = tmp_path / "bot.zip"
    with zipfile.ZipFile(archive, "w") as bundle:
        for path in folder.iterdir():
            bundle.write(path, path.name)
    expected = content_hash(folder)
    assert open_package(tgz, tmp_path / "t").content_hash == expected
    assert open_package(archive, tmp_path / "z").content_hash == expected


def test_the_content_hash_changes_with_any_byte(tmp_path: Path) -> None:
    folder = make_package(tmp_path / "p")
    before = content_hash(folder)
    (folder / "bot.py").write_text("print('ho')\n")
    assert content_hash(folder) != before


@pytest.mark.parametrize("name", ["../evil.py", "/etc/evil"])
def test_an_archive_entry_that_escapes_is_refused(tmp_path: Path, name: str) -> None:
    archive = tmp_path / "bad.tar.gz"
    with tarfile.open(archive, "w:gz") as tar:
        data = b"x"
        info = tarfile.TarInfo(name)
        info.size = len(data)
        tar.addfile(info, io.BytesIO(data))
    with pytest.raises(PackageError, match="must stay inside the package"):
        open_package(archive, tmp_path / "u")
    assert not (tmp_path / "evil.py").exists()


def test_an_archive_with_a_link_is_refused(tmp_path: Path) -> None:
    archive = tmp_path / "link.tar.gz"
    with tarfile.open(archive, "w:gz") as tar:
        info = tarfile.TarInfo("secrets")
        info.type = tarfile.SYMTYPE
        info.linkname = "/etc/shadow"
        tar.addfile(info)
    with pytest.raises(PackageError, match="links and special files"):
        open_package(archive, tmp_path / "u")


def test_a_copy_is_read_only_and_keeps_the_hash(tmp_path: Path) -> None:
    package = open_package(make_package(tmp_path / "p"), tmp_path / "u")
    copy = copy_package(package, tmp_path / "store" / package.content_hash)
    assert content_hash(copy.folder) == package.content_hash
    assert not (copy.folder / "bot.py").stat().st_mode & 0o222


def make_archives(tmp_path: Path) -> dict[str, bytes]:
    """A package as .tar.gz, .tar.bz2 and .zip bytes; its bot.py does not compress, so
    a cut lands inside its data."""
    folder = make_package(tmp_path / "my-bot")
    (folder / "bot.py").write_bytes(random.Random(1).randbytes(4000))
    archives = {}
    for mode, suffix in [("w:gz", "tar.gz"), ("w:bz2", "tar.bz2")]:
        with tarfile.open(tmp_path / f"bot.{suffix}", mode) as tar:
            tar.add(folder, arcname="my-bot")
        archives[suffix] = (tmp_path / f"bot.{suffix}").read_bytes()
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as bundle:
        for path in sorted(folder.iterdir()):
            bundle.write(path, f"my-bot/{path.name}")
    archives["zip"] = buffer.getvalue()
    return archives


def flip_a_byte(data: bytes, index: int) -> bytes:
    return data[:index] + bytes([data[index] ^ 0xFF]) + data[index + 1 :]


@pytest.mark.parametrize(
    ("suffix", "damage", "reason"),
    [
        ("tar.gz", lambda data: data[:400], "Compressed file ended before the end-of-stream"),
        ("tar.gz", lambda data: data[:20], "Compressed file ended before the end-of-stream"),
        ("tar.gz", lambda data: data[:12] + bytes(300) + data[312:], ""),
        ("tar.bz2", lambda data: data[: len(data) // 2], ""),
        ("zip", lambda data: data[: len(data) // 2], "File is not a zip file"),
        ("zip", lambda data: flip_a_byte(data, 200), "Bad CRC-32"),  # in bot.py's bytes
    ],
    ids=["cut-tar.gz", "cut-in-first-header", "zeroed-gzip", "cut-bz2", "cut-zip", "bad-crc"],
)
def test_a_damaged_archive_is_refused_in_one_line(
    tmp_path: Path, suffix: str, damage: Callable[[bytes], bytes], reason: str
) -> None:
    archive = tmp_path / f"damaged.{suffix}"
    archive.write_bytes(damage(make_archives(tmp_path)[suffix]))
    with pytest.raises(PackageError) as refused:
        open_package(archive, tmp_path / "u")
    message = str(refused.value)
    assert message.startswith(f"{archive}: the archive is damaged: {reason}")
    assert "\n" not in message


def test_no_cut_or_changed_byte_of_an_archive_raises_anything_but_a_package_error(
    tmp_path: Path,
) -> None:
    """Whatever a damaged archive trips in tarfile, gzip, bz2 or zipfile ends as one line."""
    chance = random.Random(7)
    archives = make_archives(tmp_path)
    for attempt in range(150):
        data = chance.choice(list(archives.values()))
        if attempt % 2:
            data = data[: chance.randrange(len(data))]
        else:
            data = flip_a_byte(data, chance.randrange(len(data)))
        archive = tmp_path / f"{attempt}.pkg"
        archive.write_bytes(data)
        try:
            open_package(archive, tmp_path / f"u{attempt}")
        except PackageError as error:
            assert "\n" not in str(error), str(error)


@pytest.mark.parametrize("data", [b"", b"hello\n", bytes(range(256)) * 4])
def test_a_file_that_is_no_archive_is_refused_in_one_line(tmp_path: Path, data: bytes) -> None:
    path = tmp_path / "afile"
    path.write_bytes(data)
    with pytest.raises(PackageError) as refused:
        open_package(path, tmp_path / "u")
    assert str(refused.value) == f"{path}: not a folder, a .tar.gz or a .zip"


def test_a_plain_tar_unpacks(tmp_path: Path) -> None:
    folder = make_package(tmp_path / "my-bot")
    with tarfile.open(tmp_path / "bot.tar", "w") as tar:
        tar.add(folder, arcname="my-bot")
    assert open_package(tmp_path / "bot.tar", tmp_path / "u").manifest.name == "my-bot"


def test_a_zip_whose_modes_carry_no_file_type_unpacks(tmp_path: Path) -> None:
    """Python's writestr and many zip tools store permission bits alone (0o600)."""
    folder = make_package(tmp_path / "my-bot")
    (folder / "bot.py").chmod(0o755)
    archive = tmp_path / "bot.zip"
    with zipfile.ZipFile(archive, "w") as bundle:
        bundle.writestr("my-bot/", "")
        bundle.writestr("my-bot/bot.toml", TOML)  # mode 0o600, no type
        program = zipfile.ZipInfo("my-bot/bot.py")
        program.external_attr = 0o700 << 16
        bundle.writestr(program, "print('hi')\n")
    package = open_package(archive, tmp_path / "u")
    assert package.folder == tmp_path / "u" / "my-bot"
    assert package.content_hash == content_hash(folder)


@pytest.mark.parametrize("kind", [stat.S_IFLNK, stat.S_IFIFO, stat.S_IFCHR, stat.S_IFSOCK])
def test_a_zip_entry_typed_as_a_link_or_special_file_is_refused(tmp_path: Path, kind: int) -> None:
    archive = tmp_path / "bot.zip"
    with zipfile.ZipFile(archive, "w") as bundle:
        bundle.writestr("bot.toml", TOML)
        link = zipfile.ZipInfo("secrets")
        link.external_attr = (kind | 0o777) << 16
        bundle.writestr(link, "/etc/shadow")
    with pytest.raises(PackageError, match="secrets: links and special files are not allowed"):
        open_package(archive, tmp_path / "u")
    assert not (tmp_path / "u" / "secrets").exists()


def test_a_zip_folder_typed_by_its_mode_alone_is_a_folder(tmp_path: Path) -> None:
    archive = tmp_path / "bot.zip"
    with zipfile.ZipFile(archive, "w") as bundle:
        folder = zipfile.ZipInfo("lib")  # no trailing slash, but typed a folder
        folder.external_attr = (stat.S_IFDIR | 0o755) << 16
        bundle.writestr(folder, "")
        bundle.writestr("bot.toml", TOML)
        bundle.writestr("bot.py", "print('hi')\n")
    package = open_package(archive, tmp_path / "u")
    assert (package.folder / "lib").is_dir()


def test_an_encrypted_zip_entry_is_refused(tmp_path: Path) -> None:
    archive = tmp_path / "bot.zip"
    with zipfile.ZipFile(archive, "w") as bundle:
        bundle.writestr("bot.toml", TOML)
    data = bytearray(archive.read_bytes())
    for header in (b"PK\x03\x04", b"PK\x01\x02"):  # set the flag in both headers
        at = data.index(header) + (6 if header == b"PK\x03\x04" else 8)
        data[at] |= 0x1
    archive.write_bytes(bytes(data))
    with pytest.raises(PackageError, match=r"bot\.toml: encrypted entries are not allowed"):
        open_package(archive, tmp_path / "u")


@pytest.mark.parametrize("names", [["a", "a/b"], ["a/b", "a"], ["a", "a/"], ["."], [""]], ids=repr)
def test_entries_that_clash_or_name_no_file_are_refused(tmp_path: Path, names: list[str]) -> None:
    archive = tmp_path / "bad.zip"
    with zipfile.ZipFile(archive, "w") as bundle:
        for name in names:
            info = zipfile.ZipInfo(name)
            info.external_attr = 0o644 << 16  # a plain file by its mode
            bundle.writestr(info, "x")
    with pytest.raises(PackageError, match=r"share this name|must name a file"):
        open_package(archive, tmp_path / "u")


@pytest.mark.parametrize("name", ["bot\n.py", "bot.py\x1b[2J", "b\udcffot.py"])
def test_an_entry_name_that_is_not_printable_is_refused_in_one_line(
    tmp_path: Path, name: str
) -> None:
    archive = tmp_path / "bad.tar"
    with tarfile.open(archive, "w", encoding="utf-8", errors="surrogateescape") as tar:
        info = tarfile.TarInfo(name)
        tar.addfile(info, io.BytesIO())
    with pytest.raises(PackageError, match="must be printable text") as refused:
        open_package(archive, tmp_path / "u")
    assert "\n" not in str(refused.value)
