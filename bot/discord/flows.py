"""What each command and click does: defer, call the service, present, reply.

Every entry point runs through :func:`handle`: acknowledge at once, do the work, and turn a
:class:`UserError` into an ephemeral message (nothing changed). Once a change is saved
(``ctx.committed``) no reply says "nothing was changed": a post that fails for good is named
to the caller, and the channel's missing message is posted again by the next interaction
there (or ``/board``, or the next start). Rules work for the components and rendering run in
worker threads (or processes), so the event loop stays free to acknowledge interactions.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections import Counter
from dataclasses import dataclass
from typing import TYPE_CHECKING, Awaitable, Callable

import discord

from bot.clock import BadDuration, Settings
from bot.errors import UserError
from bot.presenter import (
    board_png,
    game_title,
    private_lines,
    say,
    status_lines,
    summary_lines,
    time_lines,
    turn_lines,
)
from bot.service import GameRecord, MoveOutcome, Place, Player, Service, Table
from rules.core import Msg, translate

from . import ids, specs, texts
from .notify import turn_messages
from .permissions import require_permissions
from .posting import PostFailed, needs_post
from .replies import Reply, edit_board, edit_message

if TYPE_CHECKING:  # typing only: the bot module imports this one
    from .app import TabletopBot

    Interaction = discord.Interaction[TabletopBot]

log = logging.getLogger(__name__)

LOG_LENGTH = 15


@dataclass
class Context:
    """One interaction as the flows see it: who, where, in which language, and the reply."""

    interaction: Interaction
    service: Service
    player: Player
    locale: str
    reply: Reply
    committed: bool = False  # a change was saved: never say "nothing was changed"
    posted: bool = False  # the channel's game message was posted or edited to the new version
    posting: int | None = None  # the game whose new message this interaction is to post
    channel_locale: str = "en"  # the language of the channel's messages and boards
    quiet: bool = True  # the server edits one message per turn (else: one per move)

    def commit(self, table: Table) -> None:
        """Note that a change of ``table`` was saved and its message is on its way."""
        self.committed = True
        if self.posting is None:
            self.posting = table.record.id
            _posting(self.interaction)[table.record.id] += 1

    @classmethod
    def of(cls, interaction: Interaction, reply: Reply) -> Context:
        """Read the service, user and language of an interaction."""
        return cls(interaction, interaction.client.service, player_of(interaction),
                   reply.locale, reply)

    @property
    def place(self) -> Place:
        """The channel (or thread) of the interaction, as the service names it."""
        return place_of(self.interaction)

    @property
    def can_manage(self) -> bool:
        """True if the caller may manage this channel."""
        return self.interaction.permissions.manage_channels


def place_of(interaction: Interaction) -> Place:
    """The server channel (or thread) of an interaction; refused for a direct message.

    Games live in server channels only, whatever Discord's guild-only flag let through.
    """
    if interaction.guild_id is None or interaction.channel_id is None:
        raise UserError(Msg("core.ui.guild_only"))
    return Place(str(interaction.guild_id), str(interaction.channel_id))


def player_of(interaction: Interaction) -> Player:
    """The user of an interaction, as the service names them."""
    user = interaction.user
    return Player(str(user.id), getattr(user, "display_name", None) or user.name)


def where(interaction: Interaction) -> tuple[Place, Player]:
    """The channel and the user of an interaction (refused in a direct message)."""
    return place_of(interaction), player_of(interaction)


async def handle(interaction: Interaction, work: Callable[[Context], Awaitable[None]],
                 anywhere: bool = False) -> None:
    """Defer, run ``work``, and answer any refusal or failure privately.

    Only ``anywhere`` work (personal settings) runs in a direct message; everything else is
    refused there. A refusal quotes the user's own text cut short, so it always fits.
    """
    started = time.monotonic()
    in_flight = getattr(interaction.client, "in_flight", set())
    task = asyncio.current_task()
    in_flight.add(task)
    try:
        reply = Reply(interaction, specs.locale_for(interaction.locale))
        await reply.begin()
        context = Context.of(interaction, reply)
        await _read_server_settings(context)
        try:
            if await _run(context, work, anywhere) and not anywhere:
                await repost_missing(context)
        finally:
            _done_posting(context)
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
    ctx.channel_locale = (specs.locale_for(ctx.interaction.guild_locale or "en")
                          if settings.language == "auto" else settings.language)


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


def _posting(interaction: Interaction) -> Counter:
    """Game ids with a message being posted right now (by interactions of this client)."""
    client = interaction.client
    if not hasattr(client, "posting"):
        client.posting = Counter()  # type: ignore[attr-defined]
    return client.posting  # type: ignore[attr-defined]


def _done_posting(ctx: Context) -> None:
    if ctx.posting is not None:
        counts = _posting(ctx.interaction)
        counts[ctx.posting] -= 1
        if counts[ctx.posting] <= 0:
            del counts[ctx.posting]


async def repost_missing(ctx: Context) -> None:
    """Post the channel's game message again if a saved change never reached the channel."""
    if ctx.posted:
        return
    try:
        table = await ctx.service.table(ctx.place)
    except UserError:
        return
    if not needs_post(table.record) or table.record.id in _posting(ctx.interaction):
        return  # shown already, or another interaction is posting it right now
    log.info("game %s: posting the message a saved change never got", table.record.id)
    try:
        if table.started:
            await post_turn(ctx, table, status_lines(texts.shown(table), texts.mention,
                                                     ctx.channel_locale))
        else:
            await post_lobby(ctx, table)
    except PostFailed:
        log.warning("game %s: the missing message could not be posted yet", table.record.id)


