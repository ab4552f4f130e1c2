"""Colours and words of the Small World board: style data, race names and catalog text."""

from __future__ import annotations

import json
from functools import lru_cache

from rendering.common import GREY, asset_path, words
from rules.core.text import Msg, has_message

Colour = tuple[int, int, int]


@lru_cache(maxsize=1)
def _style() -> dict:
    with asset_path("smallworld", "layout", "style.json").open(encoding="utf-8") as handle:
        return json.load(handle)


def colour(name: str) -> Colour:
    """Return a named colour of the style file (``frame``, ``border``, ``background`` ...)."""
    return tuple(_style()[name])


def terrain_colour(terrain: str) -> Colour:
    """Return the fill colour of a terrain."""
    return tuple(_style()["terrain"].get(terrain, GREY))


def race_colour(race: str | None, declined: bool = False) -> Colour:
    """Return the colour of a race's tokens: its own, or grey once in decline."""
    if declined:
        return tuple(_style()["declined"])
    return tuple(_style()["race"].get(race or "", GREY))


def title_case(ident: str) -> str:
    """Return a readable fallback name for an id: ``dragon_master`` -> ``Dragon Master``."""
    return ident.replace("_", " ").title()


def name(kind: str, ident: str | None) -> str:
    """Return the display name of a race or power id (catalog first, the id in title case else)."""
    if not ident:
        return ""
    key = f"smallworld.{kind}.{ident}"
    return words(Msg(key)) if has_message(key) else title_case(ident)


def text(key: str, **params) -> str:
    """Return the sentence of ``smallworld_render.<key>`` filled with ``params``."""
    return words(Msg(f"smallworld_render.{key}", params))


def abbreviation(race: str | None) -> str:
    """Return the short race mark drawn on the board (two letters)."""
    key = f"smallworld_render.abbr.{race}"
    if race and has_message(key):
        return words(Msg(key))
    return title_case(race or "?")[:2]
