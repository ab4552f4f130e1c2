"""Text wrapped to a width in pixels, measured a few times per line and remembered.

The board wraps the same texts on every board of every channel (card names and abilities,
trigger texts, players' card rows): each distinct (text, size, width) is laid out once. A
line is found by bisecting on how many more characters fit (the width of a text only grows
as characters are added to it), which gives the lines a character-by-character fill gives,
in a handful of measurements per line instead of one per character.
"""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw

from rendering.common import font

WRAPPED_TEXTS = 4096  # distinct (text, size, width) kept; a few hundred bytes each
_PROBE = ImageDraw.Draw(Image.new("RGB", (1, 1)))  # measures as a board's RGB drawing does


def line_breaks(value: str, size: int, width: int) -> tuple[str, ...]:
    """Break ``value`` into lines of at most ``width`` pixels at ``size`` (at spaces where it
    can; a word longer than the width is cut where it overflows)."""
    return _line_breaks(value, size, width)


@lru_cache(maxsize=WRAPPED_TEXTS)
def _line_breaks(value: str, size: int, width: int) -> tuple[str, ...]:
    face = font(size)

    def fits(text: str) -> bool:
        return _PROBE.textlength(text, font=face) <= width

    lines: list[str] = []
    line, index = value[:1], 1  # the first character always starts the first line
    while index < len(value):
        end = _fitting_end(fits, line, value, index)
        if end == len(value):
            line += value[index:]
            break
        line += value[index:end]
        cut = line.rfind(" ")
        head, tail = (line[:cut], line[cut + 1:]) if cut > 0 else (line, "")
        lines.append(head)
        line, index = tail + value[end], end + 1
    return tuple(lines + ([line] if line else []))


def _fitting_end(fits, line: str, value: str, start: int) -> int:
    """The largest ``end`` (``start`` at least) such that ``line`` followed by each of
    ``value[start:start + 1]`` ... ``value[start:end]`` fits."""
    if fits(line + value[start:]):
        return len(value)
    low, high = start, len(value) - 1  # line + value[start:low] fits (or is just ``line``)
    while low < high:
        middle = (low + high + 1) // 2
        if fits(line + value[start:middle]):
            low = middle
        else:
            high = middle - 1
    return low


def cache_info():
    """How many wrapped texts are kept (``functools`` cache statistics)."""
    return _line_breaks.cache_info()
