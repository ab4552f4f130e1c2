"""After a restart: post the channel message that a saved change never got.

A move is saved before its turn message is posted; if the bot stopped (or Discord failed)
in between, the game's ``board_version`` lags its ``version``. At start the bot posts those
messages with its own token (there is no interaction to answer), retires the older message's
components, and remembers the new one, so old buttons of the current version keep working
and no move is lost or played twice.
"""

from __future__ import annotations

import asyncio
import logging

import discord

from bot.errors import UserError
from bot.presenter import board_png, say, status_lines
from bot.service import Table

from . import specs, texts
from .client import TabletopClient
from .posting import POST_ERRORS, PostFailed, needs_post, with_retry
from .replies import UPLOAD_LIMIT, Board, content_of

log = logging.getLogger(__name__)


async def post_missing_messages(client: TabletopClient) -> int:
    """Post every open game's missing channel message; return how many were posted."""
    posted = 0
    locales: dict[str, str] = {}
    for record in await client.service.unposted_games():
        if not needs_post(record):
            continue
        try:
            if record.guild not in locales:
                locales[record.guild] = await _guild_locale(client, record.guild)
            table = await client.service.table_by_id(record.id)
            await post_game_message(client, table, locales[record.guild])
            posted += 1
        except (PostFailed, UserError) as failure:
            log.warning("game %s: could not post its missing message (%s)", record.id, failure)
    if posted:
        log.info("posted %d messages that saved changes had not reached", posted)
    return posted


async def _guild_locale(client: TabletopClient, guild_id: str) -> str:
    """The server's one language: its setting, or with ``auto`` its community language
    (English if unknown)."""
    setting = (await client.service.server_settings(guild_id)).language
    if setting != "auto":
        return setting
    try:
        guild = await client.fetch_guild(int(guild_id), with_counts=False)
    except (*POST_ERRORS, ValueError):
        return "en"
    return specs.locale_for(guild.preferred_locale)


async def post_game_message(client: TabletopClient, table: Table,
                            locale: str = "en") -> discord.Message:
    """Post ``table``'s lobby or turn message in its channel and remember it."""
    record = table.record
    guild = client.get_guild(int(record.guild))
    channel = client.get_partial_messageable(int(record.channel), guild_id=int(record.guild))
    if table.started:
        lines = [say("resumed_turn", locale),
                 *await asyncio.to_thread(status_lines, texts.shown(table), texts.mention, locale)]
        rows = await asyncio.to_thread(specs.turn_rows, table, locale)
    else:
        lines = texts.lobby_text(texts.shown(table), locale)
        rows = specs.lobby_rows(table, locale)
    limit = min(UPLOAD_LIMIT, getattr(guild, "filesize_limit", UPLOAD_LIMIT))
    board = Board(await board_png(table) if table.started else None, limit)
    content, view = content_of(lines, board, locale), client.view_for(rows)
    message = await with_retry(lambda: channel.send(content, **_extras(view, board)),
                               f"post of game {record.id}")
    await client.service.remember_board_message(table, str(message.id))
    await _retire(channel, record.board_message_id)
    return message


def _extras(view, board: Board) -> dict:
    extras = {}
    if view is not None:
        extras["view"] = view
    file = board.file()
    if file is not None:
        extras["file"] = file
    return extras


async def _retire(channel, message_id: str | None) -> None:
    """Take the components off an older game message (best effort)."""
    if not message_id:
        return
    try:
        await channel.get_partial_message(int(message_id)).edit(view=None)
    except POST_ERRORS:
        log.info("could not retire message %s", message_id)
