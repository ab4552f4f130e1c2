"""Draw a Caverna table: action board, round spaces, home boards and furnishing tiles.

``render(view, last_move=None, focus_seat=None, names=None)`` returns a Pillow image 1500
pixels wide, top to bottom: a header (round, phase, harvest being resolved, start player,
seats to act), the ``last_move`` caption, the fixed action spaces (tinted by physical board,
with printed replenishment and gains, accumulated goods and the dwarf on each in its seat
colour), the round spaces with their harvest markers, the board of the seat in focus in full
(``focus_seat``, else the seat on turn, else one to act, else the winner of a finished game),
the furnishing tiles (built ones faded in the owner's colour) and every other board compact.
The view's ``last_move`` space, squares and built tile are framed in the highlight colour.

Modules: ``view_adapter`` reads ``View.data`` (format in rules/caverna/view.py) into the plain
``model``; ``action``, ``home``/``squares``, ``furnish`` draw; ``glyphs`` draws goods and
animals with Pillow primitives; ``labels`` takes names from the catalog. Everything static or
repeated (glyphs, squares, whole board grids, cards, banners) is cached with ``lru_cache``.
"""

from __future__ import annotations

from typing import Sequence

from PIL import Image, ImageDraw

from rendering.common import HIGHLIGHT, INK, PAPER, fit_text, font, player_colour, words
from rules.core import View
from rules.core.text import Msg

from . import glyphs
from .action import draw_fixed, draw_rounds, fixed_height, rounds_height
from .furnish import draw_furnishings, furnishings_height
from .home import compact_height, draw_compact, draw_full, full_height
from .labels import harvest_label, heading, round_title
from .model import Table
from .view_adapter import table_from

GAME_NAME = "caverna"
WIDTH = 1500
MARGIN = 16
INNER = WIDTH - 2 * MARGIN
COMPACT_COLS = 3
SECTION_GAP = 14


def render(view: View, last_move: str | None = None, focus_seat: int | None = None,
           names: Sequence[str] | None = None) -> Image.Image:
    """Draw ``view`` (see rules/caverna/view.py for its data) as one image.

    ``focus_seat`` picks the board drawn in full; ``names`` (display names by seat) replace
    the "P1".."P7" seat labels when the caller knows them.
    """
    data = view.data if isinstance(view, View) else dict(view)
    if names:
        data = {**data, "names": list(names)}
    seat = view.seat if isinstance(view, View) else None
    table = table_from(data, seat, focus_seat)
    last_seat = (data.get("last_move") or {}).get("seat")
    return draw_table(table, last_move, last_seat)


def draw_table(table: Table, last_move: str | None = None, last_seat: int | None = None,
               height: int | None = None) -> Image.Image:
    """Draw the whole table from the drawing model, on an image of the height its sections
    measure (should a measure ever be short, drawn again taller; no rows to spare)."""
    canvas = Image.new("RGB", (WIDTH, height or _height(table, last_move)), PAPER)
    y = MARGIN
    y += _header(canvas, table, y)
    if last_move:
        y += _caption(canvas, last_move, last_seat, y)
    y += draw_fixed(canvas, table, MARGIN, y, INNER) + 4
    y += draw_rounds(canvas, table, MARGIN, y, INNER) + SECTION_GAP
    focus = _home(table, table.focus)
    if focus is not None:
        y += draw_full(canvas, focus, (MARGIN, y), INNER) + SECTION_GAP
    y += draw_furnishings(canvas, table.furnishings, MARGIN, y, INNER) + SECTION_GAP
    y += _others(canvas, table, y)
    bottom = y + MARGIN - SECTION_GAP
    if bottom > canvas.height:
        return draw_table(table, last_move, last_seat, bottom)
    return canvas if bottom == canvas.height else canvas.crop((0, 0, WIDTH, bottom))


def _home(table: Table, seat: int | None):
    return next((p for p in table.homes if p.seat == seat), None)


def _height(table: Table, last_move: str | None) -> int:
    """Return the height the table's sections take, measured from the same cached pieces
    (banners, goods blocks, tile lines) as drawn, drawing nothing: no canvas taller than
    needed is filled and cropped (a copy of the whole board)."""
    y = MARGIN + 46 + (46 if last_move else 0)
    y += fixed_height(table, INNER) + 4
    y += rounds_height(table, INNER) + SECTION_GAP
    focus = _home(table, table.focus)
    if focus is not None:
        y += full_height(focus, INNER) + SECTION_GAP
    y += furnishings_height(table.furnishings) + SECTION_GAP
    others = [p for p in table.homes if p.seat != table.focus]
    if others:
        width = (INNER - 12 * (COMPACT_COLS - 1)) // COMPACT_COLS
        rows = [others[i:i + COMPACT_COLS] for i in range(0, len(others), COMPACT_COLS)]
        y += sum(max(compact_height(p, width) for p in row) for row in rows)
        y += 10 * (len(rows) - 1) + SECTION_GAP
    return y + MARGIN - SECTION_GAP


def _header(canvas: Image.Image, table: Table, y: int) -> int:
    d = ImageDraw.Draw(canvas)
    if table.over:
        title = words(Msg("caverna_render.heading.game_over"))
    else:
        title = round_title(max(table.round, 1), table.rounds)
        if table.phase in ("work", "harvest"):
            title += " · " + heading(table.phase)
        kind = next((s.harvest for s in table.round_slots if s.round == table.round), "none")
        if table.phase == "harvest" and harvest_label(kind):
            title += f": {harvest_label(kind)}"
    d.text((MARGIN, y), title, font=font(30, True), fill=INK, anchor="la")
    x = WIDTH - MARGIN
    for seat in reversed(table.to_act):
        disc = glyphs.dwarf(player_colour(seat), 34)
        x -= 38
        canvas.paste(disc, (x, y), disc)
    start = next((p for p in table.homes if p.start_player), None)
    if start is not None:
        x -= 50
        glyphs.paste(canvas, "start", (x, y), 34)
        disc = glyphs.dwarf(player_colour(start.seat), 24, small=False)
        canvas.paste(disc, (x + 22, y + 14), disc)
    return 46


def _caption(canvas: Image.Image, text: str, seat: int | None, y: int) -> int:
    d = ImageDraw.Draw(canvas)
    d.rounded_rectangle((MARGIN, y, WIDTH - MARGIN, y + 36), radius=8, fill=(255, 255, 255),
                        outline=HIGHLIGHT, width=3)
    x = MARGIN + 12
    if seat is not None:
        disc = glyphs.dwarf(player_colour(seat), 26)
        canvas.paste(disc, (x, y + 5), disc)
        x += 34
    room = WIDTH - MARGIN - x - 12
    size = 24 if d.textlength(text, font=font(24, True)) <= room else fit_text(d, text, room, 24,
                                                                             bold=True)
    d.text((x, y + 18), text, font=font(size, True), fill=INK, anchor="lm")
    return 46


def _others(canvas: Image.Image, table: Table, y: int) -> int:
    others = [p for p in table.homes if p.seat != table.focus]
    if not others:
        return 0
    width = (INNER - 12 * (COMPACT_COLS - 1)) // COMPACT_COLS
    top, row_height = y, 0
    for i, player in enumerate(others):
        col = i % COMPACT_COLS
        if col == 0 and i:
            y += row_height + 10
            row_height = 0
        x = MARGIN + col * (width + 12)
        row_height = max(row_height, draw_compact(canvas, player, (x, y), width))
    return y + row_height + SECTION_GAP - top
