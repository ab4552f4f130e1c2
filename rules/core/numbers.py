"""Whole numbers as players and hosts type them: ASCII digits only.

``str.isdigit`` also accepts superscripts and circled digits ('²', '①') that ``int`` then
rejects, and ``int`` itself reads other scripts' digits ('٣') and underscores ('1_0'); a
move or option that names a number is read here instead, so such text is simply not a number.
"""

from __future__ import annotations

import re

_WHOLE = re.compile(r"-?[0-9]+")


def whole_number(word: str, low: int | None = None, high: int | None = None,
                 digits: int = 9) -> int | None:
    """Return ``word`` as an int when it is ASCII digits (an optional leading '-'), at most
    ``digits`` long and within ``low``..``high``; otherwise None."""
    if len(word.lstrip("-")) > digits or not _WHOLE.fullmatch(word):
        return None
    value = int(word)
    if (low is not None and value < low) or (high is not None and value > high):
        return None
    return value


def ascii_digits(word: str) -> bool:
    """Tell whether ``word`` is one or more ASCII digits (no sign)."""
    return word.isascii() and word.isdigit()
