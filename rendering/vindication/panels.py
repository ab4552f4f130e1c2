"""Panels beside and under the map: header, card offer, triggers and tokens, players."""

from __future__ import annotations

from PIL import ImageDraw

from rendering.common import GREY, HIGHLIGHT, INK, font, player_colour, readable_on, words
from rules.core.text import Msg

from .content import attributes, card, card_decks
from .describe import ability_text, quest_text, trigger_text
from .guilds import guild_lines

__all__ = ["ability_text"]
from .labels import card_name, player_name, word
from .wrap import line_breaks

ATTR_COLOURS = {"inspiration": (240, 205, 40), "strength": (215, 60, 50),
                "knowledge": (50, 110, 210), "courage": (240, 140, 30),
                "vision": (140, 80, 190), "wisdom": (60, 160, 80)}
DECK_COLOURS = {"companions_red": (215, 60, 50), "companions_blue": (50, 110, 210),
                "companions_yellow": (240, 205, 40), "traits": (60, 160, 80),
                "relics": (140, 80, 190), "monsters": (240, 140, 30)}
LINE = 24


def b(key: str, **params) -> str:
    """Return a board word with parameters."""
    return words(Msg(f"vindication.board.{key}", params))


def text(draw, xy, value: str, size: int = 18, fill=INK, bold=False, width: int | None = None):
    """Draw ``value`` at ``xy``, clipped with an ellipsis to ``width`` pixels."""
    if width is not None:
        while value and draw.textlength(value, font=font(size, bold)) > width:
            value = value[:-2] + "…" if len(value) > 2 else ""
    draw.text(xy, value, font=font(size, bold), fill=fill)


def wrapped(draw, entries: list[str], size: int, width: int) -> list[str]:
    """Lay ``entries`` out on as many lines of ``width`` pixels as they need (never cut one
    entry off: a card hidden behind an ellipsis is information lost)."""
    lines: list[str] = []
    for entry in entries:
        joined = f"{lines[-1]}  {entry}" if lines else entry
        if lines and draw.textlength(joined, font=font(size)) <= width:
            lines[-1] = joined
        else:
            lines.append(entry)
    return lines


def header(draw: ImageDraw.ImageDraw, data: dict, width: int, last_move: str | None) -> None:
    """Title line: round, whose turn, end status; last move caption."""
    draw.rectangle((0, 0, width, 106), fill=(40, 48, 60))
    title = f"{word('title')} · {b('round')} {data['round']}"
    if data.get("over"):
        title += f" · {b('game_over')}"
    elif data.get("end_round") is not None:
        title += f" · {b('end_round')} {data['end_round'] + 1}"
    text(draw, (16, 8), title, 26, fill=(255, 255, 255), bold=True)
    pending = data.get("pending") or []
    if pending and not data.get("over"):
        who = ", ".join(player_name(data, p["seat"]) for p in pending)
        kind = b(f"kind.{pending[0]['type']}")
        text(draw, (16, 42), f"{b('pending')}: {who} ({kind})", 26, fill=(255, 230, 150),
             width=width - 32)
    if last_move:
        text(draw, (16, 74), f"{b('last_move')}: {last_move}", 26, fill=(255, 170, 170),
             width=width - 32)


def side_panel(draw: ImageDraw.ImageDraw, data: dict, x: int, y: int, width: int) -> int:
    """Face-up cards (left column), triggers, tokens and supplies (right column), in type
    large enough to read at phone width, details wrapped (never cut); return the height."""
    half = (width - 16) // 2
    left = _offer(draw, data, x, y, half)
    return max(left, _triggers(draw, data, x + half + 16, y, half))


def _lines(draw, value: str, size: int, width: int) -> list[str]:
    """Break ``value`` into lines of at most ``width`` pixels (at spaces where it can)."""
    return list(line_breaks(value, size, width))


def _offer(draw, data: dict, x: int, y: int, width: int) -> int:
    top = y
    text(draw, (x, y), b("offer"), 30, bold=True)
    y += 40
    for deck in card_decks():
        start = y
        cid = data["face_up"].get(deck)
        text(draw, (x + 22, y), f"{b('deck')} {data['deck_sizes'][deck]}", 22, fill=(90, 90, 90))
        if cid:
            honor = card(cid)["honor"]
            y += 28
            for line in _lines(draw, f"{cid} {card_name(cid)} ({honor}★)", 26, width - 22):
                text(draw, (x + 22, y), line, 26, bold=True)
                y += 32
            for line in _lines(draw, _card_detail(cid), 22, width - 22):
                text(draw, (x + 22, y), line, 22, fill=(70, 70, 70))
                y += 27
        else:
            text(draw, (x + 22, y + 28), b("empty"), 26, fill=GREY)
            y += 60
        draw.rectangle((x, start + 2, x + 14, y - 4), fill=DECK_COLOURS[deck])
        y += 8
    return y - top


