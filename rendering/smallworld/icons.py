"""Small round icons for map symbols and special pieces, drawn from primitives and glyphs."""

from __future__ import annotations

from PIL import ImageDraw

from rendering.common import INK, draw_centred

Point = tuple[float, float]
WHITE = (255, 255, 255)
RIM = (40, 32, 26)


def _disc(draw: ImageDraw.ImageDraw, c: Point, r: float, fill) -> None:
    draw.ellipse((c[0] - r, c[1] - r, c[0] + r, c[1] + r), fill=fill, outline=RIM, width=2)


def _glyph(draw, c: Point, r: float, glyph: str, fill, colour=WHITE) -> None:
    _disc(draw, c, r, fill)
    draw_centred(draw, (c[0], c[1] + r * 0.06), glyph, int(r * 1.35), fill=colour, bold=True)


def mine(draw, c: Point, r: float) -> None:
    """Draw the mine symbol: hammer and pick on gold."""
    _glyph(draw, c, r, "\u2692", (222, 170, 40), INK)


def magic(draw, c: Point, r: float) -> None:
    """Draw the magic source symbol: a four-point star on violet."""
    _disc(draw, c, r, (130, 60, 190))
    x, y = c
    tip, waist = r * 0.72, r * 0.2
    draw.polygon([(x, y - tip), (x + waist, y - waist), (x + tip, y), (x + waist, y + waist),
                  (x, y + tip), (x - waist, y + waist), (x - tip, y), (x - waist, y - waist)],
                 fill=WHITE)


def cavern(draw, c: Point, r: float) -> None:
    """Draw the cavern symbol: a dark arch in grey stone."""
    _disc(draw, c, r, (150, 140, 130))
    x, y = c
    w, h = r * 0.55, r * 0.6
    draw.pieslice((x - w, y - h, x + w, y + h * 1.2), 180, 360, fill=(25, 20, 18))
    draw.rectangle((x - w, y + h * 0.1, x + w, y + h * 0.75), fill=(25, 20, 18))


def mountain(draw, c: Point, r: float) -> None:
    """Draw the mountain marker: two peaks with snow caps."""
    _disc(draw, c, r, (225, 218, 205))
    x, y = c
    base = y + r * 0.55
    draw.polygon([(x - r * 0.8, base), (x - r * 0.25, y - r * 0.55), (x + r * 0.3, base)],
                 fill=(110, 95, 85))
    draw.polygon([(x - r * 0.2, base), (x + r * 0.3, y - r * 0.25), (x + r * 0.8, base)],
                 fill=(90, 78, 70))
    draw.polygon([(x - r * 0.43, y - r * 0.2), (x - r * 0.25, y - r * 0.55),
                  (x - r * 0.07, y - r * 0.2)], fill=WHITE)


def troll_lair(draw, c: Point, r: float) -> None:
    """Draw a troll's lair: a skull on troll violet."""
    _glyph(draw, c, r, "\u2620", (70, 45, 150))


def fortress(draw, c: Point, r: float) -> None:
    """Draw a fortress: a castle tower on slate."""
    x, y = c
    draw.rounded_rectangle((x - r, y - r, x + r, y + r), radius=r * 0.25, fill=(90, 100, 115),
                           outline=RIM, width=2)
    left, right, top, base = x - r * 0.5, x + r * 0.5, y - r * 0.6, y + r * 0.6
    merlon = (right - left) / 5
    draw.rectangle((left, top + merlon, right, base), fill=WHITE)
    for i in (0, 2, 4):
        draw.rectangle((left + i * merlon, top, left + (i + 1) * merlon, top + merlon),
                       fill=WHITE)
    draw.pieslice((x - merlon, base - merlon * 2.2, x + merlon, base - merlon * 0.2), 180, 360,
                  fill=(90, 100, 115))
    draw.rectangle((x - merlon, base - merlon * 1.2, x + merlon, base), fill=(90, 100, 115))


def encampment(draw, c: Point, r: float, count: int = 1) -> None:
    """Draw encampments: a tent with the number of them."""
    _disc(draw, c, r, (236, 214, 160))
    x, y = c
    draw.polygon([(x - r * 0.75, y + r * 0.55), (x, y - r * 0.65), (x + r * 0.75, y + r * 0.55)],
                 fill=(170, 110, 50), outline=RIM)
    draw.polygon([(x - r * 0.18, y + r * 0.55), (x, y), (x + r * 0.18, y + r * 0.55)], fill=RIM)
    if count > 1:
        badge = (x + r * 0.85, y - r * 0.75)
        _disc(draw, badge, r * 0.55, WHITE)
        draw_centred(draw, badge, str(count), int(r * 0.85), fill=INK, bold=True)


def hole(draw, c: Point, r: float) -> None:
    """Draw a hole-in-the-ground: a dark pit with an earth rim."""
    x, y = c
    draw.ellipse((x - r, y - r * 0.75, x + r, y + r * 0.75), fill=(150, 105, 60), outline=RIM,
                 width=2)
    draw.ellipse((x - r * 0.6, y - r * 0.4, x + r * 0.6, y + r * 0.4), fill=(20, 15, 10))


def hero(draw, c: Point, r: float) -> None:
    """Draw a hero: a gold star on deep blue."""
    _glyph(draw, c, r, "\u2605", (30, 50, 120), (250, 200, 40))


def dragon(draw, c: Point, r: float) -> None:
    """Draw the dragon: a flame on red."""
    _disc(draw, c, r, (200, 30, 30))
    x, y = c
    draw.polygon([(x, y - r * 0.75), (x + r * 0.5, y + r * 0.05), (x + r * 0.35, y + r * 0.5),
                  (x, y + r * 0.65), (x - r * 0.35, y + r * 0.5), (x - r * 0.5, y + r * 0.05)],
                 fill=(255, 190, 40))
    draw.polygon([(x, y - r * 0.1), (x + r * 0.22, y + r * 0.3), (x, y + r * 0.5),
                  (x - r * 0.22, y + r * 0.3)], fill=(255, 245, 200))


SYMBOLS = {"mine": mine, "magic": magic, "cavern": cavern, "mountain": mountain}
PIECES = {"troll_lair": troll_lair, "fortress": fortress, "encampment": encampment,
          "hole": hole, "hero": hero, "dragon": dragon}
