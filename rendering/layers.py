"""A bounded cache of static board layers: the latest few as images, the rest compressed.

A busy bot draws boards of many games at once, each with its own map or island set. Keeping
every layer as an image would take megabytes per game; drawing it again for every board takes
a tenth of a second or more. :class:`LayerCache` keeps the layers used last as images (ready
to paste) and every other layer zlib-compressed (flat colours compress about twentyfold), so
the layers of a hundred channels fit in a few tens of megabytes and a layer that fell out of
the first tier costs a decompression, not a redraw (and is compressed once: a layer taken back
from the packed tier keeps its packed copy). A cache made with ``pack_repeats`` packs only the
layers that came back: a layer first falls out of the whole tier unpacked (remembered by the
hash of its key), and is packed when it falls out again after being drawn anew, so a layer
that is never wanted again (a player's panel before the move that changed it) costs no
compression (packing a panel takes about as long as drawing it).
"""

from __future__ import annotations

import threading
import zlib
from collections import OrderedDict
from functools import wraps
from typing import Callable, Hashable

from PIL import Image

DROPPED_KEYS = 4096  # keys let go unpacked remembered (by hash) per cache, for pack_repeats
LEVEL = 1  # zlib level of the compressed tier: measured the fastest to decompress at ~20x


class LayerCache:
    """Least-recently-used layers: ``images`` kept whole, then ``max_bytes`` of compressed."""

    def __init__(self, images: int = 4, max_bytes: int = 32 * 1024 * 1024,
                 pack_repeats: bool = False) -> None:
        self.images, self.max_bytes, self.pack_repeats = images, max_bytes, pack_repeats
        self._dropped: OrderedDict[int, None] = OrderedDict()  # hashes of keys let go unpacked
        self._whole: OrderedDict[Hashable, Image.Image] = OrderedDict()
        self._packed: OrderedDict[Hashable, tuple[str, tuple[int, int], bytes]] = OrderedDict()
        self._packed_bytes = 0
        self._lock = threading.Lock()

    def get(self, key: Hashable, draw: Callable[[], Image.Image]) -> Image.Image:
        """Return the layer of ``key``, drawing it with ``draw()`` when it is in neither tier.

        The image returned is shared: paste it or copy it, never draw on it.
        """
        with self._lock:
            image = self._whole.get(key)
            if image is not None:
                self._whole.move_to_end(key)
                return image
            packed = self._packed.get(key)
            if packed is not None:  # it stays packed too: evicted again, it is not recompressed
                self._packed.move_to_end(key)
        if packed is not None:
            mode, size, data = packed
            image = Image.frombytes(mode, size, zlib.decompress(data))
        else:
            image = draw()
        self._keep(key, image)
        return image

    def _keep(self, key: Hashable, image: Image.Image) -> None:
        """Put ``image`` first in the whole tier, moving the oldest whole one to the packed."""
        with self._lock:
            self._whole[key] = image
            self._whole.move_to_end(key)
            evicted = []
            while len(self._whole) > self.images:
                evicted.append(self._whole.popitem(last=False))
        for old_key, old in evicted:
            self._pack(old_key, old)

    def _pack(self, key: Hashable, image: Image.Image) -> None:
        with self._lock:
            if key in self._packed or self.max_bytes <= 0 or self._first_drop(key):
                return
        data = zlib.compress(image.tobytes(), LEVEL)
        with self._lock:
            if key in self._whole or key in self._packed:
                return
            self._packed[key] = (image.mode, image.size, data)
            self._packed_bytes += len(data)
            while self._packed_bytes > self.max_bytes and self._packed:
                self._packed_bytes -= len(self._packed.popitem(last=False)[1][2])

    def _first_drop(self, key: Hashable) -> bool:
        """With ``pack_repeats``, remember ``key`` and tell True the first time it is let go."""
        if not self.pack_repeats:
            return False
        mark = hash(key)
        if mark in self._dropped:
            del self._dropped[mark]
            return False
        self._dropped[mark] = None
        while len(self._dropped) > DROPPED_KEYS:
            self._dropped.popitem(last=False)
        return True

    def sizes(self) -> tuple[int, int, int]:
        """Return (whole layers, packed layers, packed bytes), for tests and benchmarks."""
        with self._lock:
            return len(self._whole), len(self._packed), self._packed_bytes

    def clear(self) -> None:
        """Forget every layer."""
        with self._lock:
            self._whole.clear()
            self._packed.clear()
            self._dropped.clear()
            self._packed_bytes = 0


def layer_cache(images: int = 4, max_bytes: int = 32 * 1024 * 1024, pack_repeats: bool = False):
    """Decorate a function of hashable arguments that draws a layer with a :class:`LayerCache`
    (reached as ``function.cache``, e.g. to clear it)."""
    def wrap(function: Callable[..., Image.Image]) -> Callable[..., Image.Image]:
        cache = LayerCache(images, max_bytes, pack_repeats)

        @wraps(function)
        def cached(*args):
            return cache.get(args, lambda: function(*args))
        cached.cache = cache  # type: ignore[attr-defined]
        return cached
    return wrap
