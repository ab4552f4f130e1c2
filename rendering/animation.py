"""Animated replays: board images streamed one at a time into a GIF within an upload limit.

Frames are never held together: each board is drawn, scaled to a phone's width, quantized to
one palette (taken from the final board, which holds the most colours) and written at once,
cropped to what changed since the frame before. Only the previous scaled frame is kept, to
find that change. A GIF that would outgrow the upload limit is abandoned early and drawn
again narrower, then with fewer frames.
"""

from __future__ import annotations

from typing import Callable, Iterable, Sequence

from PIL import GifImagePlugin, Image, ImageChops

FRAME_MS = 900
LAST_FRAME_MS = 4000
# Frame widths tried in turn: 720 pixels fills a phone held upright (Discord shows an image
# at most a phone's width) and keeps the "q,r" labels and counts of a 1500-pixel board legible.
WIDTHS = (720, 560, 420)
MAX_FRAMES = 150
COLOURS = 255
CHECK_AFTER = 10  # frames written before the final size is projected

Frames = Callable[[Sequence[int]], Iterable[Image.Image]]


def pick_frames(count: int, limit: int = MAX_FRAMES) -> list[int]:
    """Return at most ``limit`` frame indices spread evenly, always keeping first and last."""
    if count <= limit:
        return list(range(count))
    step = (count - 1) / (limit - 1)
    return sorted({round(i * step) for i in range(limit)})


def palette_of(image: Image.Image, width: int = WIDTHS[0]) -> Image.Image:
    """Return a 1x1 palette image holding the colours of ``image`` seen at ``width``."""
    palette = Image.new("P", (1, 1))
    palette.putpalette(_scaled(image, width).quantize(COLOURS, method=Image.Quantize.MEDIANCUT,
                                                      dither=Image.Dither.NONE).getpalette())
    return palette


def animate(frames: Frames, count: int, limit_bytes: int, palette: Image.Image) -> bytes:
    """Encode frames ``0..count-1`` as a looping GIF no larger than ``limit_bytes``.

    ``frames(indices)`` yields the full-size image of each index in turn (drawn on demand);
    ``palette`` (see :func:`palette_of`) gives every frame its colours. Raises ValueError
    when even the narrowest version of two frames does not fit.
    """
    if count < 1:
        raise ValueError("no frames to animate")
    chosen = pick_frames(count)
    while True:
        for width in WIDTHS:
            data = _gif(frames(chosen), len(chosen), width, palette, limit_bytes)
            if data is not None:
                return data
        if len(chosen) <= 2:
            raise ValueError("the replay does not fit the upload limit")
        chosen = [chosen[i] for i in pick_frames(len(chosen), max(2, len(chosen) // 2))]


def _gif(frames: Iterable[Image.Image], count: int, width: int, palette: Image.Image,
         limit: int) -> bytes | None:
    """Write ``count`` frames at ``width``; None as soon as the file will not fit ``limit``."""
    parts: list[bytes] = []
    written = first = 0
    previous: Image.Image | None = None
    for index, frame in enumerate(frames):
        small = _scaled(frame, width)
        del frame
        if previous is None:
            parts += _header(small.size, palette)
        box = (0, 0) + small.size if previous is None else _changed(previous, small)
        duration = LAST_FRAME_MS if index == count - 1 else FRAME_MS
        piece = b"".join(GifImagePlugin.getdata(_indexed(small.crop(box), palette),
                                                offset=box[:2], duration=duration, disposal=1))
        parts.append(piece)
        written += len(piece)
        first = first or written
        previous = small
        if written > limit or _projected(written, first, index + 1, count) > 1.3 * limit:
            return None
    parts.append(b";")
    data = b"".join(parts)
    return data if len(data) <= limit else None


def _projected(written: int, first: int, done: int, count: int) -> float:
    """Estimate the final size from the frames written so far (the first is a whole board)."""
    if done < CHECK_AFTER:
        return 0.0
    return first + (written - first) / (done - 1) * (count - 1)


def _changed(previous: Image.Image, small: Image.Image) -> tuple[int, int, int, int]:
    """Return the box that differs between two frames (one pixel when none does)."""
    return ImageChops.difference(previous, small).getbbox() or (0, 0, 1, 1)


def _scaled(image: Image.Image, width: int) -> Image.Image:
    """Return ``image`` ``width`` pixels wide (never wider than it is), in RGB."""
    image = image if image.mode == "RGB" else image.convert("RGB")
    if image.width <= width:
        return image
    height = max(1, round(image.height * width / image.width))
    return image.resize((width, height), Image.Resampling.BILINEAR, reducing_gap=2.0)


def _indexed(image: Image.Image, palette: Image.Image) -> Image.Image:
    return image.quantize(palette=palette, dither=Image.Dither.NONE)


def _header(size: tuple[int, int], palette: Image.Image) -> list[bytes]:
    """Return the GIF header: screen size, the global palette, loop forever."""
    screen = palette.resize(size)
    header, _ = GifImagePlugin.getheader(screen, info={"loop": 0, "duration": FRAME_MS})
    return header
