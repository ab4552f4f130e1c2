"""Slash commands are translated from the catalog: every text of the tree, within limits."""

from __future__ import annotations

import pytest
from discord import Locale, app_commands

from bot.discord.app import create_bot
from bot.discord.commands import build_commands
from bot.discord.translator import CatalogTranslator, english_keys, translated
from bot.service import Service
from rules.core import all_games


def texts_of_the_tree() -> list[str]:
    """Every description and choice name the command tree shows."""
    seen: list[str] = []

    def walk(command):
        seen.append(command.description)
        if isinstance(command, app_commands.Group):
            for sub in command.commands:
                walk(sub)
            return
        for parameter in command.parameters:
            seen.append(parameter.description)
            seen.extend(choice.name for choice in parameter.choices)

    for command in build_commands(Service(None)):
        walk(command)
    return seen


@pytest.mark.parametrize("text", sorted(set(texts_of_the_tree())))
def test_every_command_text_has_a_japanese_translation_within_limits(text):
    assert text in english_keys(), f"add {text!r} to data/messages/en/commands.toml"
    japanese = translated(text, "ja")
    assert japanese and len(japanese) <= 100
    assert japanese != text or english_keys()[text] in SELF_NAMED


# Language names are shown in their own language whatever the reader's language.
SELF_NAMED = {"commands.settings.language_en", "commands.settings.language_ja"}


async def test_synced_payload_carries_japanese_descriptions_and_choices():
    bot = create_bot(Service(None), sync=False)
    await bot.setup_translator()
    game = bot.tree.get_command("game")
    payload = await game.get_translated_payload(bot.tree, bot.tree.translator)
    await bot.close()
    assert payload["description_localizations"]["ja"].startswith("このチャンネルで")
    assert payload["name_localizations"] == {}  # names stay English
    new = next(o for o in payload["options"] if o["name"] == "new")
    which = next(o for o in new["options"] if o["name"] == "game")
    titles = {c["name"]: c["name_localizations"].get("ja") for c in which["choices"]}
    assert all(titles.values()) and len(titles) == len(all_games())
    assert "en-US" not in payload["description_localizations"]


async def test_english_and_unknown_locales_keep_the_code_text():
    translator = CatalogTranslator()
    context = app_commands.TranslationContext(
        app_commands.TranslationContextLocation.command_description, None)
    text = app_commands.locale_str("Show your hidden information, your options and your board, "
                                   "only to you.")
    assert await translator.translate(text, Locale.american_english, context) is None
    assert await translator.translate(text, Locale.french, context) is None
    assert await translator.translate(text, Locale.japanese, context) == \
        "あなたの非公開情報、選択肢、ボードをあなただけに表示する。"
