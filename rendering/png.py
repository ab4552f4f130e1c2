"""PNG bytes of a board image: a lossless encoder near the cost of compressing the pixels.

Boards are drawn in RGB with anti-aliased text and lines (thousands of colours), so they are
written as truecolour PNGs: a palette would need a quantizing pass that costs about as much
as compressing the image. Pillow's own PNG writer tries every filter on every row, about
three times slower than what is done here: every row unfiltered (filter byte 0), the pixels
read straight from the drawing surface by Pillow's raw encoder and compressed by one zlib
stream (which releases the GIL, so boards drawn in threads compress in parallel).
"""

from __future__ import annotations

import hashlib
import io
import struct
import threading
import zlib
from collections import OrderedDict

from PIL import Image

# zlib level of the board PNGs. Measured on the mid-game boards of every game (levels 1, 2, 3
# and 6 side by side): levels 1-3 take the same time within noise (zlib's fast strategies),
# level 2 files are 5-15% smaller than level 1, level 3 a little smaller again but slower on
# the biggest boards, level 6 takes twice as long.
LEVEL = 2
BAND_ROWS = 32  # rows per independently compressed band (see BandCache)
SIGNATURE = b"\x89PNG\r\n\x1a\n"
ADLER_BASE = 65521


class CompressedLRU:
    """Compressed pieces of boards by a digest key, up to ``max_bytes`` of compressed bytes
    (the first item of each kept tuple), least recently used dropped first; thread-safe
    (boards are drawn in several threads). Used for PNG bands here and for Antiquity's
    strips (:mod:`rendering.strips`)."""

    def __init__(self, max_bytes: int) -> None:
        self.max_bytes = max_bytes
        self._kept: OrderedDict[bytes, tuple] = OrderedDict()
        self._bytes = 0
        self._lock = threading.Lock()

    def get(self, key: bytes) -> tuple | None:
        """Return what is kept for ``key`` (now the most recently used), or None."""
        with self._lock:
            found = self._kept.get(key)
            if found is not None:
                self._kept.move_to_end(key)
            return found

    def put(self, key: bytes, value: tuple) -> None:
        """Keep ``value`` under ``key``, dropping the least recently used beyond the bound."""
        with self._lock:
            if key in self._kept:
                return
            self._kept[key] = value
            self._bytes += len(value[0]) + len(key)
            while self._bytes > self.max_bytes and self._kept:
                old_key, old = self._kept.popitem(last=False)
                self._bytes -= len(old[0]) + len(old_key)

    def size(self) -> tuple[int, int]:
        """Return (pieces kept, bytes kept)."""
        with self._lock:
            return len(self._kept), self._bytes

    def clear(self) -> None:
        """Forget every piece."""
        with self._lock:
            self._kept.clear()
            self._bytes = 0


class BandCache(CompressedLRU):
    """Compressed bands of board images, by the SHA-256 of their bytes, up to ``max_bytes``.

    A channel's next board differs from its last in a few places (the caption, the header, the
    pieces moved, one player's panel): each band of ``BAND_ROWS`` rows is compressed on its
    own (a full flush ends it on a byte boundary with a fresh dictionary, so bands concatenate
    into one valid stream), and a band already compressed for an earlier board is reused.
    Hashing a band costs about a quarter of compressing it.
    """

    def __init__(self, max_bytes: int = 48 * 1024 * 1024) -> None:
        super().__init__(max_bytes)

    def band(self, data, level: int) -> tuple[bytes, int]:
        """Return the deflate bytes (raw, fully flushed) and the Adler-32 of ``data``."""
        key = hashlib.sha256(data).digest() + bytes([level])
        found = self.get(key)
        if found is None:
            stream = zlib.compressobj(level, zlib.DEFLATED, -15)
            found = (stream.compress(data) + stream.flush(zlib.Z_FULL_FLUSH),
                     zlib.adler32(data))
            self.put(key, found)
        return found


BANDS = BandCache()


