"""The map part of the Small World image: a cached static layer and the pieces drawn on it."""

from __future__ import annotations

from functools import lru_cache
from typing import Iterator

from PIL import Image, ImageChops, ImageDraw

from rendering.common import HIGHLIGHT, INK, board_locale, font, player_colour, readable_on
from rendering.smallworld import icons
from rendering.smallworld.geometry import load_map, map_shapes
from rendering.smallworld.layout import (
    FRAME,
    HEIGHT,
    ICON_R,
    NUMBER_SIZE,
    PIECE_R,
    WIDTH,
    Slot,
    slots,
    to_px,
)
from rendering.smallworld.style import abbreviation, colour, race_colour, terrain_colour

WHITE = (255, 255, 255)
Point = tuple[float, float]


# ---------------------------------------------------------------- static layer

def _staggered(w: int, h: int, top: int, row: int, step: int) -> Iterator[tuple[int, int]]:
    """Yield the spots of a mark pattern: rows ``row`` apart from ``top``, marks ``step``
    apart, every other row shifted by half a step."""
    for y in range(top, h, row):
        for x in range(((y // row) % 2) * (step // 2), w, step):
            yield x, y


def _waves(draw, w: int, h: int) -> None:
    for x, y in _staggered(w, h, 18, 34, 60):
        draw.arc((x, y, x + 22, y + 12), 200, 340, fill=255, width=2)


def _trees(draw, w: int, h: int) -> None:
    for x, y in _staggered(w, h, 14, 30, 36):
        draw.polygon([(x, y - 7), (x - 6, y + 5), (x + 6, y + 5)], fill=255)


def _humps(draw, w: int, h: int) -> None:
    for x, y in _staggered(w, h, 16, 32, 48):
        draw.arc((x, y, x + 20, y + 16), 200, 340, fill=255, width=2)


def _reeds(draw, w: int, h: int) -> None:
    for x, y in _staggered(w, h, 12, 22, 32):
        draw.line((x, y, x + 12, y), fill=255, width=2)
        draw.line((x + 6, y - 6, x + 6, y), fill=255, width=1)


def _furrows(draw, w: int, h: int) -> None:
    for y in range(10, h, 20):
        draw.line((0, y, w, y), fill=120, width=1)


def _peaks(draw, w: int, h: int) -> None:
    for x, y in _staggered(w, h, 20, 34, 44):
        draw.line((x - 8, y + 5, x, y - 5, x + 8, y + 5), fill=255, width=2)


TEXTURES = {"sea": _waves, "lake": _waves, "forest": _trees, "hill": _humps, "swamp": _reeds,
            "farmland": _furrows, "mountain": _peaks}


def _texture(size: tuple[int, int], terrain: str) -> Image.Image | None:
    """Return a sparse mark pattern for ``terrain`` as a mask, or None for plain terrain."""
    painter = TEXTURES.get(terrain)
    if painter is None:
        return None
    mask = Image.new("L", size, 0)
    painter(ImageDraw.Draw(mask), *size)
    return mask


def _shade(rgb, factor: float):
    return tuple(max(0, min(255, int(c * factor))) for c in rgb)


def _paint_terrain(base: Image.Image, map_id: str) -> None:
    """Fill each region with its terrain colour and a light pattern."""
    records = load_map(map_id)
    draw = ImageDraw.Draw(base)
    for slot, record in zip(slots(map_id), records, strict=True):
        draw.polygon(slot.polygon, fill=terrain_colour(record["terrain"]))
    for terrain in {r["terrain"] for r in records}:
        marks = _texture(base.size, terrain)
        if marks is None:
            continue
        area = Image.new("L", base.size, 0)
        area_draw = ImageDraw.Draw(area)
        for slot, record in zip(slots(map_id), records, strict=True):
            if record["terrain"] == terrain:
                area_draw.polygon(slot.polygon, fill=90)
                area_draw.line(slot.polygon + slot.polygon[:1], fill=0, width=18)
        tone = _shade(terrain_colour(terrain), 0.78 if terrain != "sea" else 1.25)
        base.paste(tone, mask=ImageChops.multiply(marks, area))


def _paint_borders(base: Image.Image, map_id: str) -> None:
    """Draw region borders, the unowned holes and the frame."""
    draw = ImageDraw.Draw(base)
    for hole in map_shapes(map_id).holes:
        draw.polygon([to_px(p) for p in hole], fill=colour("frame"))
    for slot, record in zip(slots(map_id), load_map(map_id), strict=True):
        rim = _shade(terrain_colour(record["terrain"]), 0.84)
        draw.line(slot.polygon + slot.polygon[:1], fill=rim, width=9, joint="curve")
    for slot in slots(map_id):
        draw.line(slot.polygon + slot.polygon[:1], fill=colour("border"), width=3, joint="curve")
    draw.rectangle((0, 0, base.width - 1, base.height - 1), outline=colour("frame"), width=FRAME)


def _paint_labels(base: Image.Image, map_id: str) -> None:
    """Draw each region's number with its symbols after it."""
    draw = ImageDraw.Draw(base)
    for slot in slots(map_id):
        x, y = slot.number_at
        label = str(slot.id)
        draw.text((x, y), label, font=font(NUMBER_SIZE, True), fill=INK, anchor="lm",
                  stroke_width=3, stroke_fill=WHITE)
        x += draw.textlength(label, font=font(NUMBER_SIZE, True)) + 3 + ICON_R
        for symbol in slot.symbols:
            icons.SYMBOLS[symbol](draw, (x, y), ICON_R)
            x += 2 * ICON_R + 3


@lru_cache(maxsize=8)
def static_layer(map_id: str) -> Image.Image:
    """Return the board of ``map_id`` with terrain, borders, numbers and symbols (drawn once)."""
    base = Image.new("RGB", (WIDTH, HEIGHT), colour("frame"))
    _paint_terrain(base, map_id)
    _paint_borders(base, map_id)
    _paint_labels(base, map_id)
    return base


# ---------------------------------------------------------------- pieces

@lru_cache(maxsize=1024)
def pill_sprite(race: str | None, declined: bool, count: int, owner: int | None,
                locale: str = "en") -> Image.Image:
    """Return a region occupant marker: race colour (grey if declined), race mark, count.

    An owned marker has a ring in the owner's seat colour, set off by a thin white line.
    ``locale`` (the board's language, which the race mark follows) keys the cache.
    """
    return draw_pill(abbreviation(race), race_colour(race, declined), str(count), owner,
                     dot=race_colour(race) if declined else None)


def draw_pill(mark: str, fill, count_text: str, owner: int | None, dot=None,
              stripe=None) -> Image.Image:
    """Draw an occupant marker: ``mark`` and ``count_text`` (may be empty) on ``fill``.

    ``owner``: a ring in that seat's colour set off by a thin white line; ``dot``: a small
    disc of that colour before the mark (a declined race's own colour); ``stripe``: a band of
    that colour closing the right end (Warcraft's factions).
    """
    f_mark, f_count = font(22, True), font(24, True)  # 6 px at phone width (400 px)
    probe = ImageDraw.Draw(Image.new("RGBA", (1, 1)))
    w_mark = probe.textlength(mark, font=f_mark)
    w_count = probe.textlength(count_text, font=f_count) - (0 if count_text else 4)
    ring = 4 if owner is not None else 0
    band = 8 if stripe is not None else 0
    width, height = int(w_mark + w_count + 25 + 2 * ring + band), 33 + 2 * ring
    sprite = Image.new("RGBA", (width, height), (0, 0, 0, 0))
    draw = ImageDraw.Draw(sprite)
    box = (0, 0, width - 1, height - 1)
    if owner is not None:
        draw.rounded_rectangle(box, radius=height // 2, fill=player_colour(owner))
        box = (ring, ring, width - 1 - ring, height - 1 - ring)
        draw.rounded_rectangle(box, radius=(height - 2 * ring) // 2, fill=WHITE)
        box = (ring + 2, ring + 2, width - 3 - ring, height - 3 - ring)
    radius = (box[3] - box[1]) // 2
    if stripe is not None:
        draw.rounded_rectangle(box, radius=radius, fill=stripe)
        box = (box[0], box[1], box[2] - band, box[3])
    draw.rounded_rectangle(box, radius=radius, fill=fill,
                           outline=None if owner is not None else icons.RIM, width=2)
    ink = readable_on(fill)
    left, mid = box[0] + 8, height / 2
    if dot is not None:
        draw.ellipse((left - 3, mid - 11, left + 5, mid - 3), fill=dot)
    draw.text((left, mid), mark, font=f_mark, fill=ink, anchor="lm")
    if count_text:
        draw.text((left + 4 + w_mark, mid + 1), count_text, font=f_count, fill=ink,
                  anchor="lm")
    return sprite


def _pill(canvas: Image.Image, centre: Point, region: dict) -> None:
    """Paste a region's occupant marker centred on ``centre``."""
    lost = region.get("lost_tribe") and region.get("race") is None
    count = int(region.get("tokens") or 0)
    sprite = pill_sprite("lost_tribes" if lost else region.get("race"),
                         bool(region.get("declined")), max(count, 1) if lost else count,
                         region.get("owner"), board_locale())
    _paste(canvas, sprite, centre)


def _paste(canvas: Image.Image, sprite: Image.Image, centre: Point) -> None:
    canvas.paste(sprite, (int(centre[0] - sprite.width / 2), int(centre[1] - sprite.height / 2)),
                 sprite)


@lru_cache(maxsize=64)
def piece_sprite(piece: str, count: int = 1) -> Image.Image:
    """Return the icon of a special piece (with its count for encampments)."""
    size = 2 * PIECE_R + 12
    sprite = Image.new("RGBA", (size, size), (0, 0, 0, 0))
    draw = ImageDraw.Draw(sprite)
    centre = (size / 2 - 1, size / 2 + 2)
    if piece == "encampment":
        icons.encampment(draw, centre, PIECE_R, count)
    else:
        icons.PIECES[piece](draw, centre, PIECE_R)
    return sprite


def pieces_of(region: dict) -> list[tuple[str, int]]:
    """Return the special pieces on a region as (piece, count) in drawing order."""
    found = [(p, 1) for p in ("troll_lair", "fortress", "hole", "hero", "dragon") if region.get(p)]
    if region.get("encampments"):
        found.append(("encampment", int(region["encampments"])))
    return found


def _pieces(canvas: Image.Image, slot: Slot, region: dict) -> None:
    found = pieces_of(region)
    x, y = slot.pieces_at
    if slot.pieces_centred:
        x -= (len(found) - 1) * (PIECE_R + 2)
    for piece, count in found:
        _paste(canvas, piece_sprite(piece, count), (x, y))
        x += 2 * PIECE_R + 4


def _occupied(region: dict) -> bool:
    """Tell whether a region holds tokens: a race's, or a Lost Tribe (one token, even if the
    view counts it as a flag with no tokens)."""
    if region.get("race") is None:
        return bool(region.get("lost_tribe"))
    return bool(region.get("tokens"))


def draw_board(canvas: Image.Image, top: int, map_id: str, regions: list[dict],
               highlight) -> None:
    """Paste the static board at ``top`` and draw occupants, pieces and highlights on it."""
    canvas.paste(static_layer(map_id), (0, top))
    draw = ImageDraw.Draw(canvas)
    table = slots(map_id)
    for region in regions:
        if not 0 <= region.get("id", -1) < len(table):
            continue
        slot = table[region["id"]].moved(top)
        if _occupied(region):
            _pill(canvas, slot.pill_at, region)
        _pieces(canvas, slot, region)
    for rid in highlight or ():
        if 0 <= rid < len(table):
            outline = table[rid].moved(top).polygon
            draw.line(outline + outline[:1], fill=HIGHLIGHT, width=7, joint="curve")
