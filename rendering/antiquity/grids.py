"""A player's city grids: the empty grid with its row and column numbers and its label, the
buildings with their names, staffing dots and graves.

Every grid is drawn at one cell size, :data:`CELL`, large enough that a building's name
(22 px at least, about 6 px at phone width) fits the longest row of its cells left free of
graves, even a one-cell piece (a fountain, a house number, a storage or explorer turned
upright). Grids flow left to right and wrap to a new row when the next one does not fit the
panel: two grids side by side in a half-width panel, all four in a full-width one.
"""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw

from rendering.common import HIGHLIGHT, INK, PAPER, board_locale, font, readable_on

from .labels import phrase, word

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
CELL = 50  # pixels per city cell: 13 px at phone width, room for a 22 px name in one cell
LABEL = 26  # a building's name, shrunk to fit its row of cells, never below LABEL_MIN
LABEL_MIN = 22
NUMBER = 22  # row and column numbers (for typing "city row,col"): 6 px at phone width
CITY = 24  # "city 0" above each grid
LEFT = 24  # room for the row numbers, left of a grid
TOP = 54  # room for the city label and the column numbers, above a grid
GAP = 14  # between two grids side by side
ROW_GAP = 10  # between two rows of grids


def grid_box(rows: int, cols: int) -> tuple[int, int]:
    """Return the width and height a grid takes with its numbers and label."""
    return LEFT + cols * CELL + 1, TOP + rows * CELL + 1


def grid_places(cities: list[dict], width: int) -> tuple[list[tuple[int, int]], int]:
    """Return where each city grid goes (its top-left, numbers included) in a strip
    ``width`` pixels wide, wrapping to a new row when the next grid does not fit, and the
    strip's height."""
    places, x, y, row_h = [], 0, 0, 0
    for city in cities:
        w, h = grid_box(city["rows"], city["cols"])
        if x and x + w > width:
            x, y, row_h = 0, y + row_h + ROW_GAP, 0
        places.append((x, y))
        x, row_h = x + w + GAP, max(row_h, h)
    return places, y + row_h


def draw_grid(canvas: Image.Image, x: int, y: int, index: int, city: dict, p: dict,
              last_cells: set) -> None:
    """Draw city ``index`` of player record ``p`` with its top-left (numbers included) at
    (x, y), framing the ``last_cells`` (city, row, col) the last move named."""
    canvas.paste(_template(city["rows"], city["cols"], index, board_locale()), (x, y))
    draw = ImageDraw.Draw(canvas)
    x, y = x + LEFT, y + TOP
    graves = {(r, c) for cy, r, c in p["graves"] if cy == index}
    for b in p["buildings"].values():
        if b["city"] == index:
            _building(draw, x, y, b, graves)
    for r, c in graves:
        _grave(draw, x + c * CELL, y + r * CELL)
    for cy, r, c in last_cells:
        if cy == index:
            draw.rectangle([x + c * CELL, y + r * CELL, x + (c + 1) * CELL, y + (r + 1) * CELL],
                           outline=HIGHLIGHT, width=3)


@lru_cache(maxsize=16)
def _template(rows: int, cols: int, index: int, locale: str) -> Image.Image:
    """Return an empty city grid with its row and column numbers and its label."""
    image = Image.new("RGB", grid_box(rows, cols), PAPER)
    draw = ImageDraw.Draw(image)
    x, y = LEFT, TOP
    draw.rectangle([x, y, x + cols * CELL, y + rows * CELL], fill=(250, 250, 245), outline=INK)
    for r in range(rows):
        for c in range(cols):
            draw.rectangle([x + c * CELL, y + r * CELL, x + (c + 1) * CELL, y + (r + 1) * CELL],
                           outline=(215, 215, 205))
    for c in range(cols):
        draw.text((x + c * CELL + CELL / 2, y - 3), str(c), font=font(NUMBER), fill=INK,
                  anchor="ms")
    for r in range(rows):
        draw.text((x - 5, y + r * CELL + CELL / 2), str(r), font=font(NUMBER), fill=INK,
                  anchor="rm")
    draw.text((x, y - NUMBER - 6), phrase("board.city", city=index), font=font(CITY, True),
              fill=INK, anchor="ls")
    return image


