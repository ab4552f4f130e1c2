"""Axial hex coordinates (spec §2.1): neighbours, distance, rotation, mirror, parsing."""

from __future__ import annotations

from functools import lru_cache

Hex = tuple[int, int]
DIRECTIONS: tuple[Hex, ...] = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))


def neighbours(h: Hex) -> list[Hex]:
    """Return the six neighbours of ``h`` (on or off any map)."""
    q, r = h
    return [(q + dq, r + dr) for dq, dr in DIRECTIONS]


def distance(a: Hex, b: Hex) -> int:
    """Return the hex distance between ``a`` and ``b``."""
    dq, dr = a[0] - b[0], a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def rotate(h: Hex, k: int = 1) -> Hex:
    """Rotate ``h`` by ``k`` sixths of a turn about the origin: (q, r) -> (-r, q + r)."""
    q, r = h
    for _ in range(k % 6):
        q, r = -r, q + r
    return q, r


def mirror(h: Hex) -> Hex:
    """Mirror ``h``: (q, r) -> (-q, q + r)."""
    return -h[0], h[0] + h[1]


def disc(centre: Hex, radius: int) -> list[Hex]:
    """Return every hex within ``radius`` of ``centre``, in ascending (q, r) order."""
    cq, cr = centre
    return [(cq + q, cr + r) for q in range(-radius, radius + 1)
            for r in range(-radius, radius + 1) if abs(q + r) <= radius]


def city_hexes(centre: Hex) -> list[Hex]:
    """Return the 7 hexes of a city centred on ``centre`` (centre first)."""
    return [centre, *neighbours(centre)]


@lru_cache(maxsize=8192)
def hex_text(h: Hex) -> str:
    """Return the canonical text of a hex: "q,r"."""
    return f"{h[0]},{h[1]}"


def parse_hex(text: str) -> Hex | None:
    """Read "q,r" (signed integers) as a hex, or return None."""
    parts = text.split(",")
    if len(parts) != 2:
        return None
    try:
        q, r = int(parts[0]), int(parts[1])
    except ValueError:
        return None
    if abs(q) > 999 or abs(r) > 999:
        return None
    return q, r
