"""What the history commands do: list finished games, export one, replay it, show ratings."""

from __future__ import annotations

from bot.errors import UserError
from bot.history import export_bytes
from bot.presenter import game_title
from bot.ratings import shown
from bot.replays import replay_gif_async
from bot.service import Table
from rules.core import Msg, translate

from .context import Context
from .flow import flow
from .replies import upload_limit
from .texts import safe_name


def _say(ctx: Context, key: str, **params) -> str:
    return translate(Msg(f"history.ui.{key}", params), ctx.locale)


def _result(ctx: Context, table: Table) -> str:
    if table.record.status != "over":
        return _say(ctx, "no_result")
    names = [safe_name(table.names[s]) for s in table.game.winners(table.state)]
    return _say(ctx, "won_by", players=", ".join(names))


@flow
async def history(ctx: Context) -> None:
    """Privately list the channel's newest finished games with their results."""
    finished = await ctx.service.history(ctx.place)
    if not finished:
        raise UserError(Msg("history.error.no_finished_game"))
    lines = [_say(ctx, "title")]
    for item in finished:
        lines.append(_history_line(ctx, item))
    await ctx.reply.private(lines)


def _history_line(ctx: Context, item) -> str:
    """One finished game: id, game, date, status, length and winners."""
    try:
        table = ctx.service.finished_from_record(item.record)
        title, result = game_title(table, ctx.locale), _result(ctx, table)
    except UserError:  # the game is no longer installed: list it by name
        title, result = item.record.game, _say(ctx, "no_result")
    return _say(ctx, "line", id=item.record.id, game=title, date=item.updated_at[:10],
                moves=item.moves, status=_say(ctx, item.record.status), result=result)


@flow
async def export(ctx: Context, game_id: int | None) -> None:
    """Privately send the export file of a finished game (the newest when no id is given)."""
    table, document = await ctx.service.export(ctx.place, game_id)
    filename = f"{table.game.name}-{table.record.id}.json"
    caption = _say(ctx, "export_caption", id=table.record.id,
                   game=game_title(table, ctx.locale), filename=filename)
    await ctx.reply.attachment(caption, export_bytes(document), filename)


@flow
async def replay(ctx: Context, game_id: int | None) -> None:
    """Post an animated replay of a finished game in the channel, in the channel's language."""
    table, document = await ctx.service.export(ctx.place, game_id)
    try:
        gif = await replay_gif_async(table.game, document, upload_limit(ctx.interaction),
                                     on_wait=lambda ahead: ctx.reply.private(
                                         _say(ctx, "replay_waiting", ahead=ahead)),
                                     locale=ctx.channel_locale)
    except ValueError as error:
        raise UserError(Msg("history.error.replay_failed", {"reason": str(error)})) from None
    caption = translate(Msg("history.ui.replay_caption", {  # posted for the channel
        "id": table.record.id, "game": game_title(table, ctx.channel_locale)}),
        ctx.channel_locale)
    await ctx.reply.attachment(caption, gif, f"replay-{table.record.id}.gif", public=True)


@flow
async def stats(ctx: Context, user_id: str | None, name: str | None,
                game: str | None) -> None:
    """Privately show a player's ratings on this server (the caller's by default)."""
    who, shown_name = (user_id, name) if user_id else (ctx.player.user_id, ctx.player.name)
    shown_name = safe_name(shown_name or "")
    rated = await ctx.service.stats(ctx.place.guild, who)
    if game is not None:
        rated = {k: v for k, v in rated.items() if k == game}
    if not rated:
        await ctx.reply.private(_say(ctx, "stats_none", name=shown_name))
        return
    lines = [_say(ctx, "stats_title", name=shown_name)]
    for game_name, rating in sorted(rated.items()):
        lines.append(_say(ctx, "stats_line", game=_title(ctx, game_name),
                          rating=shown(rating.mu, rating.sigma), played=rating.played,
                          won=rating.won))
    await ctx.reply.private(lines)


@flow
async def leaderboard(ctx: Context, game: str) -> None:
    """Privately show the best-rated players of a game on this server."""
    best = await ctx.service.leaderboard(ctx.place.guild, game)
    title = _title(ctx, game)
    if not best:
        await ctx.reply.private(_say(ctx, "leaderboard_empty", game=title))
        return
    lines = [_say(ctx, "leaderboard_title", game=title)]
    for rank, rating in enumerate(best, start=1):
        lines.append(_say(ctx, "leaderboard_line", rank=rank, name=safe_name(rating.name),
                          rating=shown(rating.mu, rating.sigma), played=rating.played,
                          won=rating.won))
    await ctx.reply.private(lines)


def _title(ctx: Context, game_name: str) -> str:
    game = ctx.service.games.get(game_name)
    if game is None or not game.title:
        return game_name
    return translate(Msg(game.title), ctx.locale)