async def _current(ctx: Context, game_id: int) -> Table:
    """The channel's open game, which must be ``game_id`` (else the click is stale)."""
    table = await ctx.service.table(ctx.place)
    if table.record.id != game_id:
        raise UserError("stale")
    return table


# -- lobby -----------------------------------------------------------------------------------
async def new_game(interaction: Interaction, game: str, options: str | None,
                   min_players: int | None, max_players: int | None,
                   reminder: str | None = None, timer: str | None = None,
                   bank: str | None = None) -> None:
    """Open a lobby and post its message with Join / Leave / Start."""
    async def work(ctx: Context) -> None:
        require_permissions(ctx.interaction, ctx.locale)
        settings = time_settings(reminder, timer, bank)
        table = await ctx.service.new_game(ctx.place, ctx.player, game, options or None,
                                           max_players=max_players, min_players=min_players,
                                           settings=settings)
        ctx.commit(table)
        await post_lobby(ctx, table)
    await handle(interaction, work)


async def post_lobby(ctx: Context, table: Table, extra: list[str] | None = None) -> None:
    """Post the lobby message with its buttons and remember it as the channel's message."""
    lines = texts.lobby_text(texts.shown(table), ctx.channel_locale, extra or [])
    message = await ctx.reply.public(lines, specs.lobby_rows(table, ctx.channel_locale))
    await _remember_post(ctx, table, str(message.id))


async def _remember_post(ctx: Context, table: Table, message_id: str) -> None:
    ctx.posted = True
    await ctx.service.remember_board_message(table, message_id)


def time_settings(reminder: str | None, timer: str | None, bank: str | None) -> Settings:
    """Read the reminder and time limits a host typed, or refuse the bad one."""
    for text in (reminder, timer, bank):
        try:
            Settings.parse(text, None, None)
        except BadDuration:
            raise UserError(Msg("clock.error.bad_duration", {"text": text[:40]})) from None
    return Settings.parse(reminder, timer, bank)


async def join(interaction: Interaction, game_id: int | None = None) -> None:
    """Seat the caller in the lobby and update the lobby message."""
    async def work(ctx: Context) -> None:
        if game_id is not None:
            await _current(ctx, game_id)
        table = await ctx.service.join(ctx.place, ctx.player)
        ctx.commit(table)
        note = say("joined", ctx.channel_locale, name=texts.safe_name(ctx.player.name))
        await _refresh_lobby(ctx, table, note)
    await handle(interaction, work)


async def leave(interaction: Interaction, game_id: int | None = None) -> None:
    """Unseat the caller (closing an emptied lobby) and update the lobby message."""
    async def work(ctx: Context) -> None:
        if game_id is not None:
            await _current(ctx, game_id)
        table = await ctx.service.leave(ctx.place, ctx.player)
        ctx.commit(table)
        note = say("left", ctx.channel_locale, name=texts.safe_name(ctx.player.name))
        if table.record.status != "lobby":
            note = say("lobby_closed", ctx.channel_locale)
        await _refresh_lobby(ctx, table, note)
    await handle(interaction, work)


