"""Slash commands in the player's language: descriptions and choices from the message catalog.

Command descriptions, option descriptions and choice names are written in English in the
code; the English catalog (``data/messages/en/commands.toml`` and each game's ``title``)
maps every one of them to a key, and the key gives the text of the other languages. Command
and option names stay English, so that the names our messages quote (``/move``) are the ones
players type whatever their language.
"""

from __future__ import annotations

from functools import lru_cache

from discord import Locale, app_commands
from discord.app_commands import TranslationContextLocation as Where

from rules.core.text import DEFAULT_LOCALE, catalog

from .specs import locale_for

TRANSLATED = {Where.command_description, Where.group_description,
              Where.parameter_description, Where.choice_name}


@lru_cache(maxsize=1)
def english_keys() -> dict[str, str]:
    """Map each English command text (and game title) to its catalog key."""
    return {text: key for key, text in catalog(DEFAULT_LOCALE).items()
            if key.startswith("commands.") or key.endswith(".title")}


def translated(english: str, language: str) -> str | None:
    """Return ``english`` (a command text) in ``language``, or None when not in the catalog."""
    key = english_keys().get(english)
    if key is None or language == DEFAULT_LOCALE:
        return None
    return catalog(language).get(key)


class CatalogTranslator(app_commands.Translator):
    """discord.py translator backed by the project's message catalog."""

    async def translate(self, string: app_commands.locale_str, locale: Locale,
                        context: app_commands.TranslationContextTypes) -> str | None:
        """Return the catalog text of ``string`` for ``locale`` (None: keep the English)."""
        if context.location not in TRANSLATED:
            return None
        language = locale_for(locale.value)
        if language == DEFAULT_LOCALE:
            return None
        return translated(string.message, language)
