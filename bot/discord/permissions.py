"""The channel permissions the bot needs to host a game, read from an interaction."""

from __future__ import annotations

import discord

from bot.errors import UserError
from bot.presenter import say
from rules.core import Msg

NEEDED = ("view_channel", "send_messages", "attach_files", "embed_links")
IN_THREADS = {"send_messages": "send_messages_in_threads"}


def missing_permissions(interaction: discord.Interaction) -> list[str]:
    """Names (``discord.Permissions`` attributes) of needed permissions the bot lacks here."""
    granted = interaction.app_permissions
    needed = list(NEEDED)
    if isinstance(interaction.channel, discord.Thread):
        needed = [IN_THREADS.get(name, name) for name in needed]
    return [name for name in needed if not getattr(granted, name)]


def require_permissions(interaction: discord.Interaction, locale: str) -> None:
    """Refuse (nothing changes) when the bot could not post the game in this channel."""
    missing = missing_permissions(interaction)
    if missing:
        names = ", ".join(say(f"permission_{name}", locale) for name in missing)
        raise UserError(Msg("core.ui.missing_permissions", {"missing": names}))
