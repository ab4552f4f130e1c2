"""The final message says "Game over" once (the platform's header, no game's events), and a
count takes its word in the singular or the plural ("1 token", never "1 token(s)")."""

from __future__ import annotations

import pytest

from bot.presenter import say
from rules.core import Msg, translate
from rules.core.text import catalog


def _said(locale: str) -> str:
    """The platform's "Game over" without its marks and closing stop."""
    return say("game_over", locale).strip("*").rstrip(".。")


@pytest.mark.parametrize("locale", ["en", "ja"])
def test_no_event_of_any_game_says_game_over_again(locale):
    said = _said(locale).lower()
    repeated = sorted(key for key, text in catalog(locale).items()
                      if ".event." in key and said in text.lower())
    assert said and repeated == []


def test_a_count_takes_its_word_in_the_singular_or_the_plural():
    placed = Msg("smallworld.event.tokens_placed", {"seat": 0, "tokens": 1, "region": 4})
    assert translate(placed, "en", ["Ann"]) == "Ann places 1 token in region 4."
    more = Msg("smallworld.event.tokens_placed", {"seat": 0, "tokens": 3, "region": 4})
    assert translate(more, "en", ["Ann"]) == "Ann places 3 tokens in region 4."
    assert translate(more, "ja", ["Ann"]).count("3") == 1  # Japanese needs no plural


def test_no_english_message_hedges_its_plural():
    hedged = sorted(key for key, text in catalog("en").items() if "(s)" in text)
    assert hedged == []


def test_caverna_goods_are_counted_in_the_plural():
    assert translate(Msg("caverna.good.ruby", {"n": 2})) == "2 rubies"
    assert translate(Msg("caverna.good.ruby", {"n": 1})) == "1 ruby"
    assert translate(Msg("caverna.good.dog", {"n": 3})) == "3 dogs"


def test_counts_of_one_in_the_games_read_in_the_singular():
    names = ["Ann"]
    said = [translate(Msg(key, params), "en", names) for key, params in (
        ("antiquity.event.graves_placed", {"seat": 0, "count": 1}),
        ("antiquity.event.polluted", {"seat": 0, "count": 1}),
        ("smallworld.event.ready", {"seat": 0, "race": "Elves", "tokens": 1}),
        ("core.ui.type_with_move", {"count": 1}),
    )]
    assert not any("1 graves" in s or "1 pollution markers" in s or "1 tokens" in s
                   or "1 options" in s for s in said), said
