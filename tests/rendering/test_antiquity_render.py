"""Tests of the Antiquity board image: it draws every phase, hides nothing it is not given."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from rendering.antiquity import hexmap, render
from rendering.registry import has_renderer, render_png
from rules.antiquity import GAME
from rules.core import Rng
from tests.rendering.phone import cut, drawn_texts, unreadable


def play(players: int, steps: int, seed: int = 3, options: dict | None = None):
    state = GAME.new_game(seed, players, options or {})
    policy = Rng(seed)
    last = None
    for _ in range(steps):
        if GAME.is_over(state):
            break
        seat = policy.choice(sorted(GAME.to_act(state)))
        action = policy.choice(list(GAME.legal_actions(state, seat)))
        state, _ = GAME.apply(state, seat, action)
        last = action.text
    return state, last


def test_registered_and_png():
    assert has_renderer("antiquity")
    state, last = play(2, 60)
    data = render_png(GAME.view(state, None), last_move=last, names=["Ann", "Bo"])
    image = Image.open(io.BytesIO(data))
    assert image.width == 1500 and image.height > 1000


def test_focus_seat_draws_the_region_around_that_player_larger():
    state, last = play(3, 120)
    view = GAME.view(state, None)
    public = render(view, last_move=last, whole=True)
    full_size = hexmap.SIZE
    focused = render(view, last_move=last, focus_seat=1)
    assert hexmap.SIZE > full_size and focused.tobytes() != public.tobytes()
    region = hexmap.region_around(view.data, 1)
    p = view.data["ps"][1]
    assert {hexmap.parse(t) for t in p["anchors"] + p["influence"]} <= region
    assert all(f"{q},{r}" in view.data["map"]["terrain"] for q, r in region)
    assert len(region) < len(view.data["map"]["terrain"])


def test_no_region_before_a_player_has_a_city():
    state = GAME.new_game(3, 2, {"colours": ["red", "blue"]})
    view = GAME.view(state, None)
    assert hexmap.region_around(view.data, 0) is None
    assert render(view, focus_seat=0).width == 1500


def test_hidden_phase_two_leaves_the_public_image_unchanged():
    state, _ = play(2, 2, options={"colours": ["red", "blue"]})  # both cities placed: phase 2
    assert state.phase == "city"
    before = render(GAME.view(state, None)).tobytes()
    seat = min(GAME.to_act(state))
    house = next(a for a in GAME.legal_actions(state, seat) if a.text.startswith("house"))
    after_state, _ = GAME.apply(state, seat, house)
    assert render(GAME.view(after_state, None)).tobytes() == before
    assert render(GAME.view(after_state, seat)).tobytes() != before


def test_game_over_image():
    state, last = play(2, 2000, seed=1)
    assert GAME.is_over(state)
    image = render(GAME.view(state, None), last_move=last)
    assert image.width == 1500


def test_posted_board_shows_the_players_areas_large_and_whole_on_request():
    """Issue 19.6: at phone width the whole 4-player map is specks; the posted board shows
    each player's area (every city hex inside) at the zoomed size, ``whole`` the whole map."""
    from rendering.antiquity import crop

    state, last = play(4, 100)
    view = GAME.view(state, None)
    areas = crop.player_areas(view.data)
    shown = set().union(*(hexes for hexes, _ in areas))
    assert {hexmap.parse(t) for t in view.data["map"]["cities"]} <= shown
    for seat in range(4):
        assert crop.holdings(view.data, seat) <= shown
    assert sorted(s for _, seats in areas for s in seats) == [0, 1, 2, 3]
    assert len(shown) < len(view.data["map"]["terrain"])
    render(view, last_move=last)
    assert hexmap.SIZE >= 60  # labels 0.4 x size: at least 6 px at 400 px wide
    render(view, last_move=last, whole=True)
    assert hexmap.SIZE < 60


def test_whole_map_posted_while_a_first_city_is_still_to_place():
    state = GAME.new_game(3, 3, {})
    state, _ = GAME.apply(state, min(GAME.to_act(state)),
                          GAME.legal_actions(state, min(GAME.to_act(state)))[0])
    assert crop_areas(GAME.view(state, None)) is None


def crop_areas(view):
    from rendering.antiquity import crop
    return crop.player_areas(view.data)


def test_header_chips_and_last_move_read_at_phone_width(monkeypatch):
    """Issue 19.6: the turn order chips and the last move were 18 px (under 5 px at 400 px
    wide); every word of the header and caption is now at least 24 px (6.4 px at 400)."""
    import rendering.antiquity as board

    sizes = []
    original = board.font
    monkeypatch.setattr(board, "font", lambda size, bold=False: sizes.append(size)
                        or original(size, bold))
    state, last = play(4, 40)
    names = ["さくら", "王小明", "🐉Dragon", "D"]
    board.render(GAME.view(state, None), last_move=last, names=names)
    assert sizes and min(sizes) >= 24


