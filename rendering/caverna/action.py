"""Draw the action board: fixed spaces grouped by board, then the twelve round spaces.

At most eight cards a row (the round spaces six), so that every word reads at phone width
(400 px): names in 22 px type on up to three lines, the printed gains, goods and harvest
words 22 px too.
"""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw

from rendering.common import INK, PAPER, board_locale, fit_text, font, player_colour

from . import glyphs
from .labels import harvest_label
from .layout import columns, sections
from .model import Space, Table
from .squares import draw_highlight

COLS = 8  # fixed action spaces a row

GAP = 6
SPACE_H = 156
CARD_H = 150  # a round space's card; its harvest marker below
MARKER_H = 52
ROUND_H = CARD_H + MARKER_H
ROUND_COLS = 6
TEXT = 22  # every word on a card: 6 px at phone width
SECTION_TINTS = {"small": (232, 222, 200), "basic": (226, 214, 188), "extra": (214, 206, 190)}
STAGE_TINTS = {1: (222, 232, 210), 2: (212, 226, 236), 3: (236, 222, 206), 4: (230, 214, 226)}
CARD_BACK = (92, 78, 66)
OUTLINE = (90, 75, 60)


def _wrap(d: ImageDraw.ImageDraw, title: str, width: int, size: int) -> tuple[list[str], int]:
    """Split ``title`` into lines of ``width`` pixels in bold ``size`` type, between words
    (or between characters in a name without spaces); shrunk only when a line of a single
    word or character does not fit."""
    tokens = title.split(" ") if " " in title else list(title)
    joiner = " " if " " in title else ""
    lines, line = [], ""
    for token in tokens:
        candidate = f"{line}{joiner}{token}" if line else token
        if line and d.textlength(candidate, font=font(size, True)) > width:
            lines.append(line)
            candidate = token
        line = candidate
    lines.append(line)
    return lines, min(fit_text(d, line, width, size, bold=True) for line in lines)


@lru_cache(maxsize=256)
def card_base(title: str, width: int, height: int, tint: tuple[int, int, int],
              top_label: str = "", hint: tuple = ()) -> Image.Image:
    """Return a card with its title and printed hint drawn (cached: they never change)."""
    image = Image.new("RGB", (width, height), (250, 247, 240))
    d = ImageDraw.Draw(image)
    d.rounded_rectangle((0, 0, width - 1, height - 1), radius=8, fill=tint, outline=OUTLINE,
                        width=2)
    y = 6
    if top_label:
        d.text((8, y), top_label, font=font(TEXT, True), fill=(110, 95, 80), anchor="la")
        y += TEXT + 2
    lines, size = _wrap(d, title, width - 12, TEXT)
    for i, line in enumerate(lines):
        d.text((width / 2, y + i * (size + 3)), line, font=font(size, True), fill=INK,
               anchor="ma")
    if hint:
        _hint_row(image, d, hint, y + len(lines) * (size + 3) + 2, width)
    return image


HINT_MARKS = {"acc": "↻", "alt": "/", "gain": "+"}
HINT_INK = (105, 92, 80)


def _hint_row(image: Image.Image, d: ImageDraw.ImageDraw, hint: tuple, y: int,
              width: int) -> None:
    """Draw the printed replenishment (↻) and fixed gains (+) small and centred."""
    for icon in (24, 22):
        size = font(TEXT, True)
        parts, previous = [], None
        for kind, good, amount in hint:
            mark = HINT_MARKS[kind] if kind != previous else ""
            parts.append((mark, amount, good))
            previous = kind
        widths = [d.textlength(f"{m}{a}", font=size) + icon + 6 for m, a, _ in parts]
        if sum(widths) <= width - 10:
            break
    x = (width - sum(widths)) / 2
    for (mark, amount, good), step in zip(parts, widths, strict=True):
        d.text((x, y + icon / 2), f"{mark}{amount}", font=size, fill=HINT_INK, anchor="lm")
        glyphs.paste(image, good, (x + step - icon - 5, y), icon)
        x += step


