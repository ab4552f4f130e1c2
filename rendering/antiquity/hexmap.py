"""The countryside: flat-topped hexes with coordinates, terrain, overlays and pieces.

Geometry (spec §2.1): x = 1.5·q·s, y = √3·(r + q/2)·s for hex size s. The terrain layer is
drawn from polygons and pre-drawn "q,r" label stamps (pasted again over every piece), cheap
enough to draw for every part of a map that changed, since every game has its own map; the
outlines of each influence are cached. :func:`map_facts` names what a part of the map shows,
so that a part unchanged since an earlier board is not drawn again. ``/board player`` draws
only the region around that player's pieces and influence, with larger hexes and labels.
"""

from __future__ import annotations

import math
import threading
from functools import lru_cache

from PIL import Image, ImageDraw

from rendering.common import (
    HIGHLIGHT,
    INK,
    draw_centred,
    fit_text,
    paste_stamp,
    readable_on,
    text_stamp,
)

from .labels import word
from .palette import seat_colours

MAX_SIZE = 34
ZOOM_SIZE = 76  # largest hex of a zoomed region (``/board player``)
LABEL = 0.4  # coordinate label size, per pixel of hex size
LABEL_FILL = (255, 255, 255)
STEPS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
PAD = 10
TERRAIN = {"F": (46, 110, 58), "G": (170, 205, 120), "M": (150, 135, 120), "W": (92, 150, 205)}
GRASS = (196, 222, 140)
POLLUTION = (90, 60, 40)
GOOD_COLOUR = {"grain": (238, 200, 80), "olives": (128, 140, 50), "sheep": (245, 245, 245),
               "fish": (120, 190, 230), "wine": (120, 30, 70), "dye": (200, 60, 160),
               "pearls": (235, 235, 250), "gold": (230, 180, 20), "wood": (140, 90, 40),
               "stone": (170, 170, 170)}


@lru_cache(maxsize=8192)
def parse(text: str) -> tuple[int, int]:
    """Read "q,r"."""
    q, r = text.split(",")
    return int(q), int(r)


TERRAIN_LAYERS = 4  # terrain layers kept drawn (see terrain_layer)
SIZE = MAX_SIZE  # set per board by terrain_layer (the map is drawn at one size at a time)


def centre_of(h, origin) -> tuple[float, float]:
    """Return the pixel centre of hex ``h`` on a layer whose (0, 0) hex is at ``origin``."""
    q, r = h
    return origin[0] + 1.5 * q * SIZE, origin[1] + math.sqrt(3) * (r + q / 2) * SIZE


UNIT = [(math.cos(math.radians(60 * i)), math.sin(math.radians(60 * i))) for i in range(6)]


def corners(c, size=None) -> list[tuple[float, float]]:
    """Return the six corners of a flat-topped hex centred on ``c``."""
    size = SIZE if size is None else size
    return [(c[0] + size * cos, c[1] + size * sin) for cos, sin in UNIT]


def fit_size(hexes, width: int, max_size: int = MAX_SIZE) -> int:
    """Return the hex size that makes the map ``width`` pixels wide (at most ``max_size``)."""
    qs = [q for q, _ in hexes]
    span = 1.5 * (max(qs) - min(qs)) + 2
    return max(12, min(max_size, int((width - 2 * PAD) / span)))


def bounds(hexes, size: int | None = None) -> tuple[tuple[float, float], int, int]:
    """Return (origin, width, height) of a layer holding every hex of ``hexes`` (at hex size
    ``size``, else the size being drawn)."""
    size = SIZE if size is None else size
    xs = [1.5 * q * size for q, _ in hexes]
    ys = [math.sqrt(3) * (r + q / 2) * size for q, r in hexes]
    origin = (PAD + size - min(xs), PAD + size - min(ys))
    return origin, int(max(xs) - min(xs) + 2 * (size + PAD)), int(max(ys) - min(ys)
                                                                   + 2 * (size + PAD))


