"""Every word of the Small World and Vindication boards reads at phone width (issue 19.6).

Shown 400 px wide, each word drawn (header, map markers, last move, combos on offer, players'
cards, key) must be at least 5.8 px; the symbols drawn as icons (★, ⚒, ?) are pictures, not
words. The Antiquity and Caverna boards have tests of their own that measure every text.
"""

from __future__ import annotations

import pytest

from rendering.registry import render
from rules.core import get_game
from rules.core.playout import random_playout
from tests.rendering.phone import cut, drawn_texts, unreadable, words_only

NAMES = ["さくら", "王小明", "🐉Dragon", "W" * 32, "佐藤花子"]


@pytest.mark.parametrize("game", ["smallworld", "smallworld_warcraft"])
@pytest.mark.parametrize("players", [2, 5])
@pytest.mark.parametrize("locale", ["en", "ja"])
def test_every_word_of_a_small_world_board_reads_at_phone_width(game, players, locale,
                                                                monkeypatch):
    """The map's race marks were 19 px, the round numbers 17 px, powers, costs, coins, hands
    and the key 17-20 px (4.5-5.3 px at 400 px wide)."""
    rules = get_game(game)
    playout = random_playout(rules, 7, players, max_steps=120)
    drawn = drawn_texts(monkeypatch)
    image = render(rules.view(playout.final, None), last_move=playout.moves[-1][1],
                   names=NAMES[:players], locale=locale)
    assert not unreadable(words_only(drawn), image.width)
    assert not cut(drawn)


@pytest.mark.parametrize("players", [2, 5])
@pytest.mark.parametrize("locale", ["en", "ja"])
def test_every_word_of_a_vindication_board_reads_at_phone_width(players, locale, monkeypatch):
    """The map's hex ids and region names were 17-18 px, the triangle ids 16 px, the start
    marks, owners and wishes 14 px (4-5 px at 400 px wide); the header and the panels have
    tests of their own in test_vindication_render."""
    rules = get_game("vindication")
    playout = random_playout(rules, 3, players, {"modules": ["all"]}, max_steps=300)
    drawn = drawn_texts(monkeypatch)
    image = render(rules.view(playout.final, None), last_move=playout.moves[-1][1],
                   names=NAMES[:players], locale=locale)
    assert any(d.value == "H00" for d in drawn)
    assert not unreadable(words_only(drawn), image.width)
    assert not cut(drawn)
