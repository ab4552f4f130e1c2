"""Pixel geometry of the Vindication island (spec 9.2 coordinates), computed once."""

from __future__ import annotations

import math
from functools import lru_cache

from .content import board

SCALE = 150  # pixels per hex-centre distance
MARGIN = 26
ROOT3 = math.sqrt(3)


def _raw_point(a: float, b: float) -> tuple[float, float]:
    """Doubled-axial vertex [a, b] -> unscaled pixel (spec 9.2)."""
    return a / 2 + b / 4, b * ROOT3 / 4


@lru_cache(maxsize=1)
def _bounds() -> tuple[float, float, float, float]:
    points = [_raw_point(*v) for t in board()["triangles"].values() for v in t["vertices"]]
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return min(xs), min(ys), max(xs), max(ys)


def size() -> tuple[int, int]:
    """Return the map's width and height in pixels."""
    x0, y0, x1, y1 = _bounds()
    return int((x1 - x0) * SCALE + 2 * MARGIN), int((y1 - y0) * SCALE + 2 * MARGIN)


def point(a: float, b: float) -> tuple[float, float]:
    """Doubled-axial vertex [a, b] -> pixel on the map."""
    x0, y0, _, _ = _bounds()
    x, y = _raw_point(a, b)
    return (x - x0) * SCALE + MARGIN, (y - y0) * SCALE + MARGIN


@lru_cache(maxsize=None)
def hex_polygon(hid: str) -> list[tuple[float, float]]:
    """Return the six corners of hex ``hid`` (the midpoints towards its neighbours)."""
    h = board()["hexes"][hid]
    q, r = 2 * h["q"], 2 * h["r"]
    offsets = [(1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1)]
    return [point(q + dq, r + dr) for dq, dr in offsets]


def hex_centre(hid: str) -> tuple[float, float]:
    """Return the pixel centre of hex ``hid``."""
    h = board()["hexes"][hid]
    return point(2 * h["q"], 2 * h["r"])


@lru_cache(maxsize=None)
def triangle_polygon(tid: str) -> list[tuple[float, float]]:
    """Return the three corners of triangle ``tid``."""
    return [point(*v) for v in board()["triangles"][tid]["vertices"]]


def triangle_centre(tid: str) -> tuple[float, float]:
    """Return the centroid of triangle ``tid``."""
    pts = triangle_polygon(tid)
    return sum(p[0] for p in pts) / 3, sum(p[1] for p in pts) / 3
