"""The final message says "Game over" once: the platform's header says it, no game's events."""

from __future__ import annotations

import pytest

from bot.presenter import say
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