def building_label(b: dict, graves: set) -> tuple[str, int, tuple[float, float], int] | None:
    """Return the name drawn on building ``b``: (text, size, centre relative to the grid's
    top-left, room in pixels), on the longest row of its cells left free of ``graves`` (the
    topmost), or None when every cell is graved."""
    runs = _runs({tuple(c) for c in b["cells"]} - graves)
    if not runs:
        return None
    r, c, length = max(runs, key=lambda run: (run[2], -run[0], -run[1]))
    text = str(b["number"]) if b["type"] == "house" else word(f"abbr.{b['type']}")
    room = length * CELL - 4
    return text, _label_size(text, room), (c * CELL + length * CELL / 2,
                                           r * CELL + CELL * 0.45), room


@lru_cache(maxsize=512)
def _label_size(text: str, room: int) -> int:
    """Return the size of a building's name that fits ``room`` (26 px, down to 22 px)."""
    size = LABEL
    while size > LABEL_MIN and _PROBE.textlength(text, font=font(size, True)) > room:
        size -= 1
    return size


_PROBE = ImageDraw.Draw(Image.new("RGB", (1, 1)))


def _runs(cells: set) -> list[tuple[int, int, int]]:
    """Return (row, first column, length) of each horizontal run of ``cells``."""
    return [(r, c, _run_length(cells, r, c)) for r, c in cells if (r, c - 1) not in cells]


def _run_length(cells: set, r: int, c: int) -> int:
    length = 1
    while (r, c + length) in cells:
        length += 1
    return length


def _building(draw, x, y, b, graves) -> None:
    fill = BUILDING_COLOUR[b["type"]]
    if not b["functioning"]:
        fill = tuple((v + 200) // 2 for v in fill)
    cells = [tuple(c) for c in b["cells"]]
    for r, c in cells:
        draw.rectangle([x + c * CELL + 1, y + r * CELL + 1, x + (c + 1) * CELL - 1,
                        y + (r + 1) * CELL - 1], fill=fill)
    for r, c in cells:  # outline only the piece's outer edges
        for dr, dc, edge in ((-1, 0, "top"), (1, 0, "bottom"), (0, -1, "left"), (0, 1, "right")):
            if (r + dr, c + dc) not in cells:
                _edge(draw, x + c * CELL, y + r * CELL, edge)
    label = building_label(b, graves)
    if label:
        text, size, (cx, cy), _ = label
        draw.text((x + cx, y + cy), text, font=font(size, True), fill=readable_on(fill),
                  anchor="mm")
    if b["staffed"]:
        r1, c1 = max(cells)
        cx, cy = x + c1 * CELL + CELL - 9, y + r1 * CELL + CELL - 9
        draw.ellipse([cx - 6, cy - 6, cx + 6, cy + 6], fill=INK)


def _edge(draw, x, y, edge) -> None:
    points = {"top": [(x, y), (x + CELL, y)], "bottom": [(x, y + CELL), (x + CELL, y + CELL)],
              "left": [(x, y), (x, y + CELL)], "right": [(x + CELL, y), (x + CELL, y + CELL)]}
    draw.line(points[edge], fill=INK, width=2)


def _grave(draw, x, y) -> None:
    m = CELL // 5
    draw.rectangle([x + m, y + m, x + CELL - m, y + CELL - m], fill=(40, 40, 40))
    draw.line([(x + CELL / 2, y + m + 3), (x + CELL / 2, y + CELL - m - 3)],
              fill=(230, 230, 230), width=3)
    draw.line([(x + m + 5, y + CELL / 2 - 3), (x + CELL - m - 5, y + CELL / 2 - 3)],
              fill=(230, 230, 230), width=3)