async def _refresh_lobby(ctx: Context, table: Table, note: str) -> None:
    """Show the lobby's new seats: edit the clicked message, or the stored one, or repost."""
    lines = texts.lobby_text(texts.shown(table), ctx.channel_locale, [note])
    rows = specs.lobby_rows(table, ctx.channel_locale)
    if ctx.reply.is_click:
        if await ctx.reply.edit_clicked(lines, rows) and ctx.interaction.message is not None:
            await _remember_post(ctx, table, str(ctx.interaction.message.id))
        return
    await ctx.reply.private(note)
    message_id = table.record.board_message_id
    if await edit_message(ctx.interaction, message_id, lines, rows):
        await _remember_post(ctx, table, str(message_id))
    elif table.record.status == "lobby":
        await post_lobby(ctx, table, [note])


async def start(interaction: Interaction, shuffle: bool = False,
                game_id: int | None = None) -> None:
    """Start the game (host only): close the lobby message and post the first turn."""
    async def work(ctx: Context) -> None:
        if game_id is not None:
            await _current(ctx, game_id)
        table = await ctx.service.start(ctx.place, ctx.player, shuffle=shuffle)
        ctx.commit(table)
        shown = texts.shown(table)
        locale = ctx.channel_locale
        started = say("started", locale, game=game_title(table, locale),
                      players=", ".join(shown.names))
        closed = texts.lobby_text(shown, locale, [started])
        if ctx.reply.is_click:
            await ctx.reply.edit_clicked(closed, [])
        else:
            await edit_message(ctx.interaction, table.record.board_message_id, closed, [])
        try:
            await post_turn(ctx, table, [started, *turn_lines(shown, texts.mention, locale)],
                            retire=False)
        finally:  # the game started even if the channel could not be told
            await turn_messages(ctx.interaction.client, ctx.service, table, table.to_act(),
                                specs.locale_for(ctx.interaction.guild_locale or "en"))
    await handle(interaction, work)


async def lobby_click(interaction: Interaction, key: ids.LobbyKey) -> None:
    """Dispatch a lobby button."""
    if key.verb == "join":
        await join(interaction, key.game)
    elif key.verb == "leave":
        await leave(interaction, key.game)
    else:
        await start(interaction, False, key.game)


# -- play ------------------------------------------------------------------------------------
async def post_turn(ctx: Context, table: Table, lines: list[str], last_move: str | None = None,
                    retire: bool = True, focus_seat: int | None = None,
                    in_place: bool = False) -> None:
    """Post the board, the text and the next decision's components; retire the old message.

    ``in_place`` edits the previous turn message instead (the same player keeps acting on a
    quiet server); if that edit fails, a new message is posted. Everything is in the
    channel's language. Raises :class:`PostFailed` if the channel could not be reached.
    """
    locale = ctx.channel_locale
    rows, hint = await asyncio.to_thread(turn_parts, table, locale)
    lines = lines + await _time_lines(ctx, table) + hint
    png = (await board_png(table, None, last_move, focus_seat, locale)
           if table.started else None)
    previous = table.record.board_message_id
    if in_place and await edit_board(ctx.interaction, previous, lines, rows, png):
        await _remember_post(ctx, table, previous)
        return
    message = await ctx.reply.public(lines, rows, png)
    await _remember_post(ctx, table, str(message.id))
    if retire and previous and previous != str(message.id) and not _is_clicked(ctx, previous):
        await edit_message(ctx.interaction, previous, None, [])


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
    """Tell the channel what a move did (and privately the mover); post the next turn."""
    ctx.commit(outcome.table)
    await ctx.reply.edit_clicked(None, [])
    shown = texts.shown_outcome(outcome)
    secret = texts.private_event_lines(shown, ctx.locale)
    if secret:
        await ctx.reply.private([say("private_header", ctx.locale), *secret])
    lines = texts.public_move_lines(shown, ctx.channel_locale)
    if outcome.table.is_over():
        summary = await ctx.service.summary(outcome.table)
        lines += summary_lines(outcome.table, summary, ctx.channel_locale)
    try:
        await post_turn(ctx, outcome.table, lines,
                        None if outcome.secret else outcome.action.text,
                        in_place=ctx.quiet and same_player_goes_on(outcome))
    finally:  # the move is saved even if the channel could not be told
        await turn_messages(ctx.interaction.client, ctx.service, outcome.table,
                            outcome.newly_to_act,
                            specs.locale_for(ctx.interaction.guild_locale or "en"))



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


