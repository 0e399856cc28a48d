"""Farlanthia's modules import one another one way only (issue 10, Farlanthia item 6)."""

from __future__ import annotations

import referee.games.farlanthia as package
from tests.games.module_graph import import_circle, import_graph


def test_the_circle_finder_finds_a_circle() -> None:
    """The check below could pass vacuously if the finder were blind."""
    assert import_circle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert import_circle({"a": {"b"}, "b": set()}) is None


def test_the_farlanthia_modules_form_no_importimport_circle() -> None:
    """A rule module never reaches back into the state: data flows one way."""
    circle = import_circle(import_graph(package))
    assert circle is None, f"import circle: {' -> '.join(circle or ())}"


def test_only_the_engine_and_the_forward_model_import_the_state() -> None:
    """Rules, views and owners work on the table (table.py), never on the state."""
    graph = import_graph(package)
    importers = {module for module, imported in graph.items() if "state" in imported}
    assert importers <= {"engine", "forward", "__init__"}