def _triggers(draw, data: dict, x: int, y: int, width: int) -> int:
    top = y
    text(draw, (x, y), b("triggers"), 30, bold=True)
    y += 40
    for tid in data["triggers_up"]:
        for line in _lines(draw, f"{tid} {card_name(tid)}", 26, width):
            text(draw, (x, y), line, 26, bold=True)
            y += 32
        for line in _lines(draw, trigger_text(tid), 22, width - 10):
            text(draw, (x + 10, y), line, 22, fill=(70, 70, 70))
            y += 27
        y += 8
    tokens = " ".join(str(t) for t in data["tokens_left"]) or b("empty")
    values = [f"{b('tokens')}: {tokens}   {b('bag')}: {data['bag']}   "
              f"({data['trigger_deck']} ▼)",
              f"{b('supply')}: " + "  ".join(f"{word('board.abbr.' + a)} {n}"
                                            for a, n in data["prof_supply"].items())]
    if data.get("aside"):
        values.append(f"{b('aside')}: " + ", ".join(word(f"region.{r}") for r in data["aside"]))
    if "pet_market" in data:
        values.append(f"{b('pet_market')} ({data['deck_sizes'].get('pets', 0)} ▼): " + "; ".join(
            f"{pet} {card_name(pet)}: {ability_text(pet)}" for pet in data["pet_market"]))
    for value in values:
        for line in _lines(draw, value, 24, width):
            text(draw, (x, y), line, 24)
            y += 30
    return y - top



def _card_detail(cid: str) -> str:
    item = card(cid)
    bits = []
    if item["type"] == "companion":
        bits.append(f"+{item['icon']['n']} {word('attr.' + item['icon']['attr'])}")
        bits.append(b("initiative", n=item["initiative"]))
    if item["type"] == "relic":
        bits.append(b("capacity", n=item["capacity"], max=item["capacity"]))
    described = ability_text(cid)
    return " · ".join(bits + ([described] if described else []))


TITLE, DETAIL = 26, 22  # the key facts read ~7 px tall at phone width (400 px), details ~6 px


def _bold_lines(draw, parts: list[str], size: int, width: int) -> list[str]:
    """Join ``parts`` with " · " on as many bold lines of ``width`` pixels as they need."""
    lines: list[str] = []
    for part in parts:
        joined = f"{lines[-1]} · {part}" if lines else part
        if lines and draw.textlength(joined, font=font(size, True)) <= width:
            lines[-1] = joined
            continue
        while draw.textlength(part, font=font(size, True)) > width and len(part) > 1:
            cut = len(part) - 1
            while cut > 1 and draw.textlength(part[:cut], font=font(size, True)) > width:
                cut -= 1
            lines.append(part[:cut])
            part = part[cut:]
        lines.append(part)
    return lines


def title_band(draw, data: dict, player: dict, x: int, y: int, width: int) -> int:
    """The coloured title band: seat, name, honor, speed, side; ▶ and a thick frame for the
    player to act; return its height."""
    seat = player["seat"]
    colour = player_colour(seat)
    current = seat == data["current"] and not data.get("over")
    side = word("board.vindicated") if player["vindicated"] else word("board.wretched")
    parts = [f"{'▶ ' if current else ''}{seat + 1}. {player_name(data, seat)}",
             f"{b('honor')} {player['honor']}", f"{b('speed')} {player['speed']}", side]
    lines = _bold_lines(draw, parts, TITLE, width - 20)
    height = 12 + 34 * len(lines)
    draw.rectangle((x, y, x + width, y + height), fill=colour)
    for i, line in enumerate(lines):
        text(draw, (x + 10, y + 6 + 34 * i), line, TITLE, fill=readable_on(colour), bold=True)
    if current:
        draw.rectangle((x, y, x + width, y + height), outline=HIGHLIGHT, width=6)
    return height


def player_panel(draw: ImageDraw.ImageDraw, data: dict, player: dict, x: int, y: int,
                 width: int, full: bool = False) -> int:
    """One player's tableau: power board, attributes, honor, cards, in type large enough to
    read at phone width, details wrapped (never cut); return the height."""
    y0 = y
    top = y + title_band(draw, data, player, x, y, width) + 8
    y = player_body(draw, player, x, top, width, full)
    draw.rectangle((x, y0, x + width, y + 4), outline=(180, 180, 180))
    return y + 4 - y0


