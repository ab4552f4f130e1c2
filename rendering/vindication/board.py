"""The island map: hexes (discovered regions, control), triangles (ids, starts), medals."""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw

from rendering.common import GREY, HIGHLIGHT, INK, PAPER, draw_centred, player_colour, readable_on
from rules.vindication.data import board

from . import geometry as geo
from .labels import region_name, word

SEA = (168, 205, 226)
TRIANGLE = (236, 226, 200)
UNDISCOVERED = (120, 124, 130)
REGION_COLOURS = {
    "academy": (255, 236, 160), "ancient_tomb": (170, 215, 170), "arcane_tower": (205, 180, 230),
    "command_post": (240, 170, 150), "fort": (235, 140, 130), "gaping_maw": (250, 190, 120),
    "holy_spire": (255, 225, 120), "inn": (250, 205, 150), "library": (150, 190, 240),
    "monastery": (170, 200, 235), "shrine": (255, 240, 190), "well_of_wishes": (150, 225, 220),
    "temple_ruins": (210, 200, 170), "sacred_stones": (200, 200, 210),
}


@lru_cache(maxsize=1)
def static_layer() -> Image.Image:
    """Draw the sea, the triangles with their ids and the start numbers (cached)."""
    width, height = geo.size()
    image = Image.new("RGB", (width, height), SEA)
    draw = ImageDraw.Draw(image)
    for tid, tri in board()["triangles"].items():
        draw.polygon(geo.triangle_polygon(tid), fill=TRIANGLE, outline=(190, 175, 140))
        cx, cy = geo.triangle_centre(tid)
        label = tid[1:] if "start" not in tri else f"{tid[1:]}·S{tri['start']}"
        draw_centred(draw, (cx, cy), label, 13 if "start" not in tri else 12, fill=(110, 95, 70))
    return image


def draw_map(data: dict, highlight_hexes: set, highlight_triangles: set) -> Image.Image:
    """Return the map with regions, control markers, medals and the last move marked."""
    image = static_layer().copy()
    draw = ImageDraw.Draw(image)
    for tid in highlight_triangles:
        draw.polygon(geo.triangle_polygon(tid), fill=(255, 200, 200), outline=HIGHLIGHT)
    for hid, (tile, owner) in data["hexes"].items():
        _draw_hex(draw, data, hid, tile, owner, hid in highlight_hexes)
    for player in data["players"]:
        _draw_medal(draw, player, player["seat"] == data["current"])
    return image


def _draw_hex(draw, data, hid, tile, owner, marked) -> None:
    polygon = geo.hex_polygon(hid)
    fill = REGION_COLOURS.get(tile, (220, 220, 220)) if tile else UNDISCOVERED
    outline = player_colour(owner) if owner is not None else (90, 90, 90)
    draw.polygon(polygon, fill=fill, outline=outline, width=7 if owner is not None else 2)
    if marked:
        draw.polygon(polygon, outline=HIGHLIGHT, width=4)
    cx, cy = geo.hex_centre(hid)
    draw_centred(draw, (cx, cy - 40), hid, 14, fill=INK if tile else PAPER)
    if tile is None:
        draw_centred(draw, (cx, cy), "?", 30, fill=PAPER, bold=True)
        return
    _region_label(draw, region_name(tile), cx, cy)
    if owner is not None:
        colour = player_colour(owner)
        draw.ellipse((cx - 13, cy + 22, cx + 13, cy + 48), fill=colour, outline=INK)
        draw_centred(draw, (cx, cy + 35), str(owner + 1), 14, fill=readable_on(colour), bold=True)
    wishes = data.get("wishes", {}).get(hid)
    if wishes:
        draw_centred(draw, (cx, cy + 56), " ".join(wishes), 11)


def _region_label(draw, name: str, cx: float, cy: float) -> None:
    words = name.split()
    half = len(words) // 2 + len(words) % 2
    lines = [name] if len(name) <= 10 or len(words) == 1 else [
        " ".join(words[:half]), " ".join(words[half:])]
    top = cy - 9 * (len(lines) - 1) - 4
    for i, line in enumerate(lines):
        draw_centred(draw, (cx, top + 18 * i), line, 16, bold=True)


def _draw_medal(draw, player: dict, current: bool) -> None:
    cx, cy = geo.triangle_centre(player["triangle"])
    colour = player_colour(player["seat"])
    radius = 15
    draw.ellipse((cx - radius, cy - radius, cx + radius, cy + radius), fill=colour,
                 outline=HIGHLIGHT if current else INK, width=4 if current else 2)
    draw_centred(draw, (cx, cy), str(player["seat"] + 1), 16, fill=readable_on(colour), bold=True)


def legend_text() -> str:
    """Return the short legend under the map."""
    return f"? = {word('board.empty')}"


__all__ = ["GREY", "draw_map", "legend_text", "static_layer"]
