"""Draw an Antiquity table: header, the hex countryside, and every player's cities.

``render(view, last_move=None, focus_seat=None, names=None)`` returns an image about 1500
pixels wide: a header (turn, phase, famine level, turn order, who owes a decision — phase-2
ready flags included), the ``last_move`` caption, the countryside (terrain with "q,r" on every
hex, grass, pollution, face-down counters, cities numbered per owner, inns, producing
buildings with their goods tokens and men, each player's influence outlined in his colour),
then the players' panels: goods, men, saint and city grids (buildings named, staffing dots,
graves, row and column numbers), all in type that reads at phone width. The seat in focus
(``focus_seat``, else the viewer) has a panel across the whole width, the others two by
two. With an explicit ``focus_seat`` (``/board player``) the map shows only the region around
that player's pieces and influence, larger. Everything comes from ``View.data``
(rules/antiquity/view.py), so hidden facts that the view leaves out cannot be drawn.
"""

from __future__ import annotations

from typing import Sequence

from PIL import Image, ImageDraw

from rendering.common import HIGHLIGHT, INK, PAPER, fit_text, font, readable_on
from rules.core import View

from .cities import break_lines, draw_panel, panel_height
from .crop import player_areas
from .hexmap import draw_map, parse, region_around
from .labels import phrase, seat_name, word
from .palette import seat_colours

GAME_NAME = "antiquity"
WIDTH = 1500
MARGIN = 14
HEADER_H = 100  # title, then the turn order chips: both read at phone width
CHIP_ROW = 48  # a further row of chips, when the names are long
CAPTION_H = 42


