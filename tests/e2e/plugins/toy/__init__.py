"""The platform's toy game as a ``rules`` package: the registry finds ``GAME`` here when the
launcher (bench/standin/launcher.py) adds ``tests/e2e/plugins`` to ``rules.__path__`` (the
registry's own discovery rule)."""

from tests.platform.toy_game import TOY as GAME

__all__ = ["GAME"]
