"""Each player's panel: name, saint, goods and men, and the city grids with buildings."""

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
    fit_text,
    font,
    readable_on,
)

from .hexmap import GOOD_COLOUR
from .labels import phrase, seat_name, word
from .palette import PIECE_COLOURS

BUILDING_COLOUR = {
    "cart_shop": (196, 150, 90), "storage": (180, 160, 120), "fountain": (120, 190, 230),
    "market": (240, 200, 90), "harbour": (90, 140, 200), "stable": (170, 120, 80),
    "explorer": (140, 200, 140), "dump": (120, 110, 100), "hospital": (240, 240, 240),
    "forced_labour": (150, 80, 80), "university": (110, 90, 170),
    "faculty_theology": (160, 140, 210), "faculty_biology": (150, 210, 150),
    "faculty_alchemy": (210, 170, 110), "faculty_philosophy": (200, 160, 200),
    "cathedral": (250, 230, 170), "brewery": (170, 110, 60), "granary": (220, 190, 110),
    "house": (235, 225, 205),
}
CELL_FULL = 34
CELL_COMPACT = 24
GOODS = ("grain", "olives", "sheep", "fish", "wine", "dye", "pearls", "gold", "wood", "stone")


def grid_height(cell: int) -> int:
    """Return the height of a row of city grids drawn with ``cell`` pixels per cell."""
    return 7 * cell + 6


def panel_height(full: bool) -> int:
    """Return the height of one player's panel."""
    return (96 if full else 80) + grid_height(CELL_FULL if full else CELL_COMPACT) + 10


def draw_panel(canvas: Image.Image, x: int, y: int, width: int, seat: int, p: dict,
               names, full: bool, last_cells: set) -> int:
    """Draw one player's panel at (x, y) on ``canvas``; return its height.

    The static parts (the goods strip, each empty city grid with its numbers and label) are
    drawn once per size and language and pasted; only what changes is drawn each time.
    """
    draw = ImageDraw.Draw(canvas)
    colour = PIECE_COLOURS.get(p.get("colour"), GREY)
    draw.rectangle([x, y, x + width, y + 30], fill=colour)
    text = phrase("board.panel_out" if p["eliminated"] else "board.panel",
                  name=seat_name(names, seat), saint=word(f"saint.{p['saint'] or 'none'}"),
                  houses=len(p["houses"]), men=p["idle"])
    draw.text((x + 8, y + 15), text, font=font(fit_text(draw, text, width - 16, 18, True),
                                                   True), fill=readable_on(colour), anchor="lm")
    _goods(canvas, draw, x + 6, y + 36, width - 12, p["goods"])
    cell = CELL_FULL if full else CELL_COMPACT
    gx = x + (22 if full else 6)
    for index, city in enumerate(p["cities"]):
        gx += _grid(canvas, draw, gx, y + (96 if full else 80), cell, index, city, p, last_cells)
        gx += 28 if full else 10
    return panel_height(full)


