"""Each player's panel: name, saint, houses and men, goods, and the city grids (:mod:`.grids`)."""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw

from rendering.common import GREY, INK, PAPER, board_locale, font, readable_on

from .grids import draw_grid, grid_places
from .hexmap import GOOD_COLOUR
from .labels import phrase, seat_name, word
from .palette import PIECE_COLOURS

GOODS = ("grain", "olives", "sheep", "fish", "wine", "dye", "pearls", "gold", "wood", "stone")
TITLE = 26  # the panel title (name, saint, houses, men): 7 px tall at phone width (400 px)
TITLE_H = 2 * (TITLE + 8) + 8  # room for the title on two lines (wrapped, never shrunk)
GOOD = 22  # a good's abbreviation (on its chip) and its count (below): 6 px at phone width
CHIP_W, CHIP_H = 46, 34
GOODS_H = 8 + CHIP_H + GOOD + 14  # a gap, the chips, the counts below them and a gap


def grids_top() -> int:
    """Return how far below a panel's top its city grids start."""
    return TITLE_H + GOODS_H


def panel_height(width: int, p: dict) -> int:
    """Return the height of player record ``p``'s panel drawn ``width`` pixels wide."""
    return grids_top() + grid_places(p["cities"], width - 12)[1] + 10


def title_lines(draw, text: str, width: int) -> tuple[int, list[str]]:
    """Break the panel title into at most two lines of ``width`` pixels, at its separators or
    spaces, in 26 px type (smaller only for a name too long for two lines); return the size
    and the lines."""
    for size in range(TITLE, 9, -2):
        lines = break_lines(draw, text, size, width)
        if len(lines) <= 2:
            break
    return size, lines


def break_lines(draw, text: str, size: int, width: int) -> list[str]:
    """Break ``text`` into lines of ``width`` pixels in bold ``size`` type, at a space or a
    "・" where there is one (else anywhere)."""
    return list(_lines(text, size, width))


@lru_cache(maxsize=1024)
def _lines(text: str, size: int, width: int) -> tuple[str, ...]:
    """Return :func:`break_lines` of ``text`` (cached: the same titles come on every board)."""
    if _PROBE.textlength(text, font=font(size, True)) <= width:
        return (text,)
    lines, line = [], ""
    for char in text:
        if _PROBE.textlength(line + char, font=font(size, True)) <= width or not line:
            line += char
            continue
        cut = max(line.rfind(" "), line.rfind("・"))
        head, tail = (line[:cut + 1], line[cut + 1:]) if cut > 0 else (line, "")
        lines.append(head.strip())
        line = tail + char
    return tuple(lines + ([line] if line else []))


_PROBE = ImageDraw.Draw(Image.new("RGB", (1, 1)))


def panel_facts(p: dict) -> dict:
    """Return what :func:`draw_panel` draws of player record ``p`` (the key of a panel drawn
    before)."""
    return {key: p.get(key) for key in ("colour", "eliminated", "saint", "houses", "idle",
                                        "goods", "cities", "graves", "buildings")}


def draw_panel(canvas: Image.Image, x: int, y: int, width: int, seat: int, p: dict,
               names, last_cells: set) -> int:
    """Draw one player's panel at (x, y) on ``canvas``, ``width`` pixels wide; return its
    height.

    The static parts (the goods chips, each empty city grid with its numbers and label) are
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
    _goods(canvas, draw, x + 6, y + TITLE_H + 8, width - 12, p["goods"])
    places, _ = grid_places(p["cities"], width - 12)
    for index, (city, (dx, dy)) in enumerate(zip(p["cities"], places, strict=True)):
        draw_grid(canvas, x + 6 + dx, y + grids_top() + dy, index, city, p, last_cells)
    return panel_height(width, p)


def _goods_step(width: int) -> int:
    return min(96, width // len(GOODS))


def _goods(canvas, draw, x, y, width, goods: dict) -> None:
    step = _goods_step(width)
    canvas.paste(_goods_strip(step, board_locale()), (x, y))
    for i, kind in enumerate(GOODS):
        draw.text((x + i * step + CHIP_W / 2, y + CHIP_H + 3), str(goods.get(kind, 0)),
                  font=font(GOOD, True), fill=INK if goods.get(kind) else GREY, anchor="ma")


@lru_cache(maxsize=32)
def _goods_strip(step: int, locale: str) -> Image.Image:
    """Return the goods chips with their abbreviations (counts are drawn below them)."""
    strip = Image.new("RGB", (len(GOODS) * step, CHIP_H + 1), PAPER)
    draw = ImageDraw.Draw(strip)
    for i, kind in enumerate(GOODS):
        fill = GOOD_COLOUR[kind]
        draw.rounded_rectangle([i * step, 0, i * step + CHIP_W, CHIP_H], radius=10, fill=fill,
                               outline=INK)
        draw.text((i * step + CHIP_W / 2, CHIP_H / 2), word(f"abbr.{kind}"),
                  font=font(GOOD, True), fill=readable_on(fill), anchor="mm")
    return strip
