"""Colours and words of the Warcraft board: style data, names and catalog text (in the
board's language, ``rendering.common.board_locale``)."""

from __future__ import annotations

from rendering.common import words
from rendering.smallworld.style import Palette, title_case
from rules.core.text import Msg, has_message

Colour = tuple[int, int, int]
RENDER = "smallworld_warcraft_render"
GAME = "smallworld_warcraft"


PALETTE = Palette(GAME)
colour, terrain_colour, race_colour = PALETTE.colour, PALETTE.terrain_colour, PALETTE.race_colour


def faction_colour(faction: str | None) -> Colour:
    """Return the colour of a faction (Alliance blue, Horde red, neutral bronze)."""
    return PALETTE.listed("faction", faction)


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
