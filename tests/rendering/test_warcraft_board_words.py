"""Every word drawn on the Small World of Warcraft board comes from the message catalog, in
English and in Japanese (rendering.common.words under drawing_in): no fallback spelling of an
id, no English word on a Japanese board."""

from __future__ import annotations

import re

import pytest
from PIL import ImageDraw

from rendering.common import drawing_in
from rendering.smallworld_warcraft import panels, render, style
from rules.core import get_game
from rules.core.playout import random_playout
from rules.core.text import catalog
from rules.smallworld_warcraft import data
from rules.smallworld_warcraft.game import OWN_KINDS
from tests.rendering.warcraft_views import BOARDS, busy_view

RENDER = "smallworld_warcraft_render"
FREE = re.compile(r"[\d\s+\-/×:.,()?▶★／：]*")  # numbers and marks need no translation


@pytest.fixture
def drawn(monkeypatch):
    """Record every string drawn; make every id fallback (no catalog entry) fail."""
    seen: list[str] = []
    original = ImageDraw.ImageDraw.text

    def spy(self, xy, text, *args, **kwargs):
        seen.append(text)
        return original(self, xy, text, *args, **kwargs)

    def no_fallback(ident, *args, **kwargs):
        raise AssertionError(f"{ident!r} drawn without a catalog entry")

    monkeypatch.setattr(ImageDraw.ImageDraw, "text", spy)
    monkeypatch.setattr(style, "title_case", no_fallback)
    monkeypatch.setattr(panels, "has_message", lambda key, *a: _known(key))
    return seen


def _known(key: str) -> bool:
    assert key in catalog("en") and key in catalog("ja"), f"{key} missing from a catalog"
    return True


def _phases() -> set[str]:
    game = get_game("smallworld_warcraft")
    phases = set()
    for players, seed in ((2, 3), (5, 4)):
        playout = random_playout(game, seed=seed, players=players, max_steps=400)
        state = game.new_game(playout.seed, players, dict(playout.options))
        for seat, text in playout.moves:
            state, _ = game.play(state, seat, text)
            phases.add(game.view(state, None).data["phase"])
    return phases


def test_every_phase_a_game_reaches_has_a_name_in_both_languages():
    """The phase id is drawn in the header: every one needs words (the Warcraft decisions
    too: Worgen form, artifact placement, bombs, objectives, recruits, the Well)."""
    missing = sorted(phase for phase in _phases() | set(OWN_KINDS)
                     if not all(f"{RENDER}.phase.{phase}" in catalog(loc) for loc in ("en", "ja")))
    assert missing == []


def test_every_id_drawn_has_its_words_in_both_languages():
    for table, ids in (("abbr", [*data.races(), "murlocs"]),
                       ("faction_mark", ["alliance", "horde", "neutral"]),
                       ("marker_abbr", list(data.markers()))):
        for ident in ids:
            _known(f"{RENDER}.{table}.{ident}")
    for ident in data.races():
        _known(f"smallworld.race.{ident}")
    for ident in data.powers():
        _known(f"smallworld.power.{ident}")


@pytest.mark.parametrize("players", sorted(BOARDS))
def test_the_japanese_board_draws_no_english_word(drawn, players):
    english = {v for k, v in catalog("ja").items() if k.startswith(RENDER)}
    with drawing_in("ja"):
        render(busy_view(players, seat=0))
    for text in drawn:
        if FREE.fullmatch(text) or text in english:
            continue
        words = re.findall(r"[A-Za-z]{2,}", text)
        assert not words or all(w in " ".join(english) for w in words), text


@pytest.mark.parametrize("players", sorted(BOARDS))
def test_the_english_board_draws_no_japanese(drawn, players):
    with drawing_in("en"):
        render(busy_view(players, seat=0))
    assert drawn
    assert not [t for t in drawn if re.search(r"[\u3040-\u30ff\u4e00-\u9fff]", t)]
