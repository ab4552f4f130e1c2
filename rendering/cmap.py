"""Read which characters a TrueType/OpenType font file has glyphs for (its ``cmap`` table).

Only what the board's font fallback needs: the Unicode subtables of formats 4 (the Basic
Multilingual Plane) and 12 (all planes), as the shipped Noto fonts carry them.
"""

from __future__ import annotations

import struct
from pathlib import Path

UNICODE_SUBTABLES = ((3, 10), (0, 4), (0, 6), (3, 1), (0, 3))  # best first


def code_points(path: Path) -> frozenset[int]:
    """Return the code points ``path``'s best Unicode cmap subtable maps to a glyph."""
    data = path.read_bytes()
    cmap = _table(data, b"cmap")
    _, count = struct.unpack_from(">HH", data, cmap)
    offsets = {}
    for index in range(count):
        platform, encoding, offset = struct.unpack_from(">HHI", data, cmap + 4 + 8 * index)
        offsets.setdefault((platform, encoding), cmap + offset)
    for key in UNICODE_SUBTABLES:
        if key in offsets:
            return _subtable(data, offsets[key])
    raise ValueError(f"{path.name}: no Unicode cmap subtable")


def _table(data: bytes, tag: bytes) -> int:
    (count,) = struct.unpack_from(">H", data, 4)
    for index in range(count):
        name, _, offset, _ = struct.unpack_from(">4sIII", data, 12 + 16 * index)
        if name == tag:
            return offset
    raise ValueError(f"no {tag!r} table")


def _subtable(data: bytes, at: int) -> frozenset[int]:
    (form,) = struct.unpack_from(">H", data, at)
    if form == 12:
        return _format12(data, at)
    if form == 4:
        return _format4(data, at)
    raise ValueError(f"cmap subtable format {form} not read")


def _format12(data: bytes, at: int) -> frozenset[int]:
    (groups,) = struct.unpack_from(">I", data, at + 12)
    points: set[int] = set()
    for index in range(groups):
        start, end, glyph = struct.unpack_from(">III", data, at + 16 + 12 * index)
        points.update(p for p in range(start, end + 1) if glyph + p - start)
    return frozenset(points)


def _format4(data: bytes, at: int) -> frozenset[int]:
    (doubled,) = struct.unpack_from(">H", data, at + 6)
    segments = doubled // 2
    ends = struct.unpack_from(f">{segments}H", data, at + 14)
    starts_at = at + 16 + doubled
    starts = struct.unpack_from(f">{segments}H", data, starts_at)
    deltas = struct.unpack_from(f">{segments}h", data, starts_at + doubled)
    ranges_at = starts_at + 2 * doubled
    range_offsets = struct.unpack_from(f">{segments}H", data, ranges_at)
    points: set[int] = set()
    for index in range(segments):
        start, end, delta, offset = starts[index], ends[index], deltas[index], \
            range_offsets[index]
        for point in range(start, end + 1):
            if point == 0xFFFF:
                continue
            if offset == 0:
                glyph = (point + delta) & 0xFFFF
            else:
                where = ranges_at + 2 * index + offset + 2 * (point - start)
                (glyph,) = struct.unpack_from(">H", data, where)
                glyph = (glyph + delta) & 0xFFFF if glyph else 0
            if glyph:
                points.add(point)
    return frozenset(points)
