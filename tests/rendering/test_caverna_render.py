"""Tests of the Caverna board image: sizes, focus seat, highlights, minimal views, speed."""

from __future__ import annotations

import inspect
import io

import pytest
from PIL import Image, ImageChops

from rendering.caverna import GAME_NAME, render
from rendering.caverna.view_adapter import space_hint, table_from
from rendering.common import HIGHLIGHT, player_colour
from rendering.registry import has_renderer, render_png
from rules.caverna import GAME
from rules.caverna import data as content
from rules.core import Rng, View
from rules.core.text import Msg, translate
from tests.rendering.phone import cut, drawn_texts, unreadable


def play(players: int, steps: int, seed: int = 5, until=None):
    """Play ``steps`` seeded random legal actions (or until ``until(view data)``) from a new game.

    Returns the engine state and the text of the last action.
    """
    state = GAME.new_game(seed, players, {})
    policy = Rng(seed * 31 + 7)
    last = None
    for _ in range(steps):
        if GAME.is_over(state) or (until and until(GAME.view(state, None).data)):
            break
        seat = policy.choice(sorted(GAME.to_act(state)))
        action = policy.choice(list(GAME.legal_actions(state, seat)))
        state, _ = GAME.apply(state, seat, action)
        last = action.text
    return state, last


def real_view(players: int, steps: int, seed: int = 5, until=None) -> tuple[View, str | None]:
    """The public view of a seeded random game after ``steps`` moves, and the last move."""
    state, last = play(players, steps, seed, until)
    return GAME.view(state, None), last


def view_of(data: dict, seat: int | None = None) -> View:
    return View(GAME_NAME, seat, data)


