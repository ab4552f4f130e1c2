"""Words drawn on the Antiquity board, from the message catalog in the board's language."""

from __future__ import annotations

from functools import lru_cache

from rendering.common import board_locale
from rules.core.text import Msg, translate


def word(key: str) -> str:
    """Return the catalog text of ``antiquity.<key>`` in the board's language."""
    return _word(key, board_locale())


@lru_cache(maxsize=2048)
def _word(key: str, locale: str) -> str:
    return translate(Msg(f"antiquity.{key}"), locale)


def phrase(key: str, **params) -> str:
    """Return the catalog text of ``antiquity.<key>`` with parameters, in the board's language."""
    return translate(Msg(f"antiquity.{key}", params), board_locale())


def seat_name(names, seat: int) -> str:
    """Return the display name of ``seat`` (P1.. when names are unknown)."""
    return names[seat] if names and 0 <= seat < len(names) else f"P{seat + 1}"
