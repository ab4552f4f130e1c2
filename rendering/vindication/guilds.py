"""Guilds & Monuments on the board (spec 7.10): guild medals where they stand (a fortified
or diplomatic hex, an obstacle triangle), the three rings of a fortified region, and each
player's medal and monument board in their panel."""

from __future__ import annotations

from rendering.common import INK, draw_centred, player_colour, readable_on, words
from rules.core.text import Msg

from . import geometry as geo
from .labels import card_name, word

ON_HEX = ("fortify", "diplomacy")
CARDS = ("loyalty", "relic", "praise", "destiny")
MONUMENT_SLOTS = 9  # six attributes, one Conviction, two Proficiency tiles (guilds.toml)


def draw_guilds(draw, data: dict) -> None:
    """Draw every guild medal standing on the map, and the rings of fortified regions."""
    for player in data["players"]:
        medal = player.get("guild")
        if not medal or (medal[0] not in ON_HEX and medal[0] != "obstacle"):
            continue
        location, target = medal
        if location in ON_HEX:
            cx, cy = geo.hex_centre(target)
            if location == "fortify":
                _rings(draw, cx, cy, player_colour(player["seat"]))
            _medal(draw, cx + 34, cy - 30, player["seat"])
        else:
            cx, cy = geo.triangle_centre(target)
            _medal(draw, cx, cy + 16, player["seat"])


def _rings(draw, cx: float, cy: float, colour) -> None:
    """The fortified side: three rings around the region's name."""
    for radius in (50, 57, 64):
        draw.ellipse((cx - radius, cy - radius, cx + radius, cy + radius), outline=colour,
                     width=3)


def _medal(draw, cx: float, cy: float, seat: int) -> None:
    """A guild medal: a diamond in the player's colour with their seat number."""
    colour = player_colour(seat)
    r = 23  # room for the seat number at the map's label size (board.LABEL, 6 px at 400 px)
    draw.polygon([(cx, cy - r), (cx + r, cy), (cx, cy + r), (cx - r, cy)], fill=colour,
                 outline=INK, width=3)
    draw_centred(draw, (cx, cy), str(seat + 1), 21, fill=readable_on(colour), bold=True)


def guild_lines(player: dict) -> list[str]:
    """The panel's lines: where the medal stands (and that it must move), the monument."""
    if "guild" not in player:
        return []
    lines = [f"◆ {word('board.guild')}: {_where(player['guild'])}"
             + (f" ({word('board.guild_stale')})" if player.get("guild_stale") else "")]
    if player["monument_built"]:
        lines.append(f"▲ {word('board.monument_built')}")
    else:
        filled = " ".join(_slot(s) for s in player["monument"])
        lines.append(f"▲ {word('board.monument')}: {len(player['monument'])}/{MONUMENT_SLOTS}"
                     + (f" {filled}" if filled else ""))
    return lines


def _where(medal) -> str:
    if not medal:
        return word("board.guild_supply")
    location, target = medal
    if location in CARDS:
        return words(Msg(f"vindication.guild.{location}", {"card": card_name(target)}))
    if location == "command":
        right = "influence" if target == "potential" else "conviction"
        return words(Msg("vindication.guild.command",
                         {"source": word(f"sphere.{target}"), "target": word(f"sphere.{right}")}))
    return words(Msg(f"vindication.guild.{location}", {"hex": target or "",
                                                        "triangle": target or ""}))


def _slot(slot: str) -> str:
    if slot.startswith("tile_"):
        return "▣" + word(f"board.abbr.{slot[5:]}")
    if slot == "conviction":
        return word("board.abbr.conviction")
    return word(f"board.abbr.{slot}")
