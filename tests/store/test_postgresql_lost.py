"""PostgreSQL: a writer whose connection the server drops is told the truth and reconnects.

Real server, real dropped connection (``pg_terminate_backend``): once right after its COMMIT
(the moves are saved, the answer is lost), once right before (nothing is saved)."""

from __future__ import annotations

import asyncio

import asyncpg
import pytest

from bot.store import Seat, StaleVersion, Store, StoreError

HOST = Seat("1", "Host")


pytestmark = pytest.mark.backends("postgresql")  # about PostgreSQL's connections only


class _DropsAtCommit:
    """The writer's asyncpg connection, whose next COMMIT loses the connection."""

    def __init__(self, connection, database: str, after: bool):
        self._connection, self._database, self._after = connection, database, after

    async def execute(self, sql, *args):
        if sql != "COMMIT":
            return await self._connection.execute(sql, *args)
        if self._after:
            await self._connection.execute(sql, *args)
        killer = await asyncpg.connect(self._database)
        await killer.execute("SELECT pg_terminate_backend($1)",
                             self._connection.get_server_pid())
        await killer.close()
        return await self._connection.execute("SELECT 1")  # what the lost connection answers

    def __getattr__(self, name):
        return getattr(self._connection, name)


async def _started(store: Store, count: int):
    games = []
    for n in range(count):
        record = await store.create_game(game="toy", guild="g", channel=f"c{n}", host=HOST,
                                         seed=n, options={}, min_players=1, max_players=2)
        games.append(await store.start_game(record.id, record.version, [HOST], {"n": 0}))
    return games


async def _drop_writer_around_commit(store: Store, database: str, monkeypatch, after: bool):
    """Make the writer's next COMMIT lose its connection (after or before committing)."""
    monkeypatch.setattr(store._db, "_connection",
                        _DropsAtCommit(store._db._connection, database, after))


async def _moves(store: Store, games):
    return await asyncio.gather(
        *(store.append_move(g.id, g.version, seat=0, action="a", events=[], state={"n": 1},
                            undoable=True) for g in games), return_exceptions=True)


async def test_moves_committed_before_the_connection_dropped_are_reported_saved(
        store, database, monkeypatch):
    games = await _started(store, 3)
    await _drop_writer_around_commit(store, database, monkeypatch, after=True)
    results = await _moves(store, games)
    assert [getattr(r, "version", r) for r in results] == [g.version + 1 for g in games]
    for game in games:
        assert [m.action for m in await store.moves(game.id)] == ["a"]
        with pytest.raises(StaleVersion):  # a resent move is never applied twice
            await store.append_move(game.id, game.version, seat=0, action="a", events=[],
                                    state={"n": 1}, undoable=True)
    again = await store.append_move(games[0].id, games[0].version + 1, seat=0, action="b",
                                    events=[], state={"n": 2}, undoable=True)
    assert again.version == games[0].version + 2  # the writer reconnected


async def test_moves_whose_connection_dropped_before_commit_are_reported_not_saved(
        store, database, monkeypatch):
    games = await _started(store, 3)
    await _drop_writer_around_commit(store, database, monkeypatch, after=False)
    results = await _moves(store, games)
    assert all(isinstance(r, StoreError) and "not saved" in str(r) for r in results), results
    for game in games:
        assert await store.moves(game.id) == []
    again = await store.append_move(games[0].id, games[0].version, seat=0, action="a",
                                    events=[], state={"n": 1}, undoable=True)
    assert again.version == games[0].version + 1  # the writer reconnected
