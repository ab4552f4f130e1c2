"""Words drawn on the Vindication board, all from the message catalog, in the board's
language (:func:`rendering.common.board_locale`)."""

from __future__ import annotations

from functools import lru_cache

from rendering.common import board_locale
from rendering.vindication.content import is_treachery
from rules.core.text import Msg, translate


def word(key: str) -> str:
    """Return the catalog text of ``vindication.<key>`` in the board's language."""
    return _word(key, board_locale())


@lru_cache(maxsize=None)
def _word(key: str, locale: str) -> str:
    return translate(Msg(f"vindication.{key}"), locale)


def card_name(cid: str) -> str:
    """Return a card's display name (a treachery card says so, spec 7.3)."""
    if is_treachery(cid):
        return f"{word(f'card.{cid}')} ({word('board.treachery')})"
    return word(f"card.{cid}")


def region_name(region: str) -> str:
    """Return a region's display name."""
    return word(f"region.{region}")


def player_name(data: dict, seat: int) -> str:
    """Return the display name of ``seat`` (platform names when given)."""
    names = data.get("names") or []
    if isinstance(names, dict):
        return names.get(seat) or f"P{seat + 1}"
    return names[seat] if seat < len(names) and names[seat] else f"P{seat + 1}"
