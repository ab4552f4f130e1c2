"""Draw the furnishing-tile supply: a grid with name, cost and points of each tile.

Tiles still available are drawn in full; a tile already built is a faded slot in its owner's
colour, so the grid keeps its order and players find tiles where they saw them last. Eight
tiles a row, so that every word reads at phone width (400 px): names in 22 px type (on two
lines if need be, without a bracketed cost, which the glyphs show), costs and points 22 px.
"""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw

from rendering.common import INK, fit_text, font, player_colour

from . import glyphs
from .model import Furnishing
from .squares import CATEGORY_COLOURS, draw_highlight
from .squares import two_lines as _two_lines

COLS = 8
TILE_H = 98
NAME = 22  # a tile's name: 6 px at phone width
ICON = 28  # cost glyphs; their counts are 22 px
GAP = 5
OUTLINE = (90, 75, 60)


def _title_lines(d: ImageDraw.ImageDraw, title: str, width: int) -> tuple[list[str], int]:
    """A tile's name in one line, or two when it does not fit (Japanese names have no spaces:
    they break before a bracket, else in the middle), without its bracketed cost when the
    whole name does not fit; in 22 px type, smaller only for a name no tile holds."""
    short = _before_bracket(title)
    for name in dict.fromkeys((title, short)):
        for lines in ([name], _two_lines(d, name)):
            if all(d.textlength(line, font=font(NAME, True)) <= width for line in lines):
                return lines, NAME
    lines = _two_lines(d, short)
    return lines, min(fit_text(d, line, width, NAME, bold=True, min_size=9) for line in lines)


def _before_bracket(name: str) -> str:
    """Return ``name`` without a closing bracketed part ("簡素な住居（木材4、石材2）")."""
    for mark in ("（", "("):
        if name.find(mark) > 0:
            return name[:name.find(mark)].strip()
    return name


@lru_cache(maxsize=128)
def tile_card(name: str, category: str, cost: tuple[tuple[str, int], ...], points: int,
              width: int) -> Image.Image:
    """Return one available tile: category colour, name, cost glyphs and a points badge."""
    image = Image.new("RGB", (width, TILE_H), (250, 247, 240))
    d = ImageDraw.Draw(image)
    d.rounded_rectangle((0, 0, width - 1, TILE_H - 1), radius=7,
                        fill=CATEGORY_COLOURS.get(category, (220, 220, 220)), outline=OUTLINE,
                        width=2)
    if category == "yellow":  # a folded corner: yellow and green differ by shape too
        d.polygon([(2, 2), (16, 2), (2, 16)], fill=(176, 132, 20))
    lines, size = _title_lines(d, name, width - 10)
    for i, line in enumerate(lines):
        d.text((width / 2, 5 + i * (size + 3)), line, font=font(size, True), fill=INK, anchor="ma")
    _cost_row(image, d, cost, 6, TILE_H - ICON - 7, width - 50)
    glyphs.badge(d, (width - 22, TILE_H - 22), str(points), 36, (255, 255, 255), INK)
    return image


def _cost_row(image: Image.Image, d: ImageDraw.ImageDraw, cost, x: int, y: int,
              width: int) -> None:
    icon = ICON
    cursor = x
    if not cost:
        d.text((x + 2, y + icon / 2), "0", font=font(NAME, True), fill=INK, anchor="lm")
        return
    for kind, count in cost:
        if not glyphs.has_glyph(kind):
            continue
        step = glyphs.counted(image, d, kind, count, (cursor, y), icon)
        cursor += step + 2
        if cursor > x + width:
            break


@lru_cache(maxsize=64)
def taken_slot(name: str, owner: int | None, width: int) -> Image.Image:
    """Return the faded slot of a tile that is already built (owner's colour when known)."""
    image = Image.new("RGB", (width, TILE_H), (250, 247, 240))
    d = ImageDraw.Draw(image)
    fill = (236, 232, 224)
    if owner is not None:
        r, g, b = player_colour(owner)
        fill = (int(r * .25 + 236 * .75), int(g * .25 + 232 * .75), int(b * .25 + 224 * .75))
    d.rounded_rectangle((2, 2, width - 3, TILE_H - 3), radius=7, fill=fill,
                        outline=(200, 192, 180), width=1)
    lines, size = _title_lines(d, name, width - 12)
    for i, line in enumerate(lines):
        d.text((width / 2, 8 + i * (size + 3)), line, font=font(size), fill=(130, 122, 112),
               anchor="ma")
    if owner is not None:
        dot = glyphs.dwarf(player_colour(owner), 30)
        image.paste(dot, (width - 38, TILE_H - 38), dot)
    return image


def draw_furnishings(canvas: Image.Image, tiles: list[Furnishing], x: int, y: int,
                     width: int) -> int:
    """Draw the tile grid at (x, y); return the height used."""
    if not tiles:
        return 0
    tile_w = (width - GAP * (COLS - 1)) // COLS
    d = ImageDraw.Draw(canvas)
    for i, tile in enumerate(tiles):
        tx = x + (i % COLS) * (tile_w + GAP)
        ty = y + (i // COLS) * (TILE_H + GAP)
        if tile.available:
            cost = tuple(tile.cost.items())
            canvas.paste(tile_card(tile.name, tile.category, cost, tile.points, tile_w), (tx, ty))
        else:
            canvas.paste(taken_slot(tile.name, tile.owner, tile_w), (tx, ty))
        if tile.highlight:
            draw_highlight(d, (tx - 2, ty - 2, tx + tile_w + 1, ty + TILE_H + 1), 4)
    rows = -(-len(tiles) // COLS)
    return rows * (TILE_H + GAP)


def furnishings_height(tiles: list[Furnishing]) -> int:
    """The height :func:`draw_furnishings` uses."""
    return -(-len(tiles) // COLS) * (TILE_H + GAP) if tiles else 0
