"""Bot packages: bot.toml checked, archives unpacked safely, content hashed."""

from __future__ import annotations

import io
import sys
import tarfile
import zipfile
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
        ('colour = "red"\n' + TOML, "unknown key 'colour'"),
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
