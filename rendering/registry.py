"""Find the renderer of a view's game and turn the image into PNG bytes."""

from __future__ import annotations

import importlib
import io
import pkgutil
from functools import lru_cache
from typing import Callable

from PIL import Image

from rules.core import View

Renderer = Callable[..., Image.Image]


@lru_cache(maxsize=1)
def _renderers() -> dict[str, Renderer]:
    """Import every game module under ``rendering/`` that defines ``GAME_NAME`` and ``render``."""
    import rendering

    found: dict[str, Renderer] = {}
    for module in pkgutil.iter_modules(rendering.__path__):
        if module.name in {"registry", "common"}:
            continue
        loaded = importlib.import_module(f"rendering.{module.name}")
        name = getattr(loaded, "GAME_NAME", None)
        if name and callable(getattr(loaded, "render", None)):
            found[name] = loaded.render
    return found


def render(view: View, last_move: str | None = None, **options) -> Image.Image:
    """Draw ``view`` with its game's renderer, highlighting ``last_move`` when given.

    ``options`` are passed on only when given (e.g. ``focus_seat`` for a game that can show
    one player's board in full).
    """
    return _renderers()[view.game](view, last_move=last_move, **options)


def render_png(view: View, last_move: str | None = None, **options) -> bytes:
    """Draw ``view`` and return PNG bytes ready to upload."""
    image = render(view, last_move=last_move, **options)
    buffer = io.BytesIO()
    image.save(buffer, format="PNG", optimize=False, compress_level=3)
    return buffer.getvalue()


def has_renderer(game_name: str) -> bool:
    """Tell whether a renderer exists for ``game_name``."""
    return game_name in _renderers()
