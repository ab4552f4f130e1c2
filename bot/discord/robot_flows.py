"""What the computer-player commands do: add or remove one in the lobby, hand a seat to one,
take one back with ``/game join``, and the table's computer-seat rules at ``/game new``."""

from __future__ import annotations

import dataclasses

from bot.clock import Settings
from bot.errors import UserError
from bot.presenter import turn_lines
from bot.service import Table
from bot.service.seats import TAKEOVER, check_level
from rules.core import Msg, translate

from . import texts
from .context import Context
from .flow import flow
from .posts import post_turn, tell_players


def seat_rules(settings: Settings, timeout_bot: str | None, bot_seats: str | None) -> Settings:
    """``settings`` with the table's computer-seat rules, or refuse a bad one: a seat goes to
    a computer player when its time runs out (needs a time limit), and who may take a
    computer seat with ``/game join`` (``anyone``; by default only the player it replaced)."""
    if timeout_bot is not None:
        check_level(timeout_bot)
        if not (settings.timer or settings.bank):
            raise UserError(Msg("bots.error.timeout_needs_limit"))
    takeover = bot_seats if bot_seats in TAKEOVER else None
    return dataclasses.replace(settings, computer=timeout_bot, takeover=takeover)


def bots_say(ctx: Context, key: str, **params) -> str:
    """A ``bots.ui`` message in the channel's language."""
    return translate(Msg(f"bots.ui.{key}", params), ctx.channel_locale)


@flow
async def hand_over(ctx: Context, target_user: str, level: str | None = None) -> None:
    """``/game replace``: the host hands a seat over at once; another player's call is a vote."""
    result = await ctx.service.hand_over(ctx.place, ctx.player, target_user, level,
                                         ctx.channel_locale)
    before = texts.shown(result.table).record.seats[result.target]
    if not result.done:
        await ctx.reply.public(bots_say(ctx, "vote_counted", voter=texts.safe_name(ctx.player.name),
                                    player=texts.safe_name(before.name), votes=result.votes,
                                    needed=result.needed))
        return
    table = result.table
    ctx.commit(table)
    name = texts.safe_name(table.record.seats[result.target].name)
    note = bots_say(ctx, "handed_over", player=f"<@{target_user}>", name=name)
    await _post_seat_change(ctx, table, note)


async def taken_back(ctx: Context, table: Table) -> None:
    """A person took a computer seat back with ``/game join``: say so and post the turn."""
    seat = table.record.seat_of(ctx.player.user_id)
    note = bots_say(ctx, "taken_back", player=texts.safe_name(ctx.player.name),
                number=(seat or 0) + 1)
    await _post_seat_change(ctx, table, note)


async def _post_seat_change(ctx: Context, table: Table, note: str) -> None:
    """Post the turn after a seat changed hands; set the computer players to work."""
    try:
        await post_turn(ctx, table, [note, *turn_lines(texts.shown(table), texts.mention,
                                                       ctx.channel_locale)])
    finally:  # the seat changed even if the channel could not be told
        await tell_players(ctx, table, frozenset())
