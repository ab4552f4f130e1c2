"""Colours and words of the Small World board: style data, race names and catalog text."""

from __future__ import annotations

import json
from functools import cached_property

from rendering.common import GREY, asset_path, words
from rules.core.text import Msg, has_message

Colour = tuple[int, int, int]


class Palette:
    """The colours of one game's style file (``data/<game>/layout/style.json``)."""

    def __init__(self, game: str):
        self.game = game

    @cached_property
    def _style(self) -> dict:
        with asset_path(self.game, "layout", "style.json").open(encoding="utf-8") as handle:
            return json.load(handle)

    def colour(self, name: str) -> Colour:
        """Return a named colour of the style file (``frame``, ``border``, ``background``...)."""
        return tuple(self._style[name])

    def listed(self, table: str, key: str | None) -> Colour:
        """Return the colour of ``key`` in the style file's ``table`` (grey if absent)."""
        return tuple(self._style[table].get(key or "", GREY))

    def terrain_colour(self, terrain: str) -> Colour:
        """Return the fill colour of a terrain."""
        return self.listed("terrain", terrain)

    def race_colour(self, race: str | None, declined: bool = False) -> Colour:
        """Return the colour of a race's tokens: its own, or grey once in decline."""
        if declined:
            return tuple(self._style["declined"])
        return self.listed("race", race)


PALETTE = Palette("smallworld")
colour, terrain_colour, race_colour = PALETTE.colour, PALETTE.terrain_colour, PALETTE.race_colour


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
