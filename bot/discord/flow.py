"""The one wrapper every command and click runs through: :func:`flow`.

A flow is written as ``async def name(ctx: Context, ...)``; decorated with ``@flow`` it
becomes ``name(interaction, ...)``, which acknowledges at once, reads the server's settings,
runs the work, and turns a :class:`UserError` into an ephemeral message (nothing changed).
Once a change is saved (``ctx.committed``) no reply says "nothing was changed": a post that
fails for good is named to the caller, and the channel's missing message is posted again by
the next interaction there (or ``/board``, or the next start).
"""

from __future__ import annotations

import asyncio
import functools
import logging
import time
from typing import Awaitable, Callable, Concatenate, ParamSpec

from bot.errors import UserError
from bot.presenter import say
from rules.core import translate

from . import specs, texts
from .client import Interaction
from .context import Context, place_of
from .posting import PostFailed
from .posts import repost_missing
from .replies import Reply

log = logging.getLogger(__name__)

P = ParamSpec("P")
Work = Callable[Concatenate[Context, P], Awaitable[None]]
Entry = Callable[Concatenate[Interaction, P], Awaitable[None]]


def flow(work: Work | None = None, *, anywhere: bool = False):
    """Turn ``work(ctx, ...)`` into the entry point ``work(interaction, ...)``.

    Use as ``@flow`` or ``@flow(anywhere=True)``: only ``anywhere`` work (personal
    settings) runs in a direct message; everything else is refused there.
    """
    def wrap(work: Work) -> Entry:
        @functools.wraps(work)
        async def entry(interaction: Interaction, *args: P.args, **kwargs: P.kwargs) -> None:
            await handle(interaction, lambda ctx: work(ctx, *args, **kwargs), anywhere)
        return entry
    return wrap if work is None else wrap(work)


async def handle(interaction: Interaction, work: Callable[[Context], Awaitable[None]],
                 anywhere: bool = False) -> None:
    """Defer, run ``work``, and answer any refusal or failure privately.

    A refusal quotes the user's own text cut short, so it always fits.
    """
    started = time.monotonic()
    in_flight = interaction.client.in_flight
    task = asyncio.current_task()
    in_flight.add(task)
    try:
        reply = Reply(interaction, specs.locale_for(interaction.locale))
        await reply.begin()
        context = Context.of(interaction, reply)
        interaction.client.user_locales[str(interaction.user.id)] = context.locale
        await _read_server_settings(context)
        try:
            if await _run(context, work, anywhere) and not anywhere:
                await repost_missing(context)
        finally:
            context.done_posting()
        await reply.finish()
    finally:
        in_flight.discard(task)
    log.info("interaction %s handled in %.0f ms", interaction.id,
             (time.monotonic() - started) * 1000)


async def _read_server_settings(ctx: Context) -> None:
    """Set the channel's language and message mode from the server's settings."""
    guild = ctx.interaction.guild_id
    if guild is None:
        ctx.channel_locale = ctx.locale
        return
    settings = await ctx.service.server_settings(str(guild))
    ctx.quiet = settings.messages == "quiet"
    ctx.channel_locale = specs.server_language(settings.language, ctx.interaction.guild_locale)


async def _run(ctx: Context, work: Callable[[Context], Awaitable[None]],
               anywhere: bool) -> bool:
    """Run ``work``; answer a refusal or failure. False if it failed after a change or post."""
    try:
        if not anywhere:
            place_of(ctx.interaction)
        await work(ctx)
    except UserError as error:
        await ctx.reply.private(translate(texts.quoted(error.msg), ctx.locale))
        return error.msg.key != "core.ui.guild_only"
    except PostFailed as failure:
        await ctx.reply.tell(say("post_failed", ctx.locale,
                                 reason=say(failure.reason, ctx.locale)))
        return False
    except Exception:
        log.exception("interaction %s failed", ctx.interaction.id)
        key = "internal_error_saved" if ctx.committed else "internal_error"
        await ctx.reply.tell(say(key, ctx.locale))
        return False
    return True
