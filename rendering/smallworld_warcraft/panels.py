"""The panels around the Warcraft map: round track, combo column, players, key."""

from __future__ import annotations

from PIL import ImageDraw

from rendering.common import (
    HIGHLIGHT,
    INK,
    board_locale,
    fit_text,
    font,
    player_colour,
    readable_on,
    words,
)
from rendering.smallworld_warcraft import board, icons
from rendering.smallworld_warcraft.style import (
    colour,
    faction_colour,
    name,
    race_colour,
    short,
    text,
)
from rules.core.text import Msg, has_message
from rules.smallworld_warcraft import data

MARGIN = 12
GAP = 10
MUTED = (95, 88, 80)
WHITE = (255, 255, 255)
HEADER_H = 64
CAPTION_H = 46


def _fitted(draw, xy, value: str, width: float, size: int, bold=False, fill=INK, anchor="la"):
    """Draw ``value`` at ``xy`` shrunk to fit ``width``."""
    size = fit_text(draw, value, int(max(width, 10)), size, bold)
    draw.text(xy, value, font=font(size, bold), fill=fill, anchor=anchor)


def faction_of(race: str | None) -> str | None:
    """Return a race's faction, or None for no race / an unknown id."""
    return data.races().get(race or "", {}).get("faction")


def faction_badge(draw, x: float, y: float, faction: str | None, h: int = 30) -> float:
    """Draw a square faction badge (A / H / N on its colour) at (x, y); return its right edge."""
    if not faction:
        return x
    fill = faction_colour(faction)
    draw.rounded_rectangle((x, y, x + h, y + h), radius=6, fill=fill, outline=icons.RIM, width=2)
    draw.text((x + h / 2, y + h / 2), short("faction_mark", faction), font=font(18, True),
              fill=readable_on(fill), anchor="mm")
    return x + h


def chip(draw, x: float, y: float, race: str | None, declined: bool = False, h: int = 30) -> float:
    """Draw a race colour chip with its mark at (x, y); return its right edge."""
    fill = race_colour(race, declined)
    mark = short("abbr", race)
    w = draw.textlength(mark, font=font(18, True)) + 16
    draw.rounded_rectangle((x, y, x + w, y + h), radius=h // 2, fill=fill, outline=icons.RIM,
                           width=2)
    draw.text((x + w / 2, y + h / 2), mark, font=font(18, True), fill=readable_on(fill),
              anchor="mm")
    return x + w


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
        draw.text(((box[0] + box[2]) / 2, mid), str(n), font=font(17, True),
                  fill=INK if current else (235, 235, 240), anchor="mm")
        x += 36
    if data_.get("phase") and not over:
        draw.text((x + 12, mid), phase_name(data_["phase"]), font=font(22),
                  fill=(235, 235, 240), anchor="lm")
    _to_act(draw, data_, width)


def phase_name(phase: str) -> str:
    """Return the display name of a phase id."""
    key = f"smallworld_warcraft_render.phase.{phase}"
    return words(Msg(key)) if has_message(key) else phase.replace("_", " ").title()


def _to_act(draw, data_: dict, width: int) -> None:
    seats = [] if data_.get("over") else list(data_.get("to_act") or [])
    x = width - MARGIN
    for seat in reversed(seats):
        label = f"{seat_name(data_, seat)} {text('label.to_act')}"
        w = draw.textlength(label, font=font(22, True)) + 26
        box = (x - w, HEADER_H / 2 - 19, x, HEADER_H / 2 + 19)
        fill = player_colour(seat)
        draw.rounded_rectangle(box, radius=19, fill=fill, outline=WHITE, width=3)
        draw.text(((box[0] + box[2]) / 2, HEADER_H / 2), label, font=font(22, True),
                  fill=readable_on(fill), anchor="mm")
        x -= w + GAP


def caption(draw: ImageDraw.ImageDraw, top: int, width: int, last_move: str) -> int:
    """Draw the last move as a caption band; return its height."""
    draw.rectangle((0, top, width, top + CAPTION_H), fill=WHITE)
    draw.rectangle((0, top, 10, top + CAPTION_H), fill=HIGHLIGHT)
    _fitted(draw, (MARGIN + 12, top + CAPTION_H / 2), text("label.last_move", text=last_move),
            width - 2 * MARGIN - 12, 26, bold=True, fill=HIGHLIGHT, anchor="lm")
    return CAPTION_H