def _goods_width(d: ImageDraw.ImageDraw, goods: dict[str, int], icon: int = 28) -> int:
    """Return the width of a row of accumulated goods (glyph and count each)."""
    items = [(k, n) for k, n in goods.items() if n > 0 and glyphs.has_glyph(k)]
    fs = font(int(icon * .8), True)
    return sum(icon + 4 + int(d.textlength(str(n), font=fs)) + 8 for _, n in items) - 8


def _goods(canvas: Image.Image, d: ImageDraw.ImageDraw, goods: dict[str, int], x: int, y: int,
           width: int, icon: int = 28) -> None:
    """Draw accumulated goods centred in a row (glyph and count each)."""
    items = [(k, n) for k, n in goods.items() if n > 0 and glyphs.has_glyph(k)]
    if not items:
        return
    total = _goods_width(d, goods, icon)
    if total > width:
        icon = max(16, int(icon * width / total))
        total = width
    cursor = x + max(0, (width - total) / 2)
    for kind, count in items:
        cursor += glyphs.counted(canvas, d, kind, count, (cursor, y), icon) + 8


def draw_space(canvas: Image.Image, space: Space, box: tuple[int, int, int, int],
               tint: tuple[int, int, int], top_label: str = "") -> None:
    """Draw one action space card: title, goods, the dwarf on it, imitation cost, highlight."""
    x0, y0, x1, y1 = box
    card = space_card(space.name, x1 - x0, y1 - y0, tint, top_label,
                      tuple(space.goods.items()), space.occupant, space.note, space.hint)
    canvas.paste(card, (x0, y0))
    if space.highlight:
        draw_highlight(ImageDraw.Draw(canvas), (x0 - 2, y0 - 2, x1 + 1, y1 + 1), 5)


@lru_cache(maxsize=256)
def space_card(title: str, w: int, h: int, tint: tuple[int, int, int], top_label: str,
               goods: tuple[tuple[str, int], ...], occupant: tuple[int, int] | None,
               note: str, hint: tuple = ()) -> Image.Image:
    """Return a finished space card (cached on everything it shows)."""
    if occupant is not None:
        tint = _blend(tint, player_colour(occupant[0]), .3)
    image = card_base(title, w, h, tint, top_label, hint).copy()
    d = ImageDraw.Draw(image)
    disc = 42
    raised = (occupant and len(goods) > 1) or _goods_width(d, dict(goods)) > w - disc - 16
    _goods(image, d, dict(goods), 6, h - disc - 8 - (34 if raised else 0),
           w - 12 if raised else w - disc - 16)
    if note:
        glyphs.paste(image, "food", (8, h - 32), 26)
        d.text((38, h - 19), note, font=font(TEXT, True), fill=INK, anchor="lm")
    if occupant is not None:
        seat, weapon = occupant
        icon = glyphs.dwarf(player_colour(seat), disc, weapon)
        image.paste(icon, (w - disc - 6, h - disc - 6), icon)
    return image


def _blend(a, b, t: float) -> tuple[int, int, int]:
    return tuple(int(a[i] * (1 - t) + b[i] * t) for i in range(3))


