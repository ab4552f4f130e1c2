"""The Myths & Marvels board (spec 7.11) on the Vindication image: Ronak or Tuuk-Tuuk, the black
cubes, the circles with their effects and committed cubes, the battle and the loot, in English
and Japanese, readable at phone width."""

from __future__ import annotations

import pytest
from PIL import Image, ImageDraw

from rendering.common import drawing_in, font
from rendering.registry import render
from rendering.vindication import WIDTH
from rendering.vindication import myths as board
from rules.core.playout import random_playout
from rules.vindication import VINDICATION as G

NAMES = ["さくら", "王小明", "🐉Dragon", "D", "E"]


@pytest.fixture(scope="module")
def battle_states():
    """A state mid-fight (8 circles filled) and one while the loot is shared, from one game."""
    playout = random_playout(G, 3, 5, {"modules": ["myths"]}, max_steps=20000)
    state, found = G.new_game(3, 5, {"modules": ["myths"]}), {}
    for seat, text in playout.moves:
        state, _ = G.play(state, seat, text)
        fight = state.myths["battle"]
        filled = sum(owner is not None for _, owner in state.myths["circles"])
        if fight and fight["phase"] == "fight" and filled >= 8:
            found.setdefault("fight", state)
        if fight and fight["phase"] == "loot" and state.myths["loot"][seat]:
            found.setdefault("loot", state)
    assert set(found) == {"fight", "loot"}
    return found


def test_the_board_draws_the_circles_the_battle_and_the_loot(battle_states, monkeypatch):
    drawn = []
    original = board.text

    def spy(draw, xy, value, size=18, fill=None, bold=False, width=None):
        fits = width is None or draw.textlength(value, font=font(size, bold)) <= width
        drawn.append((value, size, fits))
        original(draw, xy, value, size, bold=bold, width=width)

    monkeypatch.setattr(board, "text", spy)
    for name, state in battle_states.items():
        data = dict(G.view(state, None).data, names=NAMES)
        for locale in ("en", "ja"):
            with drawing_in(locale):
                height = board.panel(ImageDraw.Draw(Image.new("RGB", (WIDTH, 3000))), data, 12,
                                     0, WIDTH - 24)
            assert 300 < height < 1200, (name, locale)
    texts = " ".join(value for value, _, _ in drawn)
    assert "Myths & Marvels · Ronak" in texts and "神話と驚異 · トゥーク＝トゥーク" in texts
    assert "Battle turn: " in texts and "Champions: " in texts and "戦利品" in texts
    assert "a teleport token" in texts and "瞬間移動トークン" in texts
    assert all(size * 400 / WIDTH >= 6 for _, size, _ in drawn)
    assert all(fits for _, _, fits in drawn)


def test_committed_cubes_and_black_cubes_change_the_image(battle_states):
    state = battle_states["fight"]
    view = G.view(state, None)
    before = render(view, names=NAMES)
    other = state.clone()
    other.myths["circles"] = [[k, None] for k, _ in other.myths["circles"]]
    other.myths["cubes"] = ["T01", "T02"]
    after = render(G.view(other, None), names=NAMES)
    assert before.tobytes() != after.tobytes()
    without = render(G.view(G.new_game(3, 5, {}), None))
    assert without.width == WIDTH
