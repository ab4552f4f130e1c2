"""Drawing helpers shared by every game: fonts loaded once, player colours, fitted text."""

from __future__ import annotations

from contextlib import contextmanager
from contextvars import ContextVar
from functools import lru_cache
from pathlib import Path
from typing import Iterator

from PIL import Image, ImageDraw

from rendering.fonts import FallbackFont, project_font
from rules.core.paths import data_path
from rules.core.text import DEFAULT_LOCALE, Msg, translate

# Okabe-Ito palette: distinguishable with the common forms of colour blindness.
PLAYER_COLOURS: tuple[tuple[int, int, int], ...] = (
    (0, 114, 178),    # blue
    (230, 159, 0),    # orange
    (0, 158, 115),    # bluish green
    (204, 121, 167),  # reddish purple
    (213, 94, 0),     # vermilion
    (86, 180, 233),   # sky blue
    (240, 228, 66),   # yellow
)
INK = (30, 30, 30)
PAPER = (250, 247, 240)
GREY = (150, 150, 150)
HIGHLIGHT = (220, 20, 60)


def player_colour(seat: int) -> tuple[int, int, int]:
    """Return the colour of ``seat`` (cycling if there are more seats than colours)."""
    return PLAYER_COLOURS[seat % len(PLAYER_COLOURS)]


def font(size: int, bold: bool = False) -> FallbackFont:
    """Return the project's font of ``size`` pixels (shipped files, fallback per character)."""
    return project_font(size, bold)


def text_size(draw: ImageDraw.ImageDraw, text: str, size: int,
              bold: bool = False) -> tuple[int, int]:
    """Return the width and height ``text`` takes at ``size``."""
    left, top, right, bottom = draw.textbbox((0, 0), text, font=font(size, bold))
    return right - left, bottom - top


def fit_text(draw: ImageDraw.ImageDraw, text: str, max_width: int, size: int,
             bold: bool = False, min_size: int = 8) -> int:
    """Return the largest font size up to ``size`` at which ``text`` fits in ``max_width``.

    Remembered per text, width and size (boards fit the same names and labels on every
    board, one measurement per size tried: a fifth of a Warcraft board's drawing)."""
    return _fitting_size(draw.fontmode, text, max_width, size, bold, min_size)


@lru_cache(maxsize=8192)
def _fitting_size(fontmode: str, text: str, max_width: float, size: int, bold: bool,
                  min_size: int) -> int:
    """:func:`fit_text` measured on a scratch surface drawing text as ``fontmode`` does."""
    draw = ImageDraw.Draw(Image.new(fontmode, (1, 1)))
    while size > min_size and text_size(draw, text, size, bold)[0] > max_width:
        size -= 1
    return size


def draw_centred(draw: ImageDraw.ImageDraw, centre: tuple[float, float], text: str, size: int,
                 fill=INK, bold: bool = False, outline=None) -> None:
    """Draw ``text`` centred on ``centre``, with an optional outline for contrast."""
    kwargs = {"stroke_width": 2, "stroke_fill": outline} if outline else {}
    draw.text(centre, text, font=font(size, bold), fill=fill, anchor="mm", **kwargs)


@lru_cache(maxsize=8192)
def text_stamp(text: str, size: int, bold: bool = False, fill=INK, stroke_width: int = 0,
               stroke_fill=None) -> tuple[Image.Image, tuple[int, int]]:
    """Return ``text`` drawn once on a small transparent image, and where its top-left corner
    lies from the point the text is centred on (anchor "mm").

    Pasting the stamp with itself as the mask draws what ``draw.text(..., anchor="mm")`` would
    (to the nearest pixel) at a fraction of the cost: a label drawn on many boards is laid
    out and rasterised once. The cache holds a few thousand stamps of a few kilobytes each.
    """
    face = font(size, bold)
    probe = ImageDraw.Draw(Image.new("L", (1, 1)))
    left, top, right, bottom = probe.textbbox((0, 0), text, font=face, anchor="mm",
                                              stroke_width=stroke_width)
    stamp = Image.new("RGBA", (max(1, right - left), max(1, bottom - top)), (0, 0, 0, 0))
    ImageDraw.Draw(stamp).text((-left, -top), text, font=face, fill=fill, anchor="mm",
                               stroke_width=stroke_width, stroke_fill=stroke_fill)
    return stamp, (left, top)


def paste_stamp(image: Image.Image, stamp: tuple[Image.Image, tuple[int, int]],
                centre: tuple[float, float]) -> tuple[int, int, int, int]:
    """Paste a :func:`text_stamp` centred on ``centre``; return the box it covers."""
    picture, (left, top) = stamp
    x, y = round(centre[0]) + left, round(centre[1]) + top
    box = (x, y, x + picture.width, y + picture.height)
    image.load()
    image.im.paste(picture.im, box, picture.im)  # the stamp is its own mask; no checks per call
    return box


def readable_on(colour: tuple[int, int, int]) -> tuple[int, int, int]:
    """Return black or white, whichever reads better on ``colour``."""
    r, g, b = colour[:3]
    return INK if (0.299 * r + 0.587 * g + 0.114 * b) > 150 else (255, 255, 255)


def asset_path(*parts: str) -> Path:
    """Return a path under ``data/`` (for static art shipped as data)."""
    return data_path(*parts)


# -- the board's language -------------------------------------------------------------------
_BOARD_LOCALE: ContextVar[str] = ContextVar("board_locale", default=DEFAULT_LOCALE)


def board_locale() -> str:
    """The language the board being drawn uses (set by :func:`drawing_in`)."""
    return _BOARD_LOCALE.get()


@contextmanager
def drawing_in(locale: str | None) -> Iterator[None]:
    """Draw every word of the boards rendered inside this block in ``locale``."""
    token = _BOARD_LOCALE.set(locale or DEFAULT_LOCALE)
    try:
        yield
    finally:
        _BOARD_LOCALE.reset(token)


def words(msg: Msg) -> str:
    """Translate a catalog message into the board's language."""
    return translate(msg, board_locale())
