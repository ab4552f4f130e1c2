"""The lobby: open a table, join, leave, start, and abort a game."""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from rules.core import Game, Rng, RulesError, parse_options

from .. import clock
from ..errors import UserError
from ..store import ChannelBusy, StoreBusy
from ..store import clocks as clocks_store
from .clocks import Clocks
from .tables import GameRecord, Place, Player, Table


class Lobby(Clocks):
    """Tables before their game starts, and the end of a game without a result."""

    async def new_game(self, place: Place, host: Player, game_name: str,
                       options: str | Mapping[str, str] | None = None,
                       max_players: int | None = None,
                       min_players: int | None = None,
                       settings: clock.Settings | None = None) -> Table:
        """Open a lobby for ``game_name`` in ``place`` with ``host`` seated.

        ``settings`` are the table's reminder and time limits (none by default).
        """
        game = self.game_named(game_name)
        try:
            parsed = parse_options(game.options, options)
        except RulesError as error:
            raise UserError(error.msg) from None
        low, high = self._player_range(game, min_players, max_players)
        problems = [game.check_options(parsed, n) for n in range(low, high + 1)]
        if all(problems):  # no player count in range can start with these options
            raise UserError(problems[-1])  # type: ignore[arg-type]
        async with self._lock(place):
            try:
                record = await self.store.create_game(
                    game=game.name, guild=place.guild, channel=place.channel,
                    host=host, seed=self._seed_source(),
                    options=parsed, min_players=low, max_players=high)
            except ChannelBusy:
                raise UserError("channel_busy") from None
            except StoreBusy:
                raise UserError("busy") from None
            if settings is not None and settings.to_json():
                await clocks_store.set_settings(self.store, record.id, settings)
                record = await self.store.get_game(record.id)
        return self._table(record)

    @staticmethod
    def _player_range(game: Game, low: int | None, high: int | None) -> tuple[int, int]:
        low = game.min_players if low is None else low
        high = game.max_players if high is None else high
        if not (game.min_players <= low <= high <= game.max_players):
            raise UserError("bad_player_range", low=low, high=high,
                            min=game.min_players, max=game.max_players)
        return low, high

    async def open_and_start(self, place: Place, players: Sequence[Player], game_name: str,
                             options: str | Mapping[str, str] | None = None) -> Table:
        """Open a table for ``players`` (the first hosts), seat them in order and start."""
        await self.new_game(place, players[0], game_name, options)
        for player in players[1:]:
            await self.join(place, player)
        return await self.start(place, players[0])

    async def _lobby(self, place: Place, game_id: int | None = None) -> Table:
        table = await self.table(place, game_id)
        if table.record.status != "lobby":
            raise UserError("already_started")
        return table

    async def join(self, place: Place, player: Player, game_id: int | None = None) -> Table:
        """Seat ``player`` in the channel's lobby (``game_id``: refuse another game as stale)."""
        async with self._lock(place):
            table = await self._lobby(place, game_id)
            record = table.record
            if record.seat_of(player.user_id) is not None:
                raise UserError("already_seated")
            if len(record.seats) >= record.max_players:
                raise UserError("lobby_full", max=record.max_players)
            seats = (*record.seats, player)
            return self._table(await self._guard(
                self.store.set_seats(record.id, record.version, seats), record.id))

    async def leave(self, place: Place, player: Player, game_id: int | None = None) -> Table:
        """Unseat ``player`` from the lobby; the lobby closes when its last person leaves."""
        async with self._lock(place):
            record = (await self._lobby(place, game_id)).record
            if record.seat_of(player.user_id) is None:
                raise UserError("not_seated")
            seats = tuple(s for s in record.seats if s.user_id != player.user_id)
            if not any(not seat.is_computer for seat in seats):  # none left, or bots only
                return self._table(await self._guard(
                    self.store.set_status(record.id, record.version, "aborted"), record.id))
            people = [seat.user_id for seat in seats if not seat.is_computer]
            host = people[0] if self.host_of(record) == player.user_id else None
            return self._table(await self._guard(
                self.store.set_seats(record.id, record.version, seats, host), record.id))

    async def start(self, place: Place, player: Player, shuffle: bool = False,
                    game_id: int | None = None) -> Table:
        """Start the lobby's game (host only), seating in join order or shuffled."""
        async with self._lock(place):
            table = await self._lobby(place, game_id)
            record = table.record
            if self.host_of(record) != player.user_id:
                raise UserError("host_only")
            if len(record.seats) < record.min_players:
                raise UserError("not_enough_players", min=record.min_players,
                                seated=len(record.seats))
            seats = list(record.seats)
            if shuffle:
                Rng(record.seed, 1 << 32).shuffle(seats)
            state = self._new_state(table.game, record.seed, len(seats), record.options)
            started = await self._guard(self.store.start_game(
                record.id, record.version, seats, table.game.dump(state)), record.id)
            table = self._table(started)
            await self._tick(table, None)
            return table

    @staticmethod
    def _new_state(game: Game, seed: int, players: int, options: Mapping) -> Any:
        """Set up a game, turning a refused option into a user message."""
        try:
            return game.new_game(seed, players, options)
        except RulesError as error:
            raise UserError(error.msg) from None

    def check_abort(self, record: GameRecord, player: Player, can_manage: bool) -> None:
        """Refuse unless ``player`` hosts the game or may manage the channel."""
        if self.host_of(record) != player.user_id and not can_manage:
            raise UserError("abort_not_allowed")

    async def abort(self, place: Place, player: Player, can_manage: bool = False,
                    expected: tuple[int, int] | None = None) -> GameRecord:
        """End the channel's game without a result (host, or anyone who manages the channel).

        This works on the stored record alone, so a game that is no longer installed can
        always be aborted and its channel freed. With ``expected`` (game id, version), a
        game that changed since the question was asked is refused as stale.
        """
        async with self._lock(place):
            record = await self.record(place)
            if expected is not None and (record.id, record.version) != expected:
                raise UserError("stale")
            self.check_abort(record, player, can_manage)
            return await self._guard(self.store.set_status(record.id, record.version,
                                                           "aborted"), record.id)
