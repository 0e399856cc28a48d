"""Shared fixtures."""

from __future__ import annotations

from typing import Any

import pytest


@pytest.fixture
def land() -> Any:
    from referee.games import get_engine

    return get_engine("land")
