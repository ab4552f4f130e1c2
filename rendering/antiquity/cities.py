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


TITLE = 26  # the panel title (name, saint, houses, men): 7 px tall at phone width (400 px)
TITLE_H = 2 * (TITLE + 8) + 8  # room for the title on two lines (wrapped, never shrunk)
GOODS_H = 34  # the goods circles; their counts are 22 px (6 px at phone width)


def grids_top(full: bool) -> int:
    """Return how far below a panel's top its city grids start."""
    return TITLE_H + GOODS_H + (40 if full else 27)


def panel_height(full: bool) -> int:
    """Return the height of one player's panel."""
    return grids_top(full) + grid_height(CELL_FULL if full else CELL_COMPACT) + 10


def title_lines(draw, text: str, width: int) -> tuple[int, list[str]]:
    """Break the panel title into at most two lines of ``width`` pixels, at its separators or
    spaces, in 26 px type (smaller only for a name too long for two lines); return the size
    and the lines."""
    for size in range(TITLE, 9, -2):
        lines = _break(draw, text, size, width)
        if len(lines) <= 2:
            break
    return size, lines


def _break(draw, text: str, size: int, width: int) -> list[str]:
    lines, line = [], ""
    for char in text:
        if draw.textlength(line + char, font=font(size, True)) <= width or not line:
            line += char
            continue
        cut = max(line.rfind(" "), line.rfind("・"))
        head, tail = (line[:cut + 1], line[cut + 1:]) if cut > 0 else (line, "")
        lines.append(head.strip())
        line = tail + char
    return lines + ([line] if line else [])


def draw_panel(canvas: Image.Image, x: int, y: int, width: int, seat: int, p: dict,
               names, full: bool, last_cells: set) -> int:
    """Draw one player's panel at (x, y) on ``canvas``; return its height.

    The static parts (the goods strip, each empty city grid with its numbers and label) are
    drawn once per size and language and pasted; only what changes is drawn each time.
    """
    draw = ImageDraw.Draw(canvas)
    colour = PIECE_COLOURS.get(p.get("colour"), GREY)
    text = phrase("board.panel_out" if p["eliminated"] else "board.panel",
                  name=seat_name(names, seat), saint=word(f"saint.{p['saint'] or 'none'}"),
                  houses=len(p["houses"]), men=p["idle"])
    size, lines = title_lines(draw, text, width - 16)
    draw.rectangle([x, y, x + width, y + 8 + (size + 8) * len(lines)], fill=colour)
    for i, line in enumerate(lines):
        draw.text((x + 8, y + 4 + (size + 8) * i), line, font=font(size, True),
                  fill=readable_on(colour))
    _goods(canvas, draw, x + 6, y + TITLE_H, width - 12, p["goods"])
    cell = CELL_FULL if full else CELL_COMPACT
    gx = x + (22 if full else 6)
    for index, city in enumerate(p["cities"]):
        gx += _grid(canvas, draw, gx, y + grids_top(full), cell, index, city, p, last_cells)
        gx += 28 if full else 10
    return panel_height(full)


def _goods_step(width: int) -> int:
    return min(90, width // len(GOODS))


def _goods(canvas, draw, x, y, width, goods: dict) -> None:
    step = _goods_step(width)
    canvas.paste(_goods_strip(step, board_locale()), (x, y))
    for i, kind in enumerate(GOODS):
        cx = x + i * step + 16
        draw.text((cx + 19, y + 16), str(goods.get(kind, 0)), font=font(22, True),
                  fill=INK if goods.get(kind) else GREY, anchor="lm")


@lru_cache(maxsize=32)
def _goods_strip(step: int, locale: str) -> Image.Image:
    """Return the goods circles with their abbreviations (counts are drawn beside them)."""
    strip = Image.new("RGB", (len(GOODS) * step, GOODS_H - 1), PAPER)
    draw = ImageDraw.Draw(strip)
    for i, kind in enumerate(GOODS):
        cx = i * step + 16
        fill = GOOD_COLOUR[kind]
        draw.ellipse([cx - 16, 0, cx + 16, 32], fill=fill, outline=INK)
        draw_centred(draw, (cx, 16), word(f"abbr.{kind}"), 16, fill=readable_on(fill))
    return strip


def grid_margins(cell: int) -> tuple[int, int]:
    """Return the room left of and above a grid template (row numbers; numbers and label).

    Compact grids have no numbers and stand 10 pixels apart: nothing left of them.
    """
    return (20, 40) if cell >= 30 else (0, 27)


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
              font=font(22, True), fill=INK, anchor="lb")
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
