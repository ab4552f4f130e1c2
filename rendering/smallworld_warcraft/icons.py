"""Icons of the Warcraft board: entry anchors, Murlocs and the special tokens.

Magic, cavern, mountain and fort reuse the Small World icons; the rest are drawn here from
primitives, so no glyph font is needed.
"""

from __future__ import annotations

from PIL import ImageDraw

from rendering.common import INK, draw_centred
from rendering.smallworld import icons as base

Point = tuple[float, float]
WHITE = (255, 255, 255)
RIM = base.RIM


def _disc(draw: ImageDraw.ImageDraw, c: Point, r: float, fill) -> None:
    draw.ellipse((c[0] - r, c[1] - r, c[0] + r, c[1] + r), fill=fill, outline=RIM, width=2)


def entry(draw, c: Point, r: float) -> None:
    """Draw the entry-region anchor: a white anchor on navy."""
    _disc(draw, c, r, (30, 50, 110))
    x, y = c
    w = max(2, int(r * 0.18))
    draw.line((x, y - r * 0.55, x, y + r * 0.6), fill=WHITE, width=w)
    draw.line((x - r * 0.35, y - r * 0.25, x + r * 0.35, y - r * 0.25), fill=WHITE, width=w)
    draw.arc((x - r * 0.6, y - r * 0.2, x + r * 0.6, y + r * 0.7), 20, 160, fill=WHITE, width=w)
    draw.ellipse((x - r * 0.15, y - r * 0.8, x + r * 0.15, y - r * 0.5), outline=WHITE, width=w)


def murloc(draw, c: Point, r: float) -> None:
    """Draw a Murloc: a green fish head with a big eye."""
    _disc(draw, c, r, (110, 190, 90))
    x, y = c
    draw.polygon([(x - r * 0.7, y), (x + r * 0.2, y - r * 0.5), (x + r * 0.7, y),
                  (x + r * 0.2, y + r * 0.5)], fill=(60, 130, 60))
    draw.ellipse((x - r * 0.05, y - r * 0.3, x + r * 0.35, y + r * 0.1), fill=WHITE)
    draw.ellipse((x + r * 0.1, y - r * 0.18, x + r * 0.25, y - r * 0.03), fill=INK)


def wisp_wall(draw, c: Point, r: float) -> None:
    """Draw a wisp wall: a glowing teal wisp."""
    _disc(draw, c, r, (40, 90, 110))
    x, y = c
    draw.ellipse((x - r * 0.45, y - r * 0.45, x + r * 0.45, y + r * 0.45), fill=(150, 240, 230))
    draw.ellipse((x - r * 0.2, y - r * 0.2, x + r * 0.2, y + r * 0.2), fill=WHITE)


def fort(draw, c: Point, r: float) -> None:
    """Draw a fort (the Small World fortress icon)."""
    base.fortress(draw, c, r)


def watchtower(draw, c: Point, r: float) -> None:
    """Draw a watchtower: a tall tower with a flag on sky blue."""
    _disc(draw, c, r, (120, 170, 220))
    x, y = c
    draw.rectangle((x - r * 0.25, y - r * 0.45, x + r * 0.25, y + r * 0.65), fill=(90, 80, 70))
    draw.polygon([(x - r * 0.45, y - r * 0.45), (x, y - r * 0.8), (x + r * 0.45, y - r * 0.45)],
                 fill=(150, 40, 40))


def champion(draw, c: Point, r: float) -> None:
    """Draw the Champion: a gold star on deep blue (as the Small World hero)."""
    base.hero(draw, c, r)


def beast(draw, c: Point, r: float) -> None:
    """Draw a beast: a paw print on tan."""
    _disc(draw, c, r, (210, 170, 110))
    x, y = c
    draw.ellipse((x - r * 0.35, y - r * 0.05, x + r * 0.35, y + r * 0.55), fill=INK)
    for dx, dy in ((-0.45, -0.35), (-0.15, -0.6), (0.15, -0.6), (0.45, -0.35)):
        px, py = x + dx * r, y + dy * r
        draw.ellipse((px - r * 0.14, py - r * 0.16, px + r * 0.14, py + r * 0.16), fill=INK)


def bomb(draw, c: Point, r: float) -> None:
    """Draw a face-down bomb: a black ball with a lit fuse (live or dud is hidden)."""
    x, y = c
    draw.ellipse((x - r * 0.85, y - r * 0.6, x + r * 0.75, y + r), fill=(25, 25, 30),
                 outline=RIM, width=2)
    draw.line((x + r * 0.35, y - r * 0.45, x + r * 0.7, y - r * 0.9), fill=(150, 120, 80),
              width=max(2, int(r * 0.15)))
    draw.ellipse((x + r * 0.6, y - r * 1.05, x + r * 0.9, y - r * 0.75), fill=(255, 170, 30))


def objective(draw, c: Point, r: float) -> None:
    """Draw a military objective: a blue flag on white."""
    _disc(draw, c, r, WHITE)
    x, y = c
    draw.line((x - r * 0.4, y - r * 0.7, x - r * 0.4, y + r * 0.7), fill=INK, width=2)
    draw.polygon([(x - r * 0.4, y - r * 0.7), (x + r * 0.6, y - r * 0.4),
                  (x - r * 0.4, y - r * 0.05)], fill=(36, 84, 180))


def face_down(draw, c: Point, r: float) -> None:
    """Draw a face-down artifact / legendary-place marker: a purple tile with a question mark."""
    x, y = c
    draw.rounded_rectangle((x - r, y - r, x + r, y + r), radius=r * 0.3, fill=(80, 50, 120),
                           outline=(240, 200, 80), width=2)
    draw_centred(draw, (x, y + r * 0.05), "?", int(r * 1.5), fill=(240, 200, 80), bold=True)


def artifact(draw, c: Point, r: float) -> None:
    """Draw the artifact sign: a gold diamond."""
    x, y = c
    draw.polygon([(x, y - r), (x + r, y), (x, y + r), (x - r, y)], fill=(240, 196, 60),
                 outline=RIM)


def legendary(draw, c: Point, r: float) -> None:
    """Draw the legendary-place sign: a violet hexagon."""
    x, y = c
    pts = [(x + r * dx, y + r * dy) for dx, dy in ((1, 0), (0.5, 0.87), (-0.5, 0.87), (-1, 0),
                                                     (-0.5, -0.87), (0.5, -0.87))]
    draw.polygon(pts, fill=(150, 90, 210), outline=RIM)


SYMBOLS = {"entry": entry, "magic": base.magic, "cavern": base.cavern,
           "mountain": base.mountain}
PIECES = {"mountain": base.mountain, "murloc": murloc, "wisp_wall": wisp_wall, "fort": fort,
          "watchtower": watchtower, "champion": champion, "beast": beast, "bomb": bomb,
          "objective": objective, "face_down": face_down}
