"""The island map: hexes (discovered regions, control), triangles (ids, starts), medals."""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw

from rendering.common import (
    GREY,
    HIGHLIGHT,
    INK,
    PAPER,
    board_locale,
    draw_centred,
    player_colour,
    readable_on,
    words,
)
from rules.core.text import Msg

from . import geometry as geo
from .content import board, wish_tokens
from .guilds import draw_guilds
from .labels import region_name, word
from .myths import draw_cubes

SEA = (168, 205, 226)
TRIANGLE = (236, 226, 200)
UNDISCOVERED = (120, 124, 130)
LABEL = 21  # every word on the map: 6 px at phone width (400 px of the 1400 px board)
REGION_COLOURS = {
    "academy": (255, 236, 160), "ancient_tomb": (170, 215, 170), "arcane_tower": (205, 180, 230),
    "command_post": (240, 170, 150), "fort": (235, 140, 130), "gaping_maw": (250, 190, 120),
    "holy_spire": (255, 225, 120), "inn": (250, 205, 150), "library": (150, 190, 240),
    "monastery": (170, 200, 235), "shrine": (255, 240, 190), "well_of_wishes": (150, 225, 220),
    "temple_ruins": (210, 200, 170), "sacred_stones": (200, 200, 210),
    "crystal_mine": (185, 225, 245), "jewelcrafter": (235, 200, 235),
    "building_site": (215, 205, 185), "ronak": (225, 120, 100), "tuuk_tuuk": (175, 185, 160),
}


def static_layer() -> Image.Image:
    """Draw the sea, the triangles with their ids and the start numbers (cached per language,
    the start mark being a catalog word)."""
    return _static_layer(board_locale())


@lru_cache(maxsize=4)
def _static_layer(locale: str) -> Image.Image:
    width, height = geo.size()
    image = Image.new("RGB", (width, height), SEA)
    draw = ImageDraw.Draw(image)
    for tid, tri in board()["triangles"].items():
        draw.polygon(geo.triangle_polygon(tid), fill=TRIANGLE, outline=(190, 175, 140))
        cx, cy = geo.triangle_centre(tid)
        lines = [tid[1:]]  # 21 px: 6 px at phone width (400 px of 1400)
        if "start" in tri:
            lines.append(words(Msg("vindication.board.start_mark", {"n": tri["start"]})))
        for i, line in enumerate(lines):
            draw_centred(draw, (cx, cy + 24 * i - 12 * (len(lines) - 1)), line, LABEL,
                         fill=(95, 80, 55), bold="start" in tri)
    return image


def draw_map(data: dict, highlight_hexes: set, highlight_triangles: set) -> Image.Image:
    """Return the map with regions, control markers, medals and the last move marked."""
    image = static_layer().copy()
    draw = ImageDraw.Draw(image)
    for tid in highlight_triangles:
        draw.polygon(geo.triangle_polygon(tid), fill=(255, 200, 200), outline=HIGHLIGHT)
    for hid, (tile, owner) in data["hexes"].items():
        wishes = tuple(data.get("wishes", {}).get(hid) or ())
        sprite, mask, corner = _hex_sprite(hid, tile, owner, hid in highlight_hexes, wishes,
                                           board_locale())
        image.paste(sprite, corner, mask)
    draw_cubes(draw, data)  # Myths & Marvels: black cubes around the centre (7.11)
    for player in data["players"]:
        _draw_medal(draw, player, player["seat"] == data["current"])
    draw_guilds(draw, data)  # Guilds & Monuments (7.10)
    return image


@lru_cache(maxsize=512)
def _hex_sprite(hid, tile, owner, marked, wishes, locale):
    """Draw one hex (region, control, wishes) once per distinct look and language; return it
    with its mask and top-left corner on the map."""
    xs = [x for x, _ in geo.hex_polygon(hid)]
    ys = [y for _, y in geo.hex_polygon(hid)]
    left, top = int(min(xs)) - 4, int(min(ys)) - 4
    width, height = int(max(xs)) - left + 5, int(max(ys)) - top + 5
    sprite = Image.new("RGB", (width, height), PAPER)
    mask = Image.new("L", (width, height), 0)
    shifted = [(x - left, y - top) for x, y in geo.hex_polygon(hid)]
    ImageDraw.Draw(mask).polygon(shifted, fill=255, outline=255)
    _draw_hex(ImageDraw.Draw(sprite), shifted, (left, top), hid, tile, owner, marked, wishes)
    return sprite, mask, (left, top)


def _draw_hex(draw, polygon, offset, hid, tile, owner, marked, wishes) -> None:
    fill = REGION_COLOURS.get(tile, (220, 220, 220)) if tile else UNDISCOVERED
    outline = player_colour(owner) if owner is not None else (90, 90, 90)
    draw.polygon(polygon, fill=fill, outline=outline, width=7 if owner is not None else 2)
    if marked:
        draw.polygon(polygon, outline=HIGHLIGHT, width=4)
    cx, cy = geo.hex_centre(hid)
    cx, cy = cx - offset[0], cy - offset[1]
    draw_centred(draw, (cx, cy - 44), hid, LABEL, fill=INK if tile else PAPER, bold=True)
    if tile is None:
        draw_centred(draw, (cx, cy), "?", 30, fill=PAPER, bold=True)
        return
    _region_label(draw, region_name(tile), cx, cy)
    if owner is not None:
        colour = player_colour(owner)
        draw.ellipse((cx - 13, cy + 19, cx + 13, cy + 45), fill=colour, outline=INK)
        draw_centred(draw, (cx, cy + 32), str(owner + 1), LABEL, fill=readable_on(colour),
                     bold=True)
    if wishes:
        draw_centred(draw, (cx, cy + 54), " ".join(wish_label(w) for w in wishes), LABEL,
                     bold=True)


def _region_label(draw, name: str, cx: float, cy: float) -> None:
    words = name.split()
    half = len(words) // 2 + len(words) % 2
    lines = [name] if len(name) <= 10 or len(words) == 1 else [
        " ".join(words[:half]), " ".join(words[half:])]
    top = cy - 11 * (len(lines) - 1) - 4
    for i, line in enumerate(lines):
        draw_centred(draw, (cx, top + 22 * i), line, LABEL, bold=True)


def _draw_medal(draw, player: dict, current: bool) -> None:
    cx, cy = geo.triangle_centre(player["triangle"])
    colour = player_colour(player["seat"])
    radius = 17
    draw.ellipse((cx - radius, cy - radius, cx + radius, cy + radius), fill=colour,
                 outline=HIGHLIGHT if current else INK, width=4 if current else 2)
    draw_centred(draw, (cx, cy), str(player["seat"] + 1), LABEL, fill=readable_on(colour),
                 bold=True)


def wish_label(token: str) -> str:
    """Return a short label for a wish token: an attribute abbreviation or a star, and n."""
    effect = next(w for w in wish_tokens() if w["id"] == token)["effects"][0]
    if effect["op"] == "honor":
        return f"★{effect['n']}"
    return f"{word('board.abbr.' + effect['attr'])}{effect['n']}"


def legend_text() -> str:
    """Return the short legend under the map."""
    return f"? = {word('board.empty')}"


__all__ = ["GREY", "draw_map", "legend_text", "static_layer"]
