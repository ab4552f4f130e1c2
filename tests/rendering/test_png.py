"""The board PNG encoder: lossless at any size, rows unfiltered, one IDAT stream."""

import io
import os
import zlib

import pytest
from PIL import Image

from rendering.png import BandCache, encode_png


@pytest.mark.parametrize("size", [(1, 1), (7, 300), (301, 5), (640, 480)])
def test_every_pixel_comes_back(size):
    image = Image.frombytes("RGB", size, os.urandom(size[0] * size[1] * 3))
    decoded = Image.open(io.BytesIO(encode_png(image)))
    assert decoded.mode == "RGB" and decoded.size == size
    assert decoded.tobytes() == image.tobytes()


def test_a_palette_board_is_written_as_its_colours():
    image = Image.new("P", (50, 20), 3)
    image.putpalette([0, 0, 0, 10, 20, 30, 40, 50, 60, 200, 100, 0] + [0] * 744)
    decoded = Image.open(io.BytesIO(encode_png(image)))
    assert decoded.getpixel((10, 10)) == (200, 100, 0)


@pytest.mark.parametrize("height", [1, 31, 32, 33, 97])
def test_bands_make_the_same_scanlines_as_one_stream(height):
    image = Image.frombytes("RGB", (13, height), os.urandom(13 * height * 3))
    whole = encode_png(image, bands=None)
    banded = encode_png(image, bands=BandCache())
    assert _scanlines(banded) == _scanlines(whole)


def test_a_board_that_changed_in_one_place_reuses_the_other_bands():
    cache = BandCache()
    image = Image.frombytes("RGB", (200, 320), os.urandom(200 * 320 * 3))
    encode_png(image, bands=cache)
    kept = cache.size()[0]
    image.putpixel((5, 100), (1, 2, 3))
    changed = encode_png(image, bands=cache)
    assert cache.size()[0] == kept + 1
    assert Image.open(io.BytesIO(changed)).tobytes() == image.tobytes()


def test_the_band_cache_stays_within_its_byte_bound():
    cache = BandCache(max_bytes=200_000)
    for _ in range(5):
        encode_png(Image.frombytes("RGB", (300, 320), os.urandom(300 * 320 * 3)), bands=cache)
    assert 0 < cache.size()[1] <= 200_000


def _scanlines(png: bytes) -> bytes:
    """Return the decompressed IDAT data of a PNG (checking its Adler-32 on the way)."""
    start = png.index(b"IDAT") + 4
    length = int.from_bytes(png[start - 8:start - 4], "big")
    return zlib.decompress(png[start:start + length])
