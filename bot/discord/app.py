"""The Discord client: built around a :class:`Service`, with commands and persistent items."""

from __future__ import annotations

import asyncio
import logging

import discord
from discord import app_commands

from bot.errors import UserError
from bot.presenter import say
from bot.scheduler import Scheduler
from bot.service import Service
from rendering.registry import preload_all

from .commands import build_commands
from .components import DYNAMIC_ITEMS, build_view
from .notify import DiscordNotifier
from .specs import Row, locale_for
from .translator import CatalogTranslator

log = logging.getLogger(__name__)


def intents() -> discord.Intents:
    """Default intents without message content: the bot needs only commands and components."""
    chosen = discord.Intents.default()
    chosen.message_content = False
    chosen.members = False
    chosen.presences = False
    return chosen


class TabletopBot(discord.Client):
    """A Discord client that hosts the service's games through slash commands and buttons."""

    def __init__(self, service: Service, dev_guild_id: int | None = None, sync: bool = True):
        super().__init__(intents=intents(),
                         allowed_mentions=discord.AllowedMentions(everyone=False, roles=False,
                                                                  users=True))
        self.service = service
        self.dev_guild_id = dev_guild_id
        self.sync_commands = sync
        self.tree = app_commands.CommandTree(self)
        self.tree.on_error = self.on_command_error  # type: ignore[method-assign]
        for command in build_commands(service):
            self.tree.add_command(command)
        self.add_dynamic_items(*DYNAMIC_ITEMS)
        self.scheduler = Scheduler(service, DiscordNotifier(self, service))

    async def close(self) -> None:
        """Stop the scheduler, then disconnect."""
        await self.scheduler.stop()
        await super().close()

    async def setup_translator(self) -> None:
        """Translate command help from the message catalog when the commands are synced."""
        await self.tree.set_translator(CatalogTranslator())

    @staticmethod
    def view_for(rows: list[Row]) -> discord.ui.View | None:
        """This bot's persistent components laid out as ``rows`` (None when there are none)."""
        return build_view(rows)

    async def setup_hook(self) -> None:
        """Sync the commands (to the dev guild at once, if set) and count resumed games."""
        await self.setup_translator()
        if self.sync_commands:
            await self.sync_tree()
        log.info("resumed %d open games", await self.resumed_games())
        log.info("rated %d games a stop left unrated", await self.service.catch_up_ratings())
        self.scheduler.start()
        self.warming = asyncio.create_task(asyncio.to_thread(preload_all))

    async def sync_tree(self) -> list[app_commands.AppCommand]:
        """Publish the command tree to Discord (one guild instantly, or globally)."""
        if self.dev_guild_id:
            guild = discord.Object(id=self.dev_guild_id)
            self.tree.copy_global_to(guild=guild)
            return await self.tree.sync(guild=guild)
        return await self.tree.sync()

    async def resumed_games(self) -> int:
        """The number of games in lobby or play found in the database."""
        try:
            return len(await self.service.open_tables())
        except UserError:
            log.warning("some stored games belong to games that are no longer installed")
            return len(await self.service.store.active_games())

    async def on_ready(self) -> None:
        """Log who we are once connected."""
        log.info("ready as %s in %d guilds", self.user, len(self.guilds))

    async def on_command_error(self, interaction: discord.Interaction,
                               error: app_commands.AppCommandError) -> None:
        """Answer a failed command privately instead of leaving it hanging."""
        message = say("internal_error", locale_for(interaction.locale))
        if isinstance(error, app_commands.NoPrivateMessage):
            message = say("guild_only", locale_for(interaction.locale))
        else:
            log.error("command failed", exc_info=error)
        try:
            if interaction.response.is_done():
                await interaction.followup.send(message, ephemeral=True)
            else:
                await interaction.response.send_message(message, ephemeral=True)
        except discord.HTTPException:
            log.info("could not report the error", exc_info=True)


def create_bot(service: Service, dev_guild_id: int | None = None,
               sync: bool = True) -> TabletopBot:
    """Build the bot around ``service``; it syncs its commands on login unless ``sync`` is off."""
    return TabletopBot(service, dev_guild_id, sync)
