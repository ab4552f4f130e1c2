"""Find the renderer of a view's game and turn the image into PNG bytes."""

from __future__ import annotations

import importlib
import inspect
import io
import pkgutil
import struct
import zlib
from functools import lru_cache
from typing import Callable

from PIL import Image

from rules.core import View

from .common import drawing_in

Renderer = Callable[..., Image.Image]


def preload_all() -> list[str]:
    """Build every renderer's static layers now (renderers that define ``preload()``).

    Returns the names of the games warmed. The bot calls this in a worker thread at start,
    so the first board after a restart is drawn as fast as the others.
    """
    warmed = []
    for name, module in _renderer_modules().items():
        if callable(getattr(module, "preload", None)):
            module.preload()
            warmed.append(name)
    return warmed


@lru_cache(maxsize=1)
def _renderer_modules() -> dict:
    """Import every game module under ``rendering/`` that defines ``GAME_NAME`` and ``render``."""
    import rendering

    found = {}
    for module in pkgutil.iter_modules(rendering.__path__):
        if module.name in {"registry", "common"}:
            continue
        loaded = importlib.import_module(f"rendering.{module.name}")
        name = getattr(loaded, "GAME_NAME", None)
        if name and callable(getattr(loaded, "render", None)):
            found[name] = loaded
    return found


def _renderers() -> dict[str, Renderer]:
    """The render function of each game, by game name."""
    return {name: module.render for name, module in _renderer_modules().items()}


def render(view: View, last_move: str | None = None, **options) -> Image.Image:
    """Draw ``view`` with its game's renderer, highlighting ``last_move`` when given.

    ``options`` are the platform's drawing wishes: ``names`` (player names by seat),
    ``focus_seat`` (the seat whose own board to show in full) and ``locale`` (the language
    of every word drawn). A renderer receives those its ``render`` accepts; the others do not
    apply to its game and are left out. The locale reaches the renderer's words through
    :func:`rendering.common.board_locale`.
    """
    renderer = _renderers()[view.game]
    accepted = _accepted_options(renderer)
    locale = options.pop("locale", None)
    wanted = {k: v for k, v in options.items() if k in accepted and v is not None}
    with drawing_in(locale):
        return renderer(view, last_move=last_move, **wanted)


@lru_cache(maxsize=None)
def _accepted_options(renderer: Renderer) -> frozenset[str]:
    return frozenset(inspect.signature(renderer).parameters)


def render_png(view: View, last_move: str | None = None, **options) -> bytes:
    """Draw ``view`` and return PNG bytes ready to upload."""
    return encode_png(render(view, last_move=last_move, **options))


def encode_png(image: Image.Image, level: int = 3) -> bytes:
    """Encode ``image`` as a lossless RGB PNG, fast.

    Pillow's encoder spends most of its time choosing a filter for every row; board images
    are flat colours that compress well unfiltered, so rows are written with filter 0 and
    plain zlib, about twice as fast at a similar size.
    """
    if image.mode != "RGB":
        image = image.convert("RGB")
    width, height = image.size
    raw = image.tobytes()
    stride = width * 3
    # each row starts with its filter byte (0); one compress call, which releases the GIL for
    # the whole image, so boards drawn in threads compress in parallel
    rows = b"\x00" + b"\x00".join([raw[start:start + stride]
                                     for start in range(0, len(raw), stride)])
    compressed = zlib.compress(rows, level)
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + _chunk(b"IHDR", header)
            + _chunk(b"IDAT", compressed) + _chunk(b"IEND", b""))


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def has_renderer(game_name: str) -> bool:
    """Tell whether a renderer exists for ``game_name``."""
    return game_name in _renderers()


def fit_png(png: bytes, limit: int) -> bytes | None:
    """Return ``png`` if it fits in ``limit`` bytes, else a smaller encoding, or None.

    Tries a 256-colour palette PNG at full size first (boards are flat colours, so this is
    usually enough), then the palette image scaled down in steps, never below 480 pixels wide.
    """
    if len(png) <= limit:
        return png
    image = Image.open(io.BytesIO(png)).convert("RGB")
    while True:
        smaller = _palette_png(image)
        if len(smaller) <= limit:
            return smaller
        scale = max(0.5, min(0.9, (limit / len(smaller)) ** 0.5))
        width, height = int(image.width * scale), int(image.height * scale)
        if width < 480:
            return None
        image = image.resize((width, height), Image.Resampling.LANCZOS)


def _palette_png(image: Image.Image) -> bytes:
    buffer = io.BytesIO()
    image.quantize(256, method=Image.Quantize.FASTOCTREE).save(buffer, "PNG", optimize=True)
    return buffer.getvalue()