async def move(interaction: Interaction, text: str) -> None:
    """``/move``: play typed text."""
    async def work(ctx: Context) -> None:
        await announce(ctx, await ctx.service.act(ctx.place, ctx.player, text))
    await handle(interaction, work)


async def click_option(interaction: Interaction, key: ids.ActKey) -> None:
    """A decision button: play the option it names, if its seat's decision is unchanged."""
    async def work(ctx: Context) -> None:
        await _current(ctx, key.game)
        await announce(ctx, await ctx.service.choose(ctx.place, ctx.player, key.seat,
                                                     key.stamp, index=key.index))
    await handle(interaction, work)


async def choose_option(interaction: Interaction, key: ids.SelectKey, value: str) -> None:
    """A decision menu: play the chosen option (its text, or ``#index`` for a long one)."""
    async def work(ctx: Context) -> None:
        await _current(ctx, key.game)
        index = ids.value_index(value)
        text = value if index is None else None
        await announce(ctx, await ctx.service.choose(ctx.place, ctx.player, key.seat,
                                                     key.stamp, index=index, text=text))
    await handle(interaction, work)


async def undo(interaction: Interaction) -> None:
    """``/undo``: take back the caller's last move and post the position again."""
    async def work(ctx: Context) -> None:
        table = await ctx.service.undo(ctx.place, ctx.player)
        ctx.commit(table)
        lines = [say("undone", ctx.channel_locale, name=texts.safe_name(ctx.player.name)),
                 *turn_lines(texts.shown(table), texts.mention, ctx.channel_locale)]
        await post_turn(ctx, table, lines)
    await handle(interaction, work)


# -- information -----------------------------------------------------------------------------
async def show_me(interaction: Interaction, game_id: int | None = None) -> None:
    """``/me`` and "My info": the caller's hidden information, decision and board, privately."""
    async def work(ctx: Context) -> None:
        if game_id is not None:
            await _current(ctx, game_id)
        table, seat, _prompt, _options = await ctx.service.decision(ctx.place, ctx.player)
        lines, rows = await asyncio.to_thread(_private_parts, table, seat, ctx.locale)
        await ctx.reply.private(lines, rows, await board_png(table, seat, locale=ctx.locale))
    await handle(interaction, work)


def _private_parts(table: Table, seat: int, locale: str) -> tuple[list[str], list]:
    """The text and components of a player's private answer (rules work: run in a thread)."""
    lines = [say("private_header", locale), *private_lines(texts.shown(table), seat, locale)]
    rows = specs.decision_rows(table, seat, locale)
    if table.actions(seat) and not rows:
        lines.append(say("type_with_move", locale, count=len(table.actions(seat))))
    return lines, rows


async def board(interaction: Interaction, focus_user: str | None = None) -> None:
    """``/board``: post the current board, whose turn it is and the components again.

    With a player, that player's own board is drawn in full (for games that have one). In a
    lobby, the lobby message (with its buttons) is posted again.
    """
    async def work(ctx: Context) -> None:
        table = await ctx.service.table(ctx.place)
        if not table.started:
            await post_lobby(ctx, table)
            return
        focus = None if focus_user is None else table.record.seat_of(focus_user)
        if focus_user is not None and focus is None:
            raise UserError("player_not_in_game")
        await post_turn(ctx, table, status_lines(texts.shown(table), texts.mention,
                                                 ctx.channel_locale), focus_seat=focus)
    await handle(interaction, work)


async def status(interaction: Interaction) -> None:
    """``/game status``: the lobby or game summary, privately."""
    async def work(ctx: Context) -> None:
        table = await ctx.service.table(ctx.place)
        await ctx.reply.private(status_lines(texts.shown(table), texts.mention, ctx.locale))
    await handle(interaction, work)


async def show_log(interaction: Interaction) -> None:
    """``/log``: the last moves in words, privately."""
    async def work(ctx: Context) -> None:
        table, moves = await ctx.service.log(ctx.place, last=LOG_LENGTH)
        await ctx.reply.private([say("log_title", ctx.locale),
                                 *texts.log_lines(texts.shown(table), moves, ctx.locale)])
    await handle(interaction, work)


