"""Colours and words of the Warcraft board: style data, names and catalog text (in the
board's language, ``rendering.common.board_locale``)."""

from __future__ import annotations

import json
from functools import lru_cache

from rendering.common import GREY, asset_path, words
from rendering.smallworld.style import title_case
from rules.core.text import Msg, has_message

Colour = tuple[int, int, int]
RENDER = "smallworld_warcraft_render"
GAME = "smallworld_warcraft"


@lru_cache(maxsize=1)
def _style() -> dict:
    with asset_path(GAME, "layout", "style.json").open(encoding="utf-8") as handle:
        return json.load(handle)


def colour(name: str) -> Colour:
    """Return a named colour of the style file (``ocean``, ``sand``, ``frame`` ...)."""
    return tuple(_style()[name])


def terrain_colour(terrain: str) -> Colour:
    """Return the fill colour of a terrain."""
    return tuple(_style()["terrain"].get(terrain, GREY))


def race_colour(race: str | None, declined: bool = False) -> Colour:
    """Return the colour of a race's tokens: its own, or grey once in decline."""
    if declined:
        return tuple(_style()["declined"])
    return tuple(_style()["race"].get(race or "", GREY))


def faction_colour(faction: str | None) -> Colour:
    """Return the colour of a faction (Alliance blue, Horde red, neutral bronze)."""
    return tuple(_style()["faction"].get(faction or "", GREY))


def name(kind: str, ident: str | None) -> str:
    """Return the display name of a race, power (shared Small World names), marker, faction
    or island id."""
    if not ident:
        return ""
    family = "smallworld" if kind in ("race", "power") else GAME
    key = f"{family}.{kind}.{ident}"
    return words(Msg(key)) if has_message(key) else title_case(ident)


def text(key: str, **params) -> str:
    """Return the sentence of ``smallworld_warcraft_render.<key>`` filled with ``params``."""
    return words(Msg(f"{RENDER}.{key}", params))


def short(table: str, ident: str | None) -> str:
    """Return a short mark from the render catalog (race ``abbr``, ``marker_abbr`` ...)."""
    key = f"{RENDER}.{table}.{ident}"
    if ident and has_message(key):
        return words(Msg(key))
    return title_case(ident or "?")[:2]
