"""The text panels around the Small World map: turn track, combos on offer, players, key.

Small World of Warcraft draws the same panels with its own words, colours and card contents:
the shared parts take them as parameters (``text``: the render catalog's sentence maker,
``card``: what goes on a combo or player card), defaulting to Small World's.
"""

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
from rendering.smallworld import board, icons
from rendering.smallworld.style import abbreviation, colour, name, race_colour, text, title_case
from rules.core.text import Msg, has_message

MARGIN = 12
GAP = 10
MUTED = (95, 88, 80)
TEXT = 22  # the smallest words of the panels: 6 px at phone width (400 px)
WHITE = (255, 255, 255)


def fitted(draw, xy, value: str, width: float, size: int, bold=False, fill=INK, anchor="la"):
    """Draw ``value`` at ``xy`` shrunk to fit ``width`` (at least 10 px)."""
    size = fit_text(draw, value, int(max(width, 10)), size, bold)
    draw.text(xy, value, font=font(size, bold), fill=fill, anchor=anchor)




def _chip(draw, x: float, y: float, race: str | None, declined: bool = False, h: int = 30) -> float:
    """Draw a race colour chip with its mark at (x, y); return its right edge."""
    return pill(draw, x, y, race_colour(race, declined), abbreviation(race), h)


def pill(draw, x: float, y: float, fill, mark: str, h: int = 30) -> float:
    """Draw a rounded chip of ``fill`` holding ``mark`` at (x, y); return its right edge."""
    w = draw.textlength(mark, font=font(TEXT, True)) + 16
    draw.rounded_rectangle((x, y, x + w, y + h), radius=h // 2, fill=fill, outline=icons.RIM,
                           width=2)
    draw.text((x + w / 2, y + h / 2), mark, font=font(TEXT, True), fill=readable_on(fill),
              anchor="mm")
    return x + w


def header(draw: ImageDraw.ImageDraw, data: dict, width: int, height: int) -> None:
    """Draw the turn track and whose turn it is."""
    draw.rectangle((0, 0, width, height), fill=colour("frame"))
    turn, turns = int(data.get("turn") or 0), int(data.get("turns") or 0)
    label = text("label.over") if data.get("over") else text("label.turn", turn=turn, turns=turns)
    draw.text((MARGIN + 6, height / 2), label, font=font(30, True), fill=WHITE, anchor="lm")
    x = MARGIN + 16 + draw.textlength(label, font=font(30, True))
    for n in range(1, turns + 1):
        box = (x, height / 2 - 15, x + 30, height / 2 + 15)
        done, now = n < turn, n == turn and not data.get("over")
        draw.rounded_rectangle(box, radius=6, fill=(250, 200, 60) if now else
                               ((150, 130, 110) if done else (105, 88, 72)),
                               outline=WHITE if now else (130, 112, 95), width=2)
        draw_num = str(n)
        draw.text(((box[0] + box[2]) / 2, height / 2), draw_num, font=font(TEXT, True),
                  fill=INK if now else (235, 225, 210), anchor="mm")
        x += 36
    if data.get("phase") and not data.get("over"):
        draw.text((x + 14, height / 2), phase_name(data["phase"]), font=font(24),
                  fill=(235, 225, 210), anchor="lm")
    to_act(draw, data, width, height)


def phase_name(phase: str) -> str:
    """Return the display name of a phase id (the id in title case if the catalog lacks it)."""
    key = f"smallworld_render.phase.{phase}"
    return words(Msg(key)) if has_message(key) else title_case(phase)


def to_act(draw, data: dict, width: int, height: int, text=text, size: int = 24) -> None:
    """Draw a chip in each acting seat's colour at the right of the header (``size``: its
    font size)."""
    seats = [] if data.get("over") else list(data.get("to_act") or [])
    if not seats and data.get("current") is not None and not data.get("over"):
        seats = [data["current"]]
    x, half = width - MARGIN, size - 4
    for seat in reversed(seats):
        label = f"{seat_name(data, seat, text)} {text('label.to_act')}"
        w = draw.textlength(label, font=font(size, True)) + size + 4
        box = (x - w, height / 2 - half, x, height / 2 + half)
        fill = player_colour(seat)
        draw.rounded_rectangle(box, radius=half, fill=fill, outline=WHITE, width=3)
        draw.text(((box[0] + box[2]) / 2, height / 2), label, font=font(size, True),
                  fill=readable_on(fill), anchor="mm")
        x -= w + GAP


CAPTION_H = 46


def caption(draw: ImageDraw.ImageDraw, top: int, width: int, last_move: str, text=text) -> int:
    """Draw the last move as a caption band; return the band's height."""
    height = CAPTION_H
    draw.rectangle((0, top, width, top + height), fill=WHITE)
    draw.rectangle((0, top, 10, top + height), fill=HIGHLIGHT)
    fitted(draw, (MARGIN + 12, top + height / 2), text("label.last_move", text=last_move),
           width - 2 * MARGIN - 12, 26, bold=True, fill=HIGHLIGHT, anchor="lm")
    return height


