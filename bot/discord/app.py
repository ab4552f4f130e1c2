"""The Discord client: built around a :class:`Service`, with commands and persistent items."""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
import threading

import discord
from discord import app_commands

from bot.errors import UserError
from bot.presenter import renders_in_processes, say
from bot.scheduler import Scheduler
from bot.service import Service
from bot.shards import ShardPlan
from rendering.registry import preload_all

from .client import TabletopClient
from .commands import build_commands
from .components import DYNAMIC_ITEMS, build_view
from .notify import DiscordNotifier
from .posting import POST_ERRORS
from .recovery import post_missing_messages
from .robots import Robots
from .specs import locale_for
from .translator import CatalogTranslator

log = logging.getLogger(__name__)


COMMANDS_SETTING = "synced_commands"
SHUTDOWN_SECONDS = 20.0


def intents() -> discord.Intents:
    """Only the guilds intent: interactions arrive without any, and the guild cache gives
    full channel objects (threads included) and the server's language for posts after a
    restart. No message, typing, reaction or member events are received."""
    chosen = discord.Intents.none()
    chosen.guilds = True
    return chosen


class TabletopBot(TabletopClient):
    """A Discord client that hosts the service's games through slash commands and buttons."""

    def __init__(self, service: Service, dev_guild_id: int | None = None, sync: bool = True,
                 **shard_options):
        super().__init__(service, build_view, intents=intents(),
                         allowed_mentions=discord.AllowedMentions(everyone=False, roles=False,
                                                                  users=True), **shard_options)
        self.dev_guild_id = dev_guild_id
        self.sync_commands = sync
        self.tree = app_commands.CommandTree(self)
        self.tree.on_error = self.on_command_error  # type: ignore[method-assign]
        for command in build_commands(service):
            self.tree.add_command(command)
        self.add_dynamic_items(*DYNAMIC_ITEMS)
        self.scheduler = Scheduler(service, DiscordNotifier(self, service))
        self.robots: Robots = Robots(self)  # moves the computer seats (BOT_PAUSE, BOT_PROCESSES)

    async def close(self) -> None:
        """Stop the scheduler and the computer players, then disconnect."""
        await self.scheduler.stop()
        await self.robots.close()
        await super().close()

    async def setup_translator(self) -> None:
        """Translate command help from the message catalog when the commands are synced."""
        await self.tree.set_translator(CatalogTranslator())

    async def setup_hook(self) -> None:
        """Sync changed commands, count resumed games, post what a saved change missed, and
        set the computer players to move where one is to act."""
        await self.setup_translator()
        if self.sync_commands:
            await self.sync_if_changed()
        log.info("resumed %d open games", await self.resumed_games())
        log.info("rated %d games a stop left unrated", await self.service.catch_up_ratings())
        if not renders_in_processes():  # worker processes warm their own renderers
            # A daemon thread, not the default executor: a stop need not wait for it.
            self.warming = threading.Thread(target=preload_all, name="preload", daemon=True)
            self.warming.start()
        await post_missing_messages(self)  # before the gateway: no interaction can race it
        self.scheduler.start()
        log.info("resumed %d games whose computer player is to act", await self.robots.resume())

    async def commands_digest(self) -> str:
        """A hash of the command JSON (translated, as a sync sends it) and where it goes."""
        translator = self.tree.translator
        payload = [await command.get_translated_payload(self.tree, translator) if translator
                   else command.to_dict(self.tree) for command in self.tree.get_commands()]
        text = json.dumps({"guild": self.dev_guild_id, "commands": payload}, sort_keys=True)
        return hashlib.sha256(text.encode()).hexdigest()

    async def sync_if_changed(self) -> bool:
        """Sync the commands if their JSON changed since the last successful sync.

        A failed sync is logged and startup goes on (the commands Discord has stay as they
        were; the next start tries again). Returns True if a sync happened.
        """
        digest = await self.commands_digest()
        previous = json.loads(await self.service.bot_setting(COMMANDS_SETTING) or "{}")
        if previous.get("digest") == digest:
            log.info("slash commands unchanged since the last sync; not syncing")
            return False
        try:
            await self.sync_tree(previous.get("guild"))
        except (*POST_ERRORS, app_commands.AppCommandError) as error:
            log.error("could not sync the slash commands (%s); Discord keeps the commands it "
                      "had, and the next start tries again", error)
            return False
        await self.service.set_bot_setting(
            COMMANDS_SETTING, json.dumps({"digest": digest, "guild": self.dev_guild_id}))
        log.info("slash commands synced%s", f" to guild {self.dev_guild_id}"
                 if self.dev_guild_id else " globally")
        return True

    async def sync_tree(self, old_guild: int | None = None) -> list[app_commands.AppCommand]:
        """Publish the command tree (to the dev guild at once, or globally), removing the
        commands an earlier run left elsewhere: the global ones when a dev guild is set
        (they would show twice there), and those of a previous dev guild."""
        if old_guild and old_guild != self.dev_guild_id:
            await self.tree.sync(guild=discord.Object(id=old_guild))  # nothing there: clears
        if not self.dev_guild_id:
            return await self.tree.sync()
        guild = discord.Object(id=self.dev_guild_id)
        self.tree.copy_global_to(guild=guild)
        synced = await self.tree.sync(guild=guild)
        commands = self.tree.get_commands()
        self.tree.clear_commands(guild=None)
        try:
            await self.tree.sync()
        finally:
            for command in commands:
                self.tree.add_command(command)
        return synced

    async def shutdown(self, timeout: float = SHUTDOWN_SECONDS) -> None:
        """Let the interactions in flight finish their posts (up to ``timeout``), then close."""
        pending = {task for task in self.in_flight if not task.done()}
        if pending:
            log.info("finishing %d interactions before stopping", len(pending))
            await asyncio.wait(pending, timeout=timeout)
        await self.close()

    async def resumed_games(self) -> int:
        """The number of games in lobby or play found in the database."""
        try:
            return len(await self.service.open_tables())
        except UserError:
            log.warning("some stored games belong to games that are no longer installed")
            return await self.service.open_game_count()

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


class ShardedTabletopBot(TabletopBot, discord.AutoShardedClient):
    """The bot running some or all of the Discord shards in this process (discord.py's
    automatic sharding; :mod:`bot.shards`)."""


def create_bot(service: Service, dev_guild_id: int | None = None, sync: bool = True,
               shards: ShardPlan | None = None) -> TabletopBot:
    """Build the bot around ``service``; it syncs its commands on login unless ``sync`` is off.

    With ``shards`` (what ``python -m bot`` passes) it runs those Discord shards, and the
    service's background work is limited to their guilds' games; only the process running
    shard 0 syncs the commands. Without, one plain unsharded client (the tests' harness)."""
    if shards is None:
        return TabletopBot(service, dev_guild_id, sync)
    service.shards = shards
    return ShardedTabletopBot(service, dev_guild_id, sync and shards.syncs_commands,
                              shard_count=shards.count,
                              shard_ids=None if shards.ids is None else list(shards.ids))