def render(view: View, last_move: str | None = None, focus_seat: int | None = None,
           names: Sequence[str] | None = None, whole: bool = False) -> Image.Image:
    """Draw ``view``; frame what ``last_move`` touched; show ``focus_seat``'s cities in full.

    The posted board (no ``focus_seat``) shows the players' areas zoomed (:mod:`.crop`), so
    that hex coordinates read at phone width; ``whole`` draws the whole map instead."""
    data = view.data
    focus = focus_seat if focus_seat is not None else view.seat
    maps = _maps(data, _last_hexes(last_move), focus_seat, names, whole)
    seats = _panel_order(data, focus)
    panels = _panel_rows(data, seats, focus)
    probe = ImageDraw.Draw(Image.new("RGB", (1, 1)))
    height = (header_height(probe, data, names) + (CAPTION_H if last_move else 0)
              + sum(board.height + 36 * len(_map_title(probe, text)) for text, board in maps)
              + MARGIN
              + sum(row_h + 8 for row_h, _ in panels) + MARGIN)
    canvas = Image.new("RGB", (WIDTH, height), PAPER)
    draw = ImageDraw.Draw(canvas)
    y = _header(draw, data, names)
    if last_move:
        y += _caption(draw, y, last_move)
    for text, board in maps:
        for line in _map_title(draw, text):
            draw.text((MARGIN, y + 4), line, font=font(24, True), fill=INK)
            y += 36
        canvas.paste(board, ((WIDTH - board.width) // 2, y))
        y += board.height
    y += MARGIN
    last_cells = _last_cells(last_move)
    last_seat = (data.get("last") or {}).get("seat")
    for row_h, row in panels:
        for x, width, seat in row:
            cells = last_cells if seat == last_seat else set()
            draw_panel(canvas, x, y, width, seat, data["ps"][seat], names, cells)
        y += row_h + 8
    return canvas


def _maps(data: dict, last_hexes: set, focus_seat: int | None, names,
          whole: bool) -> list[tuple[str, Image.Image]]:
    """Return the parts of the map to draw, each with the line that says what it shows."""
    width = WIDTH - 2 * MARGIN
    if focus_seat is not None:
        region = region_around(data, focus_seat)
        text = phrase("board.region", name=seat_name(names, focus_seat)) if region else ""
        return [(text, draw_map(data, last_hexes, width, region))]
    areas = None if whole else player_areas(data)
    if areas is None:
        return [("", draw_map(data, last_hexes, width))]
    return [(phrase("board.around", names=", ".join(seat_name(names, s) for s in seats)),
             draw_map(data, last_hexes, width, hexes)) for hexes, seats in areas]


def _map_title(draw, text: str) -> list[str]:
    """Return the lines of the title above a part of the map, 24 px, wrapped (never shrunk)."""
    return break_lines(draw, text, 24, WIDTH - 2 * MARGIN) if text else []


def _panel_rows(data: dict, seats: list[int], focus: int | None) -> list[tuple[int, list]]:
    """Return the rows of players' panels: (height, [(x, width, seat)...]); the seat in focus
    alone across the whole width, the others two by two."""
    full, half = WIDTH - 2 * MARGIN, (WIDTH - 3 * MARGIN) // 2
    rows = [[(MARGIN, full, focus)]] if focus in seats else []
    others = [s for s in seats if s != focus]
    rows += [[(MARGIN + i * (half + MARGIN), half, seat) for i, seat in enumerate(others[k:k + 2])]
             for k in range(0, len(others), 2)]
    return [(max(panel_height(width, data["ps"][seat]) for _, width, seat in row), row)
            for row in rows]


def _panel_order(data: dict, focus: int | None) -> list[int]:
    seats = list(range(data["players"]))
    return ([focus] if focus in seats else []) + [s for s in seats if s != focus]


def _header(draw, data: dict, names) -> int:
    """Draw the title and the turn order chips (wrapped to more rows when the names are
    long); return the height used."""
    phase = word(f"phase.{data['phase']}")
    top = phrase("summary", turn=data["turn"], phase=phase, famine=data["famine"])
    if data.get("over"):
        winners = ", ".join(seat_name(names, s) for s in data["winners"]) or word("misc.nobody")
        top = phrase("board.game_over", winners=winners)
    draw.text((MARGIN, 8), top, font=font(fit_text(draw, top, WIDTH - 2 * MARGIN, 26, True),
                                            True), fill=INK)
    draw.text((MARGIN, 64), "→", font=font(28, True), fill=INK, anchor="lm")
    colours = seat_colours(data)
    for x, y, label, seat, waiting in _chips(draw, data, names):
        width = draw.textlength(label, font=font(26, True)) + 20
        draw.rounded_rectangle([x, y - 20, x + width, y + 20], radius=8, fill=colours[seat],
                               outline=HIGHLIGHT if waiting else INK, width=3 if waiting else 1)
        draw.text((x + 10, y), label, font=font(26, True), fill=readable_on(colours[seat]),
                  anchor="lm")
    return header_height(draw, data, names)


def header_height(draw, data: dict, names) -> int:
    """Return the height of the header: the title and every row of chips."""
    return HEADER_H + max((y for _, y, *_ in _chips(draw, data, names)), default=64) - 64


def _chips(draw, data: dict, names) -> list[tuple[int, int, str, int, bool]]:
    """Return each turn order chip: (left, middle, label, seat, still deciding), row after
    row of at most the board's width."""
    owing = {d["seat"]: d for d in data["pending"]}
    chips, x, y = [], MARGIN + 34, 64
    for seat in data["order"]:
        label = seat_name(names, seat)
        pending = owing.get(seat)
        if pending is not None:
            label += " ✔" if pending.get("ready") else " …"
        width = draw.textlength(label, font=font(26, True)) + 20
        if x > MARGIN + 34 and x + width > WIDTH - MARGIN:
            x, y = MARGIN + 34, y + CHIP_ROW
        chips.append((x, y, label, seat, bool(pending and not pending.get("ready"))))
        x += width + 10
    return chips


def _caption(draw, y: int, last_move: str) -> int:
    text = f"▶ {last_move}"
    size = fit_text(draw, text, WIDTH - 2 * MARGIN, 26, True)
    draw.text((MARGIN, y + 4), text, font=font(size, True), fill=HIGHLIGHT)
    return CAPTION_H


def _last_hexes(last_move: str | None) -> set:
    """Return the hexes named in ``last_move`` ("farm 3,-2 grain" -> {(3, -2)})."""
    found = set()
    if (last_move or "").split()[:1] in (["build"], ["house"], ["storage"], ["move"]):
        return found  # "row,col" of a city grid, not a hex
    for word_ in (last_move or "").split():
        parts = word_.split(",")
        if len(parts) == 2 and all(p.lstrip("-").isdigit() for p in parts):
            found.add(parse(word_))
    return found


def _last_cells(last_move: str | None) -> set:
    """Return (city, row, col) cells named in ``last_move`` (graves, builds)."""
    words = (last_move or "").split()
    found = set()
    for i, word_ in enumerate(words):
        parts = word_.split(",")
        if len(parts) == 3 and all(p.isdigit() for p in parts):
            found.add(tuple(int(p) for p in parts))
        elif len(parts) == 2 and i > 0 and words[i - 1].isdigit() and words[0] in (
                "build", "house", "storage", "move"):
            found.add((int(words[i - 1]), int(parts[0]), int(parts[1])))
    return found
