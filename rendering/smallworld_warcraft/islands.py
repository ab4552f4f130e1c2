"""Region shapes of the Warcraft islands and where each island sits on the board image.

Each island is drawn on its own, with the Small World shape builder
(``rendering.smallworld.geometry``) inside a convex coastline around its regions' drawing
points, so two regions share a drawn border exactly when the island data lists them as
adjacent. Islands are laid out in rows with open sea between them: no drawn border ever
joins two islands, as no rule does.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from functools import lru_cache

from rendering.common import asset_path
from rendering.smallworld.geometry import Frame, build_shapes, pole, signed_area
from rendering.smallworld_warcraft import content

Point = tuple[float, float]
COAST = 62.0          # island units between the outermost drawing points and the coast
COAST_STEPS = 20      # points per drawing point when rounding the coast
WIDTH = 1500          # pixel width of the board image
COLUMNS = 2
TITLE_H = 44          # band above each island for its name
PAD = 10              # sea between an island cell's edge and its coast


@dataclass(frozen=True)
class IslandShape:
    """One island in island units: its coast and each region's polygon and interior point."""

    id: str
    coast: tuple[Point, ...]
    polygons: dict[str, tuple[Point, ...]]
    anchors: dict[str, tuple[Point, float]]


def _hull(points: list[Point]) -> list[Point]:
    """Return the convex hull of ``points``, clockwise on a y-down board (monotone chain)."""
    pts = sorted(set(points))

    def cross(o: Point, a: Point, b: Point) -> float:
        return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])

    lower: list[Point] = []
    upper: list[Point] = []
    for p in pts:
        while len(lower) >= 2 and cross(lower[-2], lower[-1], p) <= 0:
            lower.pop()
        lower.append(p)
    for p in reversed(pts):
        while len(upper) >= 2 and cross(upper[-2], upper[-1], p) <= 0:
            upper.pop()
        upper.append(p)
    return lower[:-1] + upper[:-1]


def coastline(points: list[Point], margin: float = COAST) -> tuple[Point, ...]:
    """Return a rounded convex coast at ``margin`` around ``points`` (clockwise, y down)."""
    ring = [(x + margin * math.cos(2 * math.pi * k / COAST_STEPS),
             y + margin * math.sin(2 * math.pi * k / COAST_STEPS))
            for x, y in points for k in range(COAST_STEPS)]
    hull = _hull(ring)
    return tuple(hull if signed_area(hull) > 0 else hull[::-1])


@lru_cache(maxsize=16)
def island_shape(island_id: str) -> IslandShape:
    """Return the coast and region shapes of one island (computed once)."""
    island = content.islands()[island_id]
    records = tuple({"id": r.code, "adj": list(r.adj)} for r in island.regions)
    xy = {r.code: (float(r.xy[0]), float(r.xy[1])) for r in island.regions}
    coast = coastline(list(xy.values()))
    shapes = build_shapes(records, xy, frame=Frame(coast))
    polygons = {s.id: s.polygon for s in shapes.regions}
    anchors = {s.id: pole(s.polygon) for s in shapes.regions}
    return IslandShape(island_id, coast, polygons, anchors)


@dataclass(frozen=True)
class Placement:
    """Where one island sits on the board image: its cell and the island-to-pixel transform."""

    island: str
    cell: tuple[int, int, int, int]      # left, top, right, bottom (pixels, board layer)
    scale: float
    offset: Point

    def to_px(self, p: Point) -> Point:
        """Turn island units into board-layer pixels."""
        return (self.offset[0] + p[0] * self.scale, self.offset[1] + p[1] * self.scale)


@lru_cache(maxsize=1)
def _layout() -> dict:
    with asset_path("smallworld_warcraft", "layout", "islands.json").open(encoding="utf-8") as f:
        return json.load(f)


def _rows(island_ids: tuple[str, ...]) -> list[tuple[str, ...]]:
    """Split the islands into rows (data/smallworld_warcraft/layout/islands.json)."""
    counts = _layout()["rows"].get(str(len(island_ids)), [COLUMNS] * len(island_ids))
    rows, start = [], 0
    for count in counts:
        if start < len(island_ids):
            rows.append(island_ids[start:start + count])
        start += count
    if start < len(island_ids):
        rows.append(island_ids[start:])
    return rows


def _size(island: str) -> tuple[float, float, float, float, float]:
    """Return an island's coast box (x0, y0, x1, y1) and its size scale factor."""
    coast = island_shape(island).coast
    factor = _layout()["size_scale"][content.islands()[island].size]
    xs, ys = [p[0] for p in coast], [p[1] for p in coast]
    return min(xs), min(ys), max(xs), max(ys), factor


@lru_cache(maxsize=32)
def placements(island_ids: tuple[str, ...]) -> tuple[Placement, ...]:
    """Return each island's cell and transform: rows centred, one common base scale.

    The base scale is the largest at which the widest row fits the image width; each island
    is drawn at that scale times its size factor.
    """
    rows = _rows(island_ids)
    sizes = {i: _size(i) for i in island_ids}

    def row_units(row) -> float:
        return sum((sizes[i][2] - sizes[i][0]) * sizes[i][4] for i in row)

    base = min((WIDTH - 2 * PAD * len(row)) / row_units(row) for row in rows)
    out, top = [], 0
    for row in rows:
        width = sum((sizes[i][2] - sizes[i][0]) * sizes[i][4] * base + 2 * PAD for i in row)
        height = max(TITLE_H + (sizes[i][3] - sizes[i][1]) * sizes[i][4] * base + 2 * PAD
                     for i in row)
        left = (WIDTH - width) / 2
        for island in row:
            x0, y0, x1, _, factor = sizes[island]
            scale = base * factor
            cell_w = (x1 - x0) * scale + 2 * PAD
            offset = (left + PAD - x0 * scale, top + TITLE_H + PAD - y0 * scale)
            cell = (int(left), int(top), int(left + cell_w), int(top + height))
            out.append(Placement(island, cell, scale, offset))
            left += cell_w
        top += int(height)
    return tuple(out)


def board_height(island_ids: tuple[str, ...]) -> int:
    """Return the pixel height of the board layer for these islands."""
    return max(p.cell[3] for p in placements(island_ids))
