"""Every translation matches the English catalog: same keys, same parameters."""

from __future__ import annotations

import pytest

from rules.core import Msg, translate
from rules.core.text import MESSAGES_DIR, catalog, template_fields

LOCALES = sorted(p.name for p in MESSAGES_DIR.iterdir() if p.is_dir() and p.name != "en")


@pytest.mark.parametrize("locale", LOCALES)
def test_translations_use_the_english_keys_and_parameters(locale):
    english = catalog("en")
    for key, template in catalog(locale).items():
        assert key in english, f"{locale} has {key}, English does not"
        assert template_fields(template) == template_fields(english[key]), key


def test_japanese_is_used_and_falls_back_to_english():
    assert translate(Msg("core.service.no_game"), "ja").startswith("このチャンネル")
    assert translate(Msg("toy.action.step"), "ja") == translate(Msg("toy.action.step"), "en")


@pytest.mark.parametrize("locale", LOCALES)
def test_every_english_message_is_translated(locale):
    # toy.*: the platform's test game (tests/platform/toy_game.py), never shown to players;
    # its English-only catalog is what the fallback test above relies on.
    missing = sorted(k for k in set(catalog("en")) - set(catalog(locale))
                     if not k.startswith("toy."))
    assert not missing, f"{len(missing)} keys missing in {locale}: {missing[:20]}"


def test_the_shipped_catalog_holds_no_test_game_words():
    # the toy game's words live beside it (tests/platform/messages), added by the tests only
    shipped = {p.stem for locale in MESSAGES_DIR.iterdir() if locale.is_dir()
               for p in locale.glob("*.toml")}
    assert "toy" not in shipped
    assert translate(Msg("toy.action.step")) == "Step forward one space"
