"""Shared fixtures."""

from __future__ import annotations

from typing import Any

import pytest


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
