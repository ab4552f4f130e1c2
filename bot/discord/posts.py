"""The channel's game message: post a lobby or a turn, announce a move, and post again what
a saved change never showed. Rules work and drawing run in worker threads (or processes)."""

from __future__ import annotations

import asyncio
import logging

from bot.errors import UserError
from bot.presenter import (
    board_png,
    private_lines,
    say,
    status_lines,
    summary_lines,
    tells_nothing,
    time_lines,
    turn_lines,
)
from bot.service import MoveOutcome, Table

from . import specs, texts
from .context import Context
from .notify import turn_messages
from .posting import PostFailed, needs_post
from .replies import edit_board, edit_message
from .story import link_line, thread_of, write_turn

log = logging.getLogger(__name__)


async def post_lobby(ctx: Context, table: Table, extra: list[str] | None = None) -> None:
    """Post the lobby message with its buttons and remember it as the channel's message."""
    lines = texts.lobby_text(texts.shown(table), ctx.channel_locale, extra or [])
    message = await ctx.reply.public(lines, specs.lobby_rows(table, ctx.channel_locale))
    await remember_post(ctx, table, str(message.id))


async def remember_post(ctx: Context, table: Table, message_id: str | None) -> None:
    """Note that ``message_id`` now shows ``table`` (in the store, through the service)."""
    ctx.posted = True
    await ctx.service.remember_board_message(table, message_id)


async def post_turn(ctx: Context, table: Table, lines: list[str], last_move: str | None = None,
                    retire: bool = True, focus_seat: int | None = None,
                    in_place: bool = False, tell_story: bool = False,
                    whole: bool = False) -> None:
    """Post the board, the text and the next decision's components; retire the old message.

    ``in_place`` edits the previous turn message instead (the same player keeps acting on a
    quiet server, or a phase of several deciders goes on), keeping the lines it told so far
    (rebuilt from the turn's moves in the log) above the new ones and replacing its status;
    if that edit fails, a new message is posted.
    Everything is in the channel's language. Raises :class:`PostFailed` if the channel could
    not be reached. ``tell_story`` writes the turn's lines in the game's story thread too
    (moves only: opened when the game starts; a repost of the board writes nothing there).
    ``whole`` draws the whole map where the posted board shows only a part of it.
    """
    locale = ctx.channel_locale
    rows, hint = await asyncio.to_thread(turn_parts, table, locale)
    story, status = await asyncio.to_thread(split_status, table, lines, locale)
    thread = await thread_of(ctx, table, open_one=tell_story) if table.started else None
    status += await _time_lines(ctx, table) + hint + link_line(thread, locale)
    png = (await board_png(table, None, last_move, focus_seat, locale, whole=whole)
           if table.started else None)
    previous = table.record.board_message_id
    if in_place:
        told = [*await _told_before(ctx, table), *story]
        if await edit_board(ctx.interaction, previous, texts.turn_text(told, status), rows, png):
            await remember_post(ctx, table, previous)
            if tell_story:
                await write_turn(ctx, table, told, new_turn=False)
            return
    if tell_story:
        await ctx.service.begin_turn(table)
    message = await ctx.reply.public(texts.turn_text(story, status), rows, png)
    await remember_post(ctx, table, str(message.id))
    if tell_story:
        await write_turn(ctx, table, story, new_turn=True)
    if retire and previous and previous != str(message.id) and not _is_clicked(ctx, previous):
        await edit_message(ctx.interaction, previous, None, [])


def split_status(table: Table, lines: list[str], locale: str) -> tuple[list[str], list[str]]:
    """Split a turn message's lines into its story and its status (the closing lines that say
    who acts now; rules work: run it in a thread)."""
    if not table.started:
        return lines, []
    status = turn_lines(texts.shown(table), texts.mention, locale)
    if status and lines[-len(status):] == status:
        return lines[:-len(status)], status
    return lines, []


async def _told_before(ctx: Context, table: Table) -> list[str]:
    """The story lines the turn message told before ``table``'s newest move, rebuilt from
    the move log (never read back from Discord)."""
    story = await ctx.service.turn_story(table)
    return await asyncio.to_thread(texts.told_before, table, story, ctx.channel_locale)


def turn_parts(table: Table, locale: str) -> tuple[list, list[str]]:
    """The turn message's components and typing hint (rules work: run it in a thread)."""
    rows = specs.turn_rows(table, locale)
    return rows, _typing_hint(table, rows, locale)


async def _time_lines(ctx: Context, table: Table) -> list[str]:
    """Each acting player's remaining time on a table with a time limit."""
    if not table.started or table.is_over() or not table.settings.any:
        return []
    settings, clocks = await ctx.service.time_table(table)
    return time_lines(texts.shown(table), settings, clocks, ctx.service.now(),
                      ctx.channel_locale)


def _typing_hint(table: Table, rows: list, locale: str) -> list[str]:
    """Tell a single acting seat to type with /move when not all its options fit components."""
    to_act = table.to_act()
    if len(to_act) != 1 or table.is_over():
        return []
    seat = next(iter(to_act))
    if table.game.private_decision(table.state, seat):
        return []  # its option count is nobody else's business
    count = len(table.actions(seat))
    shown = specs.shown_options(rows)
    return [] if shown >= count else [say("type_with_move", locale, count=count)]


def _is_clicked(ctx: Context, message_id: str) -> bool:
    message = ctx.interaction.message
    return ctx.reply.is_click and message is not None and str(message.id) == message_id


