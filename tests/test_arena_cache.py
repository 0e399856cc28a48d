"""A Dask worker's package cache: unpacked once by content hash, pruned of unused packages."""

from __future__ import annotations

import os
import tempfile
import time
from pathlib import Path

import pytest

from referee.arena import cluster
from referee.arena.package import PackageError, read_package
from tests.helpers import BOTS

DAY_S = 24 * 3600


def stored_package(folder: Path) -> tuple[str, bytes]:
    """A random bot's package: its content hash and the archive the coordinator sends."""
    folder.mkdir()
    (folder / "random_bot.py").write_text((BOTS / "random_bot.py").read_text())
    (folder / "bot.toml").write_text(
        'name = "r"\nversion = "1"\nauthor = "ada"\ncommand = "random_bot.py"\ngames = ["land"]\n'
    )
    return read_package(folder).content_hash, cluster.package_archive(folder)


def cached(cache: Path, name: str, age_days: float) -> Path:
    folder = cache / name
    folder.mkdir(parents=True)
    stamp = time.time() - age_days * DAY_S
    os.utime(folder, (stamp, stamp))
    return folder


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path / "tmp"))
    return tmp_path / "tmp" / "landgrave-packages"


def test_a_new_package_is_unpacked_and_packages_unused_for_a_week_go(
    tmp_path: Path, cache: Path
) -> None:
    digest, archive = stored_package(tmp_path / "package")
    cached(cache, "retired-long-ago", age_days=8)
    cached(cache, "started-yesterday", age_days=1)
    cached(cache, ".incoming-of-a-dead-worker", age_days=0)
    command = cluster._command("r@1", digest, archive)
    assert command.argv[-1] == str(cache / digest / "random_bot.py")
    assert read_package(cache / digest).content_hash == digest
    assert sorted(p.name for p in cache.iterdir()) == sorted([".lock", digest, "started-yesterday"])


def test_starting_a_cached_package_keeps_it_from_the_next_pruning(
    tmp_path: Path, cache: Path
) -> None:
    digest, archive = stored_package(tmp_path / "package")
    cluster._command("r@1", digest, archive)
    stamp = time.time() - 8 * DAY_S
    os.utime(cache / digest, (stamp, stamp))
    cluster._command("r@1", digest, archive)  # started again: from the cache, marked used
    assert cluster.prune_cache(cache, time.time() - cluster.CACHE_KEEP_S) == []
    assert (cache / digest / "bot.toml").is_file()


def test_an_archive_that_does_not_hash_to_its_name_leaves_nothing_behind(
    tmp_path: Path, cache: Path
) -> None:
    _, archive = stored_package(tmp_path / "package")
    with pytest.raises(PackageError, match="does not hash to"):
        cluster._command("r@1", "0" * 64, archive)
    assert [p.name for p in cache.iterdir()] == [".lock"]
