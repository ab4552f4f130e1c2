"""The direction of imports: rules is pure, rendering never imports the bot."""

from __future__ import annotations

import ast
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
    for name in ("service.py", "presenter.py", "errors.py", "local.py"):
        path = ROOT / "bot" / name
        if path.exists():
            assert "discord" not in _imported_roots(path), name


def test_the_checker_sees_a_forbidden_import(tmp_path):
    sample = tmp_path / "sample.py"
    sample.write_text("import discord\nfrom PIL import Image\nfrom .x import y\n")
    assert _imported_roots(sample) == {"discord", "PIL"}
