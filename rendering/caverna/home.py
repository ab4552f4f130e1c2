"""Draw home boards: the focus player's in full with its supply, the others compact."""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw

from rendering.common import INK, PAPER, fit_text, font, player_colour, readable_on

from . import glyphs
from .labels import heading
from .model import ANIMAL_ORDER, FOREST_COLUMNS, GOODS_ORDER, Cell, Player
from .squares import cell_key, draw_fences, draw_highlight, draw_mini_square, draw_square

BORDER_GAP = 10  # gap between forest and mountain halves (full board)
ENTRANCE = (214, 190, 150)
HEADER = 44
BANNER_MIN = 22  # a seat banner's name: 6 px at phone width
TEXT = 22  # tile names listed beside or below a board, score lines: 6 px at phone width
# Cached pictures of one game's boards (a grid up to 1.2 MB, a goods block or banner up to
# 0.2 MB). A bot with a hundred channels has a few hundred home boards in play, more than a
# cache of any reasonable size holds (at 64 grids, 256 goods blocks and 64 banners they took
# about 100 MB and the grids were never found again): these keep what the last board or two
# drawn can reuse, about 15 MB at most.
GRIDS_KEPT = 8
BANNERS_KEPT = 16
GOODS_BLOCKS_KEPT = 16


def _col_offset(pitch: int, gap: int, min_col: int):
    def offset(col: int) -> int:
        return (col - min_col) * pitch + (gap if col >= FOREST_COLUMNS else 0)
    return offset


def board_size(player: Player, pitch: int, gap: int) -> tuple[int, int]:
    """Return the pixel size of a player's square grid at ``pitch`` per square."""
    c0, r0, c1, r1 = player.bounds()
    return (c1 - c0 + 1) * pitch + gap, (r1 - r0 + 1) * pitch


def draw_grid(canvas: Image.Image, player: Player, origin: tuple[int, int], pitch: int,
              gap: int, mini: bool = False) -> None:
    """Draw the squares, the cave entrance, fences and highlights of a home board."""
    key = tuple(sorted((pos, cell_key(cell), cell.pasture, cell.highlight)
                       for pos, cell in player.cells.items()))
    canvas.paste(_grid_image(key, pitch, gap, mini), origin)


