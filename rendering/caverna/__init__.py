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

The board is a stack of full-width strips, one per section (:func:`board_sections`);
``render_png`` compresses only the strips no earlier board had (:mod:`rendering.strips`):
after a move, usually the header, the caption, the action spaces and one or two boards.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from typing import Callable, Sequence

from PIL import Image, ImageDraw

from rendering import strips
from rendering.common import (
    HIGHLIGHT,
    INK,
    PAPER,
    board_locale,
    fit_text,
    font,
    player_colour,
    words,
)
from rendering.strips import Strip
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
    return strips.stacked(WIDTH, board_strips(view, last_move, focus_seat, names), PAPER)


def render_png(view: View, last_move: str | None = None, focus_seat: int | None = None,
               names: Sequence[str] | None = None) -> bytes:
    """Return the PNG of :func:`render`'s board, drawing and compressing only the strips
    (:mod:`rendering.strips`) no earlier board had."""
    return strips.encode(WIDTH, board_strips(view, last_move, focus_seat, names), GAME_NAME)


def board_strips(view: View, last_move: str | None = None, focus_seat: int | None = None,
                 names: Sequence[str] | None = None) -> list[Strip]:
    """Return the board as full-width strips, top to bottom: the header, the last move, the
    fixed action spaces, the round spaces, the board in focus, the furnishing tiles and each
    row of the other boards, each keyed by the drawing model's part it shows."""
    data = view.data if isinstance(view, View) else dict(view)
    if names:
        data = {**data, "names": list(names)}
    seat = view.seat if isinstance(view, View) else None
    table = table_from(data, seat, focus_seat)
    last_seat = (data.get("last_move") or {}).get("seat")
    return table_strips(table, last_move, last_seat)


def table_strips(table: Table, last_move: str | None, last_seat: int | None) -> list[Strip]:
    """Return the strips of the table drawn from its drawing model (see :func:`board_strips`).

    Each section is laid out where the whole board puts it; a strip begins ``LEAD`` rows above
    its section (in the gap above it), so frames drawn just outside a card (the last move's
    highlight, the current round) stay whole."""
    sections = board_sections(table, last_move, last_seat)
    locale = board_locale()
    stack, lead = [], 0
    for index, section in enumerate(sections):
        after = LEAD if index + 1 < len(sections) else 0
        height = lead + section.height + section.gap - after
        stack.append(Strip((locale, section.key), height,
                           partial(_strip, section.draw, lead, height)))
        lead = after
    bottom = lead + MARGIN - SECTION_GAP
    stack.append(Strip(("paper",), bottom, partial(Image.new, "RGB", (WIDTH, bottom), PAPER)))
    return stack


LEAD = 4  # rows of the gap above a section that its strip covers (frames outside cards)


@dataclass(frozen=True)
class Section:
    """One part of the board: what it shows (``key``), the rows it measures, the gap below
    it, and how to draw it (``draw(canvas, y)`` returns the rows it used)."""

    key: tuple
    height: int
    gap: int
    draw: Callable[[Image.Image, int], int]


def _strip(draw: Callable[[Image.Image, int], int], lead: int, height: int) -> Image.Image:
    canvas = Image.new("RGB", (WIDTH, height), PAPER)
    draw(canvas, lead)
    return canvas


def board_sections(table: Table, last_move: str | None, last_seat: int | None) -> list[Section]:
    """Return the sections of the board, top to bottom, each measured from the same cached
    pieces (banners, goods blocks, tile lines) it is drawn from; the last one's gap is the
    bottom margin's place."""
    fixed = [space for space in table.spaces if not space.round]
    sections = [Section(("header", _header_facts(table)), MARGIN + 46, 0,
                        lambda canvas, y: MARGIN + _header(canvas, table, y + MARGIN))]
    if last_move:
        sections.append(Section(("caption", last_move, last_seat), 46, 0,
                                lambda canvas, y: _caption(canvas, last_move, last_seat, y)))
    sections.append(Section(("fixed", repr(fixed), table.players), fixed_height(table, INNER),
                            4, lambda canvas, y: draw_fixed(canvas, table, MARGIN, y, INNER)))
    sections.append(Section(("rounds", repr(table.round_slots), table.round),
                            rounds_height(table, INNER), SECTION_GAP,
                            lambda canvas, y: draw_rounds(canvas, table, MARGIN, y, INNER)))
    focus = _home(table, table.focus)
    if focus is not None:
        sections.append(Section(("focus", repr(focus)), full_height(focus, INNER), SECTION_GAP,
                                lambda canvas, y: draw_full(canvas, focus, (MARGIN, y), INNER)))
    sections.append(Section(("furnishings", repr(table.furnishings)),
                            furnishings_height(table.furnishings), SECTION_GAP,
                            lambda canvas, y: draw_furnishings(canvas, table.furnishings,
                                                               MARGIN, y, INNER)))
    return sections + _other_rows(table)


def _other_rows(table: Table) -> list[Section]:
    """Return the sections of the other boards, COMPACT_COLS to a row, 10 rows apart."""
    others = [p for p in table.homes if p.seat != table.focus]
    width = (INNER - 12 * (COMPACT_COLS - 1)) // COMPACT_COLS
    rows = [others[i:i + COMPACT_COLS] for i in range(0, len(others), COMPACT_COLS)]
    return [Section(("others", repr(row)), max(compact_height(p, width) for p in row),
                    SECTION_GAP if index == len(rows) - 1 else 10,
                    partial(_draw_row, row, width))
            for index, row in enumerate(rows)]


def _draw_row(row: list, width: int, canvas: Image.Image, y: int) -> int:
    return max(draw_compact(canvas, player, (MARGIN + col * (width + 12), y), width)
               for col, player in enumerate(row))


def _home(table: Table, seat: int | None):
    return next((p for p in table.homes if p.seat == seat), None)


def _header_facts(table: Table) -> tuple:
    """Return what the header shows: the round and phase (the harvest being resolved, the
    game's end), the seats to act and the start player."""
    kind = next((s.harvest for s in table.round_slots if s.round == table.round), "none")
    start = next((p.seat for p in table.homes if p.start_player), None)
    return (table.over, table.round, table.rounds, table.phase, kind, tuple(table.to_act),
            start)


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
