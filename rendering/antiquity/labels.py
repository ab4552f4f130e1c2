"""Words drawn on the Antiquity board, from the message catalog (English)."""

from __future__ import annotations

from functools import lru_cache

from rules.core.text import Msg, translate


@lru_cache(maxsize=512)
def word(key: str) -> str:
    """Return the catalog text of ``antiquity.<key>``."""
    return translate(Msg(f"antiquity.{key}"))


def phrase(key: str, **params) -> str:
    """Return the catalog text of ``antiquity.<key>`` with parameters."""
    return translate(Msg(f"antiquity.{key}", params))


def seat_name(names, seat: int) -> str:
    """Return the display name of ``seat`` (P1.. when names are unknown)."""
    return names[seat] if names and 0 <= seat < len(names) else f"P{seat + 1}"
