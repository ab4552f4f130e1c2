"""Draw Caverna goods, animals, crops, dwarfs and markers as small cached RGBA icons.

Every glyph is drawn with Pillow primitives at three times its size and scaled down, so the
edges are smooth; each (kind, size) pair is drawn once and cached. Shapes differ as well as
colours, so a colour-blind reader can tell the glyphs apart.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Callable

from PIL import Image, ImageDraw

from rendering.common import INK, draw_centred, font, readable_on

SCALE = 3
OUTLINE = (45, 35, 30, 255)

WOOD = (156, 98, 48)
STONE = (168, 168, 160)
ORE = (84, 96, 122)
RUBY = (205, 25, 70)
FOOD = (232, 150, 40)
GOLD = (240, 196, 40)
GRAIN = (222, 186, 80)
VEGETABLE = (238, 118, 30)
LEAF = (60, 150, 60)


def _oval(draw: ImageDraw.ImageDraw, box, fill, width: int = 1) -> None:
    draw.ellipse(box, fill=fill, outline=OUTLINE, width=width * SCALE)


def _wood(d: ImageDraw.ImageDraw, s: int) -> None:
    d.rounded_rectangle((s * .06, s * .3, s * .9, s * .72), radius=s * .12, fill=WOOD,
                        outline=OUTLINE, width=SCALE)
    _oval(d, (s * .68, s * .3, s * .94, s * .72), (214, 170, 110))
    d.ellipse((s * .76, s * .44, s * .86, s * .58), outline=WOOD, width=SCALE)


def _stone(d: ImageDraw.ImageDraw, s: int) -> None:
    points = [(.18, .3), (.45, .14), (.78, .22), (.92, .55), (.72, .85), (.3, .86), (.08, .6)]
    d.polygon([(x * s, y * s) for x, y in points], fill=STONE, outline=OUTLINE, width=SCALE)
    d.line([(s * .3, s * .45), (s * .5, s * .38)], fill=(230, 230, 225), width=2 * SCALE)


def _ore(d: ImageDraw.ImageDraw, s: int) -> None:
    points = [(.5, .08), (.9, .32), (.84, .76), (.5, .94), (.14, .76), (.1, .32)]
    d.polygon([(x * s, y * s) for x, y in points], fill=ORE, outline=OUTLINE, width=SCALE)
    d.polygon([(s * .5, s * .08), (s * .9, s * .32), (s * .5, s * .5), (s * .1, s * .32)],
              fill=(130, 145, 175))
    d.ellipse((s * .56, s * .2, s * .66, s * .3), fill=(235, 240, 255))


def _ruby(d: ImageDraw.ImageDraw, s: int) -> None:
    points = [(.5, .92), (.08, .38), (.28, .12), (.72, .12), (.92, .38)]
    d.polygon([(x * s, y * s) for x, y in points], fill=RUBY, outline=OUTLINE, width=SCALE)
    d.line([(s * .08, s * .38), (s * .92, s * .38)], fill=(120, 0, 30), width=SCALE)
    d.polygon([(s * .3, s * .16), (s * .5, s * .16), (s * .4, s * .34)], fill=(255, 150, 170))


def _food(d: ImageDraw.ImageDraw, s: int) -> None:
    d.pieslice((s * .06, s * .1, s * .94, s * .88), 0, 180, fill=(150, 90, 50),
               outline=OUTLINE, width=SCALE)
    _oval(d, (s * .1, s * .3, s * .9, s * .62), FOOD)
    d.ellipse((s * .3, s * .36, s * .48, s * .5), fill=(250, 210, 120))


def _gold(d: ImageDraw.ImageDraw, s: int) -> None:
    _oval(d, (s * .08, s * .08, s * .92, s * .92), GOLD)
    d.ellipse((s * .24, s * .24, s * .76, s * .76), outline=(176, 130, 10), width=2 * SCALE)


def _grain(d: ImageDraw.ImageDraw, s: int) -> None:
    d.line([(s * .5, s * .95), (s * .5, s * .1)], fill=(150, 120, 40), width=2 * SCALE)
    for y in (.18, .38, .58):
        _oval(d, (s * .2, s * y, s * .5, s * (y + .2)), GRAIN)
        _oval(d, (s * .5, s * y, s * .8, s * (y + .2)), GRAIN)
    _oval(d, (s * .38, s * .02, s * .62, s * .22), GRAIN)


def _vegetable(d: ImageDraw.ImageDraw, s: int) -> None:
    d.polygon([(s * .22, s * .3), (s * .78, s * .3), (s * .5, s * .96)], fill=VEGETABLE,
              outline=OUTLINE, width=SCALE)
    for x in (.34, .5, .66):
        d.line([(s * .5, s * .3), (s * x, s * .04)], fill=LEAF, width=3 * SCALE)
    d.line([(s * .4, s * .5), (s * .55, s * .5)], fill=(170, 70, 10), width=SCALE)


def _animal(body, head, feature: Callable | None = None) -> Callable:
    """Return a drawer for a four-legged animal facing right, in ``body``/``head`` colours."""

    def draw(d: ImageDraw.ImageDraw, s: int) -> None:
        for x in (.24, .36, .58, .7):
            d.rectangle((s * x, s * .6, s * (x + .07), s * .86), fill=OUTLINE)
        _oval(d, (s * .1, s * .3, s * .8, s * .72), body)
        _oval(d, (s * .62, s * .2, s * .94, s * .5), head)
        if feature:
            feature(d, s)

    return draw


def _sheep_wool(d: ImageDraw.ImageDraw, s: int) -> None:
    for x, y in ((.2, .32), (.36, .26), (.52, .3), (.28, .5), (.46, .5)):
        d.ellipse((s * x, s * y, s * (x + .2), s * (y + .2)), fill=(255, 255, 255),
                  outline=(190, 190, 190), width=SCALE)


def _donkey_ears(d: ImageDraw.ImageDraw, s: int) -> None:
    d.polygon([(s * .7, s * .24), (s * .74, s * .0), (s * .8, s * .22)], fill=(120, 120, 125),
              outline=OUTLINE, width=SCALE)
    d.polygon([(s * .8, s * .24), (s * .88, s * .02), (s * .9, s * .26)], fill=(120, 120, 125),
              outline=OUTLINE, width=SCALE)


def _boar_tusk(d: ImageDraw.ImageDraw, s: int) -> None:
    d.line([(s * .86, s * .42), (s * .96, s * .3)], fill=(250, 250, 240), width=3 * SCALE)
    d.polygon([(s * .2, s * .3), (s * .3, s * .16), (s * .4, s * .3)], fill=(60, 40, 30))
    d.polygon([(s * .38, s * .3), (s * .48, s * .14), (s * .58, s * .3)], fill=(60, 40, 30))


def _cattle_horns(d: ImageDraw.ImageDraw, s: int) -> None:
    d.ellipse((s * .22, s * .38, s * .44, s * .58), fill=(255, 255, 255))
    d.ellipse((s * .46, s * .34, s * .58, s * .46), fill=(255, 255, 255))
    for base, tip in (((.68, .24), (.6, .04)), ((.88, .24), (.96, .04))):
        d.line([(s * base[0], s * base[1]), (s * tip[0], s * tip[1])], fill=(214, 190, 120),
               width=4 * SCALE)


def _dog_ear(d: ImageDraw.ImageDraw, s: int) -> None:
    d.polygon([(s * .66, s * .26), (s * .72, s * .5), (s * .78, s * .24)], fill=(120, 70, 30))
    d.line([(s * .12, s * .44), (s * .02, s * .22)], fill=(200, 140, 70), width=4 * SCALE)


def _stable(d: ImageDraw.ImageDraw, s: int) -> None:
    d.rectangle((s * .16, s * .46, s * .84, s * .92), fill=(186, 120, 60), outline=OUTLINE,
                width=SCALE)
    d.polygon([(s * .04, s * .5), (s * .5, s * .08), (s * .96, s * .5)], fill=(150, 40, 30),
              outline=OUTLINE, width=SCALE)
    d.rectangle((s * .4, s * .62, s * .6, s * .92), fill=(80, 50, 25))


def _begging(d: ImageDraw.ImageDraw, s: int) -> None:
    d.rounded_rectangle((s * .08, s * .08, s * .92, s * .92), radius=s * .15,
                        fill=(120, 120, 120), outline=OUTLINE, width=SCALE)
    d.line([(s * .3, s * .5), (s * .7, s * .5)], fill=(255, 255, 255), width=5 * SCALE)


def _sword(d: ImageDraw.ImageDraw, s: int) -> None:
    d.polygon([(s * .2, s * .8), (s * .74, s * .1), (s * .9, s * .06), (s * .86, s * .22),
               (s * .26, s * .86)], fill=(210, 215, 225), outline=OUTLINE, width=SCALE)
    d.line([(s * .12, s * .6), (s * .4, s * .88)], fill=(120, 80, 40), width=4 * SCALE)
    d.line([(s * .06, s * .94), (s * .22, s * .78)], fill=(120, 80, 40), width=4 * SCALE)


def _leaf(d: ImageDraw.ImageDraw, s: int) -> None:
    d.ellipse((s * .1, s * .2, s * .9, s * .8), fill=LEAF, outline=OUTLINE, width=SCALE)
    d.line([(s * .15, s * .5), (s * .85, s * .5)], fill=(190, 240, 190), width=2 * SCALE)


def _red_marker(d: ImageDraw.ImageDraw, s: int) -> None:
    d.ellipse((s * .08, s * .08, s * .92, s * .92), fill=(190, 40, 40), outline=OUTLINE,
              width=SCALE)
    d.text((s * .5, s * .52), "?", font=font(int(s * .7), True), fill=(255, 255, 255),
           anchor="mm")


def _hidden_marker(d: ImageDraw.ImageDraw, s: int) -> None:
    d.ellipse((s * .08, s * .08, s * .92, s * .92), fill=(110, 100, 90), outline=OUTLINE,
              width=SCALE)
    d.ellipse((s * .34, s * .34, s * .66, s * .66), outline=(170, 160, 150), width=2 * SCALE)


def _start_token(d: ImageDraw.ImageDraw, s: int) -> None:
    d.ellipse((s * .06, s * .06, s * .94, s * .94), fill=(250, 215, 70), outline=OUTLINE,
              width=SCALE)
    points = [(.5, .16), (.6, .42), (.86, .42), (.64, .58), (.72, .84), (.5, .68), (.28, .84),
              (.36, .58), (.14, .42), (.4, .42)]
    d.polygon([(x * s, y * s) for x, y in points], fill=(200, 60, 20))


DRAWERS: dict[str, Callable[[ImageDraw.ImageDraw, int], None]] = {
    "wood": _wood,
    "stone": _stone,
    "ore": _ore,
    "ruby": _ruby,
    "food": _food,
    "gold": _gold,
    "grain": _grain,
    "vegetable": _vegetable,
    "sheep": _animal((250, 250, 250), (40, 40, 40), _sheep_wool),
    "donkey": _animal((150, 150, 155), (150, 150, 155), _donkey_ears),
    "boar": _animal((95, 60, 40), (95, 60, 40), _boar_tusk),
    "cattle": _animal((40, 40, 40), (40, 40, 40), _cattle_horns),
    "dog": _animal((205, 150, 80), (205, 150, 80), _dog_ear),
    "stable": _stable,
    "begging": _begging,
    "weapon": _sword,
    "leaf": _leaf,
    "red": _red_marker,
    "hidden": _hidden_marker,
    "start": _start_token,
}
ALIASES = {"wild_boar": "boar", "cow": "cattle", "cows": "cattle", "vegetables": "vegetable",
           "coins": "gold", "coin": "gold", "rubies": "ruby", "dogs": "dog",
           "begging_markers": "begging", "beg": "begging", "weapons": "weapon"}


def canonical(kind: str) -> str:
    """Return the glyph name used for a goods or animal key of the view."""
    return ALIASES.get(kind, kind)


def has_glyph(kind: str) -> bool:
    """Tell whether a glyph exists for ``kind``."""
    return canonical(kind) in DRAWERS


@lru_cache(maxsize=512)
def glyph(kind: str, size: int) -> Image.Image:
    """Return the ``kind`` icon as an RGBA image of ``size`` x ``size`` pixels."""
    big = size * SCALE
    image = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    DRAWERS[canonical(kind)](ImageDraw.Draw(image), big)
    return image.resize((size, size), Image.LANCZOS)


@lru_cache(maxsize=256)
def dwarf(colour: tuple[int, int, int], size: int, weapon: int = 0, faded: bool = False,
          small: bool = False) -> Image.Image:
    """Return a dwarf disc in ``colour`` with a hat, showing ``weapon`` strength when armed."""
    big = size * SCALE
    image = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    d = ImageDraw.Draw(image)
    fill = tuple(colour) + ((110,) if faded else (255,))
    inset = big * (.2 if small else .04)
    d.ellipse((inset, inset, big - inset, big - inset), fill=fill, outline=OUTLINE,
              width=2 * SCALE)
    if weapon:
        text_colour = readable_on(colour)
        d.text((big / 2, big / 2), str(weapon), font=font(int(big * .5), True), fill=text_colour,
               anchor="mm", stroke_width=SCALE, stroke_fill=colour)
    else:
        d.polygon([(big * .3, big * .56), (big * .5, big * .2), (big * .7, big * .56)],
                  fill=readable_on(colour))
    return image.resize((size, size), Image.LANCZOS)


def paste(canvas: Image.Image, kind: str, xy: tuple[float, float], size: int) -> None:
    """Paste the ``kind`` glyph with its top-left corner at ``xy``."""
    icon = glyph(canonical(kind), size)
    canvas.paste(icon, (int(xy[0]), int(xy[1])), icon)


def counted(canvas: Image.Image, draw: ImageDraw.ImageDraw, kind: str, count: int,
            xy: tuple[float, float], size: int, colour=INK) -> int:
    """Draw a glyph followed by its count; return the width used."""
    chip = _counted_chip(canonical(kind), count, size, tuple(colour))
    canvas.paste(chip, (int(xy[0]), int(xy[1])), chip)
    return chip.width + 2


@lru_cache(maxsize=1024)
def _counted_chip(kind: str, count: int, size: int, colour: tuple) -> Image.Image:
    """Return a glyph and its count as one transparent image (cached)."""
    label = str(count)
    text_font = font(max(10, int(size * .8)), True)
    width = size + 2 + int(ImageDraw.Draw(Image.new("RGB", (1, 1))).textlength(label, text_font))
    image = Image.new("RGBA", (width + 2, size), (0, 0, 0, 0))
    icon = glyph(kind, size)
    image.paste(icon, (0, 0), icon)
    ImageDraw.Draw(image).text((size + 2, size / 2), label, font=text_font, fill=colour,
                               anchor="lm")
    return image


def badge(draw: ImageDraw.ImageDraw, centre: tuple[float, float], text: str, size: int,
          fill, text_fill=None) -> None:
    """Draw a small round badge holding ``text`` (points, counts)."""
    x, y = centre
    r = size / 2
    draw.ellipse((x - r, y - r, x + r, y + r), fill=fill, outline=OUTLINE[:3], width=1)
    draw_centred(draw, centre, text, max(8, int(size * .62)), fill=text_fill or readable_on(fill),
                 bold=True)
