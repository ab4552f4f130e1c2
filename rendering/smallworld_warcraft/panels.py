"""The panels around the Warcraft map: round track, combo column, players, key.

The caption, the seats to act, the combo column, the player cards' frames and the key's grid
are Small World's (:mod:`rendering.smallworld.panels`), drawn with this game's words; what
is Warcraft's own is the round track, the faction marks and the cards' contents.
"""

from __future__ import annotations

from functools import partial

from PIL import ImageDraw

from rendering.common import INK, board_locale, font, readable_on, words
from rendering.smallworld import panels as base
from rendering.smallworld.panels import MARGIN, MUTED, TEXT, WHITE, fitted
from rendering.smallworld_warcraft import board, content, icons
from rendering.smallworld_warcraft.style import (
    colour,
    faction_colour,
    name,
    race_colour,
    short,
    text,
)
from rules.core.text import Msg, has_message

HEADER_H = 64
CAPTION_H = base.CAPTION_H
GAP = base.GAP


def faction_of(race: str | None) -> str | None:
    """Return a race's faction, or None for no race / an unknown id."""
    return content.races().get(race or "", {}).get("faction")


def faction_badge(draw, x: float, y: float, faction: str | None, h: int = 30) -> float:
    """Draw a square faction badge (A / H / N on its colour) at (x, y); return its right edge."""
    if not faction:
        return x
    fill = faction_colour(faction)
    draw.rounded_rectangle((x, y, x + h, y + h), radius=6, fill=fill, outline=icons.RIM, width=2)
    draw.text((x + h / 2, y + h / 2), short("faction_mark", faction), font=font(TEXT, True),
              fill=readable_on(fill), anchor="mm")
    return x + h


def chip(draw, x: float, y: float, race: str | None, declined: bool = False, h: int = 30) -> float:
    """Draw a race colour chip with its mark at (x, y); return its right edge."""
    return base.pill(draw, x, y, race_colour(race, declined), short("abbr", race), h)


def header(draw: ImageDraw.ImageDraw, data_: dict, width: int) -> None:
    """Draw the round track, the phase and whose turn it is."""
    draw.rectangle((0, 0, width, HEADER_H), fill=colour("frame"))
    now, rounds = int(data_.get("round") or 0), int(data_.get("rounds") or 0)
    over = bool(data_.get("over"))
    label = text("label.over") if over else text("label.round", round=now, rounds=rounds)
    mid = HEADER_H / 2
    draw.text((MARGIN + 6, mid), label, font=font(28, True), fill=WHITE, anchor="lm")
    x = MARGIN + 16 + draw.textlength(label, font=font(28, True))
    for n in range(1, rounds + 1):
        box = (x, mid - 15, x + 30, mid + 15)
        current = n == now and not over
        fill = (250, 200, 60) if current else ((150, 130, 110) if n < now else (85, 95, 115))
        draw.rounded_rectangle(box, radius=6, fill=fill, outline=WHITE if current else
                               (130, 140, 160), width=2)
        draw.text(((box[0] + box[2]) / 2, mid), str(n), font=font(TEXT, True),
                  fill=INK if current else (235, 235, 240), anchor="mm")
        x += 36
    if data_.get("phase") and not over:
        draw.text((x + 12, mid), phase_name(data_["phase"]), font=font(22),
                  fill=(235, 235, 240), anchor="lm")
    base.to_act(draw, data_, width, HEADER_H, text, size=22)


def phase_name(phase: str) -> str:
    """Return the display name of a phase id."""
    key = f"smallworld_warcraft_render.phase.{phase}"
    return words(Msg(key)) if has_message(key) else phase.replace("_", " ").title()


caption = partial(base.caption, text=text)


COMBO_H = 112


def combos(draw: ImageDraw.ImageDraw, top: int, width: int, row: list[dict]) -> int:
    """Draw the combo column (position 0 first) with faction, cost and coins; return height."""
    return base.combos(draw, top, width, row, text, _combo_card, COMBO_H)


def _combo_card(draw, x: float, y: float, w: float, combo: dict) -> None:
    race = combo.get("race")
    faction = faction_of(race)
    draw.rounded_rectangle((x, y, x + w, y + COMBO_H), radius=10, fill=WHITE,
                           outline=faction_colour(faction), width=3)
    draw.rounded_rectangle((x, y, x + 12, y + COMBO_H), radius=6, fill=race_colour(race))
    right = faction_badge(draw, x + 20, y + 8, faction, 28)
    fitted(draw, (right + 8, y + 22), name("race", race), x + w - right - 16, 22, bold=True,
           anchor="lm")
    fitted(draw, (x + 20, y + 46), name("power", combo.get("power")), w - 28, TEXT, fill=MUTED)
    base.combo_cost(draw, x, y, w, COMBO_H, combo, text)


