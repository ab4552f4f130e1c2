"""Renderers read only the View (and shared display data from data/): they import nothing
from a game's rules package, only the platform's types from ``rules.core``."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _rules_imports(path: Path) -> list[str]:
    """Return the ``rules`` modules ``path`` imports other than ``rules.core``."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names = [node.module]
            if node.module == "rules":
                names = [f"rules.{alias.name}" for alias in node.names]
        else:
            continue
        found += [n for n in names if n.split(".")[0] == "rules"
                  and n.split(".")[:2] != ["rules", "core"]]
    return found


def test_no_renderer_imports_a_games_rules_modules():
    bad = [f"{p.relative_to(ROOT)}: {m}" for p in sorted((ROOT / "rendering").rglob("*.py"))
           for m in _rules_imports(p)]
    assert not bad, "renderers must read the View, not the rules:\n" + "\n".join(bad)


def test_the_checker_sees_a_rules_data_import(tmp_path):
    sample = tmp_path / "sample.py"
    sample.write_text("from rules.caverna import data as content\n"
                      "from rules.vindication.data import card\n"
                      "import rules.smallworld.data\nfrom rules import antiquity\n"
                      "from rules.core import View\nfrom rules.core.text import Msg\n")
    assert _rules_imports(sample) == ["rules.caverna", "rules.vindication.data",
                                      "rules.smallworld.data", "rules.antiquity"]
