"""Farlanthia's modules import one another one way only (issue 10, Farlanthia item 6)."""

from __future__ import annotations

import ast
from pathlib import Path

import referee.games.farlanthia as package

PREFIX = "referee.games.farlanthia."


def _imports(path: Path) -> set[str]:
    """The sibling modules a module imports, at any depth of its body (TYPE_CHECKING too)."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom) and node.module:
            if node.module.startswith(PREFIX):
                found.add(node.module.removeprefix(PREFIX))
            elif node.module == PREFIX.rstrip("."):
                found.update(alias.name for alias in node.names)
    return found


def _graph() -> dict[str, set[str]]:
    folder = Path(package.__file__).parent
    return {p.stem: _imports(p) - {"ENGINE"} for p in folder.glob("*.py")}


def _circle(graph: dict[str, set[str]]) -> list[str] | None:
    """The first import circle found, as the modules around it; None if there is none."""
    done: set[str] = set()

    def visit(module: str, path: tuple[str, ...]) -> list[str] | None:
        if module in path:
            return [*path[path.index(module) :], module]
        if module in done:
            return None
        for other in sorted(graph.get(module, ())):
            found = visit(other, (*path, module))
            if found:
                return found
        done.add(module)
        return None

    for module in sorted(graph):
        found = visit(module, ())
        if found:
            return found
    return None


def test_the_circle_finder_finds_a_circle() -> None:
    """The check below could pass vacuously if the finder were blind."""
    assert _circle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert _circle({"a": {"b"}, "b": set()}) is None


def test_the_farlanthia_modules_form_no_import_circle() -> None:
    """A rule module never reaches back into the state: data flows one way."""
    circle = _circle(_graph())
    assert circle is None, f"import circle: {' -> '.join(circle or ())}"


def test_only_the_engine_and_the_forward_model_import_the_state() -> None:
    """Rules, views and owners work on the table (table.py), never on the state."""
    graph = _graph()
    importers = {module for module, imported in graph.items() if "state" in imported}
    assert importers <= {"engine", "forward", "__init__"}
