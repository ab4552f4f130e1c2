"""Small World board image: the map with every region, its occupants and pieces, and panels.

``render(view, last_move=None)`` reads the view data described in ``.helpers/SW_VIEW.md``
(map, turn track, regions, combos on offer, players) and returns a PIL image about 1500
pixels wide. The map background of each map is drawn once and cached.
"""

from __future__ import annotations

from typing import Sequence

from PIL import Image, ImageDraw

from rendering.common import PAPER
from rendering.smallworld import board, panels
from rules.core import View

GAME_NAME = "smallworld"
HEADER_H = 64
MAPS = ("2p", "3p", "4p", "5p")


def preload(map_ids: tuple[str, ...] = MAPS) -> None:
    """Build and cache the region shapes and map layers now (about a second per map)."""
    for map_id in map_ids:
        board.static_layer(map_id)


def render(view: View, last_move: str | None = None,
           names: Sequence[str] | None = None) -> Image.Image:
    """Draw the Small World ``view``, outlining highlighted regions and captioning ``last_move``.

    ``names`` are the players' display names by seat ("Player N" without them).
    """
    data = dict(view.data, names=list(names or []))
    height = _height(data, last_move)
    canvas = Image.new("RGB", (board.WIDTH, height), PAPER)
    draw = ImageDraw.Draw(canvas)
    panels.header(draw, data, board.WIDTH, HEADER_H)
    board.draw_board(canvas, HEADER_H, data.get("map", "2p"), list(data.get("regions") or []),
                     data.get("highlight") or [])
    y = HEADER_H + board.HEIGHT
    if last_move:
        y += panels.caption(draw, y, board.WIDTH, last_move)
    y += panels.combos(draw, y, board.WIDTH, list(data.get("combos") or []))
    y += panels.players(draw, y, board.WIDTH, data)
    panels.key(canvas, draw, y, board.WIDTH)
    return canvas


def _height(data: dict, last_move: str | None) -> int:
    """Return the image height for the panels this view needs."""
    height = HEADER_H + board.HEIGHT + 40 + panels.COMBO_H + panels.GAP + panels.KEY_H
    if last_move:
        height += 46
    if data.get("players"):
        height += panels.PLAYER_H + 2 * panels.GAP
    return height
