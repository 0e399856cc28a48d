"""Landover's modules import one another one way only (issue 10, item 5)."""

from __future__ import annotations

import ast
from pathlib import Path

import referee.games.landover as package
from tests.games.module_graph import import_circle, import_graph, module_imports


def test_the_landover_modules_form_no_import_circle() -> None:
    """A rule module never reaches back into the state: data flows one way."""
    graph = import_graph(package)
    circle = import_circle(graph)
    assert circle is None, f"import circle: {' -> '.join(circle or ())}"
    importers = {module for module, imported in graph.items() if "state" in imported}
    assert importers <= {"engine", "__init__"}


RULE_MODULES = ("building", "cards", "roll", "culture", "awards", "trade")
LIST_CHANGES = frozenset(
    {"append", "extend", "insert", "pop", "remove", "clear", "add", "update", "discard"}
)


def _root(node: ast.expr) -> str:
    """The name an attribute or item chain starts from: ``state`` in ``state.pieces.owner[v]``."""
    while isinstance(node, ast.Attribute | ast.Subscript):
        node = node.value
    return node.id if isinstance(node, ast.Name) else ""


def test_rule_modules_change_the_data_only_through_its_owners() -> None:
    """No rule module assigns into the state or edits its lists: it asks an owner (records.py)."""
    folder = Path(package.__file__).parent
    for module in RULE_MODULES:
        for node in ast.walk(ast.parse((folder / f"{module}.py").read_text())):
            targets: list[ast.expr] = []
            if isinstance(node, ast.Assign):
                targets = node.targets
            elif isinstance(node, ast.AugAssign | ast.AnnAssign):
                targets = [node.target]
            elif (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and node.func.attr in LIST_CHANGES
            ):
                targets = [node.func.value]
            for target in targets:
                changed = isinstance(target, ast.Attribute | ast.Subscript)
                assert not (changed and _root(target) == "state"), (
                    f"{module}.py line {node.lineno} changes the state's data directly"
                )


def test_the_owners_know_no_rule_module() -> None:
    """records.py imports only the rule constants: owners never call back into the rules."""
    folder = Path(package.__file__).parent
    assert module_imports(folder / "records.py", package.__name__) <= {"rules"}
