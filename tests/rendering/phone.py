"""What a board looks like at phone width: every text drawn, its size and whether it is cut.

Discord shows an attached board about 400 pixels wide on a phone. ``drawn_texts`` records
every ``ImageDraw.text`` call while a board is drawn (each renderer cache emptied first, so
cached stamps and templates are drawn again), with the font size and whether the text lies
wholly inside the image it is drawn on; ``at_phone_width`` turns a size into pixels at 400 px.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass

from PIL import ImageDraw

PHONE = 400  # pixels: the width Discord shows an attachment at on a phone
READABLE = 5.8  # pixels of type size at phone width below which a word does not read


@dataclass(frozen=True)
class Drawn:
    """One text drawn: its value, font size, and whether it lies inside its image."""

    value: str
    size: int
    inside: bool


def at_phone_width(size: float, board_width: int) -> float:
    """Return how many pixels ``size`` becomes when a board ``board_width`` wide is shown at
    phone width."""
    return size * PHONE / board_width


def clear_render_caches() -> None:
    """Empty every ``lru_cache`` of the rendering modules (stamps, templates, layers)."""
    for name, module in list(sys.modules.items()):
        if name == "rendering" or name.startswith("rendering."):
            for value in vars(module).values():
                if callable(getattr(value, "cache_clear", None)):
                    value.cache_clear()


def drawn_texts(monkeypatch) -> list[Drawn]:
    """Record every text drawn from now on (the list fills as boards are drawn)."""
    clear_render_caches()
    drawn: list[Drawn] = []
    original = ImageDraw.ImageDraw.text

    def spy(self, xy, text, fill=None, font=None, anchor=None, *args, **kwargs):
        if text.strip() and font is not None and hasattr(font, "size"):
            left, top, right, bottom = self.textbbox(xy, text, font=font, anchor=anchor)
            width, height = self.im.size
            inside = left >= -1 and top >= -1 and right <= width + 1 and bottom <= height + 1
            drawn.append(Drawn(text, font.size, inside))
        return original(self, xy, text, fill, font, anchor, *args, **kwargs)

    monkeypatch.setattr(ImageDraw.ImageDraw, "text", spy)
    return drawn


def unreadable(drawn: list[Drawn], board_width: int) -> list[tuple[str, int]]:
    """Return the texts (value, size) smaller than READABLE at phone width."""
    return sorted({(d.value, d.size) for d in drawn
                   if at_phone_width(d.size, board_width) < READABLE})


def words_only(drawn: list[Drawn]) -> list[Drawn]:
    """Return the texts that hold a letter or a digit (not the symbols drawn as icons)."""
    return [d for d in drawn if any(char.isalnum() for char in d.value)]


def cut(drawn: list[Drawn]) -> list[str]:
    """Return the texts that run off the image they are drawn on."""
    return sorted({d.value for d in drawn if not d.inside})
