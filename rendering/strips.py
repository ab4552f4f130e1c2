"""The board as full-width horizontal strips, each compressed once and kept by what it shows.

Used by the boards of Antiquity and Caverna. A posted board is about 1500 x 3000-6000
pixels: compressing its raw pixels (or hashing them to find bands compressed before) costs
more than drawing it. But the board is a stack of strips (the header, the last move, each
part of the map, each row of players' panels), and each strip is a function of a few facts
of the view: :class:`Strip` names those facts (its ``key``), and :func:`encode` reuses the
compressed rows of any strip whose facts were seen before, drawing and compressing only the
strips that changed (after a move, usually the caption, the header, one part of the map and
one row of panels). The rows of each strip are compressed as a deflate stream ended by a
full flush, so the strips join into one valid stream (as :mod:`rendering.png` does with
bands of rows).

:class:`StripCache` bounds the kept strips by their compressed bytes, dropping those used
least recently.
"""

from __future__ import annotations

import hashlib
import json
import os
import struct
import zlib
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Callable

from PIL import Image

from rendering.png import LEVEL, CompressedLRU, adler32_combine, png_file, scanlines

BAND_ROWS = 64  # rows handed to zlib at a time (no copy of a whole strip is made)
ZLIB_HEADER = b"\x78\x5e"  # deflate, 32 KiB window, levels 2-5


@dataclass(frozen=True)
class Strip:
    """A full-width strip of the board: what it shows, its height, and how to draw it."""

    key: tuple  # every fact its pixels depend on (JSON-able; sets are sorted)
    height: int
    draw: Callable[[], Image.Image]  # returns the strip, board-wide and ``height`` tall


class StripCache(CompressedLRU):
    """Compressed strips, (deflate bytes, Adler-32, raw length), by the digest of their keys,
    up to ``max_bytes``, least recently used dropped first. One cache serves every game's
    strips (the game's name is part of each key): 96 MB hold the strips of about 70 busy
    Antiquity channels at four players, or a hundred of Caverna's."""

    def __init__(self, max_bytes: int = 96 * 1024 * 1024) -> None:
        super().__init__(max_bytes)


STRIPS = StripCache()
STRIPS.cache_clear = STRIPS.clear  # type: ignore[attr-defined]  # emptied with the lru caches


def digest(key: tuple) -> bytes:
    """Return the SHA-256 of ``key`` written as JSON (sets as sorted lists)."""
    text = json.dumps(key, sort_keys=True, separators=(",", ":"), default=_sorted)
    return hashlib.sha256(text.encode()).digest()


def _sorted(value):
    if isinstance(value, (set, frozenset)):
        return sorted(value)
    raise TypeError(f"not part of a strip key: {value!r}")


def stacked(width: int, strips: list[Strip], paper: tuple[int, int, int]) -> Image.Image:
    """Return the image of ``strips`` drawn and stacked top to bottom (what :func:`encode`
    compresses), on a ``paper``-coloured canvas ``width`` wide."""
    canvas = Image.new("RGB", (width, sum(strip.height for strip in strips)), paper)
    y = 0
    for strip in strips:
        canvas.paste(strip.draw(), (0, y))
        y += strip.height
    return canvas


def encode(width: int, strips: list[Strip], game: str, cache: StripCache = STRIPS,
           level: int = LEVEL) -> bytes:
    """Return the PNG of ``strips`` stacked, each strip found in ``cache`` or drawn and
    compressed (and kept); ``game`` names whose board it is (strips of different games never
    share a key).

    Strips are drawn one after another (drawing holds Python's lock) and each is compressed
    in :data:`COMPRESSORS` as soon as it is drawn (zlib lets go of the lock), so the next
    strip is drawn meanwhile and several compress at once: a move that changed most of a
    board (a new round, a harvest) is posted in about half the time on two cores."""
    keys = [digest((game, width, strip.height, level, strip.key)) for strip in strips]
    found = [cache.get(key) for key in keys]
    pending = {index: COMPRESSORS.submit(deflate_rows, strips[index].draw(), level)
               for index, piece in enumerate(found) if piece is None}
    for index, future in pending.items():
        found[index] = future.result()
        cache.put(keys[index], found[index])
    parts, checksum = [ZLIB_HEADER], 1
    for deflated, adler, length in found:
        parts.append(deflated)
        checksum = adler32_combine(checksum, adler, length)
    parts.append(b"\x03\x00")  # an empty final block
    parts.append(struct.pack(">I", checksum))
    return png_file(width, sum(strip.height for strip in strips), b"".join(parts))


# compresses the strips of boards being drawn (in any thread), as many at once as cores
COMPRESSORS = ThreadPoolExecutor(max_workers=os.cpu_count() or 2,
                                 thread_name_prefix="strip-zlib")


def deflate_rows(image: Image.Image, level: int = LEVEL) -> tuple[bytes, int, int]:
    """Return the unfiltered PNG scanlines of ``image`` as raw deflate ended by a full flush,
    their Adler-32 and their length (the rows read from the drawing surface band by band,
    :func:`rendering.png.scanlines`, never a copy of the whole strip)."""
    image.load()
    stream = zlib.compressobj(level, zlib.DEFLATED, -15)
    parts, adler, length = [], 1, 0
    for top in range(0, image.height, BAND_ROWS):
        rows = scanlines(image, top, min(image.height, top + BAND_ROWS))
        parts.append(stream.compress(rows))
        adler = zlib.adler32(rows, adler)
        length += len(rows)
    parts.append(stream.flush(zlib.Z_FULL_FLUSH))
    return b"".join(parts), adler, length
