"""What each command and click does: call the service once, present, reply.

Every flow is written as ``async def name(ctx, ...)`` under the one wrapper :func:`flow`
(which defers, reads the server's settings and answers refusals); commands and components
call it as ``name(interaction, ...)``. A click names its game, and the service checks it in
the same read that loads the game (one read per click); the table it returns is passed along
to the texts, the components and the board.
"""

from __future__ import annotations

import asyncio

from bot.clock import BadDuration, Settings
from bot.errors import UserError
from bot.presenter import board_png, confirmation, say, status_lines, turn_lines
from bot.service import Table
from bot.service.play import Unconfirmed
from rules.core import Msg, translate

from . import ids, specs, texts
from .client import Interaction
from .context import Context
from .flow import flow
from .permissions import require_permissions
from .posts import announce, post_lobby, post_turn, private_parts, remember_post, tell_players
from .replies import edit_message
from .robot_flows import bots_say, seat_rules, taken_back

LOG_LENGTH = 15


# -- lobby -----------------------------------------------------------------------------------
@flow
async def new_game(ctx: Context, game: str, options: str | None, min_players: int | None,
                   max_players: int | None, reminder: str | None = None,
                   timer: str | None = None, bank: str | None = None,
                   timeout_bot: str | None = None, bot_seats: str | None = None) -> None:
    """Open a lobby and post its message with Join / Leave / Start."""
    require_permissions(ctx.interaction, ctx.locale)
    settings = seat_rules(time_settings(reminder, timer, bank), timeout_bot, bot_seats)
    table = await ctx.service.new_game(ctx.place, ctx.player, game, options or None,
                                       max_players=max_players, min_players=min_players,
                                       settings=settings)
    ctx.commit(table)
    await post_lobby(ctx, table)


def time_settings(reminder: str | None, timer: str | None, bank: str | None) -> Settings:
    """Read the reminder and time limits a host typed, or refuse the bad one."""
    for text in (reminder, timer, bank):
        try:
            Settings.parse(text, None, None)
        except BadDuration:
            raise UserError(Msg("clock.error.bad_duration", {"text": text[:40]})) from None
    return Settings.parse(reminder, timer, bank)


@flow
async def join(ctx: Context, game_id: int | None = None) -> None:
    """Seat the caller in the lobby and update the lobby message (in a running game: take a
    computer seat back, and post the turn)."""
    table = await ctx.service.join(ctx.place, ctx.player, game_id)
    ctx.commit(table)
    if table.started:
        await taken_back(ctx, table)
        return
    note = say("joined", ctx.channel_locale, name=texts.safe_name(ctx.player.name))
    await _refresh_lobby(ctx, table, note)


@flow
async def leave(ctx: Context, game_id: int | None = None) -> None:
    """Unseat the caller (closing an emptied lobby) and update the lobby message."""
    table = await ctx.service.leave(ctx.place, ctx.player, game_id)
    ctx.commit(table)
    note = say("left", ctx.channel_locale, name=texts.safe_name(ctx.player.name))
    if table.record.status != "lobby":
        note = say("lobby_closed", ctx.channel_locale)
    await _refresh_lobby(ctx, table, note)


async def _refresh_lobby(ctx: Context, table: Table, note: str) -> None:
    """Show the lobby's new seats: edit the clicked message, or the stored one, or repost."""
    lines = texts.lobby_text(texts.shown(table), ctx.channel_locale, [note])
    rows = specs.lobby_rows(table, ctx.channel_locale)
    if ctx.reply.is_click:
        if await ctx.reply.edit_clicked(lines, rows) and ctx.interaction.message is not None:
            await remember_post(ctx, table, str(ctx.interaction.message.id))
        return
    await ctx.reply.private(note)
    message_id = table.record.board_message_id
    if await edit_message(ctx.interaction, message_id, lines, rows):
        await remember_post(ctx, table, str(message_id))
    elif table.record.status == "lobby":
        await post_lobby(ctx, table, [note])


@flow
async def add_computer(ctx: Context, level: str | None = None) -> None:
    """``/game addbot``: seat a computer player in the lobby and update the lobby message."""
    table = await ctx.service.add_computer(ctx.place, ctx.player, level, ctx.channel_locale)
    ctx.commit(table)
    name = texts.safe_name(table.record.seats[-1].name)
    await _refresh_lobby(ctx, table, bots_say(ctx, "added", name=name))


@flow
async def remove_computer(ctx: Context) -> None:
    """``/game removebot``: unseat the lobby's last computer player."""
    table, seat = await ctx.service.remove_computer(ctx.place, ctx.player)
    ctx.commit(table)
    await _refresh_lobby(ctx, table, bots_say(ctx, "removed", name=texts.safe_name(seat.name)))