COMBO_H = 112


def combos(draw: ImageDraw.ImageDraw, top: int, width: int, row: list[dict]) -> int:
    """Draw the combo column (position 0 first) with faction, cost and coins; return height."""
    draw.text((MARGIN, top + 8), text("label.combos"), font=font(22, True), fill=MUTED)
    y = top + 40
    slots = max(6, len(row))
    card_w = (width - 2 * MARGIN - (slots - 1) * GAP) / slots
    for i, combo in enumerate(row):
        _combo_card(draw, MARGIN + i * (card_w + GAP), y, card_w, combo)
    return 40 + COMBO_H + GAP


def _combo_card(draw, x: float, y: float, w: float, combo: dict) -> None:
    race = combo.get("race")
    faction = faction_of(race)
    draw.rounded_rectangle((x, y, x + w, y + COMBO_H), radius=10, fill=WHITE,
                           outline=faction_colour(faction), width=3)
    draw.rounded_rectangle((x, y, x + 12, y + COMBO_H), radius=6, fill=race_colour(race))
    right = faction_badge(draw, x + 20, y + 8, faction, 28)
    _fitted(draw, (right + 8, y + 22), name("race", race), x + w - right - 16, 22, bold=True,
            anchor="lm")
    _fitted(draw, (x + 20, y + 46), name("power", combo.get("power")), w - 28, 20, fill=MUTED)
    cost = text("label.cost", cost=combo.get("cost", 0))
    draw.text((x + 20, y + COMBO_H - 10), cost, font=font(19, True), fill=INK, anchor="ls")
    if combo.get("coins"):
        _coin(draw, (x + w - 26, y + COMBO_H - 24), text("label.coins_on", coins=combo["coins"]))


def _coin(draw, centre, label: str) -> None:
    x, y = centre
    r = max(16, draw.textlength(label, font=font(17, True)) / 2 + 5)
    draw.ellipse((x - r, y - 16, x + r, y + 16), fill=(240, 196, 60), outline=(150, 110, 20),
                 width=2)
    draw.text((x, y), label, font=font(17, True), fill=INK, anchor="mm")


PLAYER_H = 196
NAME_LENGTH = 16


def seat_name(data_: dict, seat: int) -> str:
    """The player's display name (shortened to fit a card), or "Player N" without names."""
    names = data_.get("names") or []
    if 0 <= seat < len(names) and names[seat]:
        value = str(names[seat])
        return value if len(value) <= NAME_LENGTH else value[: NAME_LENGTH - 1] + "\u2026"
    return text("label.player", number=seat + 1)


def players(draw: ImageDraw.ImageDraw, top: int, width: int, data_: dict) -> int:
    """Draw one card per player in the seat's colour; return the height used."""
    seats = list(data_.get("players") or [])
    if not seats:
        return 0
    per_row = 3 if len(seats) > 3 else len(seats)
    card_w = (width - 2 * MARGIN - (per_row - 1) * GAP) / per_row
    acting = set(data_.get("to_act") or ())
    scores = data_.get("scores") or {}
    over = bool(data_.get("over"))
    best = max(scores.values(), default=None) if over else None
    for i, player in enumerate(seats):
        seat = player.get("seat", i)
        score = scores.get(str(seat), scores.get(seat)) if over else None
        mark = "\u2605" if score is not None and score == best else (
            "\u25b6" if seat in acting and not over else "")
        row, col = divmod(i, per_row)
        _player_card(draw, MARGIN + col * (card_w + GAP), top + GAP + row * (PLAYER_H + GAP),
                     card_w, player, mark, score, seat_name(data_, seat))
    rows = (len(seats) + per_row - 1) // per_row
    return rows * (PLAYER_H + GAP) + GAP


