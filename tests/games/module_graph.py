"""Which of an engine's modules import which: the check that data flows one way (issue 10)."""

from __future__ import annotations

import ast
from pathlib import Path
from types import ModuleType


def module_imports(path: Path, package: str) -> set[str]:
    """The modules of ``package`` that the file imports, at any depth of its body
    (TYPE_CHECKING blocks and local imports too)."""
    prefix = f"{package}."
    found = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom) and node.module:
            if node.module.startswith(prefix):
                found.add(node.module.removeprefix(prefix))
            elif node.module == package:
                found.update(alias.name for alias in node.names)
    return found


def import_graph(package: ModuleType) -> dict[str, set[str]]:
    """Each module of the package and the sibling modules it imports (the engine object aside)."""
    folder = Path(package.__file__ or "").parent
    return {
        path.stem: module_imports(path, package.__name__) - {"ENGINE"}
        for path in folder.glob("*.py")
    }


def import_circle(graph: dict[str, set[str]]) -> list[str] | None:
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
