"""The boards draw any player name with the project's own fonts (no system font, no boxes)."""

from __future__ import annotations

import tomllib

import pytest
from PIL import Image, ImageChops, ImageDraw, ImageFont

from rendering.common import font
from rendering.fonts import CHAINS, FallbackFont, coverage, font_file
from rules.core.paths import data_path

NAMES = ["ボブ", "李雷", "Борис", "김민수", "Ελένη", "Zoë", "山田 太郎", "🎲 dice", "Ana 😀"]


def _strings(table) -> list[str]:
    if isinstance(table, dict):
        return [s for value in table.values() for s in _strings(value)]
    return [table] if isinstance(table, str) else []


def missing_glyphs(text: str, bold: bool = False) -> list[str]:
    """Return the characters of ``text`` that the font drawing them has no glyph for."""
    chosen = font(20, bold)
    return [char for index, part in chosen.runs(text) for char in part
            if ord(char) not in coverage(chosen.chain[index]) and not char.isspace()]


@pytest.mark.parametrize("bold", [False, True])
@pytest.mark.parametrize("name", NAMES)
def test_every_character_of_a_name_has_a_glyph(name, bold):
    assert missing_glyphs(name, bold) == []


def test_the_checker_sees_a_missing_glyph():
    assert missing_glyphs("a\U0001D11E") == ["\U0001D11E"]  # musical G clef: no font has it


def test_every_word_of_the_japanese_catalog_has_a_glyph():
    missing = set()
    for path in sorted(data_path("messages", "ja").glob("*.toml")):
        for text in _strings(tomllib.loads(path.read_text(encoding="utf-8"))):
            missing.update(missing_glyphs(text))
    assert not missing


def test_fonts_ship_with_the_project_with_their_licence():
    for chain in CHAINS.values():
        for name in chain:
            assert font_file(name).is_file()
            assert font_file(name).parent == data_path("fonts")
    assert "SIL Open Font License" in data_path("fonts", "OFL.txt").read_text(encoding="utf-8")
    assert font(20).path == str(font_file(CHAINS[False][0]))


def _ink(text: str, the_font, size=(240, 60)) -> Image.Image:
    image = Image.new("L", size)
    ImageDraw.Draw(image).text((10, 40), text, font=the_font, fill=255, anchor="ls")
    return image


def test_a_japanese_name_is_drawn_with_the_cjk_font_not_boxes():
    cjk = ImageFont.truetype(str(font_file(CHAINS[False][1])), 28)
    primary = ImageFont.truetype(str(font_file(CHAINS[False][0])), 28)
    drawn = _ink("ボブ", font(28))
    assert ImageChops.difference(drawn, _ink("ボブ", cjk)).getbbox() is None
    assert ImageChops.difference(drawn, _ink("ボブ", primary)).getbbox() is not None


def test_latin_text_is_drawn_exactly_as_by_the_primary_font():
    primary = ImageFont.truetype(str(font_file(CHAINS[True][0])), 24)
    mine = font(24, True)
    assert mine.getlength("Score 42") == primary.getlength("Score 42")
    assert mine.getbbox("Score 42", anchor="mm") == primary.getbbox("Score 42", anchor="mm")


@pytest.mark.parametrize("anchor", ["la", "mm", "rs", "lt", "mb", "rd"])
def test_mixed_text_box_holds_all_its_ink(anchor):
    text = "Bob ボブ 🎲 Борис"
    image = Image.new("L", (600, 200))
    draw = ImageDraw.Draw(image)
    draw.text((300, 100), text, font=font(30), fill=255, anchor=anchor, stroke_width=2,
              stroke_fill=255)
    left, top, right, bottom = draw.textbbox((300, 100), text, font=font(30), anchor=anchor,
                                             stroke_width=2)
    inked = image.getbbox()
    assert left <= inked[0] and top <= inked[1] and inked[2] <= right and inked[3] <= bottom
    assert inked[2] - inked[0] >= 0.9 * (right - left)


def test_mixed_text_length_is_the_sum_of_its_runs():
    mine = font(20)
    assert isinstance(mine, FallbackFont)
    assert mine.getlength("ab李") == mine.getlength("ab") + mine.getlength("李")


@pytest.mark.parametrize("text", ["Score 42", "Bob ボブ 🎲 Борис"])
def test_a_text_drawn_again_from_the_mask_cache_is_the_same_as_drawn_afresh(text):
    fresh = FallbackFont(CHAINS[False], 26)
    cached = font(26)
    drawings = []
    for chosen in (fresh, cached, cached):  # afresh, then filling the cache, then from it
        image = Image.new("L", (500, 80))
        ImageDraw.Draw(image).text((250.4, 40), text, font=chosen, fill=255, anchor="mm",
                                   stroke_width=1, stroke_fill=128)
        drawings.append(image)
    assert cached._cached_mask.cache_info().hits >= 1
    for again in drawings[1:]:
        assert ImageChops.difference(drawings[0], again).getbbox() is None


def test_a_text_measured_again_is_not_laid_out_again(monkeypatch):
    face = FallbackFont(CHAINS[False], 23)
    calls = []
    real = ImageFont.FreeTypeFont.getlength

    def counted(self, *args, **kwargs):
        calls.append(args[0])
        return real(self, *args, **kwargs)

    monkeypatch.setattr(ImageFont.FreeTypeFont, "getlength", counted)
    first = face.getlength("Honor 12 · 勇者")
    assert calls
    calls.clear()
    assert face.getlength("Honor 12 · 勇者") == first
    assert calls == []
    plain = ImageFont.truetype(str(font_file(CHAINS[False][0])), 23)
    assert face.getlength("Honor 12") == real(plain, "Honor 12")
