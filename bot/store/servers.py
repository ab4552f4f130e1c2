"""Each server's settings: the language of its channel messages and boards, and how a turn
is posted (one message edited while the same player acts, or one message per move)."""

from __future__ import annotations

from dataclasses import dataclass

from .store import Store

LANGUAGES = ("auto", "en", "ja")
MESSAGE_MODES = ("quiet", "every")


@dataclass(frozen=True)
class ServerSettings:
    """A server's choices (``auto``: the server's own Discord language)."""

    language: str = "auto"
    messages: str = "quiet"


async def server_settings(store: Store, guild: str) -> ServerSettings:
    """Return a server's settings (the defaults when it never chose)."""
    async with store.read() as db:
        row = await (await db.execute(
            "SELECT language, messages FROM server_settings WHERE guild = ?",
            (guild,))).fetchone()
    return ServerSettings() if row is None else ServerSettings(row["language"], row["messages"])


async def set_server_settings(store: Store, guild: str, settings: ServerSettings) -> None:
    """Store a server's settings."""
    async with store.write() as db:
        await db.execute(
            "INSERT INTO server_settings (guild, language, messages) VALUES (?, ?, ?)"
            " ON CONFLICT (guild) DO UPDATE SET language = excluded.language,"
            " messages = excluded.messages", (guild, settings.language, settings.messages))