def player_body(draw, player: dict, x: int, y: int, width: int, full: bool = False) -> int:
    """The tableau below a panel's title, drawn from ``y`` (it reads nothing but ``player``:
    it stays the same when only the turn passes); return the y below it."""
    _spheres(draw, player, x + 8, y)
    _attributes(draw, player, x + 236, y)
    y += 66
    inner = width - 16
    for label, entries in _card_rows(player):
        if not entries and not full:
            continue
        if full:
            text(draw, (x + 8, y), f"{label}:" + ("" if entries else " -"), DETAIL, bold=True)
            y += 28
            for entry, cid in entries:
                y = _para(draw, entry, x + 20, y, inner - 12, DETAIL)
                if cid:
                    y = _para(draw, _card_detail(cid), x + 40, y, inner - 32, DETAIL,
                              (70, 70, 70))
        else:
            items = [e for e, _ in entries]
            items[0] = f"{label}: {items[0]}"
            for line in wrapped(draw, items, DETAIL, inner):
                y = _para(draw, line, x + 8, y, inner, DETAIL)
    extra = [f"{b('tokens')}: {' '.join(map(str, player['tokens'])) or '-'}",
             f"{b('quests')}: " + (" ".join(player.get("quests") or [])
                                   or str(player["quest_count"]))]
    if "crystals" in player:
        extra.append(_crystal_line(player))
    for line in wrapped(draw, extra, DETAIL, inner):
        y = _para(draw, line, x + 8, y, inner, DETAIL)
    for line in _pet_lines(draw, player, inner) + guild_lines(player):
        y = _para(draw, line, x + 8, y, inner, DETAIL)
    if full and player.get("quests"):
        for qid in player["quests"]:
            y = _para(draw, f"{qid} {card_name(qid)}: {quest_text(qid)}", x + 8, y, inner,
                      DETAIL)
    return y


def _para(draw, value: str, x: int, y: int, width: int, size: int, fill=INK) -> int:
    """Draw ``value`` wrapped (never cut) to ``width`` pixels; return the y below it."""
    for line in _lines(draw, value, size, width):
        text(draw, (x, y), line, size, fill=fill)
        y += size + 6
    return y


def _crystal_line(player) -> str:
    """Jewelcrafter & Crystal Mines: the plain crystals and each infused crystal's attribute."""
    infused = " ".join(word(f"board.abbr.{a}") for a in player["infused"]) or "-"
    return f"◆ {b('crystals')}: {player['crystals']}   {b('infused')}: {infused}"


def _pet_lines(draw, player, width: int) -> list[str]:
    """Menagerie & Pets: each pet beside its owner (or held with no owner), wrapped."""
    if not player.get("pets"):
        return []
    entries = [f"{card_name(p)} → {card_name(o)}" if o else f"{card_name(p)} ({b('pet_held')})"
               for p, o in player["pets"]]
    entries[0] = f"{b('pets')}: {entries[0]}"
    return wrapped(draw, entries, DETAIL, width)


def _spheres(draw, player, x, y) -> None:
    for i, sphere in enumerate(("potential", "influence", "conviction")):
        cx = x + 36 + 76 * i
        draw.ellipse((cx - 34, y - 2, cx + 34, y + 56), fill=(245, 240, 225), outline=INK, width=2)
        draw.text((cx, y + 14), word(f"board.abbr.{sphere}"), font=font(DETAIL, True),
                  fill=(90, 90, 90), anchor="mm")
        draw.text((cx, y + 38), str(player[sphere]), font=font(TITLE, True), fill=INK,
                  anchor="mm")


def _attributes(draw, player, x, y) -> None:
    for i, attr in enumerate(attributes()):
        bx = x + 73 * i
        colour = ATTR_COLOURS[attr]
        draw.rounded_rectangle((bx, y, bx + 69, y + 56), 6, fill=colour, outline=INK)
        tile = player["proficiency"].get(attr, 0)
        value = str(player["attrs"][attr]) + (f" ▣{tile}" if tile else "")
        draw.text((bx + 35, y + 14), word(f"board.abbr.{attr}"), font=font(DETAIL),
                  fill=readable_on(colour), anchor="mm")
        draw.text((bx + 35, y + 40), value, font=font(DETAIL, True), fill=readable_on(colour),
                  anchor="mm")


def _card_rows(player) -> list[tuple[str, list]]:
    companions = [(f"{c} {card_name(c)} ●{n}", c) for c, n in player["companions"]]
    relics = [(f"{r} {card_name(r)} {n}/{card(r)['capacity']}", r) for r, n in player["relics"]]
    traits = [(f"{t} {card_name(t)}", t) for t in player["traits"]]
    monsters = [(f"{m} {card_name(m)}", m) for m in player["monsters"]]
    return [(b("companions"), companions), (b("relics"), relics), (b("traits"), traits),
            (b("monsters"), monsters)]


def final_scores(draw, data: dict, x: int, y: int, width: int) -> int:
    """The final-scoring table with every category (when the game is over)."""
    scores = data.get("scores") or {}
    if not scores:
        return 0
    text(draw, (x, y), b("final"), 22, bold=True)
    y0, y = y, y + 30
    for seat, line in sorted(scores.items(), key=lambda kv: -kv[1]["total"]):
        parts = ", ".join(f"{words(Msg(k))} {v}" for k, v in line["breakdown"].items())
        text(draw, (x, y), f"{player_name(data, int(seat))}: {line['total']} ({parts})", 17,
             width=width)
        y += LINE
    return y - y0