@flow
async def start(ctx: Context, shuffle: bool = False, game_id: int | None = None) -> None:
    """Start the game (host only): close the lobby message and post the first turn."""
    table = await ctx.service.start(ctx.place, ctx.player, shuffle=shuffle, game_id=game_id)
    ctx.commit(table)
    shown = texts.shown(table)
    locale = ctx.channel_locale
    started = texts.start_line(table, locale)
    closed = texts.lobby_text(shown, locale, [started])
    if ctx.reply.is_click:
        await ctx.reply.edit_clicked(closed, [])
    else:
        await edit_message(ctx.interaction, table.record.board_message_id, closed, [])
    try:
        await post_turn(ctx, table, [started, *turn_lines(shown, texts.mention, locale)],
                        retire=False, tell_story=True)
    finally:  # the game started even if the channel could not be told
        await tell_players(ctx, table, table.to_act())


async def lobby_click(interaction: Interaction, key: ids.LobbyKey) -> None:
    """Dispatch a lobby button."""
    if key.verb == "join":
        await join(interaction, key.game)
    elif key.verb == "leave":
        await leave(interaction, key.game)
    else:
        await start(interaction, False, key.game)


# -- play ------------------------------------------------------------------------------------
@flow
async def move(ctx: Context, text: str) -> None:
    """``/move``: play typed text."""
    await announce(ctx, await ctx.service.act(ctx.place, ctx.player, text))


@flow
async def click_option(ctx: Context, key: ids.ActKey) -> None:
    """A decision button: play the option it names, if its seat's decision is unchanged."""
    await _chosen(ctx, key.game, key.seat, key.stamp, index=key.index)


@flow
async def choose_option(ctx: Context, key: ids.SelectKey, value: str) -> None:
    """A decision menu: play the chosen option (its text, or ``#index`` for a long one)."""
    index = ids.value_index(value)
    await _chosen(ctx, key.game, key.seat, key.stamp, index=index,
                  text=value if index is None else None)


async def _chosen(ctx: Context, game: int, seat: int, stamp: str, index: int | None = None,
                  text: str | None = None) -> None:
    """Play a clicked option, or first ask the clicker privately to confirm a final one (its
    game marks it so: :func:`bot.presenter.confirmation`)."""
    try:
        outcome = await ctx.service.choose(
            ctx.place, ctx.player, seat, stamp, index=index, text=text, game_id=game,
            ask=lambda action: confirmation(action) is not None)
    except Unconfirmed as asked:
        ctx.loaded(asked.table)
        question = confirmation(asked.action, texts.shown(asked.table).names, ctx.locale)
        await ctx.reply.private(question or "", specs.sure_rows(
            asked.table, asked.seat, stamp, asked.index, ctx.locale))
        return
    await announce(ctx, outcome)


@flow
async def sure_answer(ctx: Context, key: ids.SureKey) -> None:
    """Confirm or Cancel of a final option: play it (if its seat's decision is unchanged,
    else refused as stale), or change nothing."""
    if not key.confirm:
        await ctx.reply.edit_clicked(say("sure_cancelled", ctx.locale), [])
        return
    await announce(ctx, await ctx.service.choose(ctx.place, ctx.player, key.seat, key.stamp,
                                                 index=key.index, game_id=key.game))


@flow
async def undo(ctx: Context) -> None:
    """``/undo``: take back the caller's last move and post the position again."""
    table = await ctx.service.undo(ctx.place, ctx.player)
    ctx.commit(table)
    lines = [say("undone", ctx.channel_locale, name=texts.safe_name(ctx.player.name)),
             *turn_lines(texts.shown(table), texts.mention, ctx.channel_locale)]
    await post_turn(ctx, table, lines)


# -- information -----------------------------------------------------------------------------
@flow
async def show_me(ctx: Context, game_id: int | None = None) -> None:
    """``/me`` and "My info": the caller's hidden information, decision and board, privately.

    The board is drawn from the caller's seat with the caller's own board in full (where the
    game has one), not the board of the player on turn.
    """
    table, seat, _prompt, _options = await ctx.service.decision(ctx.place, ctx.player, game_id)
    ctx.loaded(table)
    lines, rows = await asyncio.to_thread(private_parts, table, seat, ctx.locale)
    await ctx.reply.private(lines, rows, await board_png(table, seat, focus_seat=seat,
                                                         locale=ctx.locale))


@flow
async def board(ctx: Context, focus_user: str | None = None, whole: bool = False) -> None:
    """``/board``: post the current board, whose turn it is and the components again.

    After a game ended, its final board is shown until a new game opens.

    With a player, that player's own board is drawn in full (for games that have one); with
    ``whole``, the whole map (for games whose posted board shows only a part of it). In a
    lobby, the lobby message (with its buttons) is posted again.
    """
    table = ctx.loaded(await ctx.service.shown_table(ctx.place))
    if not table.started:
        await post_lobby(ctx, table)
        return
    focus = None if focus_user is None else table.record.seat_of(focus_user)
    if focus_user is not None and focus is None:
        raise UserError("player_not_in_game")
    lines = await asyncio.to_thread(shown_status, table, ctx.channel_locale)
    await post_turn(ctx, table, lines, focus_seat=focus, retire=not table.finished,
                    whole=whole)