@lru_cache(maxsize=TERRAIN_LAYERS)
def terrain_layer(terrain: tuple, width: int,
                  max_size: int = MAX_SIZE) -> tuple[Image.Image, tuple[float, float], int]:
    """Return the terrain image of a board (or region) with its "q,r" labels, its origin and
    its hex size.

    Every game has its own map, so a busy bot draws this for nearly every part of the map it
    draws: the hexes are plain polygons and the labels pre-drawn stamps (:func:`label_stamp`),
    which makes a cold layer cheap (about 3 ms for a zoomed area). Only the last few layers
    are kept (:data:`TERRAIN_LAYERS`): a zoomed area is some 4 MB of pixels, and the parts of
    the map that did not change since a channel's last board are not drawn again at all
    (:mod:`.strips`).
    """
    global SIZE
    hexes = [h for h, _ in terrain]
    SIZE = fit_size(hexes, width, max_size)
    origin, w, height = bounds(hexes)
    image = Image.new("RGB", (w, height), (235, 230, 215))
    draw = ImageDraw.Draw(image)
    for h, letter in terrain:
        draw.polygon(corners(centre_of(h, origin)), fill=TERRAIN[letter], outline=(60, 60, 60))
    for h, _ in terrain:
        paste_stamp(image, label_stamp(h, SIZE), label_centre(h, origin, SIZE))
    return image, origin, SIZE


@lru_cache(maxsize=4096)
def label_stamp(h: tuple[int, int], size: int) -> tuple[Image.Image, tuple[int, int]]:
    """Return the "q,r" label of hex ``h`` at hex size ``size`` as a stamp: bold white with a
    dark outline, so it reads on any terrain, marker or piece."""
    text = f"{h[0]},{h[1]}"
    probe = ImageDraw.Draw(Image.new("L", (1, 1)))
    label = fit_text(probe, text, int(size * 1.25), max(10, round(size * LABEL)), True)
    return text_stamp(text, label, True, LABEL_FILL, 2 if size >= 40 else 1, INK)


def label_centre(h, origin, size: int) -> tuple[float, float]:
    """Return where the label of hex ``h`` is centred (below the middle of the hex)."""
    c = centre_of(h, origin)
    return c[0], c[1] + size * 0.56


def region_around(data: dict, seat: int) -> frozenset | None:
    """Return the hexes of ``seat``'s cities, inns and influence and one ring around them
    (None when the seat has nothing on the map yet)."""
    p = data["ps"][seat]
    area = {parse(t) for t in p["influence"]} | {parse(t) for t in p["anchors"]}
    if not area:
        return None
    terrain = data["map"]["terrain"]
    ring = {(q + dq, r + dr) for q, r in area for dq, dr in STEPS}
    return frozenset(h for h in area | ring if f"{h[0]},{h[1]}" in terrain)


def draw_map(data: dict, last_hexes: set, width: int,
             region: frozenset | None = None) -> Image.Image:
    """Draw the countryside of ``data["map"]`` with every overlay and piece; with a
    ``region``, only those hexes, at a larger size (at most ZOOM_SIZE).

    One map is drawn at a time (the hex size is module-wide): a bot draws boards in several
    threads, and a zoomed region must not be drawn at the size of another board."""
    with _ONE_AT_A_TIME:
        return _draw_map(data, last_hexes, width, region)


_ONE_AT_A_TIME = threading.Lock()


def map_size(data: dict, width: int, region: frozenset | None = None) -> tuple[int, int]:
    """Return the width and height of :func:`draw_map`'s image, without drawing it."""
    hexes = [h for h, _ in _terrain(data["map"], region)]
    return bounds(hexes, fit_size(hexes, width, _max_size(region)))[1:]


DRAWN = ("grass", "pollution", "counters", "inns", "cities", "country")  # of data["map"]


