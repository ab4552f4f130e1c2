"""The benchmarks run from an installed project: nothing under bench/ imports the tests."""

from __future__ import annotations

import ast
from pathlib import Path

BENCH = Path(__file__).resolve().parents[2] / "bench"


def imported_modules(path: Path) -> set[str]:
    """Every module a file imports, anywhere in it."""
    names = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            names.add(node.module)
    return names


def test_no_benchmark_imports_the_tests():
    offenders = {path.name: sorted(m for m in imported_modules(path) if m.split(".")[0] == "tests")
                 for path in BENCH.rglob("*.py")}
    assert not {k: v for k, v in offenders.items() if v}
