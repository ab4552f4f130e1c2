"""The Myths & Marvels board (spec 7.11) under the map: Ronak or Tuuk-Tuuk, the black cubes on
Ronak, the small circles by kind (each with its effect, committed cubes in their owners'
colours), the battle (whose battle turn, each champion) and the loot; and the black cubes
still on the map's triangles."""

from __future__ import annotations

from functools import lru_cache

from rendering.common import INK, draw_centred, player_colour, readable_on, words
from rules.core.paths import data_path, read_toml
from rules.core.text import Msg

from . import geometry as geo
from .content import card
from .labels import card_name, player_name, word
from .panels import ATTR_COLOURS, _lines, text

CUBE = 11  # half the side of a black cube on the map
RADIUS = 22  # a small circle on the Myths & Marvels board
CONVICTION_COLOUR = (120, 120, 120)


def m(key: str, **params) -> str:
    """Return a Myths & Marvels board word in the board's language."""
    return words(Msg(f"vindication_myths.{key}", params))


def draw_cubes(draw, data: dict) -> None:
    """Draw a black cube on every triangle that still holds one."""
    for tri in (data.get("myths") or {}).get("cubes", []):
        cx, cy = geo.triangle_centre(tri)
        cy += 22
        draw.rectangle((cx - CUBE, cy - CUBE, cx + CUBE, cy + CUBE), fill=INK,
                       outline=(240, 240, 240), width=2)


def panel(draw, data: dict, x: int, y: int, width: int) -> int:
    """Draw the Myths & Marvels board from ``y``; return its height (0 without the module)."""
    myths = data.get("myths")
    if not myths:
        return 0
    top = y
    draw.rectangle((x, y, x + width, y + 44), fill=(70, 40, 40))
    side = m(f"board.{myths['side']}")
    text(draw, (x + 12, y + 6), f"{m('board.title')} · {side}", 30, fill=(255, 255, 255),
         bold=True, width=width - 24)
    y += 54
    text(draw, (x, y), m("board.cubes", n=myths["ronak"]), 26, bold=True)
    y += 38
    y = _circles(draw, data, myths, x, y, width)
    y = _battle(draw, data, myths, x, y, width)
    y = _loot(draw, data, myths, x, y, width)
    return y - top


def _circles(draw, data, myths, x, y, width) -> int:
    kinds = list(dict.fromkeys(k for k, _ in myths["circles"]))
    for kind in kinds:
        owners = [o for k, o in myths["circles"] if k == kind]
        label = _kind_word(kind)
        effect = m(f"board.effect.{_effect(kind)}")
        colour = ATTR_COLOURS.get(kind, CONVICTION_COLOUR)
        draw.rectangle((x, y + 4, x + 14, y + 2 * RADIUS), fill=colour)
        cx = x + 28 + RADIUS
        for owner in owners:
            fill = player_colour(owner) if owner is not None else (255, 255, 255)
            draw.ellipse((cx - RADIUS, y + 2, cx + RADIUS, y + 2 + 2 * RADIUS), fill=fill,
                         outline=colour, width=5)
            if owner is not None:
                draw_centred(draw, (cx, y + 2 + RADIUS), str(owner + 1), 22,
                             fill=readable_on(fill), bold=True)
            cx += 2 * RADIUS + 8
        lines = _lines(draw, f"{label}: {effect}", 24, x + width - cx - 8)
        for i, line in enumerate(lines):
            text(draw, (cx + 6, y + 2 + 28 * i), line, 24, bold=i == 0)
        y += max(2 * RADIUS + 10, 28 * len(lines) + 8)
    return y + 6


@lru_cache(maxsize=1)
def _effects() -> dict:
    """The circle-kind -> effect mapping (data/vindication/myths.toml, shared display data)."""
    return read_toml(data_path("vindication", "myths.toml"))["effects"]


def _effect(kind: str) -> str:
    return _effects()[kind]["effect"]


def _kind_word(kind: str) -> str:
    return word("sphere.conviction") if kind == "conviction" else word(f"attr.{kind}")


def _battle(draw, data, myths, x, y, width) -> int:
    battle = myths.get("battle")
    tokens = [f"{player_name(data, s)} {n}" for s, n in enumerate(myths["teleports"]) if n]
    if tokens:
        for line in _lines(draw, f"{m('board.teleports')}: " + ", ".join(tokens), 24, width):
            text(draw, (x, y), line, 24)
            y += 30
    if not battle or battle.get("phase") == "prepare":
        return y
    if battle["phase"] == "fight":
        text(draw, (x, y), m("board.turn", seat=player_name(data, data["current"])), 26,
             bold=True, width=width)
        y += 36
    entries = []
    for seat in battle["fighters"]:
        companions = data["players"][seat]["companions"]
        champ = _champion(companions)
        entries.append(f"{player_name(data, seat)}: "
                       + (card_name(champ) if champ else m("board.fallen")))
    if entries:
        for line in _lines(draw, f"{m('board.champions')}: " + "; ".join(entries), 24, width):
            text(draw, (x, y), line, 24)
            y += 30
    if battle.get("first_loot") is not None:
        text(draw, (x, y), f"{m('board.first_loot')}: "
             f"{player_name(data, battle['first_loot'])}", 24, width=width)
        y += 30
    return y


def _champion(companions: list) -> str | None:
    return min((c for c, _ in companions), key=lambda c: card(c)["initiative"], default=None)


def _loot(draw, data, myths, x, y, width) -> int:
    held = [f"{player_name(data, s)}: " + ", ".join(m(f"loot.{c}") for c in cards)
            for s, cards in enumerate(myths["loot"]) if cards]
    shown = [m(f"loot.{c}") for c in myths["loot_shown"]]
    for entry in ([f"{m('board.loot')}: " + " · ".join(shown)] if shown else []) + held:
        for line in _lines(draw, entry, 24, width):
            text(draw, (x, y), line, 24)
            y += 30
    return y + 4
