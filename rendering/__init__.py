"""View -> PIL image. Imports ``rules`` types only; each game has its own module or package.

``render(view, last_move=None)`` dispatches on ``view.game`` to the game's renderer:
:mod:`rendering.registry` finds every module or package under ``rendering/`` that defines
``GAME_NAME`` and ``render`` (nothing registers itself).
"""

from .registry import render, render_png

__all__ = ["render", "render_png"]
