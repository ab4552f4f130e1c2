"""Tell players about their turn outside the game's messages: direct messages (for those who
asked with ``/notify on``), reminders and time-outs posted by the scheduler."""

from __future__ import annotations

import logging

import discord

from bot.presenter import game_title
from bot.service import Service, Table
from rules.core import Msg, translate

from .client import TabletopClient
from .specs import server_language
from .texts import mention, safe_name, shown

log = logging.getLogger(__name__)


def _say(locale: str, key: str, **params) -> str:
    return translate(Msg(f"clock.ui.{key}", params), locale)


def prompt_of(table: Table, seat: int, locale: str) -> str:
    """What ``seat`` must decide now, in words."""
    return translate(table.game.prompt(table.state, seat), locale, shown(table).names)


async def server_locale(service: Service, table: Table, channel) -> str:
    """The server's one language (its setting, or with ``auto`` its Discord language), for
    messages nobody asked for: reminders and time-outs in the game's channel."""
    settings = await service.server_settings(table.record.guild)
    guild_locale = getattr(getattr(channel, "guild", None), "preferred_locale", None)
    return server_language(settings.language, guild_locale)


def user_locale(client: TabletopClient, user_id: str, fallback: str) -> str:
    """A player's own Discord language where the bot has seen it, else ``fallback``."""
    return client.user_locales.get(user_id, fallback)


async def direct_message(client: discord.Client, user_id: str, text: str) -> bool:
    """Send a direct message; False when the player does not accept them."""
    try:
        user = client.get_user(int(user_id)) or await client.fetch_user(int(user_id))
        await user.send(text[:2000])
    except (discord.HTTPException, ValueError):
        log.info("could not send a direct message to %s", user_id, exc_info=True)
        return False
    return True


async def turn_messages(client: TabletopClient, service: Service, table: Table,
                        seats, locale: str = "en") -> int:
    """Send "your turn" direct messages to the ``seats`` that asked for them, each in the
    player's own Discord language where known, else ``locale`` (the server's)."""
    sent = 0
    for seat in sorted(seats):
        user_id = table.record.seats[seat].user_id
        if not await service.wants_notify(user_id):
            continue
        own = user_locale(client, user_id, locale)
        text = _say(own, "your_turn_dm", game=game_title(table, own),
                    channel=f"<#{table.record.channel}>", prompt=prompt_of(table, seat, own))
        sent += await direct_message(client, user_id, text)
    return sent


async def expired_to_computer(client: TabletopClient, table: Table, seat: int, channel,
                              locale: str) -> None:
    """Hand a seat whose time ran out to a computer player, say so, and set it to work."""
    handed = await client.service.hand_over_expired(table.record.id, seat, locale)
    if handed is None:
        return
    text = translate(Msg("bots.ui.expired_handed", {
        "player": mention(table.record.seats[seat]),
        "name": safe_name(handed.record.seats[seat].name)}), locale)
    await channel.send(text[:2000], allowed_mentions=discord.AllowedMentions(users=True))
    if client.robots is not None:
        client.robots.kick(handed, locale)


class DiscordNotifier:
    """The scheduler's notifier: posts in the game's channel, and DMs those who asked."""

    def __init__(self, client: TabletopClient, service: Service):
        self.client = client
        self.service = service

    def _wake(self, table: Table) -> None:
        """Set a table's computer players to work (one of them is overdue)."""
        if self.client.robots is not None:
            self.client.robots.kick(table)

    async def _channel(self, table: Table):
        channel_id = int(table.record.channel)
        return self.client.get_channel(channel_id) or await self.client.fetch_channel(channel_id)

    async def remind(self, table: Table, seat: int) -> None:
        """Mention the player in the channel, and DM them if they asked for it (a computer
        seat is set to work again instead)."""
        record = table.record.seats[seat]
        if record.is_computer:
            self._wake(table)
            return
        channel = await self._channel(table)
        locale = await server_locale(self.service, table, channel)
        prompt = prompt_of(table, seat, locale)
        if len(table.to_act()) == 1 and not table.game.private_decision(table.state, seat):
            text = _say(locale, "remind_channel", who=mention(record), prompt=prompt)
        else:  # a simultaneous or private decision: its prompt is the seat's own
            text = _say(locale, "remind_channel_decide", who=mention(record))
        await channel.send(text[:2000], allowed_mentions=discord.AllowedMentions(users=True))
        if await self.service.wants_notify(record.user_id):
            own = user_locale(self.client, record.user_id, locale)
            await direct_message(self.client, record.user_id, _say(
                own, "remind_dm", game=game_title(table, own),
                channel=f"<#{table.record.channel}>", prompt=prompt_of(table, seat, own)))

    async def expired(self, table: Table, seat: int) -> None:
        """Tell the channel that the player ran out of time and how to end the game, or,
        when the table chose that, that a computer player now plays the seat (a computer
        seat is set to work again instead)."""
        record = table.record.seats[seat]
        if record.is_computer:
            self._wake(table)
            return
        channel = await self._channel(table)
        locale = await server_locale(self.service, table, channel)
        if table.settings.computer:
            await expired_to_computer(self.client, table, seat, channel, locale)
            return
        text = _say(locale, "expired", who=mention(record),
                    name=record.name.replace("`", "'"))  # inside a code span
        await channel.send(text[:2000],
                           allowed_mentions=discord.AllowedMentions(users=True))
