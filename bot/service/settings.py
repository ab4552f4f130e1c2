"""Settings: each server's language and message mode, and small settings of the bot itself."""

from __future__ import annotations

from rules.core import Msg

from ..errors import UserError
from ..store import servers
from .lookup import ServiceBase
from .tables import ServerSettings


class Settings(ServiceBase):
    """Server settings (changed by those who manage the server) and the bot's own."""

    async def server_settings(self, guild: str) -> ServerSettings:
        """Return a server's language and message settings."""
        return await servers.server_settings(self.store, guild)

    async def change_server_settings(self, guild: str, may_manage: bool,
                                     language: str | None = None,
                                     messages: str | None = None) -> ServerSettings:
        """Change a server's settings (only those who manage the server may)."""
        current = await servers.server_settings(self.store, guild)
        if language is None and messages is None:
            return current
        if not may_manage:
            raise UserError(Msg("settings.error.manage_only"))
        if language not in (None, *servers.LANGUAGES) or \
                messages not in (None, *servers.MESSAGE_MODES):
            raise UserError(Msg("settings.error.bad_value"))
        changed = ServerSettings(language or current.language, messages or current.messages)
        await servers.set_server_settings(self.store, guild, changed)
        return changed

    async def bot_setting(self, key: str) -> str | None:
        """Return one of the bot's own settings (None if never set)."""
        return await self.store.setting(key)

    async def set_bot_setting(self, key: str, value: str) -> None:
        """Store one of the bot's own settings."""
        await self.store.set_setting(key, value)
