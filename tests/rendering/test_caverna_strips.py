"""Caverna's PNG boards are built from strips kept by what they show (issue 21): each PNG is
exactly the board ``render`` draws, whatever earlier boards left in the cache, and a move
draws and compresses only the strips it changed."""

from __future__ import annotations

import io

import pytest
from PIL import Image, ImageChops

import rendering.caverna as board
from rendering import strips
from rendering.common import drawing_in
from rendering.registry import render_png
from rules.caverna import GAME
from rules.core.playout import random_playout


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


@pytest.mark.parametrize("players", [1, 4, 7])
def test_png_boards_are_the_drawn_boards_move_after_move_with_the_cache_warm(players):
    """Posted and own boards of one game, in both languages, one after another (each reusing
    the strips of the boards before): every PNG is the image ``render`` draws."""
    strips.STRIPS.clear()
    names = ["さくら", "Bob", "🐉Dragon", "W" * 32, "Ann", "Ben", "Cid"][:players]
    checked = 0
    for state, seat, last in positions(players, 60 + players, 17):
        view = GAME.view(state, None)
        for locale, focus in (("en", None), ("ja", seat)):
            png = render_png(view, last, focus_seat=focus, names=names, locale=locale)
            with drawing_in(locale):
                drawn = board.render(view, last, focus_seat=focus, names=names)
            assert same(decoded(png), drawn)
            checked += 1
    assert checked > 6


def test_a_move_draws_only_the_strips_it_changed(monkeypatch):
    """The board after a dwarf is placed reuses the strips it shares with the board before:
    only the caption, the action spaces and the board in focus are drawn and compressed
    again (not the rounds, the furnishing tiles or the other boards), and a board posted
    twice is not drawn at all the second time."""
    strips.STRIPS.clear()
    played = list(positions(7, 71, 1))
    index = next(i for i in range(150, len(played)) if played[i + 1][2].startswith("place"))
    (before, _, first), (after, _, second) = played[index:index + 2]
    board.render_png(GAME.view(before, None), first)
    drawn = []
    deflate = strips.deflate_rows
    monkeypatch.setattr(strips, "deflate_rows", lambda image, *a: drawn.append(image.height)
                        or deflate(image, *a))
    board.render_png(GAME.view(before, None), first)
    assert drawn == []
    board.render_png(GAME.view(after, None), second)
    old = {strip.key for strip in board.board_strips(GAME.view(before, None), first)}
    new = [s for s in board.board_strips(GAME.view(after, None), second) if s.key not in old]
    assert [strip.key[1][0] for strip in new] == ["caption", "fixed", "focus"]
    assert drawn == [strip.height for strip in new]
