"""Find the renderer of a view's game and turn the image into PNG bytes (``rendering.png``)."""

from __future__ import annotations

import importlib
import inspect
import pkgutil
from functools import lru_cache
from typing import Callable

from PIL import Image

from rules.core import View

from .common import drawing_in
from .png import encode_png, fit_png

Renderer = Callable[..., Image.Image]
__all__ = ["encode_png", "fit_png", "has_renderer", "preload_all", "render", "render_png"]


def preload_all() -> list[str]:
    """Build every renderer's static layers now (renderers that define ``preload()``).

    Returns the names of the games warmed. The bot calls this in a worker thread at start,
    so the first board after a restart is drawn as fast as the others.
    """
    warmed = []
    for name, module in _renderer_modules().items():
        if callable(getattr(module, "preload", None)):
            module.preload()
            warmed.append(name)
    return warmed


@lru_cache(maxsize=1)
def _renderer_modules() -> dict:
    """Import every game module under ``rendering/`` that defines ``GAME_NAME`` and ``render``."""
    import rendering

    found = {}
    for module in pkgutil.iter_modules(rendering.__path__):
        if module.name in {"registry", "common"}:
            continue
        loaded = importlib.import_module(f"rendering.{module.name}")
        name = getattr(loaded, "GAME_NAME", None)
        if name and callable(getattr(loaded, "render", None)):
            found[name] = loaded
    return found


def _renderers() -> dict[str, Renderer]:
    """The render function of each game, by game name."""
    return {name: module.render for name, module in _renderer_modules().items()}


def render(view: View, last_move: str | None = None, **options) -> Image.Image:
    """Draw ``view`` with its game's renderer, highlighting ``last_move`` when given.

    ``options`` are the platform's drawing wishes: ``names`` (player names by seat),
    ``focus_seat`` (the seat whose own board to show in full) and ``locale`` (the language
    of every word drawn). A renderer receives those its ``render`` accepts; the others do not
    apply to its game and are left out. The locale reaches the renderer's words through
    :func:`rendering.common.board_locale`.
    """
    renderer = _renderers()[view.game]
    return _draw(renderer, renderer, view, last_move, options)


def _draw(function: Callable, renderer: Renderer, view: View, last_move: str | None,
          options: dict):
    """Call ``function`` (a renderer's ``render`` or ``render_png``) with the options its
    renderer accepts, in the board's language."""
    accepted = _accepted_options(renderer)
    locale = options.pop("locale", None)
    wanted = {k: v for k, v in options.items() if k in accepted and v is not None}
    with drawing_in(locale):
        return function(view, last_move=last_move, **wanted)


@lru_cache(maxsize=None)
def _accepted_options(renderer: Renderer) -> frozenset[str]:
    return frozenset(inspect.signature(renderer).parameters)


def render_png(view: View, last_move: str | None = None, **options) -> bytes:
    """Draw ``view`` and return PNG bytes ready to upload.

    A renderer module with its own ``render_png`` (same options as its ``render``) encodes
    its boards itself, e.g. reusing the compressed parts of earlier boards."""
    module = _renderer_modules().get(view.game)
    own = getattr(module, "render_png", None)
    if own is None:
        return encode_png(render(view, last_move=last_move, **options))
    return _draw(own, module.render, view, last_move, options)


def has_renderer(game_name: str) -> bool:
    """Tell whether a renderer exists for ``game_name``."""
    return game_name in _renderers()