def map_facts(data: dict, region: frozenset | None = None) -> tuple:
    """Return everything :func:`draw_map` draws from ``data`` on ``region`` (the key of a
    part of the map drawn before): the terrain and pieces there, and each player's colour
    and influence there or one hex away (an outline runs along the edge between the two)."""
    m = data["map"] if region is None else _within(data["map"], region)
    near = None if region is None else region | {
        (q + dq, r + dr) for q, r in region for dq, dr in STEPS}

    def there(texts):
        return sorted(t for t in texts if near is None or parse(t) in near)
    return (_terrain(m, region), {key: m[key] for key in DRAWN},
            [(there(p["influence"]), there(p["anchors"]), p["eliminated"], p.get("colour"))
             for p in data["ps"]])


def _terrain(m: dict, region: frozenset | None) -> tuple:
    return tuple(sorted((parse(k), v) for k, v in m["terrain"].items()
                        if region is None or parse(k) in region))


def _max_size(region: frozenset | None) -> int:
    return MAX_SIZE if region is None else ZOOM_SIZE


def _draw_map(data: dict, last_hexes: set, width: int, region: frozenset | None) -> Image.Image:
    global SIZE
    m = data["map"]
    terrain = _terrain(m, region)
    max_size = _max_size(region)
    base, origin, SIZE = terrain_layer(terrain, width, max_size)
    if region is not None:
        m = _within(m, region)
        last_hexes = {h for h in last_hexes if h in region}
    image = base.copy()
    draw = ImageDraw.Draw(image, "RGBA")
    k = SIZE / 21  # pieces are designed at size 21 and scaled
    for text in m["grass"]:
        draw.polygon(corners(centre_of(parse(text), origin), SIZE - 2), fill=GRASS)
    for text in m["pollution"]:
        _pollution(draw, centre_of(parse(text), origin), k)
    for text in m["counters"]:
        c = centre_of(parse(text), origin)
        draw.rectangle([c[0] - 7 * k, c[1] - 11 * k, c[0] + 7 * k, c[1] + k],
                       fill=(60, 50, 40), outline=(240, 230, 200))
        draw_centred(draw, (c[0], c[1] - 5 * k), "?", int(10 * k), fill=(240, 230, 200))
    colours = seat_colours(data)
    _cities(draw, m, origin, k, colours)
    _country(draw, m, origin, k, colours)
    for text, seat in m["inns"].items():
        _inn(draw, centre_of(parse(text), origin), colours[seat], k)
    edges = _influence(draw, data, origin, colours, region)
    for h in _covered(m) | edges:  # labels again, over what was drawn on their hexes
        paste_stamp(image, label_stamp(h, SIZE), label_centre(h, origin, SIZE))
    for h in last_hexes:
        draw.polygon(corners(centre_of(h, origin), SIZE - 1), outline=HIGHLIGHT, width=4)
    return image


def _covered(m: dict) -> set:
    """Return the hexes holding something drawn over their label."""
    texts = set(m["grass"]) | set(m["pollution"]) | set(m["counters"]) | set(m["inns"]) \
        | set(m["cities"])
    hexes = {parse(t) for t in texts}
    for b in m["country"].values():
        hexes.update(tuple(h) for h in b["site"] + b["tokens"])
    return hexes


def _within(m: dict, region: frozenset) -> dict:
    """Return the map data of the hexes of ``region`` only."""
    def inside(text):
        return parse(text) in region
    country = {cid: {**b, "site": [h for h in b["site"] if tuple(h) in region],
                     "tokens": [h for h in b["tokens"] if tuple(h) in region]}
               for cid, b in m["country"].items()}
    return {**m, "grass": [t for t in m["grass"] if inside(t)],
            "pollution": [t for t in m["pollution"] if inside(t)],
            "counters": [t for t in m["counters"] if inside(t)],
            "inns": {t: s for t, s in m["inns"].items() if inside(t)},
            "cities": {t: v for t, v in m["cities"].items() if inside(t)},
            "country": {cid: b for cid, b in country.items() if b["site"]}}


def _pollution(draw, c, k) -> None:
    for dx, dy in ((-6, -6), (5, -7), (-1, 2), (7, 3), (-7, 5)):
        x, y = c[0] + dx * k, c[1] + dy * k
        draw.ellipse([x - 2.5 * k, y - 2.5 * k, x + 2.5 * k, y + 2.5 * k], fill=POLLUTION)


