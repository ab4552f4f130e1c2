"""Boards in the server's language: every word drawn from the catalog, no missing glyphs."""

from __future__ import annotations

import pytest

from rendering import common
from rendering.registry import render
from rules.core import get_game
from rules.core.playout import random_playout
from rules.core.text import catalog
from tests.rendering.test_fonts import missing_glyphs

GAMES = ["smallworld", "caverna", "antiquity", "vindication", "smallworld_warcraft"]


def drawn_words(game_name: str, locale: str) -> list[str]:
    """Render a mid-game board in ``locale`` and return every string drawn on it."""
    game = get_game(game_name)
    playout = random_playout(game, seed=8, players=3, max_steps=80)
    drawn: list[str] = []
    original = common.ImageDraw.ImageDraw.text

    def spy(self, xy, text, *args, **kwargs):
        drawn.append(str(text))
        return original(self, xy, text, *args, **kwargs)

    common.ImageDraw.ImageDraw.text = spy
    try:
        render(game.view(playout.final, None), last_move=None, names=["アン", "ボブ", "李雷"],
               locale=locale)
    finally:
        common.ImageDraw.ImageDraw.text = original
    return drawn


@pytest.mark.parametrize("game_name", GAMES)
def test_a_japanese_board_draws_japanese_words_not_english_ones(game_name):
    japanese = set(catalog("ja").values())
    english_only = {v for k, v in catalog("en").items()
                    if k.startswith(game_name) and catalog("ja").get(k) != v and len(v) > 3}
    words = drawn_words(game_name, "ja")
    assert any(w in japanese for w in words), words[:20]
    assert not [w for w in words if w in english_only], "English words on a Japanese board"


@pytest.mark.parametrize("game_name", GAMES)
def test_every_character_on_a_japanese_board_has_a_glyph(game_name):
    text = "".join(drawn_words(game_name, "ja"))
    assert any(ord(c) > 0x3000 for c in text)
    assert missing_glyphs(text) == [] and missing_glyphs(text, bold=True) == []


def test_the_board_language_does_not_leak_between_boards():
    ja = drawn_words("smallworld", "ja")
    en = drawn_words("smallworld", "en")
    assert "選べる種族" in ja and "Races on offer" in en and "選べる種族" not in en
    assert common.board_locale() == "en"
