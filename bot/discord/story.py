"""Each game's whole story in a thread of its own: one message per turn, edited in place
while the turn lasts, linked from the channel's turn message.

The thread is opened when the game starts (in a text channel where the bot may open threads;
a game played in a thread, or without that permission, has none). Where the thread and its
newest message are is kept among the bot's settings (``story:<game id>``), so a restart goes
on writing in the same thread. A failure here never fails a move: the move and the channel's
turn message come first.
"""

from __future__ import annotations

import logging

import discord

from bot.presenter import game_title, say
from bot.service import Table

from .context import Context
from .posting import POST_ERRORS
from .texts import turn_text

log = logging.getLogger(__name__)

NONE = "none"  # a game whose thread could not be opened: not tried again
ARCHIVE_MINUTES = 10080  # a week without a message before Discord hides the thread
THREAD_NAME = 100  # Discord's longest thread name
PUBLIC_THREAD = 11


def _key(table: Table) -> str:
    return f"story:{table.record.id}"


async def _where(ctx: Context, table: Table) -> tuple[str | None, str | None]:
    """The game's thread and its newest message (None, None: no thread)."""
    value = await ctx.service.bot_setting(_key(table))
    if not value or value == NONE:
        return None, None
    thread, _, message = value.partition(":")
    return thread, message or None


async def thread_of(ctx: Context, table: Table, open_one: bool = False) -> str | None:
    """The id of the game's story thread; with ``open_one``, opened now if it has none."""
    value = await ctx.service.bot_setting(_key(table))
    if value == NONE or (not value and not open_one):
        return None
    if value:
        return value.partition(":")[0]
    thread = await _open(ctx, table)
    await ctx.service.set_bot_setting(_key(table), thread or NONE)
    return thread


async def _open(ctx: Context, table: Table) -> str | None:
    """Open the game's thread under the channel (None where that is not possible)."""
    locale = ctx.channel_locale
    name = say("story_thread", locale, id=table.record.id, game=game_title(table, locale))
    try:
        data = await ctx.interaction.client.http.start_thread_without_message(
            int(table.record.channel), name=name[:THREAD_NAME],
            auto_archive_duration=ARCHIVE_MINUTES, type=PUBLIC_THREAD)
    except (*POST_ERRORS, ValueError) as error:
        log.info("game %s: no story thread (%r)", table.record.id, error)
        return None
    return str(data["id"])


def link_line(thread: str | None, locale: str) -> list[str]:
    """The turn message's line pointing to the game's story thread (none without one)."""
    return [say("story_link", locale, thread=f"<#{thread}>")] if thread else []


async def write_turn(ctx: Context, table: Table, lines: list[str], new_turn: bool) -> None:
    """Write a turn's story ``lines`` in the thread: a new message for a new turn, else the
    turn's message edited to tell them all (its oldest lines cut first if the turn outgrows
    a message). The lines are the whole turn's: nothing is read back from Discord."""
    thread, message = await _where(ctx, table)
    if thread is None or not lines:
        return
    channel = ctx.interaction.client.get_partial_messageable(
        int(thread), guild_id=int(table.record.guild))
    try:
        if not new_turn and message is not None:
            await channel.get_partial_message(int(message)).edit(
                content="\n".join(turn_text(lines, [])),
                allowed_mentions=discord.AllowedMentions.none())
            return
        sent = await channel.send("\n".join(turn_text(lines, [])),
                                  allowed_mentions=discord.AllowedMentions.none())
    except (*POST_ERRORS, ValueError) as error:
        log.info("game %s: story thread not written (%r)", table.record.id, error)
        if new_turn:  # the turn's next lines open its message; the last turn's stays whole
            await ctx.service.set_bot_setting(_key(table), f"{thread}:")
        return
    await ctx.service.set_bot_setting(_key(table), f"{thread}:{sent.id}")
