"""Landover's modules import one another one way only (issue 10, item 5)."""

from __future__ import annotations

import ast
from pathlib import Path

import referee.games.landover as package

PREFIX = "referee.games.landover."


def _imports(path: Path) -> set[str]:
    """The sibling modules a module imports, at any depth of its body."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom) and node.module:
            if node.module.startswith(PREFIX):
                found.add(node.module.removeprefix(PREFIX))
            elif node.module == PREFIX.rstrip("."):
                found.update(alias.name for alias in node.names)
    return found


def test_the_landover_modules_form_no_import_circle() -> None:
    """A rule module never reaches back into the state: data flows one way."""
    folder = Path(package.__file__).parent
    graph = {p.stem: _imports(p) - {"ENGINE"} for p in folder.glob("*.py")}
    done: set[str] = set()

    def visit(module: str, path: tuple[str, ...]) -> None:
        assert module not in path, f"import circle: {' -> '.join((*path, module))}"
        if module in done:
            return
        for other in sorted(graph.get(module, ())):
            visit(other, (*path, module))
        done.add(module)

    for module in sorted(graph):
        visit(module, ())
    assert "state" not in set().union(*(graph[m] for m in graph if m not in ("engine", "__init__")))
