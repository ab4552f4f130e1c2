"""Tests of the Antiquity board image: it draws every phase, hides nothing it is not given."""

from __future__ import annotations

import io

from PIL import Image

from rendering.antiquity import render
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


def test_focus_seat_draws_that_player_first_and_in_full():
    state, last = play(3, 120)
    public = render(GAME.view(state, None), last_move=last)
    focused = render(GAME.view(state, None), last_move=last, focus_seat=1)
    assert focused.height > public.height


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