def encode_png(image: Image.Image, level: int = LEVEL, bands: BandCache | None = BANDS) -> bytes:
    """Encode ``image`` as a lossless RGB PNG, fast.

    Pillow's raw encoder writes each row followed by one padding byte when asked for a row
    stride one byte longer than the row: with one zero byte in front, every padding byte
    becomes the next row's filter byte (0, no filter). So the PNG scanlines come out of one
    C call per band of rows, never copied row by row in Python. They are compressed through
    ``bands`` (bands seen on an earlier board are not compressed again); ``bands=None``
    compresses the whole image as one stream.
    """
    if image.mode != "RGB":
        image = image.convert("RGB")
    width, height = image.size
    if bands is None:
        rows = memoryview(image.tobytes("raw", "RGB", width * 3 + 1))
        stream = zlib.compressobj(level)
        compressed = stream.compress(b"\x00") + stream.compress(rows[:-1]) + stream.flush()
    else:
        compressed = _banded(image, level, bands)
    return png_file(width, height, compressed)


def png_file(width: int, height: int, compressed: bytes) -> bytes:
    """Return the PNG file of an 8-bit RGB image from the zlib stream of its scanlines."""
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return SIGNATURE + _chunk(b"IHDR", header) + _chunk(b"IDAT", compressed) \
        + _chunk(b"IEND", b"")


def _banded(image: Image.Image, level: int, bands: BandCache) -> bytes:
    """Return the zlib stream of the image's scanlines, band by band (a band's bytes are made
    only when it is its turn, so no copy of the whole image is ever held), each compressed
    or found in ``bands``."""
    width, height = image.size
    image.load()
    parts, checksum = [b"\x78\x5e"], 1  # zlib header: deflate, 32 KiB window, level 2-5
    for top in range(0, height, BAND_ROWS):
        data = scanlines(image, top, min(height, top + BAND_ROWS))
        deflated, adler = bands.band(data, level)
        parts.append(deflated)
        checksum = adler32_combine(checksum, adler, len(data))
    parts.append(b"\x03\x00")  # an empty final block
    parts.append(struct.pack(">I", checksum))
    return b"".join(parts)


def scanlines(image: Image.Image, top: int, bottom: int) -> bytes:
    """Return the PNG scanlines of rows ``top`` to ``bottom`` (each after its filter byte 0),
    read by Pillow's raw encoder from the drawing surface itself (no cropped copy of the band)."""
    width = image.width
    stride = width * 3 + 1  # each row followed by one zero byte: the next row's filter byte
    encoder = Image._getencoder("RGB", "raw", ("RGB", stride))
    output = [b"\x00"]
    try:
        encoder.setimage(image.im, (0, top, width, bottom))
        errcode = 0
        while not errcode:
            _, errcode, data = encoder.encode(stride * (bottom - top))
            output.append(data)
    finally:
        encoder.cleanup()
    if errcode < 0:
        raise RuntimeError(f"encoder error {errcode} reading a board's rows")
    output[-1] = output[-1][:-1]  # the last row's padding byte begins no row
    return b"".join(output)


def adler32_combine(first: int, second: int, length: int) -> int:
    """Return the Adler-32 of two byte strings joined, from theirs and the second's length
    (zlib's adler32_combine)."""
    rem = length % ADLER_BASE
    sum1 = first & 0xFFFF
    sum2 = (rem * sum1) % ADLER_BASE
    sum1 = (sum1 + (second & 0xFFFF) + ADLER_BASE - 1) % ADLER_BASE
    sum2 = (sum2 + (first >> 16) + (second >> 16) + ADLER_BASE - rem) % ADLER_BASE
    return sum1 | (sum2 << 16)


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def fit_png(png: bytes, limit: int) -> bytes | None:
    """Return ``png`` if it fits in ``limit`` bytes, else a smaller encoding, or None.

    Tries a 256-colour palette PNG at full size first (boards are flat colours, so this is
    usually enough), then the palette image scaled down in steps, never below 480 pixels wide.
    """
    if len(png) <= limit:
        return png
    image = Image.open(io.BytesIO(png)).convert("RGB")
    while True:
        smaller = palette_png(image)
        if len(smaller) <= limit:
            return smaller
        scale = max(0.5, min(0.9, (limit / len(smaller)) ** 0.5))
        width, height = int(image.width * scale), int(image.height * scale)
        if width < 480:
            return None
        image = image.resize((width, height), Image.Resampling.LANCZOS)


def palette_png(image: Image.Image) -> bytes:
    """Encode ``image`` as a 256-colour palette PNG (smaller, lossy), with Pillow's writer."""
    buffer = io.BytesIO()
    image.quantize(256, method=Image.Quantize.FASTOCTREE).save(buffer, "PNG", optimize=True)
    return buffer.getvalue()
