"""Vindication board image: the island (hexes, triangles, medals, control), the card offer,
triggers and tokens, each player's power board and tableau; ``focus_seat`` draws one
player's tableau in full (``/board player``)."""

from __future__ import annotations

import json
from typing import Sequence

from PIL import Image, ImageDraw

from rendering.common import PAPER, board_locale
from rendering.layers import layer_cache
from rules.core import View

from . import board, geometry, myths, panels
from .measure import MEASURE

GAME_NAME = "vindication"
WIDTH = 1400
HEADER_H = 112  # title, who is to act, last move: one line each, readable at phone width
# Player panels drawn (0.4 MB each): a panel is its title band (name, honor, the mark of the
# player to act) over its body (the tableau, about 1.2 ms to draw). A move changes one body,
# and the turn passing changes two title bands: a panel is put together again from its kept
# body (a paste and a title band) when only the turn passed. A bot with a hundred channels has
# a few hundred bodies in play: the last few are kept whole, the ones that came back after
# being let go are zlib-packed (about 25 KB each, 0.4 ms to unpack, 1.2 ms to pack: a body
# never seen again, the one before its player's move, is not packed), up to 16 MB.
PANELS_WHOLE = 16
PANELS_PACKED_BYTES = 16 * 1024 * 1024
BODY_TOP = 7  # a body is drawn 8 rows below its title band (whose last row is its height)


def preload() -> None:
    """Build the static map layer now."""
    board.static_layer()


def _marks(last_move: str | None) -> tuple[set, set]:
    words = (last_move or "").upper().split()
    hexes = {w for w in words if w.startswith("H") and w[1:].isdigit()}
    triangles = {w for w in words if w.startswith("T") and w[1:].isdigit()}
    return hexes, triangles


def render(view: View, last_move: str | None = None, focus_seat: int | None = None,
           names: Sequence[str] | None = None) -> Image.Image:
    """Draw the public or seat ``view``; mark ``last_move``; ``focus_seat`` shows one tableau."""
    data = dict(view.data, names=list(names or []))
    if focus_seat is not None and 0 <= focus_seat < len(data["players"]):
        return _tableau(data, focus_seat, last_move)
    map_image = board.draw_map(data, *_marks(last_move))
    top = HEADER_H + map_image.height + 6  # the side panel goes below the map, in two columns
    column = (WIDTH - 36) // 2
    pictures = [_panel_image(_panel_key(data, player), _body_key(player), column)
                for player in data["players"]]
    rows = [pictures[i:i + 2] for i in range(0, len(pictures), 2)]
    y = _sections(MEASURE, data, top)
    height = y + sum(max(p.height for p in row) for row in rows) + 10 * max(0, len(rows) - 1)
    canvas = Image.new("RGB", (WIDTH, height + 12), PAPER)
    draw = ImageDraw.Draw(canvas)
    panels.header(draw, data, WIDTH, last_move)
    canvas.paste(map_image, ((WIDTH - map_image.width) // 2, HEADER_H))
    _sections(draw, data, top)
    for row in rows:
        for col, panel in enumerate(row):
            canvas.paste(panel, (12 + col * (column + 12), y))
        y += max(p.height for p in row) + 10
    return canvas


def _sections(draw, data: dict, y: int) -> int:
    """Draw the offer, triggers and tokens, the Myths & Marvels board and the final scores
    from ``y``; return the y below them."""
    y += panels.side_panel(draw, data, 12, y, WIDTH - 24) + 10
    y += myths.panel(draw, data, 12, y, WIDTH - 24)  # Myths & Marvels board (7.11), if on
    return y + panels.final_scores(draw, data, 12, y, WIDTH - 24)


def _panel_key(data: dict, player: dict) -> str:
    """The parts of the view one player's panel depends on, as a cache key."""
    current = player["seat"] == data["current"] and not data.get("over")
    names = data.get("names") or []
    name = names[player["seat"]] if player["seat"] < len(names) else None
    return json.dumps([player, current, name, board_locale()], sort_keys=True)


def _body_key(player: dict) -> str:
    """The parts of the view a panel's body depends on, as a cache key."""
    return json.dumps([player, board_locale()], sort_keys=True)


@layer_cache(images=PANELS_WHOLE, max_bytes=0)
def _panel_image(key: str, body_key: str, width: int) -> Image.Image:
    """Put one player's panel together once per distinct content (most panels do not change):
    its title band drawn, its body pasted from the bodies kept."""
    player, current, name, _ = json.loads(key)
    data = {"current": player["seat"] if current else -1, "over": False,
            "names": {player["seat"]: name} if name else {}}
    band = panels.title_band(MEASURE, data, player, 0, 0, width)
    body = _body_image(body_key, width)
    height = band + body.height
    image = Image.new("RGB", (width + 1, height + 1), PAPER)
    draw = ImageDraw.Draw(image)
    panels.title_band(draw, data, player, 0, 0, width)
    image.paste(body, (0, band + 1))
    draw.rectangle((0, 0, width, height), outline=(180, 180, 180))
    return image


@layer_cache(images=PANELS_WHOLE, max_bytes=PANELS_PACKED_BYTES, pack_repeats=True)
def _body_image(key: str, width: int) -> Image.Image:
    """Draw one panel's body (below its title band) once per distinct content."""
    player, _ = json.loads(key)
    bottom = panels.player_body(MEASURE, player, 0, BODY_TOP, width)
    image = Image.new("RGB", (width + 1, bottom + 5), PAPER)
    panels.player_body(ImageDraw.Draw(image), player, 0, BODY_TOP, width)
    return image


def _tableau(data: dict, seat: int, last_move: str | None) -> Image.Image:
    canvas = Image.new("RGB", (1000, 2400), PAPER)
    draw = ImageDraw.Draw(canvas)
    panels.header(draw, data, 1000, last_move)
    height = panels.player_panel(draw, data, data["players"][seat], 12, HEADER_H + 8, 976,
                                 full=True)
    return canvas.crop((0, 0, 1000, HEADER_H + height + 20))


__all__ = ["GAME_NAME", "geometry", "preload", "render"]