COMBO_H = 104


def combos(draw: ImageDraw.ImageDraw, top: int, width: int, row: list[dict], text=text,
           card=None, card_h: int = COMBO_H) -> int:
    """Draw the race/power combos on offer with cost and coins; return the height used.

    ``card(draw, x, y, w, combo)`` draws one combo (Small World's by default), ``card_h``
    high.
    """
    card = card or _combo_card
    draw.text((MARGIN, top + 8), text("label.combos"), font=font(22, True), fill=MUTED)
    y = top + 40
    slots = max(6, len(row))
    card_w = (width - 2 * MARGIN - (slots - 1) * GAP) / slots
    for i, combo in enumerate(row):
        card(draw, MARGIN + i * (card_w + GAP), y, card_w, combo)
    return 40 + card_h + GAP


def combo_cost(draw, x: float, y: float, w: float, h: int, combo: dict, text=text) -> None:
    """Draw a combo card's cost at its bottom left and the coins lying on it at its right."""
    cost = text("label.cost", cost=combo.get("cost", 0))
    draw.text((x + 20, y + h - 10), cost, font=font(TEXT, True), fill=INK, anchor="ls")
    if combo.get("coins"):
        coin(draw, (x + w - 26, y + h - 24), text("label.coins_on", coins=combo["coins"]))


def _combo_card(draw, x: float, y: float, w: float, combo: dict) -> None:
    race = combo.get("race")
    band = race_colour(race)
    draw.rounded_rectangle((x, y, x + w, y + COMBO_H), radius=10, fill=WHITE, outline=icons.RIM,
                           width=2)
    draw.rounded_rectangle((x, y, x + 12, y + COMBO_H), radius=6, fill=band)
    inner = w - 28
    fitted(draw, (x + 20, y + 8), name("race", race), inner, 24, bold=True)
    fitted(draw, (x + 20, y + 40), name("power", combo.get("power")), inner, TEXT, fill=MUTED)
    combo_cost(draw, x, y, w, COMBO_H, combo)


def coin(draw, centre, label: str) -> None:
    """Draw a gold coin holding ``label``."""
    x, y = centre
    r = max(18, draw.textlength(label, font=font(TEXT, True)) / 2 + 5)
    draw.ellipse((x - r, y - 18, x + r, y + 18), fill=(240, 196, 60), outline=(150, 110, 20),
                 width=2)
    draw.text((x, y), label, font=font(TEXT, True), fill=INK, anchor="mm")


PLAYER_H = 168


def players(draw: ImageDraw.ImageDraw, top: int, width: int, data: dict, text=text,
            card=None, card_h: int = PLAYER_H, per_row: int | None = None) -> int:
    """Draw one card per player in the seat's colour, ``per_row`` a row (all by default);
    return the height used. ``card(draw, x, y, w, player, mark, score, name)`` draws one
    (Small World's by default), ``card_h`` high."""
    seats = list(data.get("players") or [])
    if not seats:
        return 0
    card = card or _player_card
    per_row = per_row or len(seats)
    card_w = (width - 2 * MARGIN - (per_row - 1) * GAP) / per_row
    acting = set(data.get("to_act") or ())
    scores = data.get("scores") or {}
    best = max(scores.values(), default=None) if data.get("over") else None
    for i, player in enumerate(seats):
        seat = player.get("seat", i)
        score = scores.get(str(seat), scores.get(seat)) if data.get("over") else None
        mark = "\u2605" if score is not None and score == best else (
            "\u25b6" if seat in acting and not data.get("over") else "")
        row, col = divmod(i, per_row)
        card(draw, MARGIN + col * (card_w + GAP), top + GAP + row * (card_h + GAP), card_w,
             player, mark, score, seat_name(data, seat, text))
    return players_height(len(seats), card_h, per_row)


def players_height(count: int, card_h: int = PLAYER_H, per_row: int | None = None) -> int:
    """Return the height :func:`players` uses for ``count`` seats."""
    if not count:
        return 0
    rows = (count + (per_row or count) - 1) // (per_row or count)
    return rows * (card_h + GAP) + GAP


NAME_LENGTH = 16


def seat_name(data: dict, seat: int, text=text) -> str:
    """The player's display name (shortened to fit a card), or "Player N" without names."""
    names = data.get("names") or []
    if 0 <= seat < len(names) and names[seat]:
        name = str(names[seat])
        return name if len(name) <= NAME_LENGTH else name[: NAME_LENGTH - 1] + "\u2026"
    return text("label.player", number=seat + 1)


def _player_card(draw, x: float, y: float, w: float, player: dict, mark: str, score,
                 name: str) -> None:
    """Draw one seat's card; ``mark`` is a pointer for a seat to act or a star for a winner."""
    card_frame(draw, x, y, w, PLAYER_H, player, mark, score, name)
    _active(draw, x + 12, y + 50, w - 24, player.get("active"))
    _declined(draw, x + 12, y + PLAYER_H - 42, w - 24, player.get("declined") or [])


