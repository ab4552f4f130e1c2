"""Draw home-board squares: cached backgrounds per landscape kind, then their contents."""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw

from rendering.common import HIGHLIGHT, INK, font

from . import glyphs
from .model import Cell

KIND_COLOURS = {
    "forest": (82, 128, 70),
    "meadow": (156, 208, 112),
    "pasture": (156, 208, 112),
    "field": (176, 124, 72),
    "mountain": (118, 112, 108),
    "cavern": (196, 164, 122),
    "tunnel": (160, 150, 138),
    "deep_tunnel": (130, 120, 112),
    "ore_mine": (112, 122, 150),
    "ruby_mine": (176, 98, 110),
    "entry_dwelling": (236, 214, 170),
}
CATEGORY_COLOURS = {"dwelling": (236, 214, 170), "green": (184, 222, 166),
                    "yellow": (244, 222, 128)}
FENCE = (120, 70, 25)
GRID_LINE = (60, 50, 45)


def background_colour(kind: str, category: str = "") -> tuple[int, int, int]:
    """Return the base colour of a square of ``kind`` (furnished: its tile category)."""
    if category in CATEGORY_COLOURS:
        return CATEGORY_COLOURS[category]
    return KIND_COLOURS.get(kind, (200, 200, 200))


def _trees(d: ImageDraw.ImageDraw, s: int) -> None:
    for x, y in ((.22, .3), (.62, .22), (.42, .62), (.8, .66)):
        d.polygon([(s * (x - .1), s * (y + .14)), (s * x, s * (y - .12)),
                   (s * (x + .1), s * (y + .14))], fill=(62, 104, 54))


def _rocks(d: ImageDraw.ImageDraw, s: int) -> None:
    for x, y in ((.25, .3), (.68, .28), (.45, .7)):
        d.polygon([(s * (x - .14), s * (y + .1)), (s * (x - .02), s * (y - .1)),
                   (s * (x + .14), s * (y + .1))], fill=(98, 92, 88))


