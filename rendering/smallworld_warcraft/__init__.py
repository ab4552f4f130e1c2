"""Small World of Warcraft board image: the islands with every occupant and token, and panels.

``render(view, last_move=None, names=None)`` reads the view data below and returns a PIL
image 1500 pixels wide. The sea with the islands of a game is drawn once and cached.

View data (``view.data``):
  ``islands``   island ids in board order, e.g. ``["L1", "M1"]``
  ``round``, ``rounds``, ``phase``, ``to_act``, ``current``, ``over``, ``scores``
  ``highlight`` region ids (board indices) to outline, e.g. the last move's regions
  ``regions``   one dict per region: ``id``, ``code`` (``L1-07``), ``race``, ``faction``,
                ``owner``, ``declined``, ``tokens`` (race tokens only), ``beasts``,
                ``champion``, ``murlocs``, ``wisp_wall``, ``fort``, ``watchtower``,
                ``bomb`` (face down), ``objective``,
                ``markers`` (``[{"id": id or None, "face_up": bool}]``; a face-down marker
                carries no id)
  ``combos``    ``[{"race", "power", "coins", "cost"}]``, position 0 first
  ``players``   ``[{"seat", "coins" (own / game over only), "harmony",
                "active": {"race", "power", "hand", "form", "champion_in_hand",
                "beasts_in_hand"} | None,
                "declined": {"race", "power"} | None}]``
  ``bomb_pile``, ``marker_pool``  sizes of the face-down piles
"""

from __future__ import annotations

from typing import Sequence

from PIL import Image, ImageDraw

from rendering.common import PAPER
from rendering.smallworld_warcraft import board, panels
from rendering.smallworld_warcraft.islands import WIDTH, board_height
from rules.core import View

GAME_NAME = "smallworld_warcraft"
PRELOAD = (("L1", "M1"), ("L1", "M1", "S1"), ("L1", "M1", "M2", "S1"),
           ("L1", "L2", "M1", "S1", "S2"))


def preload(boards: tuple[tuple[str, ...], ...] = PRELOAD) -> None:
    """Build and cache the island shapes and some sea layers now."""
    for island_ids in boards:
        board.static_layer(island_ids)


def render(view: View, last_move: str | None = None,
           names: Sequence[str] | None = None) -> Image.Image:
    """Draw the Warcraft ``view``, outlining highlighted regions and captioning ``last_move``.

    ``names`` are the players' display names by seat ("Player N" without them).
    """
    data = dict(view.data, names=list(names or []))
    island_ids = tuple(data.get("islands") or ("L1", "M1"))
    height = _height(data, island_ids, last_move)
    canvas = Image.new("RGB", (WIDTH, height), PAPER)
    draw = ImageDraw.Draw(canvas)
    panels.header(draw, data, WIDTH)
    top = panels.HEADER_H
    board.draw_board(canvas, top, island_ids, list(data.get("regions") or []),
                     data.get("highlight") or [])
    y = top + board_height(island_ids)
    if last_move:
        y += panels.caption(draw, y, WIDTH, last_move)
    y += panels.combos(draw, y, WIDTH, list(data.get("combos") or []))
    y += panels.players(draw, y, WIDTH, data)
    panels.key(canvas, draw, y, WIDTH, data)
    return canvas


def _height(data: dict, island_ids: tuple[str, ...], last_move: str | None) -> int:
    """Return the image height for the islands and panels this view needs."""
    height = panels.HEADER_H + board_height(island_ids) + 40 + panels.COMBO_H + panels.GAP
    height += panels.players_height(len(data.get("players") or [])) + panels.KEY_H
    return height + (panels.CAPTION_H if last_move else 0)