def draw_fixed(canvas: Image.Image, table: Table, x: int, y: int, width: int) -> int:
    """Draw the fixed action spaces in a grid, tinted by board; return the height used."""
    fixed = [s for s in table.spaces if not s.round]
    if not fixed:
        return 0
    cols = columns(len(fixed), COLS)
    card_w = (width - GAP * (cols - 1)) // cols
    tints = [SECTION_TINTS.get(label, (220, 210, 190))
             for label, start, end in sections(len(fixed), table.players)
             for _ in range(start, end)]
    for i, space in enumerate(fixed):
        cx = x + (i % cols) * (card_w + GAP)
        cy = y + (i // cols) * (SPACE_H + GAP)
        draw_space(canvas, space, (cx, cy, cx + card_w, cy + SPACE_H), tints[i])
    rows = -(-len(fixed) // cols)
    return rows * (SPACE_H + GAP)


def fixed_height(table: Table, width: int) -> int:
    """The height :func:`draw_fixed` uses."""
    fixed = sum(1 for s in table.spaces if not s.round)
    return -(-fixed // columns(fixed, COLS)) * (SPACE_H + GAP) if fixed else 0


def rounds_height(table: Table, width: int) -> int:
    """The height :func:`draw_rounds` uses."""
    slots = len(table.round_slots)
    return -(-slots // columns(slots, ROUND_COLS)) * (ROUND_H + GAP) if slots else 0


def draw_rounds(canvas: Image.Image, table: Table, x: int, y: int, width: int) -> int:
    """Draw the round spaces left to right with their harvest markers; return height used."""
    slots = table.round_slots
    if not slots:
        return 0
    cols = columns(len(slots), ROUND_COLS)
    card_w = (width - GAP * (cols - 1)) // cols
    d = ImageDraw.Draw(canvas)
    for i, slot in enumerate(slots):
        cx = x + (i % cols) * (card_w + GAP)
        cy = y + (i // cols) * (ROUND_H + GAP)
        box = (cx, cy, cx + card_w, cy + CARD_H)
        stage = slot.stage
        label = f"{slot.round}"
        if slot.space is None:
            canvas.paste(_card_back(card_w, CARD_H, label), (cx, cy))
        else:
            draw_space(canvas, slot.space, box, STAGE_TINTS.get(stage, (230, 230, 230)), label)
        _supplies(canvas, d, slot.supplies, cx + 4, cy + 4, card_w - 8)
        _harvest(canvas, slot.harvest, cx, cy + CARD_H + 2, card_w)
        if slot.round == table.round:
            d.rounded_rectangle((cx - 3, cy - 3, cx + card_w + 3, cy + CARD_H + 3), radius=9,
                                outline=INK, width=3)
    return -(-len(slots) // cols) * (ROUND_H + GAP)


@lru_cache(maxsize=32)
def _card_back(width: int, height: int, label: str) -> Image.Image:
    image = Image.new("RGB", (width, height), (250, 247, 240))
    d = ImageDraw.Draw(image)
    d.rounded_rectangle((0, 0, width - 1, height - 1), radius=8, fill=CARD_BACK, outline=OUTLINE,
                        width=2)
    d.text((8, 6), label, font=font(TEXT, True), fill=(220, 205, 185), anchor="la")
    d.text((width / 2, height / 2 + 6), "?", font=font(40, True), fill=(150, 130, 110),
           anchor="mm")
    return image


def _supplies(canvas: Image.Image, d: ImageDraw.ImageDraw, supplies, x: int, y: int,
              width: int) -> None:
    """Mark goods waiting for a seat on a round space (suppliers): small coloured chips."""
    cursor = x + width
    for seat, kind, count in supplies[:4]:
        cursor -= 44
        d.rounded_rectangle((cursor, y, cursor + 42, y + 28), radius=5,
                            fill=player_colour(seat), outline=OUTLINE)
        glyphs.paste(canvas, kind, (cursor + 3, y + 3), 22)
        if count > 1:
            d.text((cursor + 40, y + 14), str(count), font=font(TEXT, True), fill=INK,
                   anchor="rm")


HARVEST_GLYPH = {"normal": "leaf", "green": "leaf", "feed1": "food", "red": "red",
                 "choice": "red", "skip": "red", "hidden": "hidden"}


def _harvest(canvas: Image.Image, kind: str, x: int, y: int, width: int) -> None:
    """Draw the harvest marker of a round: icon and a short word."""
    canvas.paste(_harvest_strip(kind, width, board_locale()), (x, y))


@lru_cache(maxsize=32)
def _harvest_strip(kind: str, width: int, locale: str) -> Image.Image:
    """Return a round's harvest marker in ``locale`` (the key of the cache)."""
    image = Image.new("RGB", (width, MARKER_H - 2), PAPER)
    d = ImageDraw.Draw(image)
    if kind == "none":
        d.text((width / 2, 18), "—", font=font(TEXT, True), fill=(170, 160, 150), anchor="mm")
        return image
    icon = 22
    text = harvest_label(kind)
    size = fit_text(d, text, width - icon - 10, TEXT, bold=True, min_size=12)
    left = (width - icon - 6 - d.textlength(text, font=font(size, True))) / 2
    glyphs.paste(image, HARVEST_GLYPH.get(kind, "hidden"), (left, 12), icon)
    d.text((left + icon + 6, 23), text, font=font(size, True), fill=(90, 80, 70), anchor="lm")
    return image