# -- abort -----------------------------------------------------------------------------------
async def abort_ask(interaction: Interaction) -> None:
    """``/game abort``: check the caller may abort, then ask for confirmation privately.

    Only the stored record is read, so even a game no longer installed can be aborted.
    """
    async def work(ctx: Context) -> None:
        record = await ctx.service.record(ctx.place)
        ctx.service.check_abort(record, ctx.player, ctx.can_manage)
        await ctx.reply.private(say("abort_confirm", ctx.locale),
                                specs.abort_rows(record, ctx.locale))
    await handle(interaction, work)


def host_of(table: Table) -> str:
    """The host's user id (the service's rule: whoever opened the table)."""
    return Service.host_of(table.record)


async def abort_answer(interaction: Interaction, key: ids.AbortKey) -> None:
    """The confirmation's buttons: abort for everyone, or keep playing."""
    async def work(ctx: Context) -> None:
        record: GameRecord = await ctx.service.record(ctx.place)
        if (record.id, record.version) != (key.game, key.version):
            raise UserError("stale")
        if not key.confirm:
            await ctx.reply.edit_clicked(say("abort_cancelled", ctx.locale), [])
            return
        record = await ctx.service.abort(ctx.place, ctx.player, ctx.can_manage)
        ctx.committed = True
        note = say("aborted", ctx.channel_locale, name=texts.safe_name(ctx.player.name))
        await ctx.reply.edit_clicked(note, [])
        await edit_message(ctx.interaction, record.board_message_id, None, [])
        await ctx.reply.public(note)
    await handle(interaction, work)


# -- concession ------------------------------------------------------------------------------
async def concede_ask(interaction: Interaction) -> None:
    """``/game concede``: check the caller may concede now, then ask to confirm privately."""
    async def work(ctx: Context) -> None:
        table = await ctx.service.check_concession(ctx.place, ctx.player)
        seat = ctx.service.seat_of(table, ctx.player)
        await ctx.reply.private(say("concede_confirm", ctx.locale),
                                specs.concede_rows(table, seat, ctx.locale))
    await handle(interaction, work)


async def concede_answer(interaction: Interaction, key: ids.ConcedeKey) -> None:
    """The confirmation's buttons: concede (announced in the channel), or play on."""
    async def work(ctx: Context) -> None:
        if not key.confirm:
            await ctx.reply.edit_clicked(say("concede_cancelled", ctx.locale), [])
            return
        await announce(ctx, await ctx.service.concede(ctx.place, ctx.player, key.seat,
                                                      key.game))
    await handle(interaction, work)


async def notify(interaction: Interaction, on: bool) -> None:
    """``/notify on|off``: direct messages on the caller's turn."""
    async def work(ctx: Context) -> None:
        await ctx.service.set_notify(ctx.player, on)
        key = "clock.ui.notify_on" if on else "clock.ui.notify_off"
        await ctx.reply.private(translate(Msg(key), ctx.locale))
    await handle(interaction, work, anywhere=True)


async def timeout_vote(interaction: Interaction, target_user: str) -> None:
    """``/game timeout``: vote to end the game because a player ran out of time."""
    async def work(ctx: Context) -> None:
        result = await ctx.service.vote_end(ctx.place, ctx.player, target_user)
        name = texts.safe_name(result.table.names[result.target])
        if result.ended:
            await ctx.reply.public(translate(Msg("clock.ui.vote_ended", {"name": name}),
                                             ctx.channel_locale))
            return
        await ctx.reply.public(translate(Msg("clock.ui.vote_counted", {
            "voter": texts.safe_name(ctx.player.name), "name": name, "votes": result.votes,
            "needed": result.needed}), ctx.channel_locale))
    await handle(interaction, work)


async def server_settings(interaction: Interaction, language: str | None,
                          messages: str | None) -> None:
    """``/game settings``: show the server's settings, or change them (server managers)."""
    async def work(ctx: Context) -> None:
        may_manage = bool(getattr(ctx.interaction.permissions, "manage_guild", False))
        settings = await ctx.service.change_server_settings(ctx.place.guild, may_manage,
                                                            language, messages)
        await ctx.reply.private(translate(Msg("settings.ui.current", {
            "language": Msg(f"settings.ui.language_{settings.language}"),
            "messages": Msg(f"settings.ui.messages_{settings.messages}")}), ctx.locale))
    await handle(interaction, work)
