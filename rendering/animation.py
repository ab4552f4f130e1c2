"""Animated replays: a sequence of board images as one animated GIF within an upload limit."""

from __future__ import annotations

import io
from typing import Sequence

from PIL import Image

FRAME_MS = 900
LAST_FRAME_MS = 4000
SCALES = (0.6, 0.45, 0.33, 0.25)
MAX_FRAMES = 150


def pick_frames(count: int, limit: int = MAX_FRAMES) -> list[int]:
    """Return at most ``limit`` frame indices spread evenly, always keeping first and last."""
    if count <= limit:
        return list(range(count))
    step = (count - 1) / (limit - 1)
    return sorted({round(i * step) for i in range(limit)})


def animate(frames: Sequence[Image.Image], limit_bytes: int) -> bytes:
    """Encode ``frames`` as a looping GIF no larger than ``limit_bytes``.

    Frames are scaled down (and thinned out if need be) until the file fits; raises
    ValueError when even the smallest version does not.
    """
    if not frames:
        raise ValueError("no frames to animate")
    chosen = list(frames)
    while True:
        for scale in SCALES:
            data = _gif([_scaled(f, scale) for f in chosen])
            if len(data) <= limit_bytes:
                return data
        if len(chosen) <= 2:
            raise ValueError("the replay does not fit the upload limit")
        chosen = [chosen[i] for i in pick_frames(len(chosen), max(2, len(chosen) // 2))]


def _scaled(image: Image.Image, scale: float) -> Image.Image:
    size = (max(1, round(image.width * scale)), max(1, round(image.height * scale)))
    small = image.convert("RGB").resize(size, Image.Resampling.LANCZOS)
    return small.quantize(colors=128, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)


def _gif(frames: list[Image.Image]) -> bytes:
    out = io.BytesIO()
    durations = [FRAME_MS] * (len(frames) - 1) + [LAST_FRAME_MS]
    frames[0].save(out, format="GIF", save_all=True, append_images=frames[1:], loop=0,
                   duration=durations, optimize=False, disposal=1)
    return out.getvalue()