async def announce(ctx: Context, outcome: MoveOutcome) -> None:
    """Tell the channel what a move did (and privately the mover); post the next turn.

    A secret move after which its player goes on deciding, announced by no public event,
    shows nothing in public (its count is nobody's business); a move inside a phase of
    several or private decisions updates the phase's one message in place (pinging nobody
    again). The mover's next private decision comes with the private reply at once.
    """
    ctx.commit(outcome.table)
    await ctx.reply.edit_clicked(None, [])
    shown = texts.shown_outcome(outcome)
    await _tell_mover(ctx, shown)
    if is_silent(outcome):
        await remember_post(ctx, outcome.table, outcome.table.record.board_message_id)
        return
    lines = texts.public_move_lines(shown, ctx.channel_locale)
    if outcome.table.is_over():
        summary = await ctx.service.summary(outcome.table)
        lines += summary_lines(outcome.table, summary, ctx.channel_locale)
    last_move = None if outcome.secret else outcome.action.text
    try:
        if phase_goes_on(outcome):
            await post_turn(ctx, outcome.table, lines, last_move, in_place=True,
                            tell_story=True)
            return
        await post_turn(ctx, outcome.table, lines, last_move,
                        in_place=ctx.quiet and same_player_goes_on(outcome), tell_story=True)
    finally:  # the move is saved even if the channel could not be told
        await tell_players(ctx, outcome.table, outcome.newly_to_act)


async def _tell_mover(ctx: Context, outcome: MoveOutcome) -> None:
    """Tell the mover privately what only they saw, and offer their next private decision."""
    secret = texts.private_event_lines(outcome, ctx.locale)
    table, seat = outcome.table, outcome.seat
    if not decides_in_private(table, seat):
        if secret:
            await ctx.reply.private([say("private_header", ctx.locale), *secret])
        return
    lines, rows = await asyncio.to_thread(private_parts, table, seat, ctx.locale)
    await ctx.reply.private([lines[0], *secret, *lines[1:]], rows)


def private_parts(table: Table, seat: int, locale: str) -> tuple[list[str], list]:
    """The text and components of a player's private answer (rules work: run in a thread)."""
    lines = [say("private_header", locale), *private_lines(texts.shown(table), seat, locale)]
    rows = specs.decision_rows(table, seat, locale)
    if table.actions(seat) and not rows:
        lines.append(say("type_with_move", locale, count=len(table.actions(seat))))
    return lines, rows


def decides_in_private(table: Table, seat: int) -> bool:
    """True when ``seat`` owes a decision the channel's message does not offer (several
    seats decide at once, or its options show hidden things)."""
    to_act = table.to_act()
    return (seat in to_act and not table.is_over()
            and (len(to_act) > 1 or table.game.private_decision(table.state, seat)))


def is_silent(outcome: MoveOutcome) -> bool:
    """True for a secret move after which its player goes on deciding, announced by no
    public event: nothing public changed (the contract tests check the rules for this)."""
    table = outcome.table
    return (tells_nothing(outcome) and table.record.board_message_id is not None
            and table.record.board_version == table.record.version - 1)


def phase_goes_on(outcome: MoveOutcome) -> bool:
    """True when a move leaves a phase of several seats deciding at once going on, with no
    seat newly owing a decision and nothing revealed: its one message is updated in place."""
    table = outcome.table
    deciding = table.to_act() | {outcome.seat}
    return (not table.is_over() and not outcome.conceded and len(deciding) > 1
            and outcome.newly_to_act <= {outcome.seat}
            and not any(event.reveals for event in outcome.events)
            and table.record.board_message_id is not None
            and table.record.board_version == table.record.version - 1)


async def tell_players(ctx: Context, table: Table, seats) -> None:
    """Send "your turn" direct messages to the ``seats`` that asked for them (each in the
    player's own Discord language where known, else the server's), and set the computer
    players to work when one of them owes a decision now."""
    if ctx.interaction.client.robots is not None:
        ctx.interaction.client.robots.kick(table, ctx.channel_locale)
    await turn_messages(ctx.interaction.client, ctx.service, table, seats, ctx.channel_locale)


def same_player_goes_on(outcome: MoveOutcome) -> bool:
    """True when a move keeps the same player alone to act and shows others nothing new.

    Then a quiet server edits the turn message in place; a new message is posted when the
    player to act changes, the game ends, a secret move is made, or the move revealed a
    chance outcome or hidden information that others must not miss.
    """
    table = outcome.table
    return (not table.is_over() and not outcome.secret and table.to_act() == {outcome.seat}
            and not outcome.newly_to_act and not any(e.reveals for e in outcome.events)
            and table.record.board_message_id is not None
            and table.record.board_version == table.record.version - 1)


async def repost_missing(ctx: Context) -> None:
    """Post the channel's game message again if a saved change never reached the channel.

    The game this interaction already loaded is checked first: if it was shown, nothing is
    read again (one read per interaction); only a game that seems to lag is read afresh.
    """
    if ctx.posted or (ctx.table is not None and not needs_post(ctx.table.record)):
        return
    try:
        table = await ctx.service.table(ctx.place)
    except UserError:
        return
    if not needs_post(table.record) or table.record.id in ctx.interaction.client.posting:
        return  # shown already, or another interaction is posting it right now
    log.info("game %s: posting the message a saved change never got", table.record.id)
    try:
        if table.started:
            await post_turn(ctx, table, await asyncio.to_thread(
                status_lines, texts.shown(table), texts.mention, ctx.channel_locale))
        else:
            await post_lobby(ctx, table)
    except PostFailed:
        log.warning("game %s: the missing message could not be posted yet", table.record.id)
