"""The map part of the Warcraft image: the islands in open sea (drawn once) and the pieces."""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageChops, ImageDraw

from rendering.common import HIGHLIGHT, INK, board_locale, font
from rendering.layers import layer_cache
from rendering.smallworld.board import TEXTURES, draw_pill
from rendering.smallworld_warcraft import content, icons
from rendering.smallworld_warcraft.islands import (
    TITLE_H,
    WIDTH,
    Placement,
    board_height,
    island_shape,
    placements,
)
from rendering.smallworld_warcraft.style import (
    colour,
    faction_colour,
    name,
    race_colour,
    short,
    terrain_colour,
    text,
)

WHITE = (255, 255, 255)
NUMBER_SIZE = 30
ICON_R = 11
PIECE_R = 15
Point = tuple[float, float]
STATIC_SYMBOLS = ("entry", "magic", "cavern", "mountain")


def region_polygon(place: Placement, code: str) -> list[Point]:
    """Return a region's polygon in board-layer pixels."""
    return [place.to_px(p) for p in island_shape(place.island).polygons[code]]


def region_anchor(place: Placement, code: str) -> Point:
    """Return a region's most interior point in board-layer pixels."""
    return place.to_px(island_shape(place.island).anchors[code][0])


def _shade(rgb, factor: float):
    return tuple(max(0, min(255, int(c * factor))) for c in rgb)


# ---------------------------------------------------------------- static layer

