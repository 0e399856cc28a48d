"""Shared fixtures."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.chromium import CHROMIUM, Browser


@pytest.fixture
def land() -> Any:
    from referee.games import get_engine

    return get_engine("land")


@pytest.fixture(autouse=True)
def ladder_home(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Any:
    """Keep every test's persistent ladders (and their subprocesses') out of the home folder."""
    home = tmp_path_factory.mktemp("landgrave-home")
    monkeypatch.setenv("LANDGRAVE_HOME", str(home))
    return home


@pytest.fixture
def browser(tmp_path: Path) -> Iterator[Browser]:
    """A fresh headless Chromium for one test (tests/chromium.py)."""
    if not CHROMIUM.exists():
        pytest.skip("chromium is not installed (apt-get install -y chromium chromium-driver)")
    started = Browser(tmp_path / "chromium-profile")
    try:
        yield started
    finally:
        started.close()
