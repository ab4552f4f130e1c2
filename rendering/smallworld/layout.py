"""Where each region's number, occupant and pieces go on the board layer, in pixels.

Around each region's most interior point, three arrangements are tried in turn: a stack
(number and symbols, occupant below, pieces below that), a pair of rows (pieces beside the
occupant) and a single row (for long thin regions). The first that fits inside the region,
clear of labels already placed, is kept; if none fits, the best spot on a grid is used.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw

from rendering.common import font
from rendering.smallworld.geometry import (
    BOARD_H,
    BOARD_W,
    distance_to_edges,
    inside,
    load_map,
    map_shapes,
)

WIDTH = 1500                     # pixel width of the whole image and of the board layer
FRAME = 8                        # frame width around the board
SCALE = (WIDTH - 2 * FRAME) / BOARD_W
HEIGHT = int(round(BOARD_H * SCALE)) + 2 * FRAME
NUMBER_SIZE = 34
ICON_R = 11
PIECE_R = 13
PILL_W, PILL_H = 72, 33          # typical occupant marker size, for fitting
Point = tuple[float, float]


@dataclass(frozen=True)
class Slot:
    """One region's polygon and the places of its number, occupant and pieces (pixels)."""

    id: int
    polygon: tuple[Point, ...]
    symbols: tuple[str, ...]     # static symbols shown after the number
    number_at: Point             # left end of the number, vertically centred
    pill_at: Point               # centre of the occupant marker
    pieces_at: Point             # centre of the first piece
    pieces_centred: bool         # True: pieces are centred on pieces_at's x (stack layout)

    def moved(self, dy: float) -> "Slot":
        """Return this slot shifted down by ``dy`` pixels."""
        def down(p: Point) -> Point:
            return (p[0], p[1] + dy)
        return Slot(self.id, tuple(down(p) for p in self.polygon), self.symbols,
                    down(self.number_at), down(self.pill_at), down(self.pieces_at),
                    self.pieces_centred)


def to_px(p: Point) -> Point:
    """Turn board units into board-layer pixels."""
    return (FRAME + p[0] * SCALE, FRAME + p[1] * SCALE)


def label_width(rid: int, symbols: tuple[str, ...]) -> float:
    """Return the width of a region number followed by its symbol icons."""
    probe = ImageDraw.Draw(Image.new("L", (1, 1)))
    number = probe.textlength(str(rid), font=font(NUMBER_SIZE, True))
    return number + len(symbols) * (2 * ICON_R + 3)


def _fit(polygon, box: tuple[float, float, float, float]) -> float:
    """Return how far ``box`` stays inside ``polygon`` (negative when it pokes out)."""
    x0, y0, x1, y1 = box
    worst = float("inf")
    for x in (x0, (x0 + x1) / 2, x1):
        for y in (y0, (y0 + y1) / 2, y1):
            d = distance_to_edges((x, y), polygon)
            worst = min(worst, d if inside((x, y), polygon) else -d)
    return worst


def _stack(anchor: Point, label_w: float) -> tuple[tuple, tuple]:
    ax, ay = anchor
    half = max(label_w, PILL_W) / 2
    box = (ax - half, ay - 48, ax + half, ay + 52)
    parts = ((ax - label_w / 2, ay - 28), (ax, ay + 6), (ax, ay + 38), True)
    return box, parts


def _duo(anchor: Point, label_w: float) -> tuple[tuple, tuple]:
    ax, ay = anchor
    pieces_x = ax + PILL_W / 2 + 6 + PIECE_R
    box = (ax - max(label_w, PILL_W) / 2, ay - 36, max(ax + label_w / 2, pieces_x + PIECE_R * 3),
           ay + 36)
    parts = ((ax - label_w / 2, ay - 18), (ax, ay + 18), (pieces_x, ay + 18), False)
    return box, parts


def _row(anchor: Point, label_w: float) -> tuple[tuple, tuple]:
    ax, ay = anchor
    total = label_w + 8 + PILL_W + 6 + 2 * PIECE_R + 2
    x0 = ax - total / 2
    box = (x0, ay - 20, x0 + total, ay + 20)
    pill_x = x0 + label_w + 8 + PILL_W / 2
    parts = ((x0, ay), (pill_x, ay), (pill_x + PILL_W / 2 + 6 + PIECE_R, ay), False)
    return box, parts


LAYOUTS = (_stack, _duo, _row)


def _gap(a: tuple, b: tuple) -> float:
    """Return the clearance between two boxes (negative when they overlap)."""
    return max(b[0] - a[2], a[0] - b[2], b[1] - a[3], a[1] - b[3])


def _score(polygon, box: tuple, taken: list[tuple]) -> float:
    return min([_fit(polygon, box)] + [_gap(box, other) for other in taken])


def _best_parts(polygon, anchor: Point, width: float, taken: list[tuple]) -> tuple[tuple, tuple]:
    """Return the box and places of the best arrangement: at the anchor if one fits, else
    the best one found on a grid over the region, clear of the boxes already ``taken``."""
    for layout in LAYOUTS:
        box, parts = layout(anchor, width)
        if _score(polygon, box, taken) >= 0:
            return box, parts
    candidates = [anchor]
    xs, ys = [p[0] for p in polygon], [p[1] for p in polygon]
    for i in range(1, 12):
        for j in range(1, 12):
            p = (min(xs) + (max(xs) - min(xs)) * i / 12, min(ys) + (max(ys) - min(ys)) * j / 12)
            if inside(p, polygon):
                candidates.append(p)
    scored = []
    for point in candidates:
        for layout in LAYOUTS:
            box, parts = layout(point, width)
            scored.append((_score(polygon, box, taken), -abs(point[0] - anchor[0]), box, parts))
    best = max(scored, key=lambda item: item[:2])
    return best[2], best[3]


@lru_cache(maxsize=8)
def slots(map_id: str) -> tuple[Slot, ...]:
    """Return every region's slot on the board layer of ``map_id``.

    The tightest regions are placed first; later ones keep clear of what is placed.
    """
    shapes = map_shapes(map_id).regions
    taken: list[tuple] = []
    placed = {}
    for shape in sorted(shapes, key=lambda s: s.clearance):
        record = load_map(map_id)[shape.id]
        symbols = tuple(record["symbols"]) + (("mountain",) if record["mountain"] else ())
        polygon = tuple(to_px(p) for p in shape.polygon)
        box, parts = _best_parts(polygon, to_px(shape.anchor), label_width(shape.id, symbols),
                                 taken)
        taken.append(box)
        placed[shape.id] = Slot(shape.id, polygon, symbols, *parts)
    return tuple(placed[shape.id] for shape in shapes)
