"""Finished games: the channel's history, exports, summaries, results and ratings."""

from __future__ import annotations

import logging
from typing import Any

from rules.core import Game, Msg

from .. import history as game_history
from ..errors import UserError
from ..store import results as stored
from .lookup import ServiceBase
from .tables import Finished, GameRecord, Place, Rating, Table

HISTORY_LENGTH = 10

log = logging.getLogger(__name__)


class History(ServiceBase):
    """What the channel and the server remember of finished games."""

    async def _rate(self, game: Game, record: GameRecord, state: Any) -> None:
        """Record a finished game's result; a failure here loses no move (caught up later)."""
        try:
            await game_history.record_finish(self.store, game, record, state)
        except Exception:  # the move is saved; catch_up() rates it on the next start
            log.exception("rating game %s failed", record.id)

    async def history(self, place: Place, limit: int = HISTORY_LENGTH) -> list[Finished]:
        """Return the channel's newest finished games (over or aborted), newest first."""
        return await stored.finished_games(self.store, place.guild, place.channel, limit=limit)

    async def finished_table(self, place: Place, game_id: int | None = None) -> Table:
        """Return a finished game of this channel: ``game_id``, or the newest one."""
        if game_id is None:
            newest = await stored.finished_games(self.store, place.guild, place.channel, limit=1)
            if not newest:
                raise UserError(Msg("history.error.no_finished_game"))
            record = newest[0].record
        else:
            record = await self.store.get_game(game_id)
            if record is None or (record.guild, record.channel) != (place.guild, place.channel):
                raise UserError(Msg("history.error.no_such_game", {"id": game_id}))
        if record.status not in stored.FINISHED or record.state is None:
            raise UserError(Msg("history.error.not_finished"))
        return self._table(record)

    def finished_from_record(self, record: GameRecord) -> Table:
        """Return the table of a finished game's record (for the history list)."""
        return self._table(record)

    async def export(self, place: Place, game_id: int | None = None) -> tuple[Table, dict]:
        """Return a finished game and its export document (options, seed, moves)."""
        table = await self.finished_table(place, game_id)
        moves = await stored.all_moves(self.store, table.record.id)
        return table, game_history.export_document(table.record, moves)

    async def summary(self, table: Table) -> game_history.Summary:
        """Return a finished game's length and its place in the server's history."""
        return await game_history.summary(self.store, table.record)

    async def stats(self, guild: str, user_id: str) -> dict[str, Rating]:
        """Return a player's ratings on a server, by game."""
        return await stored.player_ratings(self.store, guild, user_id)

    async def leaderboard(self, guild: str, game_name: str) -> list[Rating]:
        """Return the best-rated players of a server in one game."""
        return await stored.leaderboard(self.store, guild, self.game_named(game_name).name)

    async def catch_up_ratings(self) -> int:
        """Rate finished games of this process's shards left unrated by a crash (the bot
        calls this at start)."""
        return await game_history.catch_up(self.store, self.games, self.owns)
