"""The service's core: the store, the registered games, one lock per channel, loaded tables.

Every concern of the service (lobby, play, information, clocks, settings, history) builds on
:class:`ServiceBase`: it finds a channel's game, loads its state once per version (a small
cache keyed by game id and version), and turns a lost race or a busy database into a refusal.
"""

from __future__ import annotations

import asyncio
import secrets
import time
from collections import OrderedDict
from typing import Any, Callable, Sequence

from rules.core import Game, all_games
from rules.core.rng import SEED_BITS

from ..errors import UserError
from ..shards import EVERY_SHARD, ShardPlan
from ..store import StaleVersion, Store, StoreBusy
from .tables import GameRecord, Place, Player, Table


class ServiceBase:
    """Lookup of games and tables on top of a :class:`Store`; the other concerns extend it."""

    def __init__(self, store: Store, games: Sequence[Game] | None = None,
                 seed_source: Callable[[], int] | None = None, cache_size: int = 64):
        self.store = store
        self.games: dict[str, Game] = {g.name: g for g in (games or all_games())}
        if isinstance(store, Store):  # the store rebuilds older states by replaying moves
            store.games.update(self.games)
        self._seed_source = seed_source or (lambda: secrets.randbits(SEED_BITS))
        self._locks: dict[Place, asyncio.Lock] = {}
        # States by (game id, version): each version of a game has exactly one state, and a
        # state is remembered only under the version its own write created.
        self._states: OrderedDict[tuple[int, int], Any] = OrderedDict()
        self._cache_size = cache_size
        self.now: Callable[[], float] = time.time  # the scheduler's clock (tests set it)
        # the Discord shards this process runs: its background work touches only their games
        self.shards: ShardPlan = EVERY_SHARD

    def game_named(self, name: str) -> Game:
        """Return the registered game called ``name`` or refuse with the list of games."""
        game = self.games.get(name)
        if game is None:
            raise UserError("unknown_game", name=name, known=", ".join(sorted(self.games)))
        return game

    def _lock(self, place: Place) -> asyncio.Lock:
        return self._locks.setdefault(place, asyncio.Lock())

    async def table(self, place: Place, game_id: int | None = None) -> Table:
        """Return the open game of ``place``; refuse if the channel has none.

        With ``game_id`` (a click on a message of that game), a channel whose open game is
        another one is refused as stale.
        """
        record = await self.store.open_game(place.guild, place.channel)
        if record is None:
            raise UserError("no_game")
        if game_id is not None and record.id != game_id:
            raise UserError("stale")
        return self._table(record)

    async def table_by_id(self, game_id: int) -> Table:
        """Return the game with ``game_id`` whatever its status; refuse if unknown."""
        record = await self.store.get_game(game_id)
        if record is None:
            raise UserError("no_game")
        return self._table(record)

    def _table(self, record: GameRecord) -> Table:
        game = self.game_named(record.game)
        if record.state is None:
            return Table(record, game, None)
        key = (record.id, record.version)
        state = self._states.get(key)
        if state is None:
            state = game.load(record.state)
            self._remember(key, state)
        return Table(record, game, state)

    def _remember(self, key: tuple[int, int], state: Any) -> None:
        self._states[key] = state
        self._states.move_to_end(key)
        while len(self._states) > self._cache_size:
            self._states.popitem(last=False)

    def _forget(self, game_id: int) -> None:
        """Drop every cached state of a game (after a lost race: reload from the store)."""
        for key in [k for k in self._states if k[0] == game_id]:
            del self._states[key]

    async def record(self, place: Place) -> GameRecord:
        """Return the open game record of ``place`` without loading its rules or state."""
        record = await self.store.open_game(place.guild, place.channel)
        if record is None:
            raise UserError("no_game")
        return record

    def owns(self, guild: str) -> bool:
        """Tell whether server ``guild``'s games are this process's (its shards'), for the
        work it starts itself: reminders, time-outs, posts a stop missed, late ratings."""
        return self.shards.owns(guild)

    async def open_tables(self) -> list[Table]:
        """Return every game in lobby or play of this process's shards (what the bot resumes
        after a restart)."""
        return [self._table(record) for record in await self.store.active_games()
                if self.owns(record.guild)]

    async def open_game_count(self) -> int:
        """Return how many games of this process's shards are in lobby or play, installed or
        not (records only)."""
        return sum(1 for record in await self.store.active_games() if self.owns(record.guild))

    async def _active(self, place: Place, game_id: int | None = None) -> Table:
        table = await self.table(place, game_id)
        if table.record.status != "active":
            raise UserError("not_started")
        return table

    async def _guard(self, write, game_id: int, stale: str = "stale"):
        """Await a versioned write; if the game moved on meanwhile, forget it and refuse."""
        try:
            return await write
        except StaleVersion:
            self._forget(game_id)
            raise UserError(stale) from None
        except StoreBusy:  # another process kept the database: nothing was written
            raise UserError("busy") from None

    def seat_of(self, table: Table, player: Player) -> int:
        """Return ``player``'s seat at ``table``; refuse if they do not play there."""
        seat = table.record.seat_of(player.user_id)
        if seat is None:
            raise UserError("not_in_game")
        return seat

    @staticmethod
    def host_of(record: GameRecord) -> str:
        """The host: the player who opened the table (or the next seated, if they left).

        Seating order does not matter: a shuffled start keeps the same host. A computer
        seat never hosts: with no person seated, the opener stays the host.
        """
        if record.seat_of(record.host) is not None or not record.seats:
            return record.host
        people = [seat.user_id for seat in record.seats if not seat.is_computer]
        return people[0] if people else record.host
