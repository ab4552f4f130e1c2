"""The direction of imports: rules is pure, rendering never imports the bot."""

from __future__ import annotations

import ast
from functools import lru_cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
FORBIDDEN = {
    "rules": {"discord", "aiosqlite", "PIL", "bot", "rendering", "random", "time", "datetime"},
    "rendering": {"discord", "aiosqlite", "bot"},
    "bot/store": {"discord", "rendering", "PIL"},
}


def _imported_roots(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    roots: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            roots.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            roots.add(node.module.split(".")[0])
    return roots


@pytest.mark.parametrize("package", sorted(FORBIDDEN))
def test_package_imports_point_the_right_way(package):
    bad = []
    for path in sorted((ROOT / package).rglob("*.py")):
        found = _imported_roots(path) & FORBIDDEN[package]
        if found:
            bad.append(f"{path.relative_to(ROOT)}: {sorted(found)}")
    assert not bad, "forbidden imports:\n" + "\n".join(bad)


def test_service_and_presenter_do_not_import_discord():
    paths = [*(ROOT / "bot" / "service").rglob("*.py"),
             *(ROOT / "bot" / name for name in ("presenter.py", "errors.py", "local.py"))]
    assert len(paths) > 4
    for path in paths:
        assert "discord" not in _imported_roots(path), path.name


def test_the_checker_sees_a_forbidden_import(tmp_path):
    sample = tmp_path / "sample.py"
    sample.write_text("import discord\nfrom PIL import Image\nfrom .x import y\n")
    assert _imported_roots(sample) == {"discord", "PIL"}


# -- no import circles -------------------------------------------------------------------------
# Every import that runs counts, at the top of a module or inside a function (a circle hidden in
# a function still ties the two modules together); imports under ``if TYPE_CHECKING:`` (type
# hints) do not. Relative imports are resolved; ``from a import b`` is an edge to the module
# ``a.b`` when there is one, else to ``a``. A package's ``__init__`` re-exporting its own modules
# and a module importing its own parent packages are not edges.
PROJECT_ROOTS = ("rules", "rendering", "bot", "bench")
# Areas whose circles other work is removing; strict xfail flags the day each one passes.
KNOWN_CIRCLES = {
}


def project_modules(root: Path, roots=PROJECT_ROOTS) -> dict[str, Path]:
    """Map every module name under ``roots`` (folders of ``root``) to its file."""
    modules = {}
    for top in roots:
        for path in sorted((root / top).rglob("*.py")):
            parts = list(path.relative_to(root).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            modules[".".join(parts)] = path
    return modules


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


def _resolve(name: str, modules: dict[str, Path]) -> str | None:
    """Return the longest project module that ``name`` starts with (``a.b.f`` -> ``a.b``)."""
    parts = name.split(".")
    while parts:
        candidate = ".".join(parts)
        if candidate in modules:
            return candidate
        parts.pop()
    return None


def module_imports(module: str, path: Path, modules: dict[str, Path],
                   typing: bool = False) -> set[str]:
    """Return the project modules that ``module`` imports when it runs (in functions too);
    with ``typing``, those imported for type hints only (``if TYPE_CHECKING:``) as well."""
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    found: set[str] = set()
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree) if typing else _runtime_nodes(tree):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                base = ".".join([*anchor, *([base] if base else [])])
            targets = [f"{base}.{alias.name}" for alias in node.names] or [base]
        else:
            continue
        for target in targets:
            resolved = _resolve(target, modules)
            if resolved and resolved != module:
                found.add(resolved)
    parents = {module.rsplit(".", n)[0] for n in range(1, module.count(".") + 1)}
    own = {t for t in found if t.startswith(module + ".")} if path.name == "__init__.py" else set()
    return found - parents - own


def import_graph(root: Path, roots=PROJECT_ROOTS, typing: bool = False) -> dict[str, set[str]]:
    """Return the project's module graph: each module and the project modules it imports
    (``typing``: type-hint imports included)."""
    modules = project_modules(root, roots)
    return {name: module_imports(name, path, modules, typing) for name, path in modules.items()}


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Return the strongly connected components with more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in sorted(graph.get(node, ())):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return sorted(found)


def area_of(module: str) -> str:
    """Return a module's area: its sub-package (``rules.caverna``), else its top package."""
    parts = module.split(".")
    if len(parts) > 1 and (ROOT / parts[0] / parts[1]).is_dir():
        return ".".join(parts[:2])
    return parts[0]


def _areas() -> list:
    names = sorted({area_of(module) for module in project_modules(ROOT)})
    return [
        pytest.param(name, marks=pytest.mark.xfail(strict=True, reason=KNOWN_CIRCLES[name]))
        if name in KNOWN_CIRCLES else name
        for name in names
    ]


@lru_cache(maxsize=1)
def _project_circles() -> list[list[str]]:
    return circles(import_graph(ROOT))


@pytest.mark.parametrize("area", _areas())
def test_no_import_circles(area):
    mine = [c for c in _project_circles() if any(area_of(m) == area for m in c)]
    assert not mine, "import circles:\n" + "\n".join(" <-> ".join(c) for c in mine)


def test_the_circle_finder_sees_imports_inside_functions_and_relative_ones(tmp_path):
    pkg = tmp_path / "pkg"
    (pkg / "sub").mkdir(parents=True)
    (pkg / "__init__.py").write_text("")
    (pkg / "sub" / "__init__.py").write_text("from . import a\n")
    (pkg / "sub" / "a.py").write_text("from .b import thing\nimport pkg.sub\n")
    (pkg / "sub" / "b.py").write_text("def f():\n    from pkg.sub import c\n")
    (pkg / "sub" / "c.py").write_text("def g():\n    from ..sub.a import x\n")
    (pkg / "d.py").write_text("import pkg.sub.a\nfrom pkg import sub\n"
                              "from typing import TYPE_CHECKING\n"
                              "if TYPE_CHECKING:\n    from pkg import e\n")
    (pkg / "e.py").write_text("from . import d\n")
    graph = import_graph(tmp_path, roots=("pkg",))
    assert graph["pkg.sub"] == set()  # re-exporting its own module is no edge
    assert graph["pkg.sub.a"] == {"pkg.sub.b"}  # nor is importing its own package
    assert graph["pkg.d"] == {"pkg.sub.a", "pkg.sub"}  # type hints are no edge
    assert circles(graph) == [["pkg.sub.a", "pkg.sub.b", "pkg.sub.c"]]


# -- the bot: the service is the only way into the store -------------------------------------
def test_the_discord_layer_imports_nothing_from_the_store():
    """No module of bot/discord imports ``bot.store`` (nor a module under it), not even for
    type hints: what the Discord layer needs of the store is a service call."""
    modules = project_modules(ROOT)
    bad = {}
    for name, path in modules.items():
        if name.startswith("bot.discord"):
            found = module_imports(name, path, modules, typing=True)
            store = sorted(m for m in found if m == "bot.store" or m.startswith("bot.store."))
            if store:
                bad[name] = store
    assert [m for m in modules if m.startswith("bot.discord.")], "no Discord modules found"
    assert not bad, f"bot/discord imports the store: {bad}"


def test_the_discord_layer_never_reaches_the_store_through_the_service():
    """No module of bot/discord reads an attribute called ``store`` (``service.store``)."""
    bad = []
    for path in sorted((ROOT / "bot" / "discord").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Attribute) and node.attr == "store":
                bad.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert not bad, "the store reached around the service: " + ", ".join(bad)


def test_the_store_checks_see_a_typing_import_and_a_store_attribute(tmp_path):
    pkg = tmp_path / "bot"
    (pkg / "discord").mkdir(parents=True)
    (pkg / "store").mkdir()
    for init in (pkg, pkg / "discord", pkg / "store"):
        (init / "__init__.py").write_text("")
    (pkg / "store" / "records.py").write_text("")
    (pkg / "discord" / "a.py").write_text("from typing import TYPE_CHECKING\n"
                                         "if TYPE_CHECKING:\n    from ..store import records\n")
    modules = project_modules(tmp_path, roots=("bot",))
    path = pkg / "discord" / "a.py"
    assert module_imports("bot.discord.a", path, modules) == set()
    assert module_imports("bot.discord.a", path, modules, typing=True) == {"bot.store.records"}


def test_no_import_circles_in_the_bot_type_hints_included():
    """Within bot/, not even an import for type hints (``if TYPE_CHECKING:``) closes a circle:
    shared types live in leaf modules (``bot.service.tables``, ``bot.discord.client``)."""
    graph = import_graph(ROOT, roots=("bot",), typing=True)
    assert "bot.discord.flows" in graph and "bot.service.play" in graph
    found = circles(graph)
    assert not found, "import circles:\n" + "\n".join(" <-> ".join(c) for c in found)
