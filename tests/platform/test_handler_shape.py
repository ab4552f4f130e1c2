"""Every game writes its decisions in the one core shape (rules/README.md, section 2).

A handler is a :class:`rules.core.verbs.VerbHandler` whose refusals and effects are found
through explicit tables by verb, and no rules module looks a function up by a name built at
run time (``getattr(self, f"_do_{verb}")``), which no text search can follow.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from rules.core import all_games
from rules.core.verbs import VerbHandler
from tests.platform.toy_game import TOY

ROOT = Path(__file__).resolve().parents[2]
GAMES = [*all_games(), TOY]


def _handlers(game):
    registry = game.handlers
    return [registry[kind] for kind in registry.kinds()] + list(registry.anytime)


@pytest.mark.parametrize("game", GAMES, ids=[g.name for g in GAMES])
def test_every_handler_is_a_verb_handler_with_matching_tables(game):
    for handler in _handlers(game):
        name = type(handler).__name__
        assert isinstance(handler, VerbHandler), name
        assert set(handler.effects) == set(handler.problems), name
        for table in (handler.problems, handler.effects):
            assert all(callable(f) for f in table.values()), name


def _built_name_lookups(path: Path) -> list[int]:
    """Lines where ``getattr`` is called with a name built at run time (an f-string, or a
    string joined with ``+``)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = []
    for node in ast.walk(tree):
        if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                and node.func.id == "getattr" and len(node.args) >= 2
                and isinstance(node.args[1], (ast.JoinedStr, ast.BinOp))):
            found.append(node.lineno)
    return found


def test_no_rules_module_looks_a_function_up_by_a_built_name():
    bad = [f"{p.relative_to(ROOT)}:{line}" for p in sorted((ROOT / "rules").rglob("*.py"))
           for line in _built_name_lookups(p)]
    assert not bad, "names built at run time:\n" + "\n".join(bad)


def test_the_checker_sees_a_built_name(tmp_path):
    sample = tmp_path / "sample.py"
    sample.write_text('getattr(self, f"_do_{verb}")(state)\ngetattr(player, source)\n')
    assert _built_name_lookups(sample) == [1]


COMMON = ("__init__", "game", "data", "moves", "msgs", "view")  # rules/README.md, section 1
OWN_GAME = ("state", "setup", "flow", "scoring")  # every game that is not a variant


@pytest.mark.parametrize("game", all_games(), ids=[g.name for g in all_games()])
def test_every_rules_package_has_the_module_names_the_readme_promises(game):
    folder = ROOT / "rules" / game.name
    others = tuple(type(g) for g in all_games() if g.name != game.name)
    variant = isinstance(game, others)  # a variant's game class derives from its base game's
    expected = COMMON + (() if variant else OWN_GAME)
    missing = [m for m in expected if not (folder / f"{m}.py").exists()]
    assert not missing, f"rules/{game.name} lacks {missing}"
