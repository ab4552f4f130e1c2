"""The registry of games: every package under ``rules/`` that exposes ``GAME`` is a game."""

from __future__ import annotations

import importlib
import pkgutil
from functools import lru_cache

from .game import Game


@lru_cache(maxsize=1)
def _discover() -> dict[str, Game]:
    import rules

    games: dict[str, Game] = {}
    for module in pkgutil.iter_modules(rules.__path__):
        if not module.ispkg or module.name == "core":
            continue
        package = importlib.import_module(f"rules.{module.name}")
        game = getattr(package, "GAME", None)
        if isinstance(game, Game):
            games[game.name] = game
    return games


def all_games() -> list[Game]:
    """Return every registered game, sorted by name."""
    return [games for _, games in sorted(_discover().items())]


def get_game(name: str) -> Game:
    """Return the game registered as ``name``; ``KeyError`` if there is none."""
    return _discover()[name]
