"""Tests of the Antiquity board image: it draws every phase, hides nothing it is not given."""

from __future__ import annotations

import io

from PIL import Image

from rendering.antiquity import hexmap, render
from rendering.registry import has_renderer, render_png
from rules.antiquity import GAME
from rules.core import Rng


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


def test_player_panel_titles_and_goods_read_at_phone_width(monkeypatch):
    """Issue 19.6: each player's panel title (name, saint, houses, men) is at least 24 px (7 px
    at 400 px wide), wrapped rather than shrunk; the goods counts and city labels at least 21 px
    (6 px)."""
    from PIL import Image, ImageDraw

    from rendering.antiquity import cities
    from rendering.common import drawing_in

    state, _ = play(4, 60)
    data = GAME.view(state, None).data
    texts = []
    original = ImageDraw.ImageDraw.text

    def spy(self, xy, value, *args, **kwargs):
        texts.append((value, kwargs.get("font").size, kwargs.get("anchor")))
        return original(self, xy, value, *args, **kwargs)

    monkeypatch.setattr(ImageDraw.ImageDraw, "text", spy)
    names = ["さくら", "王小明", "🐉Dragon" * 3, "D"]
    canvas = Image.new("RGB", (1500, 800))
    cities._grid_template.cache_clear()  # draw the city labels afresh
    for locale in ("en", "ja"):
        with drawing_in(locale):
            for seat in range(4):
                cities.draw_panel(canvas, 0, 0, 729, seat, data["ps"][seat], names, False, set())
    titles = [size for value, size, _ in texts if "🐉" in value or "さくら" in value]
    assert titles and min(titles) >= 24
    long = "W" * 32 + " · Saint Bartholomew · houses 12 · men 12"  # the longest Discord name
    size, lines = cities.title_lines(ImageDraw.Draw(canvas), long, 713)
    assert len(lines) == 2 and "".join(lines).replace(" ", "") == long.replace(" ", "")
    counts = [size for value, size, anchor in texts if value.isdigit() and anchor == "lm"]
    labels = [size for value, size, anchor in texts if anchor == "lb"]  # "city 0"
    assert labels and min(labels) >= 21
    assert counts and min(counts) >= 21