PLAYER_H = 196
PER_ROW = 3


def _per_row(count: int) -> int:
    return PER_ROW if count > PER_ROW else count


def players(draw: ImageDraw.ImageDraw, top: int, width: int, data_: dict) -> int:
    """Draw one card per player in the seat's colour, 3 a row; return the height used."""
    count = len(data_.get("players") or [])
    return base.players(draw, top, width, data_, text, _player_card, PLAYER_H,
                        _per_row(count))


def players_height(count: int) -> int:
    """Return the height ``players`` uses for ``count`` seats."""
    return base.players_height(count, PLAYER_H, _per_row(count))


def _player_card(draw, x: float, y: float, w: float, player: dict, mark: str, score,
                 seat_label: str) -> None:
    base.card_frame(draw, x, y, w, PLAYER_H, player, mark, score, seat_label, text)
    _active(draw, x + 12, y + 50, w - 24, player.get("active"))
    _extras(draw, x + 12, y + 116, w - 24, player)
    _declined(draw, x + 12, y + PLAYER_H - 40, w - 24, player.get("declined"))


def _active(draw, x: float, y: float, w: float, active: dict | None) -> None:
    base.active_race(draw, x, y, w, active, text, _marks, power_share=0.6)


def _marks(draw, x: float, y: float, race: str) -> float:
    """Draw a race's faction badge and chip; return their right edge."""
    return chip(draw, faction_badge(draw, x, y, faction_of(race)) + 4, y, race)


def _extras(draw, x: float, y: float, w: float, player: dict) -> None:
    """Draw what a player holds beside the board: Harmony, the Champion, beasts in hand, the
    Worgen form."""
    items = []
    if player.get("harmony"):
        items.append(text("label.harmony"))
    active = player.get("active") or {}
    if active.get("champion_in_hand"):
        items.append(text("label.champion_in_hand"))
    if active.get("beasts_in_hand"):
        items.append(text("label.beasts_in_hand", count=active["beasts_in_hand"]))
    if active.get("form") in ("human", "worgen"):
        items.append(text(f"label.form_{active['form']}"))
    if items:
        fitted(draw, (x, y + 12), " \u00b7 ".join(items), w, 19, bold=True, fill=(120, 60, 20),
               anchor="lm")


def _declined(draw, x: float, y: float, w: float, declined: dict | None) -> None:
    if not declined or not declined.get("race"):
        return
    right = faction_badge(draw, x, y, faction_of(declined["race"]), 28) + 4
    right = chip(draw, right, y, declined["race"], declined=True, h=28) + 4
    label = name("race", declined["race"])
    if declined.get("power"):
        label = f"{label} ({name('power', declined['power'])})"
    fitted(draw, (right + 4, y + 14), label, w - (right - x) - 4, 18, fill=MUTED, anchor="lm")


KEY_H = 144


def key(canvas, draw: ImageDraw.ImageDraw, top: int, width: int, data_: dict) -> int:
    """Draw the key to symbols, tokens and markers, and the hidden piles' sizes."""
    entries = [(icons.SYMBOLS[s], text(f"key.{s}")) for s in ("entry", "magic", "cavern",
                                                              "mountain")]
    entries += [(icons.PIECES[p], text(f"key.{p}"))
                for p in ("murloc", "wisp_wall", "fort", "watchtower", "champion", "beast",
                          "bomb", "objective", "face_down")]
    entries += [(icons.artifact, text("key.artifact")), (icons.legendary, text("key.legendary"))]
    base.key_grid(draw, top, width, entries, row_h=34, size=12)
    piles = []
    if data_.get("bomb_pile") is not None:
        piles.append(text("label.bomb_pile", count=data_["bomb_pile"]))
    if data_.get("marker_pool") is not None:
        piles.append(text("label.marker_pool", count=data_["marker_pool"]))
    sample = board.pill_sprite("orcs", True, 1, None, "horde", board_locale())
    cy = top + 18 + 3 * 34
    canvas.paste(sample, (MARGIN, int(cy - sample.height / 2)), sample)
    line = "   ".join([text("label.in_decline")] + piles)
    fitted(draw, (MARGIN + sample.width + 10, cy), line, width - 2 * MARGIN - sample.width - 10,
           TEXT, fill=MUTED, anchor="lm")
    return KEY_H