def _cities(draw, m, origin, k, colours) -> None:
    for text, (seat, _) in m["cities"].items():
        c = centre_of(parse(text), origin)
        draw.polygon(corners(c, SIZE - 1), fill=colours[seat] + (215,))
    for text, (_, index) in m["cities"].items():
        q, r = parse(text)
        neighbours = [(q + 1, r), (q + 1, r - 1), (q, r - 1), (q - 1, r), (q - 1, r + 1),
                      (q, r + 1)]
        if all(f"{a},{b}" in m["cities"] for a, b in neighbours):
            c = centre_of((q, r), origin)
            draw.ellipse([c[0] - 11 * k, c[1] - 11 * k, c[0] + 11 * k, c[1] + 11 * k],
                         fill=(255, 255, 255))
            draw_centred(draw, c, str(index), int(14 * k), fill=INK, bold=True)


def _inn(draw, c, colour, k) -> None:
    draw.polygon([(c[0] - 9 * k, c[1] + 2 * k), (c[0], c[1] - 10 * k),
                  (c[0] + 9 * k, c[1] + 2 * k)], fill=colour, outline=INK)
    draw.rectangle([c[0] - 7 * k, c[1] + 2 * k, c[0] + 7 * k, c[1] + 10 * k], fill=colour,
                   outline=INK)


def _country(draw, m, origin, k, colours) -> None:
    for b in m["country"].values():
        colour = colours[b["owner"]]
        if b["type"] == "fisherman":
            for h in b["site"]:
                draw.polygon(corners(centre_of(tuple(h), origin), SIZE - 3), outline=colour,
                             width=4)
        for h in b["tokens"]:
            c = centre_of(tuple(h), origin)
            fill = GOOD_COLOUR[b["good"]]
            draw.ellipse([c[0] - 10 * k, c[1] - 10 * k, c[0] + 6 * k, c[1] + 6 * k], fill=fill,
                         outline=colour, width=3)
            draw_centred(draw, (c[0] - 2 * k, c[1] - 2 * k), word(f"abbr.{b['good']}"), int(9 * k),
                         fill=readable_on(fill))
        site = centre_of(tuple(b["site"][0]), origin)
        draw.ellipse([site[0] + 3 * k, site[1] - 2 * k, site[0] + 13 * k, site[1] + 8 * k],
                     fill=colour, outline=INK)

def _influence(draw, data, origin, colours, region=None) -> set:
    """Outline each player's influence; return the hexes the lines were drawn in."""
    touched: set = set()
    for seat, p in enumerate(data["ps"]):
        if p["eliminated"]:
            continue
        segments, hexes = outline(tuple(p["influence"]), tuple(p["anchors"]), seat, SIZE,
                                  origin, region)
        touched |= hexes
        for segment in segments:
            draw.line(segment, fill=colours[seat], width=max(3, round(SIZE / 11)))
    return touched


@lru_cache(maxsize=64)
def outline(influence: tuple, anchors: tuple, seat: int, size: int, origin,
            region: frozenset | None = None) -> tuple[list, frozenset]:
    """Return the edges around a player's influence and anchors (inset per seat) and the
    hexes they lie in, only on the hexes of ``region`` when given."""
    area = {parse(t) for t in influence} | {parse(t) for t in anchors}
    segments, hexes = [], set()
    for h in sorted(area if region is None else area & region):
        pts = corners(centre_of(h, origin), size - 2 - 2 * seat)
        q, r = h
        # neighbour across edge i (between corners i and i+1) of a flat-topped hex
        across = [(q + 1, r), (q, r + 1), (q - 1, r + 1), (q - 1, r), (q, r - 1), (q + 1, r - 1)]
        edges = [[pts[i], pts[(i + 1) % 6]] for i, n in enumerate(across) if n not in area]
        if edges:
            segments += edges
            hexes.add(h)
    return segments, frozenset(hexes)