def card_frame(draw, x: float, y: float, w: float, h: int, player: dict, mark: str, score,
               name: str, text=text) -> None:
    """Draw a seat's card frame in its colour: the title band with ``mark`` and ``name``, and
    the score (game over) or the coins (when the view holds them) at its right."""
    seat = player.get("seat", 0)
    seat_colour = player_colour(seat)
    draw.rounded_rectangle((x, y, x + w, y + h), radius=12, fill=WHITE, outline=seat_colour,
                           width=6 if mark else 3)
    draw.rounded_rectangle((x, y, x + w, y + 40), radius=12, fill=seat_colour)
    draw.rectangle((x, y + 28, x + w, y + 40), fill=seat_colour)
    title = name
    if mark:
        title = f"{mark} {title}"
    ink = readable_on(seat_colour)
    draw.text((x + 14, y + 20), title, font=font(24, True), fill=ink, anchor="lm")
    room = w - 40 - draw.textlength(title, font=font(24, True))
    _wallet(draw, x + w - 12, y + 20, room, player.get("coins"), score, ink, text)


def _wallet(draw, right: float, cy: float, room: float, coins, score, ink, text=text) -> None:
    """Draw the final score, or else the coins (only when the view holds them), right-aligned."""
    if score is not None:
        label = text("label.score", score=score)
    elif coins is not None:
        label = text("label.coins", coins=coins)
    else:
        return
    fitted(draw, (right, cy), label, room, 22, bold=True, fill=ink, anchor="rm")


def _active(draw, x: float, y: float, w: float, active: dict | None) -> None:
    active_race(draw, x, y, w, active)


def active_race(draw, x: float, y: float, w: float, active: dict | None, text=text,
                marks=None, power_share: float = 0.62) -> None:
    """Draw a card's active race: its marks (``marks(draw, x, y, race)`` returning their right
    edge; the race chip by default), name, power and tokens in hand, or "no race"."""
    if not active or not active.get("race"):
        draw.text((x, y + 14), text("label.no_race"), font=font(TEXT), fill=MUTED, anchor="lm")
        return
    right = (marks or _chip)(draw, x, y, active["race"])
    fitted(draw, (right + 8, y + 15), name("race", active["race"]), w - (right - x) - 8, 22,
           bold=True, anchor="lm")
    fitted(draw, (x, y + 46), name("power", active.get("power")), w * power_share, TEXT,
           fill=MUTED, anchor="lm")
    draw.text((x + w, y + 46), text("label.hand", count=active.get("hand", 0)),
              font=font(TEXT, True), fill=INK, anchor="rm")


def _declined(draw, x: float, y: float, w: float, declined: list[dict]) -> None:
    if not declined:
        return
    names = ", ".join(name("race", d.get("race")) for d in declined)
    right = x
    for entry in declined:
        right = _chip(draw, right, y, entry.get("race"), declined=True, h=28) + 4
    fitted(draw, (right + 4, y + 14), names, w - (right - x) - 4, TEXT, fill=MUTED, anchor="lm")


KEY_H = 122
KEY_PER_ROW = 5


def key_grid(draw, top: int, width: int, entries, row_h: int = 36, size: int = 13) -> None:
    """Draw key ``entries`` (painter, label), 5 a row ``row_h`` apart, icons of ``size``."""
    col_w = (width - 2 * MARGIN) / KEY_PER_ROW
    for i, (painter, label) in enumerate(entries):
        cx = MARGIN + (i % KEY_PER_ROW) * col_w + 16
        cy = top + size + 7 + (i // KEY_PER_ROW) * row_h
        painter(draw, (cx, cy), size)
        fitted(draw, (cx + 22, cy), label, col_w - 44, max(TEXT, size + 6), fill=MUTED,
               anchor="lm")


def key(canvas, draw: ImageDraw.ImageDraw, top: int, width: int) -> int:
    """Draw the key to the symbols, pieces and markers; return the height used."""
    entries = [(icons.SYMBOLS[s], text(f"symbol.{s}"))
               for s in ("mine", "magic", "cavern", "mountain")]
    entries += [(icons.PIECES[p], text(f"piece.{p}")) for p in icons.PIECES]
    key_grid(draw, top, width, entries)
    col_w = (width - 2 * MARGIN) / KEY_PER_ROW
    cy = top + 20 + 2 * 36
    locale = board_locale()
    samples = [(board.pill_sprite("lost_tribes", False, 1, None, locale),
                text("symbol.lost_tribe")),
               (board.pill_sprite("ratmen", True, 3, None, locale), text("label.in_decline"))]
    for i, (sprite, label) in enumerate(samples):
        x = MARGIN + i * col_w
        canvas.paste(sprite, (int(x), int(cy - sprite.height / 2)), sprite)
        fitted(draw, (x + sprite.width + 8, cy), label, col_w - sprite.width - 20, TEXT,
               fill=MUTED, anchor="lm")
    return KEY_H
