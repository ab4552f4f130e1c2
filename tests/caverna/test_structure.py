"""Caverna's shape: no import circles (function-level imports included), every handler
registered in one place, and every decision kind with its prompt."""

from __future__ import annotations

import ast
from pathlib import Path

from rules.caverna.game import HANDLERS
from rules.core.decisions import Handler

PACKAGE = Path(__file__).resolve().parents[2] / "rules" / "caverna"


def _imports(path: Path) -> set[str]:
    """Sibling modules imported anywhere in ``path`` (inside functions too)."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.level == 1:
            if node.module:
                found.add(node.module.split(".")[0])
            else:
                found.update(alias.name for alias in node.names)
    return found


def _graph() -> dict[str, set[str]]:
    modules = {p.stem for p in PACKAGE.glob("*.py")} - {"__init__"}
    return {m: _imports(PACKAGE / f"{m}.py") & modules for m in modules}


def _cycle(graph: dict[str, set[str]]) -> list[str] | None:
    state: dict[str, int] = {}
    path: list[str] = []

    def visit(module: str) -> list[str] | None:
        state[module] = 1
        path.append(module)
        for other in sorted(graph[module]):
            if state.get(other) == 1:
                return path[path.index(other):] + [other]
            if other not in state and (found := visit(other)):
                return found
        path.pop()
        state[module] = 2
        return None

    for module in sorted(graph):
        if module not in state and (found := visit(module)):
            return found
    return None


def test_no_import_circles():
    assert _cycle(_graph()) is None, " -> ".join(_cycle(_graph()) or [])


def test_the_circle_finder_sees_a_circle():
    assert _cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]


def test_every_handler_class_is_registered_in_game():
    import inspect

    import rules.caverna as package
    defined = set()
    for path in PACKAGE.glob("*.py"):
        module = __import__(f"rules.caverna.{path.stem}", fromlist=["x"]) \
            if path.stem != "__init__" else package
        for _name, value in inspect.getmembers(module, inspect.isclass):
            if issubclass(value, Handler) and value.__module__ == module.__name__ \
                    and getattr(value, "kind", "") and value.kind != "convert":
                defined.add(value.kind)
    assert defined == set(HANDLERS.kinds())