def _goods_step(width: int) -> int:
    step = min(56, width // len(GOODS))
    return width // len(GOODS) if step < 40 else step


def _goods(canvas, draw, x, y, width, goods: dict) -> None:
    step = _goods_step(width)
    canvas.paste(_goods_strip(step, board_locale()), (x, y))
    for i, kind in enumerate(GOODS):
        cx = x + i * step + 12
        draw.text((cx + 14, y + 11), str(goods.get(kind, 0)), font=font(14, True),
                  fill=INK if goods.get(kind) else GREY, anchor="lm")


@lru_cache(maxsize=32)
def _goods_strip(step: int, locale: str) -> Image.Image:
    """Return the goods circles with their abbreviations (counts are drawn beside them)."""
    strip = Image.new("RGB", (len(GOODS) * step, 23), PAPER)
    draw = ImageDraw.Draw(strip)
    for i, kind in enumerate(GOODS):
        cx = i * step + 12
        fill = GOOD_COLOUR[kind]
        draw.ellipse([cx - 11, 0, cx + 11, 22], fill=fill, outline=INK)
        draw_centred(draw, (cx, 11), word(f"abbr.{kind}"), 10, fill=readable_on(fill))
    return strip


def grid_margins(cell: int) -> tuple[int, int]:
    """Return the room left of and above a grid template (row numbers; numbers and label).

    Compact grids have no numbers and stand 10 pixels apart: nothing left of them.
    """
    return (20, 30) if cell >= 30 else (0, 17)


def _grid(canvas, draw, x, y, cell, index, city, p, last_cells) -> int:
    rows, cols = city["rows"], city["cols"]
    left, top = grid_margins(cell)
    canvas.paste(_grid_template(rows, cols, cell, index, board_locale()), (x - left, y - top))
    for b in p["buildings"].values():
        if b["city"] == index:
            _building(draw, x, y, cell, b)
    for cy, r, c in p["graves"]:
        if cy == index:
            _grave(draw, x + c * cell, y + r * cell, cell)
    for cy, r, c in last_cells:
        if cy == index:
            draw.rectangle([x + c * cell, y + r * cell, x + (c + 1) * cell, y + (r + 1) * cell],
                           outline=HIGHLIGHT, width=3)
    return cols * cell


@lru_cache(maxsize=64)
def _grid_template(rows: int, cols: int, cell: int, index: int, locale: str) -> Image.Image:
    """Return an empty city grid with its row and column numbers and its label."""
    left, top = grid_margins(cell)
    image = Image.new("RGB", (left + cols * cell + 1, top + rows * cell + 1), PAPER)
    draw = ImageDraw.Draw(image)
    x, y = left, top
    draw.rectangle([x, y, x + cols * cell, y + rows * cell], fill=(250, 250, 245), outline=INK)
    for r in range(rows):
        for c in range(cols):
            draw.rectangle([x + c * cell, y + r * cell, x + (c + 1) * cell, y + (r + 1) * cell],
                           outline=(215, 215, 205))
    if cell >= 30:  # row and column numbers for typing "city row,col"
        for c in range(cols):
            draw_centred(draw, (x + c * cell + cell / 2, y - 8), str(c), 11, fill=INK)
        for r in range(rows):
            draw.text((x - 4, y + r * cell + cell / 2), str(r), font=font(11), fill=INK,
                      anchor="rm")
    draw.text((x, y - (16 if cell >= 30 else 2)), phrase("board.city", city=index),
              font=font(13, True), fill=INK, anchor="lb")
    return image


def _building(draw, x, y, cell, b) -> None:
    fill = BUILDING_COLOUR[b["type"]]
    if not b["functioning"]:
        fill = tuple((v + 200) // 2 for v in fill)
    cells = [tuple(c) for c in b["cells"]]
    for r, c in cells:
        draw.rectangle([x + c * cell + 1, y + r * cell + 1, x + (c + 1) * cell - 1,
                        y + (r + 1) * cell - 1], fill=fill)
    for r, c in cells:  # outline only the piece's outer edges
        for dr, dc, edge in ((-1, 0, "top"), (1, 0, "bottom"), (0, -1, "left"), (0, 1, "right")):
            if (r + dr, c + dc) not in cells:
                _edge(draw, x + c * cell, y + r * cell, cell, edge)
    if cell < 20:
        return
    r0, c0 = min(cells)
    label = str(b["number"]) if b["type"] == "house" else word(f"abbr.{b['type']}")
    draw_centred(draw, (x + c0 * cell + cell / 2, y + r0 * cell + cell / 2), label,
                 12 if cell >= 30 else 9,
                 fill=readable_on(fill), bold=True)
    if b["staffed"]:
        r1, c1 = max(cells)
        cx, cy = x + c1 * cell + cell - 9, y + r1 * cell + cell - 9
        draw.ellipse([cx - 6, cy - 6, cx + 6, cy + 6], fill=INK)


def _edge(draw, x, y, cell, edge) -> None:
    points = {"top": [(x, y), (x + cell, y)], "bottom": [(x, y + cell), (x + cell, y + cell)],
              "left": [(x, y), (x, y + cell)], "right": [(x + cell, y), (x + cell, y + cell)]}
    draw.line(points[edge], fill=INK, width=2)


def _grave(draw, x, y, cell) -> None:
    m = max(3, cell // 5)
    draw.rectangle([x + m, y + m, x + cell - m, y + cell - m], fill=(40, 40, 40))
    draw.line([(x + cell / 2, y + m + 2), (x + cell / 2, y + cell - m - 2)], fill=(230, 230, 230),
              width=2)
    draw.line([(x + m + 3, y + cell / 2 - 2), (x + cell - m - 3, y + cell / 2 - 2)],
              fill=(230, 230, 230), width=2)
