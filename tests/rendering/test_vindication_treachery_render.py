"""Treachery cards on the Vindication board (spec 7.3): marked as treachery among a player's
cards and on offer, their negative honor and effects in words, in English and Japanese."""

from __future__ import annotations

import pytest

from rendering import common
from rendering.registry import render
from rules.vindication import VINDICATION as G
from tests.rendering.test_fonts import missing_glyphs
from tests.vindication.helpers import described

WORDS = {"en": ("Turncoat Sellsword (Traitor)", "one adjacent player weakens 1",
                "(-1★)"),
         "ja": ("寝返りの傭兵 (裏切り)", "隣接プレイヤー1人1弱体化", "(-1★)")}


def _drawn(state, locale: str, **kwargs) -> list[str]:
    drawn: list[str] = []
    original = common.ImageDraw.ImageDraw.text

    def spy(self, xy, text, *args, **kw):
        drawn.append(str(text))
        return original(self, xy, text, *args, **kw)

    common.ImageDraw.ImageDraw.text = spy
    try:
        render(G.view(state, None), names=["A", "B"], locale=locale, **kwargs)
    finally:
        common.ImageDraw.ImageDraw.text = original
    return drawn


@pytest.mark.parametrize("locale", ["en", "ja"])
def test_treachery_cards_are_marked_with_their_honor_and_effects(locale):
    state = described("""seat.0.companions = ["X01"]
        seat.1.relics = [{card = "X02", cubes = 1}]
        [deck.companions_blue]
        face_up = "X05"
        """, modules=["treachery"])
    text = "\n".join(_drawn(state, locale))
    name, effect, honor = WORDS[locale]
    assert name in text and effect in text and honor in text
    assert missing_glyphs(text) == []