def test_player_panel_titles_read_at_phone_width(monkeypatch):
    """Issue 19.6: each player's panel title (name, saint, houses, men) is at least 24 px (7 px
    at 400 px wide), wrapped rather than shrunk."""
    from PIL import Image, ImageDraw

    from rendering.antiquity import cities
    from rendering.common import drawing_in

    state, _ = play(4, 60)
    data = GAME.view(state, None).data
    drawn = drawn_texts(monkeypatch)
    names = ["さくら", "王小明", "🐉Dragon" * 3, "D"]
    canvas = Image.new("RGB", (1500, 1500))
    for locale in ("en", "ja"):
        with drawing_in(locale):
            for seat in range(4):
                cities.draw_panel(canvas, 0, 0, 729, seat, data["ps"][seat], names, set())
    titles = [d.size for d in drawn if "🐉" in d.value or "さくら" in d.value]
    assert titles and min(titles) >= 24
    long = "W" * 32 + " · Saint Bartholomew · houses 12 · men 12"  # the longest Discord name
    size, lines = cities.title_lines(ImageDraw.Draw(canvas), long, 713)
    assert len(lines) == 2 and "".join(lines).replace(" ", "") == long.replace(" ", "")


NAMES = ["さくら", "王小明", "🐉Dragon" * 4, "W" * 32]  # Japanese, Chinese, emoji, the longest


@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("locale", ["en", "ja"])
def test_every_word_of_the_posted_board_reads_at_phone_width(monkeypatch, players, locale):
    """Issue 19.6: shown 400 px wide, every word of the posted board (header, last move, the
    map's coordinates and goods, the players' titles, goods, city labels, row and column
    numbers and building names) is at least 5.8 px and none runs off the image. The city grids
    drew their building names at 9 px (2.4 px at phone width), their numbers at 11 px and the
    goods at 16 px; a row of long names ran off the header."""
    state, last = play(players, 160, seed=5)
    view = GAME.view(state, None)
    drawn = drawn_texts(monkeypatch)
    image = render_in(view, last, NAMES[:players], locale)
    assert any(d.value == "1" for d in drawn)  # a house number at least
    assert not unreadable(drawn, image.width)
    assert not cut(drawn)


def test_a_players_own_board_reads_at_phone_width(monkeypatch):
    """``/board player`` (a full-width panel with all four cities) reads at phone width too."""
    state, last = play(4, 160, seed=5)
    view = GAME.view(state, None)
    data = {**view.data, "ps": [dict(p) for p in view.data["ps"]]}
    data["ps"][1]["cities"] = data["ps"][1]["cities"] + [{"rows": 6, "cols": 6}] * 3
    view = type(view)(**{**vars(view), "data": data})
    drawn = drawn_texts(monkeypatch)
    image = render_in(view, last, NAMES, "ja", focus_seat=1)
    assert not unreadable(drawn, image.width) and not cut(drawn)
    assert sum(d.value == "5" for d in drawn) >= 6  # the numbers of every grid


def render_in(view, last, names, locale, **options):
    from rendering.registry import render as render_any

    return render_any(view, last_move=last, names=names, locale=locale, **options)


@pytest.mark.parametrize("locale", ["en", "ja"])
def test_every_building_name_fits_its_cells_in_every_rotation(locale):
    """A building's name is drawn whole, at least 22 px (about 6 px at phone width), on the
    longest row of its cells, in every rotation, storage of every shape and a house's number;
    a graved cell is left out and a wholly graved building has no name."""
    from PIL import Image, ImageDraw

    from rendering.antiquity.grids import CELL, building_label
    from rendering.common import drawing_in, font
    from rules.antiquity import city
    from rules.antiquity.data import buildings

    draw = ImageDraw.Draw(Image.new("RGB", (1, 1)))
    shapes = [(kind, city.rotated(city.footprint(kind), (0, 0), k))
              for kind in buildings() if kind != "storage" for k in range(4)]
    shapes += [("storage", city.rectangle((0, 0), h, w)) for h, w in ((1, 2), (2, 1), (2, 2))]
    shapes += [("house", [(0, 0)])]
    with drawing_in(locale):
        for kind, cells in shapes:
            b = {"type": kind, "number": 20, "cells": [list(c) for c in cells]}
            text, size, (cx, cy), room = building_label(b, set())
            width = draw.textlength(text, font=font(size, True))
            assert size >= 22 and width <= room, (kind, cells, text, size)
            row = int(cy // CELL)
            left = [c for r, c in cells if r == row]
            assert min(left) * CELL <= cx - width / 2 and cx + width / 2 <= (max(left) + 1) * CELL
        one = {"type": "fountain", "number": 0, "cells": [[2, 3]]}
        assert building_label(one, {(2, 3)}) is None
        market = {"type": "market", "number": 0, "cells": [[0, 0], [0, 1], [1, 0], [1, 1]]}
        assert building_label(market, {(0, 0)})[2][1] == CELL * 1.45  # the free row below
