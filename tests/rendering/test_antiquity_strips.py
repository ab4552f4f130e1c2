"""Antiquity's PNG boards are built from strips kept by what they show (issue 21): they must
come out exactly as drawn, whatever earlier boards left in the cache, within a memory bound."""

from __future__ import annotations

import io

from PIL import Image, ImageChops

from rendering import strips
from rendering.antiquity import hexmap, render
from rendering.common import drawing_in
from rendering.registry import render_png
from rules.antiquity import GAME
from rules.core.playout import random_playout

NAMES = ["さくら", "Bob", "🐉Dragon", "W" * 32]


def positions(players: int, seed: int, every: int):
    """Yield (state, seat, last move) every ``every`` moves of a random game."""
    moves = random_playout(GAME, seed, players).moves
    state = GAME.new_game(seed, players, {})
    for index, (seat, text) in enumerate(moves):
        state, _ = GAME.play(state, seat, text)
        if index % every == every - 1:
            yield state, seat, text


def decoded(png: bytes) -> Image.Image:
    return Image.open(io.BytesIO(png)).convert("RGB")


def same(a: Image.Image, b: Image.Image) -> bool:
    return a.size == b.size and ImageChops.difference(a, b).getbbox() is None


def test_png_boards_are_the_drawn_boards_move_after_move_with_the_cache_warm():
    """Posted, own and whole boards of one game, in both languages, one after another (each
    reusing the strips of the boards before): every PNG is the image ``render`` draws."""
    strips.STRIPS.clear()
    wrong = []
    for state, seat, last in positions(3, 8, 30):
        for locale in ("en", "ja"):
            for view, options in ((GAME.view(state, None), {}),
                                  (GAME.view(state, seat), {"focus_seat": seat}),
                                  (GAME.view(state, None), {"whole": True})):
                png = render_png(view, last, names=NAMES, locale=locale, **options)
                with drawing_in(locale):
                    drawn = render(view, last_move=last, names=NAMES, **options)
                if not same(decoded(png), drawn):
                    wrong.append((last, locale, options))
    assert strips.STRIPS.size()[0] > 0
    assert not wrong


def test_a_board_seen_before_is_not_drawn_again(monkeypatch):
    """The second PNG of the same view draws no part of the map (every strip is kept)."""
    strips.STRIPS.clear()
    state, _, last = next(positions(2, 4, 60))
    view = GAME.view(state, None)
    first = render_png(view, last)
    drawn = []
    original = hexmap.draw_map
    monkeypatch.setattr("rendering.antiquity.draw_map",
                        lambda *args: drawn.append(args) or original(*args))
    assert render_png(view, last) == first and not drawn
    strips.STRIPS.clear()
    assert render_png(view, last) == first and drawn


def test_strip_cache_keeps_to_its_bound_dropping_the_least_recently_used():
    cache = strips.StripCache(max_bytes=3000)
    for name in (b"a", b"b", b"c"):
        cache.put(name * 32, (bytes(900), 1, 900))
    assert cache.get(b"a" * 32) is not None  # a used again: b is now the oldest
    cache.put(b"d" * 32, (bytes(900), 1, 900))
    kept, size = cache.size()
    assert size <= 3000 and kept == 3
    assert cache.get(b"b" * 32) is None
    assert all(cache.get(name * 32) for name in (b"a", b"c", b"d"))


def test_strip_rows_decode_to_the_image():
    """A strip's deflate bytes (ended by a full flush) make a valid PNG alone."""
    image = Image.new("RGB", (301, 150), (250, 247, 240))
    image.paste((200, 30, 60), (10, 70, 290, 140))
    board = strips.encode(301, [strips.Strip(("test",), 150, lambda: image)], "test",
                          cache=strips.StripCache())
    assert same(decoded(board), image)


def test_only_a_few_terrain_layers_are_kept():
    """Each zoomed area's terrain is some 4 MB of pixels: only TERRAIN_LAYERS stay drawn."""
    hexmap.terrain_layer.cache_clear()
    strips.STRIPS.clear()
    for seed in range(3):
        for state, _, last in positions(2, 20 + seed, 80):
            render_png(GAME.view(state, None), last)
    assert 0 < hexmap.terrain_layer.cache_info().currsize <= hexmap.TERRAIN_LAYERS