def _sea(base: Image.Image) -> None:
    draw = ImageDraw.Draw(base)
    wave = colour("ocean_wave")
    for y in range(20, base.height, 40):
        for x in range(((y // 40) % 2) * 36, base.width, 72):
            draw.arc((x, y, x + 26, y + 12), 200, 340, fill=wave, width=2)


def _paint_island(base: Image.Image, place: Placement, numbers: dict[str, int]) -> None:
    """Draw one island: sand coast, terrain, textures, borders, title, numbers and symbols."""
    draw = ImageDraw.Draw(base)
    shape = island_shape(place.island)
    coast = [place.to_px(p) for p in shape.coast]
    draw.polygon(coast, fill=colour("sand"))
    draw.line(coast + coast[:1], fill=colour("sand"), width=16, joint="curve")
    regions = content.islands()[place.island].regions
    for region in regions:
        draw.polygon(region_polygon(place, region.code), fill=terrain_colour(region.terrain))
    _textures(base, place)
    for region in regions:
        outline = region_polygon(place, region.code)
        draw.line(outline + outline[:1], fill=_shade(terrain_colour(region.terrain), 0.84),
                  width=9, joint="curve")
    for region in regions:
        outline = region_polygon(place, region.code)
        draw.line(outline + outline[:1], fill=colour("border"), width=3, joint="curve")
    _title(draw, place)
    for region in regions:
        _label(draw, place, region, str(numbers[region.code]))


def _textures(base: Image.Image, place: Placement) -> None:
    """Lay each terrain's light mark pattern over its regions (worked on the island's cell)."""
    left, top, right, bottom = place.cell
    size = (right - left, bottom - top)
    cell = base.crop(place.cell)
    regions = content.islands()[place.island].regions
    for terrain in sorted({r.terrain for r in regions}):
        marks = Image.new("L", size, 0)
        TEXTURES[terrain](ImageDraw.Draw(marks), *size)
        area = Image.new("L", size, 0)
        area_draw = ImageDraw.Draw(area)
        for region in regions:
            if region.terrain == terrain:
                outline = [(x - left, y - top) for x, y in region_polygon(place, region.code)]
                area_draw.polygon(outline, fill=90)
                area_draw.line(outline + outline[:1], fill=0, width=18)
        tone = _shade(terrain_colour(terrain), 0.78 if terrain != "sea" else 1.25)
        cell.paste(tone, mask=ImageChops.multiply(marks, area))
    base.paste(cell, (left, top))


def _title(draw, place: Placement) -> None:
    left, top, right, _ = place.cell
    label = text("label.island", code=place.island, name=name("island", place.island))
    draw.text(((left + right) / 2, top + TITLE_H / 2 + 4), label, font=font(28, True),
              fill=colour("title"), anchor="mm", stroke_width=3, stroke_fill=colour("frame"))


def label_origin(place: Placement, code: str, number: str) -> Point:
    """Return the left end of a region's number label (pixels, vertically centred)."""
    x, y = region_anchor(place, code)
    region = next(r for r in content.islands()[place.island].regions if r.code == code)
    return (x - _label_width(region, number) / 2, y - 30)


def _symbols(region) -> list[str]:
    return [s for s in STATIC_SYMBOLS if s in region.symbols]


def _label_width(region, number: str) -> float:
    probe = ImageDraw.Draw(Image.new("L", (1, 1)))
    width = probe.textlength(number, font=font(NUMBER_SIZE, True))
    return width + len(_symbols(region)) * (2 * ICON_R + 3)


def _label(draw, place: Placement, region, number: str) -> None:
    """Draw a region's number on this board (what moves name) and its printed symbols."""
    x, y = label_origin(place, region.code, number)
    draw.text((x, y), number, font=font(NUMBER_SIZE, True), fill=INK, anchor="lm",
              stroke_width=3, stroke_fill=WHITE)
    x += draw.textlength(number, font=font(NUMBER_SIZE, True)) + 3 + ICON_R
    for symbol in _symbols(region):
        icons.SYMBOLS[symbol](draw, (x, y), ICON_R)
        x += 2 * ICON_R + 3


def static_layer(island_ids: tuple[str, ...]) -> Image.Image:
    """Return the sea with the islands, their names, numbers and symbols (drawn once per
    board language)."""
    return _static_layer(island_ids, board_locale())


@layer_cache(images=6, max_bytes=48 * 1024 * 1024)  # every island set (64 at most) fits
def _static_layer(island_ids: tuple[str, ...], locale: str) -> Image.Image:
    base = Image.new("RGB", (WIDTH, board_height(island_ids)), colour("ocean"))
    _sea(base)
    numbers = content.region_numbers(island_ids)
    for place in placements(island_ids):
        _paint_island(base, place, numbers)
    return base


# ---------------------------------------------------------------- pieces

@lru_cache(maxsize=1024)
def pill_sprite(race: str | None, declined: bool, count: int, owner: int | None,
                faction: str | None, locale: str = "en") -> Image.Image:
    """Return an occupant marker: race colour (grey in decline), race mark, count (none
    when only the Champion or beasts hold the region: their icons follow).

    An owned marker has a ring in the owner's seat colour; a faction stripe (Alliance blue,
    Horde red, neutral bronze) closes its right end. ``locale`` (the board's language, which
    the race mark follows) keys the cache.
    """
    return draw_pill(short("abbr", race), race_colour(race, declined),
                     str(count) if count else "", owner,
                     stripe=faction_colour(faction) if faction else None)


@lru_cache(maxsize=128)
def piece_sprite(piece: str, count: int = 1) -> Image.Image:
    """Return the icon of a special token, with a count badge when there are several."""
    size = 2 * PIECE_R + 14
    sprite = Image.new("RGBA", (size, size), (0, 0, 0, 0))
    draw = ImageDraw.Draw(sprite)
    centre = (size / 2 - 2, size / 2 + 2)
    icons.PIECES[piece](draw, centre, PIECE_R)
    if count > 1:
        badge = (size - 9, 9)
        draw.ellipse((badge[0] - 8, badge[1] - 8, badge[0] + 8, badge[1] + 8), fill=WHITE,
                     outline=icons.RIM)
        draw.text(badge, str(count), font=font(13, True), fill=INK, anchor="mm")
    return sprite


@lru_cache(maxsize=64)
def marker_sprite(marker: str, locale: str = "en") -> Image.Image:
    """Return a revealed marker: its kind sign and short name on a light tag (``locale``:
    the board's language, keying the cache)."""
    kind = content.markers()[marker]["kind"]
    label = short("marker_abbr", marker)
    probe = ImageDraw.Draw(Image.new("RGBA", (1, 1)))
    width = int(probe.textlength(label, font=font(22, True)) + 34)  # 6 px at phone width
    sprite = Image.new("RGBA", (width, 32), (0, 0, 0, 0))
    draw = ImageDraw.Draw(sprite)
    fill = (255, 240, 190) if kind == "artifact" else (235, 220, 250)
    draw.rounded_rectangle((0, 0, width - 1, 31), radius=8, fill=fill, outline=icons.RIM,
                           width=2)
    (icons.artifact if kind == "artifact" else icons.legendary)(draw, (13, 16), 8)
    draw.text((25, 16), label, font=font(22, True), fill=INK, anchor="lm")
    return sprite


def pieces_of(region: dict) -> list[Image.Image]:
    """Return the sprites of a region's tokens and markers, in drawing order."""
    found = []
    if region.get("beasts"):
        found.append(piece_sprite("beast", int(region["beasts"])))
    for piece in ("champion", "wisp_wall", "fort", "watchtower", "bomb", "objective"):
        if region.get(piece):
            found.append(piece_sprite(piece, int(region[piece]) if piece == "bomb" else 1))
    for marker in region.get("markers") or ():
        shown = marker.get("id") if marker.get("face_up") else None
        found.append(marker_sprite(shown, board_locale()) if shown
                     else piece_sprite("face_down"))
    return found


def _paste(canvas: Image.Image, sprite: Image.Image, centre: Point) -> None:
    canvas.paste(sprite, (int(centre[0] - sprite.width / 2), int(centre[1] - sprite.height / 2)),
                 sprite)


def _row(canvas: Image.Image, sprites: list[Image.Image], centre: Point, limit: float) -> None:
    """Paste sprites in centred rows no wider than ``limit``."""
    if not sprites:
        return
    rows: list[list[Image.Image]] = [[]]
    for sprite in sprites:
        if rows[-1] and sum(s.width + 3 for s in rows[-1]) + sprite.width > limit:
            rows.append([])
        rows[-1].append(sprite)
    y = centre[1]
    for row in rows:
        x = centre[0] - (sum(s.width + 3 for s in row) - 3) / 2
        for sprite in row:
            _paste(canvas, sprite, (x + sprite.width / 2, y))
            x += sprite.width + 3
        y += max(s.height for s in row) + 2


def occupant(region: dict) -> tuple[str | None, int] | None:
    """Return the race (``murlocs`` for Murlocs) and count to draw, or None if unoccupied."""
    if region.get("race") and (region.get("tokens") or region.get("champion")
                               or region.get("beasts")):
        return region["race"], int(region.get("tokens") or 0)
    if region.get("murlocs"):
        return "murlocs", int(region["murlocs"])
    return None


def draw_board(canvas: Image.Image, top: int, island_ids: tuple[str, ...],
               regions: list[dict], highlight) -> None:
    """Paste the static islands at ``top`` and draw occupants, tokens and highlights."""
    canvas.paste(static_layer(island_ids), (0, top))
    places = {p.island: p for p in placements(island_ids)}
    for region in regions:
        place = places.get(str(region.get("code", ""))[:2])
        if place is None:
            continue
        x, y = region_anchor(place, region["code"])
        y += top
        found = occupant(region)
        if found is not None:
            race, count = found
            faction = region.get("faction") if race != "murlocs" else None
            sprite = pill_sprite(race, bool(region.get("declined")), count, region.get("owner"),
                                 faction, board_locale())
            _paste(canvas, sprite, (x, y + 6))
        _row(canvas, pieces_of(region), (x, y + 40), 150)
    draw = ImageDraw.Draw(canvas)
    codes = {r.get("id"): r.get("code") for r in regions}
    for rid in highlight or ():
        code = codes.get(rid)
        if code and code[:2] in places:
            outline = [(px, py + top) for px, py in region_polygon(places[code[:2]], code)]
            draw.line(outline + outline[:1], fill=HIGHLIGHT, width=7, joint="curve")
