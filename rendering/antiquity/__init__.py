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

The board is a stack of full-width strips (:func:`board_strips`); ``render_png`` compresses
only the strips no earlier board had (:mod:`rendering.strips`), which is what a busy bot posts.
"""

from __future__ import annotations

from functools import partial
from typing import Sequence

from PIL import Image, ImageDraw

from rendering import strips
from rendering.common import HIGHLIGHT, INK, PAPER, board_locale, fit_text, font, readable_on
from rendering.strips import Strip
from rules.core import View

from .cities import break_lines, draw_panel, panel_facts, panel_height
from .crop import player_areas
from .hexmap import draw_map, map_facts, map_size, parse, region_around
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
    return strips.stacked(WIDTH, board_strips(view, last_move, focus_seat, names, whole), PAPER)


def render_png(view: View, last_move: str | None = None, focus_seat: int | None = None,
               names: Sequence[str] | None = None, whole: bool = False) -> bytes:
    """Return the PNG of :func:`render`'s board, drawing and compressing only the strips
    (:mod:`rendering.strips`) no earlier board had."""
    return strips.encode(WIDTH, board_strips(view, last_move, focus_seat, names, whole),
                         GAME_NAME)


def board_strips(view: View, last_move: str | None, focus_seat: int | None, names,
                 whole: bool) -> list[Strip]:
    """Return the board as strips, top to bottom: the header, the last move, each part of
    the map, each row of players' panels (with the margins between them)."""
    data = view.data
    focus = focus_seat if focus_seat is not None else view.seat
    locale = board_locale()
    names = list(names) if names else None
    header_h = header_height(_PROBE, data, names)
    stack = [Strip(("header", locale, _header_facts(data, names)), header_h,
                   partial(_header_strip, data, names, header_h))]
    if last_move:
        stack.append(Strip(("caption", last_move), CAPTION_H, partial(_caption_strip, last_move)))
    last_hexes = _last_hexes(last_move)
    for text, region in _maps(data, focus_seat, names, whole):
        lines = _map_title(_PROBE, text)
        shown = sorted(h for h in last_hexes if region is None or h in region)
        height = 36 * len(lines) + map_size(data, WIDTH - 2 * MARGIN, region)[1]
        stack.append(Strip(("map", locale, lines, region, shown, map_facts(data, region)),
                           height, partial(_map_strip, data, set(shown), lines, region, height)))
    stack.append(_paper(MARGIN))
    last_cells = _last_cells(last_move)
    last_seat = (data.get("last") or {}).get("seat")
    for row_h, row in _panel_rows(data, _panel_order(data, focus), focus):
        drawn = [(x, width, seat, sorted(last_cells) if seat == last_seat else [])
                 for x, width, seat in row]
        shown = [(seat_name(names, seat), panel_facts(data["ps"][seat])) for _, _, seat in row]
        stack.append(Strip(("panels", locale, drawn, shown), row_h + 8,
                           partial(_panels_strip, data, drawn, names, row_h + 8)))
    stack.append(_paper(MARGIN))
    return stack


_PROBE = ImageDraw.Draw(Image.new("RGB", (1, 1)))


def _paper(height: int) -> Strip:
    return Strip(("paper",), height, partial(Image.new, "RGB", (WIDTH, height), PAPER))


def _header_facts(data: dict, names) -> tuple:
    """Return what the header shows: the turn, phase, famine, result, turn order and who
    still decides, and the players' names and colours."""
    return (data["turn"], data["phase"], data["famine"], data.get("over"),
            data.get("winners"), data["order"], data["pending"], seat_colours(data), names)


def _header_strip(data: dict, names, height: int) -> Image.Image:
    strip = Image.new("RGB", (WIDTH, height), PAPER)
    _header(ImageDraw.Draw(strip), data, names)
    return strip


def _caption_strip(last_move: str) -> Image.Image:
    strip = Image.new("RGB", (WIDTH, CAPTION_H), PAPER)
    _caption(ImageDraw.Draw(strip), 0, last_move)
    return strip


def _map_strip(data: dict, last_hexes: set, lines: list[str], region, height: int):
    """Draw one part of the map with the lines of its title above it."""
    strip = Image.new("RGB", (WIDTH, height), PAPER)
    draw = ImageDraw.Draw(strip)
    for i, line in enumerate(lines):
        draw.text((MARGIN, 36 * i + 4), line, font=font(24, True), fill=INK)
    board = draw_map(data, last_hexes, WIDTH - 2 * MARGIN, region)
    strip.paste(board, ((WIDTH - board.width) // 2, 36 * len(lines)))
    return strip


def _panels_strip(data: dict, drawn: list, names, height: int) -> Image.Image:
    """Draw one row of players' panels (and the gap below it)."""
    strip = Image.new("RGB", (WIDTH, height), PAPER)
    for x, width, seat, cells in drawn:
        draw_panel(strip, x, 0, width, seat, data["ps"][seat], names, {tuple(c) for c in cells})
    return strip


def _maps(data: dict, focus_seat: int | None, names,
          whole: bool) -> list[tuple[str, frozenset | None]]:
    """Return the parts of the map to draw (the hexes, None for all), each with the line
    that says what it shows."""
    if focus_seat is not None:
        region = region_around(data, focus_seat)
        text = phrase("board.region", name=seat_name(names, focus_seat)) if region else ""
        return [(text, region)]
    areas = None if whole else player_areas(data)
    if areas is None:
        return [("", None)]
    return [(phrase("board.around", names=", ".join(seat_name(names, s) for s in seats)),
             hexes) for hexes, seats in areas]


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
