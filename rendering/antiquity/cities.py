"""Each player's panel: name, saint, goods and men, and the city grids with buildings."""

from __future__ import annotations

from PIL import ImageDraw

from rendering.common import (
    GREY,
    HIGHLIGHT,
    INK,
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


def draw_panel(draw: ImageDraw.ImageDraw, x: int, y: int, width: int, seat: int, p: dict,
               names, full: bool, last_cells: set) -> int:
    """Draw one player's panel at (x, y); return its height."""
    colour = PIECE_COLOURS.get(p.get("colour"), GREY)
    draw.rectangle([x, y, x + width, y + 30], fill=colour)
    text = phrase("board.panel_out" if p["eliminated"] else "board.panel",
                  name=seat_name(names, seat), saint=word(f"saint.{p['saint'] or 'none'}"),
                  houses=len(p["houses"]), men=p["idle"])
    draw.text((x + 8, y + 15), text, font=font(fit_text(draw, text, width - 16, 18, True),
                                                   True), fill=readable_on(colour), anchor="lm")
    _goods(draw, x + 6, y + 36, width - 12, p["goods"])
    cell = CELL_FULL if full else CELL_COMPACT
    gx = x + (22 if full else 6)
    for index, city in enumerate(p["cities"]):
        gx += _grid(draw, gx, y + (96 if full else 80), cell, index, city, p, last_cells)
        gx += 28 if full else 10
    return panel_height(full)


def _goods(draw, x, y, width, goods: dict) -> None:
    step = min(56, width // len(GOODS))
    if step < 40:
        step = width // len(GOODS)
    for i, kind in enumerate(GOODS):
        cx = x + i * step + 12
        fill = GOOD_COLOUR[kind]
        draw.ellipse([cx - 11, y, cx + 11, y + 22], fill=fill, outline=INK)
        draw_centred(draw, (cx, y + 11), word(f"abbr.{kind}"), 10, fill=readable_on(fill))
        draw.text((cx + 14, y + 11), str(goods.get(kind, 0)), font=font(14, True),
                  fill=INK if goods.get(kind) else GREY, anchor="lm")


def _grid(draw, x, y, cell, index, city, p, last_cells) -> int:
    rows, cols = city["rows"], city["cols"]
    draw.rectangle([x, y, x + cols * cell, y + rows * cell], fill=(250, 250, 245), outline=INK)
    for r in range(rows):
        for c in range(cols):
            draw.rectangle([x + c * cell, y + r * cell, x + (c + 1) * cell, y + (r + 1) * cell],
                           outline=(215, 215, 205))
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
    if cell >= 30:  # row and column numbers for typing "city row,col"
        for c in range(cols):
            draw_centred(draw, (x + c * cell + cell / 2, y - 8), str(c), 11, fill=INK)
        for r in range(rows):
            draw.text((x - 4, y + r * cell + cell / 2), str(r), font=font(11), fill=INK,
                      anchor="rm")
    draw.text((x, y - (16 if cell >= 30 else 2)), phrase("board.city", city=index),
              font=font(13, True), fill=INK, anchor="lb")
    return cols * cell


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