@lru_cache(maxsize=GRIDS_KEPT)
def _grid_image(key: tuple, pitch: int, gap: int, mini: bool) -> Image.Image:
    """Return a whole home-board grid for the cell summary ``key`` (cached per board state)."""
    player = Player(seat=0)
    for pos, (kind, category, tile_name, stable, crop, crop_count, animals, bonus), pasture, \
            highlight in key:
        player.cells[pos] = Cell(pos[0], pos[1], kind, None, tile_name, category, stable, crop,
                                 crop_count, dict(animals), pasture, bonus, highlight)
    c0, r0, c1, r1 = player.bounds()
    canvas = Image.new("RGB", board_size(player, pitch, gap), PAPER)
    offset = _col_offset(pitch, gap, c0)
    d = ImageDraw.Draw(canvas)
    if gap:
        _cave_entrance(d, offset(FOREST_COLUMNS) - gap, (3 - r0) * pitch, gap, pitch)
    for row in range(r0, r1 + 1):
        for col in range(c0, c1 + 1):
            if (col < 0 or col > 5 or row < 0 or row > 3) and (col, row) not in player.cells:
                continue
            xy = (offset(col), (row - r0) * pitch)
            (draw_mini_square if mini else draw_square)(canvas, player.cell(col, row), xy, pitch)
    shifted = {(c, r - r0): cell for (c, r), cell in player.cells.items()}
    draw_fences(d, shifted, (0, 0), pitch, max(3, pitch // 14), offset)
    for (col, row), cell in player.cells.items():
        if cell.highlight:
            x, y = offset(col), (row - r0) * pitch
            draw_highlight(d, (x, y, x + pitch - 1, y + pitch - 1), max(2, pitch // 20))
    return canvas


def _cave_entrance(d: ImageDraw.ImageDraw, x: int, y: int, gap: int, pitch: int) -> None:
    d.rectangle((x, y + pitch * .25, x + gap - 1, y + pitch * .75), fill=ENTRANCE)


def seat_banner(canvas: Image.Image, player: Player, box: tuple[int, int, int, int],
                size: int) -> int:
    """Draw a bar in the seat's colour with the name, a turn marker and the score; return its
    height (taller than ``box`` when a long name takes more lines: names are never shrunk
    below 22 px, 6 px at phone width)."""
    x0, y0, x1, y1 = box
    banner = _seat_banner(player, x1 - x0, y1 - y0, size)
    canvas.paste(banner, (x0, y0))
    return banner.height


def _seat_banner(player: Player, width: int, height: int, size: int) -> Image.Image:
    marker = "▶ " if player.to_act else ""
    score = "" if player.score is None else heading("points", n=player.score)
    return _banner(player.seat, f"{marker}{player.name}", score, width, height, size)


@lru_cache(maxsize=BANNERS_KEPT)
def _banner(seat: int, title: str, score: str, width: int, height: int,
            size: int) -> Image.Image:
    probe = ImageDraw.Draw(Image.new("RGB", (1, 1)))
    score_w = probe.textlength(score, font=font(size, True)) if score else 0
    fs, lines = _banner_lines(probe, title, int(width - score_w - 24), size)
    height = max(height, len(lines) * (fs + 6) + 8)
    image = Image.new("RGB", (width, height), PAPER)
    d = ImageDraw.Draw(image)
    colour = player_colour(seat)
    d.rounded_rectangle((0, 0, width - 1, height - 1), radius=6, fill=colour)
    ink = readable_on(colour)
    for i, line in enumerate(lines):
        d.text((10, height / 2 + (i - (len(lines) - 1) / 2) * (fs + 6)), line,
               font=font(fs, True), fill=ink, anchor="lm")
    if score:
        d.text((width - 10, height / 2), score, font=font(size, True), fill=ink, anchor="rm")
    return image


def _banner_lines(d: ImageDraw.ImageDraw, title: str, room: int,
                  size: int) -> tuple[int, list[str]]:
    """Return the size and lines of a banner's title: one line, shrunk down to 22 px at most,
    else as many 22 px lines as it takes."""
    fs = fit_text(d, title, room, size, bold=True, min_size=BANNER_MIN)
    lines, line = [], ""
    for char in title:
        if line and d.textlength(line + char, font=font(fs, True)) > room:
            lines.append(line)
            line = ""
        line += char
    return fs, lines + [line]


def _start_token(canvas: Image.Image, player: Player, xy: tuple[float, float], size: int) -> None:
    if player.start_player:
        glyphs.paste(canvas, "start", xy, size)


def _goods_rows(canvas: Image.Image, d: ImageDraw.ImageDraw, player: Player, x: int, y: int,
                width: int, icon: int, zero: bool) -> int:
    """Draw goods and animal counts in rows that fit ``width``; return the height used."""
    block = _goods_of(player, width, icon, zero)
    canvas.paste(block, (x, y))
    return block.height


def _goods_of(player: Player, width: int, icon: int, zero: bool) -> Image.Image:
    items = [(k, player.goods.get(k, 0)) for k in GOODS_ORDER]
    items += [(k, player.animals.get(k, 0)) for k in ANIMAL_ORDER]
    if player.begging:
        items.append(("begging", player.begging))
    return goods_block(tuple((k, n) for k, n in items if n or zero), width, icon)


@lru_cache(maxsize=GOODS_BLOCKS_KEPT)
def goods_block(items: tuple[tuple[str, int], ...], width: int, icon: int) -> Image.Image:
    """Return goods glyphs with counts flowing in rows ``width`` wide, on paper (cached).

    Items sit on a regular pitch while their counts are short, and take more room when not.
    """
    measure = ImageDraw.Draw(Image.new("RGB", (1, 1)))
    size = font(max(10, int(icon * .8)), True)
    cell = icon + int(icon * 1.25)
    spots, x, y = [], 0, 0
    for kind, count in items:
        need = max(cell, icon + 10 + int(measure.textlength(str(count), font=size)))
        if x and x + need > width:
            x, y = 0, y + icon + 6
        spots.append((kind, count, x, y))
        x += need
    height = (y + icon + 6) if items else 1
    image = Image.new("RGB", (width, height), PAPER)
    d = ImageDraw.Draw(image)
    for kind, count, cx, cy in spots:
        colour = INK if count else (170, 165, 160)
        glyphs.counted(image, d, kind, count, (cx, cy), icon, colour)
    return image


def _dwarf_row(canvas: Image.Image, player: Player, x: int, y: int, size: int) -> int:
    """Draw the player's dwarfs (faded when out working, small when newborn); return width."""
    colour = player_colour(player.seat)
    cursor = x
    for dwarf in player.dwarfs:
        disc = glyphs.dwarf(colour, size, dwarf.weapon, faded=dwarf.away, small=dwarf.newborn)
        canvas.paste(disc, (int(cursor), int(y)), disc)
        cursor += size + 4
    for _ in range(player.discs_in_supply):
        d = ImageDraw.Draw(canvas)
        inset = size * .22
        d.ellipse((cursor + inset, y + inset, cursor + size - inset, y + size - inset),
                  outline=(160, 155, 150), width=2)
        cursor += size * .7
    return int(cursor - x)


def draw_full(canvas: Image.Image, player: Player, origin: tuple[int, int], width: int,
              pitch: int = 128) -> int:
    """Draw the focus player's board and supply panel; return the height used."""
    x, y = origin
    d = ImageDraw.Draw(canvas)
    y += seat_banner(canvas, player, (x, y, x + width, y + HEADER - 6), 24) + 6
    grid_w, grid_h = board_size(player, pitch, BORDER_GAP)
    draw_grid(canvas, player, (x, y), pitch, BORDER_GAP)
    panel_x = x + grid_w + 24
    panel_w = width - grid_w - 24
    used = _panel(canvas, d, player, panel_x, y, panel_w)
    return y - origin[1] + max(grid_h, used)


def _panel(canvas: Image.Image, d: ImageDraw.ImageDraw, player: Player, x: int, y: int,
           width: int) -> int:
    top = y
    size = 46
    used = _dwarf_row(canvas, player, x, y, size)
    _start_token(canvas, player, (x + used + 8, y + 4), size - 8)
    y += size + 12
    y += _goods_rows(canvas, d, player, x, y, width, 34, zero=True) + 10
    glyphs.paste(canvas, "stable", (x, y), 30)
    d.text((x + 36, y + 15), f"{player.stables_left}", font=font(22, True), fill=INK,
           anchor="lm")
    y += 40
    if player.tiles:
        y += _tile_list(d, player.tiles, x, y, width, TEXT) + 8
    if player.breakdown:
        y += _breakdown(d, player.breakdown, x, y, width)
    return y - top


def _breakdown(d: ImageDraw.ImageDraw, lines: list[tuple[str, int]], x: int, y: int,
               width: int) -> int:
    """List the final score by category in two columns; return the height used."""
    col_w = width // 2 - 10
    per_col = -(-len(lines) // 2)
    for i, (label, points) in enumerate(lines):
        cx = x + (i // per_col) * (col_w + 20)
        cy = y + (i % per_col) * (TEXT + 6)
        size = fit_text(d, label, col_w - 50, TEXT)
        d.text((cx, cy), label, font=font(size), fill=(70, 60, 50))
        d.text((cx + col_w, cy), f"{points:+d}", font=font(TEXT, True), fill=INK, anchor="ra")
    return per_col * (TEXT + 6)


def _tile_list(d: ImageDraw.ImageDraw, names: list[str], x: int, y: int, width: int,
               size: int) -> int:
    """Write the furnishing names as wrapped text; return the height used."""
    lines = _tile_lines(tuple(names), width, size)
    for i, text in enumerate(lines):
        d.text((x, y + i * (size + 5)), text, font=font(size), fill=(70, 60, 50))
    return len(lines) * (size + 5)


@lru_cache(maxsize=256)
def _tile_lines(names: tuple[str, ...], width: int, size: int) -> tuple[str, ...]:
    """Return the lines of a list of tile names, "·" between them (cached per list)."""
    probe = ImageDraw.Draw(Image.new("RGB", (1, 1)))
    lines, line = [], ""
    for name in names:
        candidate = f"{line} · {name}" if line else name
        if probe.textlength(candidate, font=font(size)) > width and line:
            lines.append(line)
            line = name
        else:
            line = candidate
    return tuple(lines + [line] if line else lines)


COMPACT_PITCH = 48  # a square of a compact board: its counts are 22 px (6 px at phone width)


def draw_compact(canvas: Image.Image, player: Player, origin: tuple[int, int], width: int,
                 pitch: int = COMPACT_PITCH) -> int:
    """Draw another player's board small, with dwarfs and goods beside it and the names of
    its furnishing tiles below (the squares are too small to name them); return height."""
    x, y = origin
    d = ImageDraw.Draw(canvas)
    y += seat_banner(canvas, player, (x, y, x + width, y + 36), 24) + 6
    draw_grid(canvas, player, (x, y), pitch, 4, mini=True)
    grid_w, grid_h = board_size(player, pitch, 4)
    side_x = x + grid_w + 10
    side_w = width - grid_w - 10
    used = _dwarf_row(canvas, player, side_x, y, 32)
    _start_token(canvas, player, (side_x + used + 4, y + 3), 26)
    goods_h = _goods_rows(canvas, d, player, side_x, y + 40, side_w, 28, zero=False)
    y += max(grid_h, 40 + goods_h) + 6
    if player.tiles:
        y += _tile_list(d, player.tiles, x, y, width, TEXT)
    return y - origin[1] + 4


def full_height(player: Player, width: int, pitch: int = 128) -> int:
    """The height :func:`draw_full` uses, from the same cached pieces, drawing nothing."""
    top = _seat_banner(player, width, HEADER - 6, 24).height + 6
    grid_w, grid_h = board_size(player, pitch, BORDER_GAP)
    panel_w = width - grid_w - 24
    used = 46 + 12 + _goods_of(player, panel_w, 34, True).height + 10 + 40
    if player.tiles:
        used += len(_tile_lines(tuple(player.tiles), panel_w, TEXT)) * (TEXT + 5) + 8
    if player.breakdown:
        used += -(-len(player.breakdown) // 2) * (TEXT + 6)
    return top + max(grid_h, used)


def compact_height(player: Player, width: int, pitch: int = COMPACT_PITCH) -> int:
    """The height :func:`draw_compact` uses, from the same cached pieces, drawing nothing."""
    top = _seat_banner(player, width, 36, 24).height + 6
    grid_w, grid_h = board_size(player, pitch, 4)
    goods_h = _goods_of(player, width - grid_w - 10, 28, False).height
    top += max(grid_h, 40 + goods_h) + 6
    if player.tiles:
        top += len(_tile_lines(tuple(player.tiles), width, TEXT)) * (TEXT + 5)
    return top + 4
