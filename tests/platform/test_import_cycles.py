"""No import circles between the project's modules, counting imports inside functions too.

Only imports that run count: those under ``if TYPE_CHECKING:`` (type hints) are skipped.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("bot", "rendering")


def module_name(path: Path) -> str:
    """The dotted module name of a source file under ROOT."""
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _is_type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _runtime_nodes(tree: ast.AST):
    """Every node of ``tree`` except what sits under ``if TYPE_CHECKING:``."""
    stack = [tree]
    while stack:
        node = stack.pop()
        yield node
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and _is_type_checking(child):
                stack.extend(child.orelse)
                continue
            stack.append(child)


def imports_of(path: Path, known: set[str]) -> set[str]:
    """The project modules ``path`` imports when it runs (in functions too)."""
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in _runtime_nodes(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*anchor, base] if base else anchor)
            modules = {f"{base}.{alias.name}" for alias in node.names} & known
            found |= modules
            if len(modules) < len(node.names):  # names defined in the module ``base`` itself
                found.add(base)
    ancestors = {name.rsplit(".", n)[0] for n in range(1, name.count(".") + 1)}
    return {module for module in found if module in known and module != name} - ancestors


def graph(packages=PACKAGES) -> dict[str, set[str]]:
    """Module -> the project modules it imports, for every module of ``packages``."""
    paths = [p for package in packages for p in sorted((ROOT / package).rglob("*.py"))]
    known = {module_name(p) for p in paths}
    return {module_name(p): imports_of(p, known) for p in paths}


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """One import circle per strongly connected group of modules (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for target in sorted(edges.get(node, ())):
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            group = []
            while True:
                member = stack.pop()
                group.append(member)
                if member == node:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for node in sorted(edges):
        if node not in index:
            visit(node)
    return found


def _package_edges(edges: dict[str, set[str]]) -> dict[str, set[str]]:
    """Drop the edges from a package's ``__init__`` to its own modules (re-exports)."""
    return {module: {t for t in targets if not t.startswith(module + ".")}
            for module, targets in edges.items()}


@pytest.mark.parametrize("package", PACKAGES)
def test_no_import_circles(package):
    found = cycles(_package_edges(graph((package,))))
    assert not found, "import circles: " + "; ".join(" <-> ".join(c) for c in found)


def test_the_checker_sees_circles_in_functions_and_skips_type_hints(tmp_path, monkeypatch):
    package = tmp_path / "pkg"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "a.py").write_text("def f():\n    from . import b\n")
    (package / "b.py").write_text("from .c import x\n")
    (package / "c.py").write_text("from typing import TYPE_CHECKING\nimport pkg.a\n"
                                  "if TYPE_CHECKING:\n    from . import d\n")
    (package / "d.py").write_text("from . import c\n")
    monkeypatch.setattr(__import__(__name__, fromlist=["ROOT"]), "ROOT", tmp_path)
    edges = _package_edges(graph(("pkg",)))
    assert edges["pkg.a"] == {"pkg.b"} and edges["pkg.c"] == {"pkg.a"}
    assert cycles(edges) == [["pkg.a", "pkg.b", "pkg.c"]]