def shown_status(table: Table, locale: str) -> list[str]:
    """The summary of the channel's game; for its last, ended game, a note saying so (the
    summary reads the view: run it in a thread)."""
    lines = status_lines(texts.shown(table), texts.mention, locale)
    return [*lines, say("last_game", locale)] if table.finished else lines


@flow
async def status(ctx: Context) -> None:
    """``/game status``: the lobby or game summary (or the channel's last game), privately."""
    table = ctx.loaded(await ctx.service.shown_table(ctx.place))
    await ctx.reply.private(await asyncio.to_thread(shown_status, table, ctx.locale))


@flow
async def show_log(ctx: Context, page: int | None = None) -> None:
    """``/log``: one page of the game's moves in words (the newest by default), privately."""
    table, moves, number, pages, first = await ctx.service.log_page(ctx.place, page,
                                                                    LOG_LENGTH)
    ctx.loaded(table)
    title = (say("log_title", ctx.locale) if pages == 1
             else say("log_page", ctx.locale, page=number, pages=pages))
    hint = [say("log_pages_hint", ctx.locale, pages=pages)] if pages > 1 else []
    await ctx.reply.private([title, *hint,  # before the moves: a clipped end keeps it
                             *texts.log_lines(texts.shown(table), moves, ctx.locale, first)])


# -- abort -----------------------------------------------------------------------------------
@flow
async def abort_ask(ctx: Context) -> None:
    """``/game abort``: check the caller may abort, then ask for confirmation privately.

    Only the stored record is read, so even a game no longer installed can be aborted.
    """
    record = await ctx.service.record(ctx.place)
    ctx.service.check_abort(record, ctx.player, ctx.can_manage)
    await ctx.reply.private(say("abort_confirm", ctx.locale),
                            specs.abort_rows(record, ctx.locale))


@flow
async def abort_answer(ctx: Context, key: ids.AbortKey) -> None:
    """The confirmation's buttons: abort for everyone, or keep playing."""
    if not key.confirm:
        record = await ctx.service.record(ctx.place)
        if (record.id, record.version) != (key.game, key.version):
            raise UserError("stale")
        await ctx.reply.edit_clicked(say("abort_cancelled", ctx.locale), [])
        return
    record = await ctx.service.abort(ctx.place, ctx.player, ctx.can_manage,
                                     expected=(key.game, key.version))
    ctx.committed = True
    note = say("aborted", ctx.channel_locale, name=texts.safe_name(ctx.player.name))
    await ctx.reply.edit_clicked(note, [])
    await edit_message(ctx.interaction, record.board_message_id, None, [])
    await ctx.reply.public(note)


# -- concession ------------------------------------------------------------------------------
@flow
async def concede_ask(ctx: Context) -> None:
    """``/game concede``: check the caller may concede now, then ask to confirm privately."""
    table = ctx.loaded(await ctx.service.check_concession(ctx.place, ctx.player))
    seat = ctx.service.seat_of(table, ctx.player)
    await ctx.reply.private(say("concede_confirm", ctx.locale),
                            specs.concede_rows(table, seat, ctx.locale))


@flow
async def concede_answer(ctx: Context, key: ids.ConcedeKey) -> None:
    """The confirmation's buttons: concede (announced in the channel), or play on."""
    if not key.confirm:
        await ctx.reply.edit_clicked(say("concede_cancelled", ctx.locale), [])
        return
    await announce(ctx, await ctx.service.concede(ctx.place, ctx.player, key.seat, key.game))


# -- personal and server settings, time-outs --------------------------------------------------
@flow(anywhere=True)
async def notify(ctx: Context, on: bool) -> None:
    """``/notify on|off``: direct messages on the caller's turn."""
    await ctx.service.set_notify(ctx.player, on)
    key = "clock.ui.notify_on" if on else "clock.ui.notify_off"
    await ctx.reply.private(translate(Msg(key), ctx.locale))


@flow
async def timeout_vote(ctx: Context, target_user: str) -> None:
    """``/game timeout``: vote to end the game because a player ran out of time."""
    result = await ctx.service.vote_end(ctx.place, ctx.player, target_user)
    name = texts.safe_name(result.table.names[result.target])
    if result.ended:
        await ctx.reply.public(translate(Msg("clock.ui.vote_ended", {"name": name}),
                                         ctx.channel_locale))
        return
    await ctx.reply.public(translate(Msg("clock.ui.vote_counted", {
        "voter": texts.safe_name(ctx.player.name), "name": name, "votes": result.votes,
        "needed": result.needed}), ctx.channel_locale))


@flow
async def server_settings(ctx: Context, language: str | None, messages: str | None) -> None:
    """``/game settings``: show the server's settings, or change them (server managers)."""
    may_manage = bool(getattr(ctx.interaction.permissions, "manage_guild", False))
    settings = await ctx.service.change_server_settings(ctx.place.guild, may_manage,
                                                        language, messages)
    await ctx.reply.private(translate(Msg("settings.ui.current", {
        "language": Msg(f"settings.ui.language_{settings.language}"),
        "messages": Msg(f"settings.ui.messages_{settings.messages}")}), ctx.locale))