def wide_bar_colours(image: Image.Image, min_run: int = 1200) -> set[tuple[int, int, int]]:
    """Colours that fill a horizontal run of ``min_run`` pixels somewhere (seat banners)."""
    found = set()
    width, height = image.size
    pixels = image.load()
    for y in range(0, height, 2):
        colour = pixels[width // 2, y]
        left = right = width // 2
        while left > 0 and pixels[left - 1, y] == colour:
            left -= 1
        while right < width - 1 and pixels[right + 1, y] == colour:
            right += 1
        if right - left >= min_run:
            found.add(colour)
    return found


def count_colour(image: Image.Image, colour: tuple[int, int, int]) -> int:
    """Number of pixels of exactly ``colour``."""
    return sum(n for n, c in image.getcolors(maxcolors=1 << 20) if c == colour)


@pytest.mark.parametrize("players, steps", [(1, 30), (4, 90), (7, 160), (4, 2000)])
def test_image_size_and_png_within_limits(players, steps):
    view, last = real_view(players, steps)
    image = render(view, last)
    assert 1400 <= image.width <= 1600
    assert 800 <= image.height <= 3200  # taller since every word reads at phone width (issue 19.6)
    png = render_png(view, last)
    assert len(png) < 8 * 1024 * 1024
    assert Image.open(io.BytesIO(png)).size == image.size


def test_registry_finds_the_renderer():
    assert has_renderer("caverna")


def test_focus_seat_draws_that_seat_in_full():
    view, _ = real_view(4, 0)
    on_turn = view.data["turn"]
    other = (on_turn + 2) % 4
    default = wide_bar_colours(render(view))
    focused = wide_bar_colours(render(view, focus_seat=other))
    assert player_colour(on_turn) in default and player_colour(other) not in default
    assert player_colour(other) in focused and player_colour(on_turn) not in focused
    through_registry = Image.open(io.BytesIO(render_png(view, None, focus_seat=other)))
    assert player_colour(other) in wide_bar_colours(through_registry.convert("RGB"))


def test_names_replace_seat_labels():
    view, _ = real_view(2, 0)
    plain = render(view)
    named = render(view, names=["Alice", "Bob"])
    assert plain.size == named.size
    assert ImageChops.difference(plain, named).getbbox() is not None


def test_focus_follows_the_seat_on_turn():
    view, _ = real_view(3, 4)
    assert player_colour(view.data["turn"]) in wide_bar_colours(render(view))


def without_last_move(view: View) -> View:
    return View(view.game, view.seat, {**view.data, "last_move": None})


def test_last_move_space_is_framed():
    view, _ = real_view(4, 3, until=lambda d: (d["last_move"] or {}).get("space"))
    assert view.data["last_move"]["space"]
    marked = render(view)
    plain = render(without_last_move(view))
    assert count_colour(marked, HIGHLIGHT) > count_colour(plain, HIGHLIGHT) + 400


def test_last_move_cells_are_framed_on_the_movers_board():
    view, _ = real_view(2, 400, until=lambda d: (d["last_move"] or {}).get("cells"))
    assert view.data["last_move"]["cells"]
    mover = view.data["last_move"]["seat"]
    for focus in (mover, (mover + 1) % 2):  # the mover's board in full, then compact
        marked = render(view, focus_seat=focus)
        plain = render(without_last_move(view), focus_seat=focus)
        assert count_colour(marked, HIGHLIGHT) > count_colour(plain, HIGHLIGHT) + 60


def test_caption_shows_last_move_text():
    view, _ = real_view(2, 0)
    plain = render(view)
    captioned = render(view, last_move="place logging")
    assert captioned.height > plain.height
    assert count_colour(captioned, HIGHLIGHT) > count_colour(plain, HIGHLIGHT)


def test_minimal_and_empty_views_do_not_crash():
    assert render(view_of({"game": "caverna"})).width == 1500
    bare = {"game": "caverna", "players": 2, "seats": [{"seat": 0}, {"seat": 1}]}
    assert render(view_of(bare)).width == 1500
    view, _ = real_view(1, 0)
    solo = {**view.data, "round_cards": [], "furnishings": [], "spaces": []}
    assert render(view_of(solo), focus_seat=5).width == 1500


def test_finished_game_shows_the_score_breakdown():
    view, last = real_view(3, 3000)
    assert view.data["phase"] == "over"
    image = render(view, last, focus_seat=1)
    plain = render(view_of({**view.data, "final": None}), last, focus_seat=1)
    changed = ImageChops.difference(image, plain).getbbox()
    assert changed is not None and changed[0] > 600  # in the panel right of the board


def test_space_hints_come_from_the_space_data():
    assert space_hint(content.space_def("large-depot")) == (
        ("acc", "stone", "1"), ("acc", "ore", "1"), ("acc", "wood", "2/1"))
    assert space_hint(content.space_def("sustenance@47")) == (
        ("acc", "grain", "1"), ("alt", "vegetable", "1"))
    assert space_hint(content.space_def("starting-player@47")) == (
        ("acc", "food", "1"), ("gain", "ruby", "1"))
    assert space_hint(content.space_def("housework")) == ()


def test_names_on_the_image_come_from_the_catalog():
    view, _ = real_view(7, 0)
    table = table_from(view.data, None, None)
    for space in table.spaces:
        assert space.name == translate(Msg(f"caverna.space.{space.id}"))
    names = {t.id: t.name for t in table.furnishings}
    assert names["dwelling"] == translate(Msg("caverna.tile.dwelling"))
    assert len(names) == len(content.tiles())


def test_more_content_than_estimated_still_fits():
    view, _ = real_view(7, 0)
    seats = [dict(view.data["seats"][i % 7], seat=i) for i in range(16)]
    crowded = {**view.data, "seats": seats, "players": 16}
    tall = render(view_of(crowded))
    normal = render(view)
    assert tall.height > normal.height + 2 * 180
    bottom = tall.crop((0, tall.height - 260, tall.width, tall.height))
    assert wide_bar_colours(bottom, min_run=400)  # the last row of boards is drawn


def test_finished_game_shows_the_winner_in_full():
    view, _ = real_view(4, 3000)
    final = view.data["final"]
    winner = max(range(4), key=lambda s: final[str(s)]["total"])
    assert player_colour(winner) in wide_bar_colours(render(view))


def built_a_tile(data: dict) -> bool:
    """Whether the last move furnished a cell (a tile left the supply)."""
    last = data["last_move"] or {}
    if not last.get("cells"):
        return False
    cells = data["seats"][last["seat"]]["board"]["cells"]
    return any(c["furnishing"] not in (None, "entry-dwelling") and [c["row"], c["col"]]
               in last["cells"] for c in cells)


def test_a_tile_just_built_is_framed_in_the_supply():
    view, _ = real_view(3, 3000, seed=1, until=built_a_tile)
    assert built_a_tile(view.data)
    table = table_from(view.data, None, None)
    framed = [t for t in table.furnishings if t.highlight]
    assert len(framed) == 1 and not framed[0].available
    assert framed[0].owner == view.data["last_move"]["seat"]


def test_office_room_overhang_squares_are_drawn():
    view, _ = real_view(2, 0)
    data = view.data
    board = data["seats"][0]["board"]
    extra = dict(board["cells"][3], row=0, col=4, kind="cavern", bonus=None)
    with_overhang = {**data, "seats": [
        {**data["seats"][0], "board": {**board, "overhang": [extra]}}, data["seats"][1]],
        "last_move": {"seat": 0, "space": None, "cells": [[0, 4]]}}
    plain = render(view_of({**data, "last_move": None}), focus_seat=0)
    drawn = render(view_of(with_overhang), focus_seat=0)
    assert drawn.height > plain.height  # one more row of squares on the full board
    assert count_colour(drawn, HIGHLIGHT) > count_colour(plain, HIGHLIGHT) + 200


@pytest.mark.slow
@pytest.mark.parametrize("players", range(1, 8))
def test_every_stage_of_a_random_game_renders(players):
    state = GAME.new_game(players, players, {})
    policy = Rng(players + 100)
    moves = 0
    while not GAME.is_over(state):
        seat = policy.choice(sorted(GAME.to_act(state)))
        action = policy.choice(list(GAME.legal_actions(state, seat)))
        state, _ = GAME.apply(state, seat, action)
        moves += 1
        if moves % 6 == 0 or GAME.is_over(state):
            image = render(GAME.view(state, seat), action.text)
            assert 1400 <= image.width <= 1600 and image.height < 3200


@pytest.mark.parametrize("name", ["簡素な住居（木材4、石材2）", "石切り場の親方見習い助手",
                                  "Simple dwelling (wood 4, stone 2)"])
def test_a_long_tile_name_wraps_to_fit_its_tile(name):
    """A name too long for one line of its supply tile takes two, in 22 px type, without its
    bracketed cost (the glyphs below show it) when the whole name does not fit."""
    from PIL import ImageDraw

    from rendering.caverna.furnish import _title_lines
    from rendering.common import font

    draw = ImageDraw.Draw(Image.new("RGB", (10, 10)))
    lines, size = _title_lines(draw, name, 170)
    short = name.split("（")[0].split(" (")[0]
    assert "".join(lines).replace(" ", "") in (name.replace(" ", ""), short.replace(" ", ""))
    assert len(lines) <= 2 and size == 22
    assert all(draw.textlength(line, font=font(size, True)) <= 170 for line in lines), (
        lines, size)


def tile_names(locale: str) -> list[str]:
    return [translate(Msg(f"caverna.tile.{tile}"), locale)
            for tile in ["entry-dwelling", *content.tiles()]]


NAMES = ["さくら", "王小明", "🐉Dragon", "W" * 32, "佐藤花子", "李娜", "🎲🎲Bo"]


@pytest.mark.parametrize("locale", ["en", "ja"])
def test_supply_and_compact_boards_read_at_phone_width(locale, monkeypatch):
    """Issue 19.6: shown 400 px wide, every word of the furnishing supply (names, costs,
    points) and of the compact boards (name, score, goods, counts on squares, the tiles
    owned) is at least 5.8 px, at every player count, and none runs off its tile or board
    column. The supply drew names at 14 px and the compact boards 9-17 px."""
    from rendering.caverna import COMPACT_COLS, INNER, WIDTH
    from rendering.caverna.furnish import draw_furnishings
    from rendering.caverna.home import draw_compact
    from rendering.common import drawing_in

    drawn = drawn_texts(monkeypatch)
    column = (INNER - 12 * (COMPACT_COLS - 1)) // COMPACT_COLS
    with drawing_in(locale):
        for players in range(1, 8):
            view, _ = real_view(players, 60 + 25 * players, seed=players)
            table = table_from({**view.data, "names": NAMES[:players]}, None, None)
            draw_furnishings(Image.new("RGB", (WIDTH, 1200)), table.furnishings, 16, 0, INNER)
            for player in table.homes:
                draw_compact(Image.new("RGB", (column, 900)), player, (0, 0), column)
    assert any(d.value == "🐉Dragon" for d in drawn)
    assert not unreadable(drawn, WIDTH)
    assert not cut(drawn)


@pytest.mark.parametrize("players", [1, 4, 7])
@pytest.mark.parametrize("locale", ["en", "ja"])
def test_every_word_of_the_posted_board_reads_at_phone_width(players, locale, monkeypatch):
    """Issue 19.6: shown 400 px wide, every word of the posted board (the action spaces, the
    round spaces and harvest markers, the board in focus and its tiles, the supply, the
    compact boards) is at least 5.8 px and none runs off the image, during a game and at its
    end. The action spaces were named in 16 px type, their gains and round numbers 13 px."""
    from rendering.registry import render as render_any

    drawn = drawn_texts(monkeypatch)
    for steps in (70 + 20 * players, 5000):
        view, last = real_view(players, steps, seed=players)
        image = render_any(view, last_move=last, names=NAMES[:players], locale=locale)
        assert not unreadable(drawn, image.width), steps
        assert not cut(drawn)
        drawn.clear()


@pytest.mark.parametrize("locale", ["en", "ja"])
def test_a_compact_board_lists_its_tiles_whole(locale, monkeypatch):
    """A compact board's squares are too small for a tile's name in readable type: the
    names of the tiles it holds are listed whole below it, never cut to a few letters."""
    from rendering.caverna.home import draw_compact
    from rendering.caverna.labels import tile_name
    from rendering.caverna.model import Player
    from rendering.common import drawing_in

    drawn = drawn_texts(monkeypatch)
    with drawing_in(locale):
        names = [tile_name(t) for t in content.tiles()]
        player = Player(seat=0, name="さくら", tiles=names)
        draw_compact(Image.new("RGB", (480, 2000)), player, (0, 0), 480)
    listed = " · ".join(d.value for d in drawn if d.size == 22 and d.value != "さくら")
    assert all(name in listed for name in names)
    assert not cut(drawn)


@pytest.mark.parametrize("locale", ["en", "ja"])
def test_a_tile_name_on_the_full_board_fits_its_square(locale, monkeypatch):
    """Every tile name on a full-size square (128 px) is drawn whole in 22 px type (6 px at
    phone width), within the square: between words, a word too long broken with a hyphen
    where two consonants meet ("Black-smithing"), never shrunk or cut."""
    from PIL import ImageDraw

    from rendering.caverna import squares
    from rendering.caverna.home import draw_full

    assert inspect.signature(draw_full).parameters["pitch"].default == 128
    draw = ImageDraw.Draw(Image.new("RGB", (10, 10)))
    drawn = []
    monkeypatch.setattr(draw, "text", lambda xy, text, font, **kw: drawn.append((text, font)))
    for name in tile_names(locale):  # as on the board: without a bracketed cost
        name = name.split(" (")[0].split("（")[0]
        drawn.clear()
        squares._tile_title(draw, name, 0, 0, 128)
        flat = "".join(t for t, _ in drawn).replace(" ", "").replace("-", "")
        assert flat == name.replace(" ", "").replace("-", "")
        assert all(f.size == 22 and draw.textlength(t, font=f) <= 128 - 8 for t, f in drawn)
        assert len(drawn) <= 3, drawn
    assert squares.title_lines(draw, "Blacksmithing parlor", 120) == [
        "Black-", "smithing", "parlor"]
    assert squares.title_lines(draw, "はじめの住居", 120) == ["はじめ", "の住居"]