def _furrows(d: ImageDraw.ImageDraw, s: int) -> None:
    for i in range(1, 5):
        y = s * i / 5
        d.line([(s * .08, y), (s * .92, y)], fill=(146, 98, 52), width=max(1, s // 40))


def _grass(d: ImageDraw.ImageDraw, s: int) -> None:
    for x, y in ((.2, .25), (.7, .2), (.3, .75), (.78, .7), (.5, .48)):
        d.line([(s * x, s * y), (s * (x - .04), s * (y - .08))], fill=(110, 170, 80), width=2)
        d.line([(s * x, s * y), (s * (x + .04), s * (y - .08))], fill=(110, 170, 80), width=2)


def _tunnel(d: ImageDraw.ImageDraw, s: int, deep: bool = False) -> None:
    d.rectangle((s * .3, 0, s * .7, s), fill=(120, 110, 100) if not deep else (92, 84, 78))
    if deep:
        d.line([(s * .5, 0), (s * .5, s)], fill=(70, 64, 60), width=max(1, s // 30))


def _cave_arch(d: ImageDraw.ImageDraw, s: int) -> None:
    d.arc((s * .1, s * .1, s * .9, s * 1.3), 180, 360, fill=(150, 120, 88), width=max(1, s // 25))


PATTERNS = {
    "forest": _trees, "mountain": _rocks, "field": _furrows, "meadow": _grass,
    "pasture": _grass, "tunnel": _tunnel, "deep_tunnel": lambda d, s: _tunnel(d, s, True),
    "cavern": _cave_arch, "ore_mine": lambda d, s: _tunnel(d, s, True),
    "ruby_mine": lambda d, s: _tunnel(d, s, True),
}


@lru_cache(maxsize=256)
def square_background(kind: str, category: str, size: int,
                      bonus: tuple[str, int] | None = None) -> Image.Image:
    """Return the background of a square, pattern and unclaimed bonus included (cached)."""
    image = Image.new("RGB", (size, size), background_colour(kind, category))
    d = ImageDraw.Draw(image)
    if not category and size >= 24 and kind in PATTERNS:
        PATTERNS[kind](d, size)
    if kind in ("ore_mine", "ruby_mine") and size >= 24:
        icon = size // 3
        glyphs.paste(image, "ore" if kind == "ore_mine" else "ruby",
                     (size * .06, size - icon - size * .06), icon)
    if bonus and size >= 24:
        _draw_bonus(image, d, bonus, size)
    return image


def _draw_bonus(image: Image.Image, d: ImageDraw.ImageDraw, bonus: tuple[str, int],
                size: int) -> None:
    kind, amount = bonus
    icon = max(10, size // 4)
    x = y = size * .06 + 3
    d.ellipse((x - 3, y - 3, x + icon + 3, y + icon + 3), fill=(250, 247, 240))
    glyphs.paste(image, kind, (x, y), icon)
    d.text((x + icon + 6, y + icon / 2), f"+{amount}", font=font(max(9, icon * 4 // 5), True),
           fill=(250, 250, 250), anchor="lm", stroke_width=2, stroke_fill=(40, 40, 40))


def cell_key(cell: Cell) -> tuple:
    """Return a hashable summary of everything drawn inside a square (highlight excluded)."""
    return (cell.kind, cell.category, cell.tile_name, cell.stable, cell.crop, cell.crop_count,
            tuple(sorted(cell.animals.items())), cell.bonus)


def draw_square(canvas: Image.Image, cell: Cell, xy: tuple[int, int], size: int) -> None:
    """Draw one square with everything on it at ``xy`` (full-size boards)."""
    canvas.paste(_square(cell_key(cell), size), xy)


def draw_mini_square(canvas: Image.Image, cell: Cell, xy: tuple[int, int], size: int) -> None:
    """Draw one square of a compact board: colour, stable, one crop or animal with count."""
    canvas.paste(_mini_square(cell_key(cell), size), xy)


@lru_cache(maxsize=512)
def _square(key: tuple, size: int) -> Image.Image:
    kind, category, tile_name, stable, crop, crop_count, animals, bonus = key
    canvas = square_background(kind, category, size, bonus).copy()
    d = ImageDraw.Draw(canvas)
    if tile_name:
        _tile_title(d, tile_name, 0, 0, size)
    if stable:
        glyphs.paste(canvas, "stable", (size * .68, size * .04), int(size * .28))
    if crop and crop_count:
        _crops(canvas, d, crop, crop_count, 0, 0, size)
    _animals(canvas, d, dict(animals), 0, 0, size)
    d.rectangle((0, 0, size - 1, size - 1), outline=GRID_LINE, width=1)
    return canvas


TITLE = 22  # a tile's name on a full-size square: 6 px at phone width


def _tile_title(d: ImageDraw.ImageDraw, title: str, x: int, y: int, size: int) -> None:
    """Write a tile's name at the top of a full-size square in 22 px type, wrapped between
    words, a word too long for the square broken with a hyphen (never cut or shrunk)."""
    room = size - 8
    for i, line in enumerate(title_lines(d, title, room)):
        d.text((x + size / 2, y + 4 + i * (TITLE + 2)), line, font=font(TITLE, True), fill=INK,
               anchor="ma")


def title_lines(d: ImageDraw.ImageDraw, title: str, room: int) -> list[str]:
    """Return ``title`` in lines of ``room`` pixels of 22 px bold type: between words, a
    word too long for a line hyphenated; a Japanese name in lines of even length."""
    face = font(TITLE, True)
    if " " not in title and not title.isascii():  # Japanese: no spaces, no hyphens
        count = -(-int(d.textlength(title, font=face)) // room)
        step = -(-len(title) // count)
        lines = [title[i:i + step] for i in range(0, len(title), step)]
        if all(d.textlength(line, font=face) <= room for line in lines):
            return lines
    lines, line = [], ""
    for token in title.split(" "):
        candidate = f"{line} {token}" if line else token
        if d.textlength(candidate, font=face) <= room:
            line = candidate
            continue
        if line:
            lines.append(line)
        while d.textlength(token, font=face) > room:
            cut = _hyphen_cut(d, token, room)
            lines.append(token[:cut] if token[cut - 1] == "-" else token[:cut] + "-")
            token = token[cut:]
        line = token
    return lines + [line]


VOWELS = set("aeiouyAEIOUY")
UNSPLIT = {"th", "ch", "sh", "ph", "wh", "gh", "ck", "ng", "qu", "bl", "br", "cl", "cr", "dr",
           "fl", "fr", "gl", "gr", "pl", "pr", "sc", "sk", "sl", "sm", "sn", "sp", "st", "sw",
           "tr"}


def _hyphen_cut(d: ImageDraw.ImageDraw, word: str, room: int) -> int:
    """Return where to break ``word`` so that its head and a hyphen fit ``room``: after a
    hyphen of its own, else between two consonants that do not sound as one ("Black-smith",
    "Slaugh-tering"), else as late as fits."""
    face = font(TITLE, True)
    fits = [i for i in range(2, len(word) - 1)
            if d.textlength(word[:i] + "-", font=face) <= room] or [1]
    own = [i for i in fits if word[i - 1] == "-"]
    split = [i for i in fits if not {word[i - 1], word[i]} & VOWELS and word[i - 1].isalpha()
             and word[i].isalpha() and word[i - 1:i + 1].lower() not in UNSPLIT]
    return (own or split or fits)[-1]


def _crops(canvas: Image.Image, d: ImageDraw.ImageDraw, crop: str, crop_count: int, x: int,
           y: int, size: int) -> None:
    icon = int(size * .34)
    count = min(crop_count, 3)
    step = icon * .72
    start = x + (size - icon - (count - 1) * step) / 2
    for i in range(count):
        glyphs.paste(canvas, crop, (start + i * step, y + size * .3), icon)
    if crop_count > 3:
        d.text((x + size - 6, y + size * .45), f"×{crop_count}", font=font(size // 6, True),
               fill=INK, anchor="rm")


def _animals(canvas: Image.Image, d: ImageDraw.ImageDraw, animals: dict[str, int], x: int,
             y: int, size: int) -> None:
    shown = [(k, n) for k, n in animals.items() if n > 0]
    if not shown:
        return
    icon = int(size * (.34 if len(shown) == 1 else .26))
    row_y = y + size - icon - size * .06
    cursor = x + size * .05
    for kind, count in shown[:3]:
        glyphs.paste(canvas, kind, (cursor, row_y), icon)
        label = str(count)
        fs = max(10, int(size * .2))
        d.text((cursor + icon + 1, row_y + icon / 2), label, font=font(fs, True),
               fill=(255, 255, 255), anchor="lm", stroke_width=2, stroke_fill=(30, 30, 30))
        cursor += icon + d.textlength(label, font=font(fs, True)) + 5


@lru_cache(maxsize=1024)
def _mini_square(key: tuple, size: int) -> Image.Image:
    kind, category, _, stable, crop, crop_count, animals, _ = key
    canvas = square_background(kind, category, size, None).copy()
    d = ImageDraw.Draw(canvas)
    if kind in ("ore_mine", "ruby_mine"):
        glyphs.paste(canvas, "ore" if kind == "ore_mine" else "ruby",
                     (1, size - size // 2 - 1), size // 2)
    thing = _mini_content(dict(animals), crop, crop_count)
    if thing:
        what, count = thing
        icon = int(size * .56)
        glyphs.paste(canvas, what, (1, 2), icon)
        d.text((size - 2, size - 1), str(count), font=font(max(9, size // 2 - 2), True),
               fill=(255, 255, 255), anchor="rd", stroke_width=2, stroke_fill=(30, 30, 30))
    if stable:
        glyphs.paste(canvas, "stable", (size - size * .42, 1), int(size * .4))
    d.rectangle((0, 0, size - 1, size - 1), outline=GRID_LINE, width=1)
    return canvas


def _mini_content(animals: dict[str, int], crop: str | None,
                  crop_count: int) -> tuple[str, int] | None:
    shown = [(k, n) for k, n in animals.items() if n > 0]
    if shown:
        return max(shown, key=lambda kv: kv[1])
    if crop and crop_count:
        return crop, crop_count
    return None


def two_lines(d: ImageDraw.ImageDraw, title: str) -> list[str]:
    """Break a name in two: between words (the most even cut), else before a bracket, else
    in the middle."""
    if " " in title:
        words = title.split()
        cuts = [[" ".join(words[:i]), " ".join(words[i:])] for i in range(1, len(words))]
        return min(cuts, key=lambda lines: max(d.textlength(line, font=font(14, True))
                                               for line in lines))
    for mark in ("（", "("):
        at = title.find(mark)
        if at > 0:
            return [title[:at], title[at:]]
    half = (len(title) + 1) // 2
    return [title[:half], title[half:]] if len(title) > 1 else [title]


def draw_fences(d: ImageDraw.ImageDraw, cells: dict[tuple[int, int], Cell],
                origin: tuple[int, int], pitch: int, width: int, col_offset) -> None:
    """Draw fences around every pasture: along each edge whose neighbour is not the same one."""
    ox, oy = origin
    for (col, row), cell in cells.items():
        if cell.pasture is None:
            continue
        x0, y0 = ox + col_offset(col), oy + row * pitch
        x1, y1 = x0 + pitch - 1, y0 + pitch - 1
        for (dc, dr), line in (((0, -1), (x0, y0, x1, y0)), ((0, 1), (x0, y1, x1, y1)),
                               ((-1, 0), (x0, y0, x0, y1)), ((1, 0), (x1, y0, x1, y1))):
            other = cells.get((col + dc, row + dr))
            if other is None or other.pasture != cell.pasture:
                d.line(line, fill=FENCE, width=width)


def draw_highlight(d: ImageDraw.ImageDraw, box: tuple[float, float, float, float],
                   width: int = 4) -> None:
    """Frame ``box`` in the highlight colour, doubled with white for any background."""
    x0, y0, x1, y1 = box
    d.rectangle((x0, y0, x1, y1), outline=HIGHLIGHT, width=width)
    d.rectangle((x0 + width, y0 + width, x1 - width, y1 - width), outline=(255, 255, 255),
                width=max(1, width // 2))