def players_height(count: int) -> int:
    """Return the height ``players`` uses for ``count`` seats."""
    if not count:
        return 0
    per_row = 3 if count > 3 else count
    return ((count + per_row - 1) // per_row) * (PLAYER_H + GAP) + GAP


def _player_card(draw, x: float, y: float, w: float, player: dict, mark: str, score,
                 seat_label: str) -> None:
    seat = player.get("seat", 0)
    seat_colour = player_colour(seat)
    draw.rounded_rectangle((x, y, x + w, y + PLAYER_H), radius=12, fill=WHITE,
                           outline=seat_colour, width=6 if mark else 3)
    draw.rounded_rectangle((x, y, x + w, y + 40), radius=12, fill=seat_colour)
    draw.rectangle((x, y + 28, x + w, y + 40), fill=seat_colour)
    title = f"{mark} {seat_label}" if mark else seat_label
    ink = readable_on(seat_colour)
    draw.text((x + 14, y + 20), title, font=font(24, True), fill=ink, anchor="lm")
    room = w - 40 - draw.textlength(title, font=font(24, True))
    _wallet(draw, x + w - 12, y + 20, room, player.get("coins"), score, ink)
    _active(draw, x + 12, y + 50, w - 24, player.get("active"))
    _extras(draw, x + 12, y + 116, w - 24, player)
    _declined(draw, x + 12, y + PLAYER_H - 40, w - 24, player.get("declined"))


def _wallet(draw, right: float, cy: float, room: float, coins, score, ink) -> None:
    if score is not None:
        label = text("label.score", score=score)
    elif coins is not None:
        label = text("label.coins", coins=coins)
    else:
        return
    _fitted(draw, (right, cy), label, room, 22, bold=True, fill=ink, anchor="rm")


def _active(draw, x: float, y: float, w: float, active: dict | None) -> None:
    if not active or not active.get("race"):
        draw.text((x, y + 14), text("label.no_race"), font=font(20), fill=MUTED, anchor="lm")
        return
    right = faction_badge(draw, x, y, faction_of(active["race"])) + 4
    right = chip(draw, right, y, active["race"])
    _fitted(draw, (right + 8, y + 15), name("race", active["race"]), w - (right - x) - 8, 22,
            bold=True, anchor="lm")
    _fitted(draw, (x, y + 46), name("power", active.get("power")), w * 0.6, 20, fill=MUTED,
            anchor="lm")
    draw.text((x + w, y + 46), text("label.hand", count=active.get("hand", 0)),
              font=font(20, True), fill=INK, anchor="rm")


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
        _fitted(draw, (x, y + 12), " \u00b7 ".join(items), w, 19, bold=True, fill=(120, 60, 20),
                anchor="lm")


def _declined(draw, x: float, y: float, w: float, declined: dict | None) -> None:
    if not declined or not declined.get("race"):
        return
    right = faction_badge(draw, x, y, faction_of(declined["race"]), 28) + 4
    right = chip(draw, right, y, declined["race"], declined=True, h=28) + 4
    label = name("race", declined["race"])
    if declined.get("power"):
        label = f"{label} ({name('power', declined['power'])})"
    _fitted(draw, (right + 4, y + 14), label, w - (right - x) - 4, 18, fill=MUTED, anchor="lm")


KEY_H = 130


def key(canvas, draw: ImageDraw.ImageDraw, top: int, width: int, data_: dict) -> int:
    """Draw the key to symbols, tokens and markers, and the hidden piles' sizes."""
    entries = [(icons.SYMBOLS[s], text(f"key.{s}")) for s in ("entry", "magic", "cavern",
                                                              "mountain")]
    entries += [(icons.PIECES[p], text(f"key.{p}"))
                for p in ("murloc", "wisp_wall", "fort", "watchtower", "champion", "beast",
                          "bomb", "objective", "face_down")]
    entries += [(icons.artifact, text("key.artifact")), (icons.legendary, text("key.legendary"))]
    per_row = 5
    col_w = (width - 2 * MARGIN) / per_row
    for i, (painter, label) in enumerate(entries):
        cx = MARGIN + (i % per_row) * col_w + 16
        cy = top + 18 + (i // per_row) * 34
        painter(draw, (cx, cy), 12)
        _fitted(draw, (cx + 22, cy), label, col_w - 44, 18, fill=MUTED, anchor="lm")
    piles = []
    if data_.get("bomb_pile") is not None:
        piles.append(text("label.bomb_pile", count=data_["bomb_pile"]))
    if data_.get("marker_pool") is not None:
        piles.append(text("label.marker_pool", count=data_["marker_pool"]))
    sample = board.pill_sprite("orcs", True, 1, None, "horde", board_locale())
    cy = top + 18 + 3 * 34
    canvas.paste(sample, (MARGIN, int(cy - sample.height / 2)), sample)
    line = "   ".join([text("label.in_decline")] + piles)
    _fitted(draw, (MARGIN + sample.width + 10, cy), line, width - 2 * MARGIN - sample.width - 10,
            18, fill=MUTED, anchor="lm")
    return KEY_H
