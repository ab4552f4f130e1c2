"""View -> PIL image. Imports ``rules`` types only; each game has its own module or package.

``render(view, last_move=None)`` dispatches on ``view.game`` to the renderer a game package
registered with :func:`rendering.registry.register`.
"""

from .registry import render, render_png

__all__ = ["render", "render_png"]
