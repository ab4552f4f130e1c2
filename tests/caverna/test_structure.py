"""Caverna's shape: every decision handler registered in one place (game.py).

Import circles are checked for every area in tests/platform/test_imports.py."""

from __future__ import annotations

from pathlib import Path

from rules.caverna.game import HANDLERS
from rules.core.decisions import Handler

PACKAGE = Path(__file__).resolve().parents[2] / "rules" / "caverna"


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
