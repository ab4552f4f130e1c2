"""The store: create, append, stale versions, undo, restart, concurrent moves."""

from __future__ import annotations

import asyncio
import re
import sqlite3
from pathlib import Path

import pytest

from bot.store import ChannelBusy, Seat, StaleVersion, Store, StoreError
from bot.store.migrations import MIGRATIONS
from tests.platform.toy_game import TOY

HOST = Seat("1", "Host")


async def _new(store: Store, channel: str = "c"):
    return await store.create_game(game="toy", guild="g", channel=channel, host=HOST, seed=7,
                                   options={"goal": 10}, min_players=1, max_players=4)


async def test_create_game_opens_a_lobby_with_the_host_seated(store):
    record = await _new(store)
    assert record.status == "lobby" and record.seats == (HOST,) and record.version == 0
    assert (await store.open_game("g", "c")).id == record.id
    assert await store.schema_version() == len(MIGRATIONS)


async def test_one_open_game_per_channel(store):
    await _new(store)
    with pytest.raises(ChannelBusy):
        await _new(store)
    await _new(store, channel="other")


async def test_append_move_bumps_version_and_stores_the_state(store):
    record = await _new(store)
    record = await store.start_game(record.id, record.version, [HOST], {"n": 0})
    after = await store.append_move(record.id, record.version, seat=0, action="step",
                                    events=[], state={"n": 1}, undoable=True)
    assert after.version == record.version + 1 and after.state == {"n": 1}
    moves = await store.moves(record.id)
    assert [(m.seq, m.action) for m in moves] == [(1, "step")]


async def test_stale_version_is_rejected_and_writes_nothing(store):
    record = await _new(store)
    record = await store.start_game(record.id, record.version, [HOST], {"n": 0})
    await store.append_move(record.id, record.version, seat=0, action="step", events=[],
                            state={"n": 1}, undoable=True)
    with pytest.raises(StaleVersion):
        await store.append_move(record.id, record.version, seat=0, action="step", events=[],
                                state={"n": 99}, undoable=True)
    assert (await store.get_game(record.id)).state == {"n": 1}
    assert len(await store.moves(record.id)) == 1


async def test_undo_restores_the_previous_state(store):
    store.games["toy"] = TOY
    record = await _new(store)
    start = TOY.new_game(7, 1, {"goal": 10})
    record = await store.start_game(record.id, record.version, [HOST], TOY.dump(start))
    after_step, _ = TOY.play(start, 0, "step")
    after_hop, _ = TOY.play(after_step, 0, "hop 2")
    for state, text in ((after_step, "step"), (after_hop, "hop 2")):
        record = await store.append_move(record.id, record.version, seat=0, action=text,
                                         events=[], state=TOY.dump(state), undoable=True)
    record = await store.undo_last_move(record.id, record.version)
    assert record.state == TOY.dump(after_step) and record.turns == (1,)
    record = await store.undo_last_move(record.id, record.version)
    assert record.state == TOY.dump(start) and await store.moves(record.id) == []


async def test_restart_resumes_from_a_fresh_connection(database):
    path = database
    first = await Store.open(path)
    record = await _new(first)
    record = await first.start_game(record.id, record.version, [HOST], {"n": 0})
    await first.append_move(record.id, record.version, seat=0, action="a", events=[],
                            state={"n": 1}, undoable=True)
    await first.close()
    second = await Store.open(path)
    resumed = await second.active_games()
    assert [(r.id, r.state, r.version) for r in resumed] == [(record.id, {"n": 1}, 2)]
    await second.close()


async def test_two_concurrent_moves_on_one_version_lose_no_update(store):
    record = await _new(store)
    record = await store.start_game(record.id, record.version, [HOST], {"n": 0})
    results = await asyncio.gather(
        store.append_move(record.id, record.version, seat=0, action="a", events=[],
                          state={"n": 1}, undoable=True),
        store.append_move(record.id, record.version, seat=0, action="b", events=[],
                          state={"n": 2}, undoable=True),
        return_exceptions=True)
    assert sum(isinstance(r, StaleVersion) for r in results) == 1
    moves = await store.moves(record.id)
    assert len(moves) == 1
    assert (await store.get_game(record.id)).state == {"n": 1 if moves[0].action == "a" else 2}


async def test_migrations_upgrade_an_older_database_keeping_its_games(tmp_path):
    import sqlite3

    path = tmp_path / "old.db"
    with sqlite3.connect(path) as old:
        old.executescript(MIGRATIONS[0] + "PRAGMA user_version = 1;")
        old.execute("INSERT INTO games (game, guild, channel, status, seed, options, seats, host,"
                    " min_players, max_players, created_at, updated_at) VALUES ('toy', 'g', 'c',"
                    " 'active', 1, '{}', '[]', 'h', 1, 2, 'now', 'now')")
        old.execute("INSERT INTO moves VALUES (1, 1, 0, 'step', '[]', '{}', 'x', 1, 'now')")
    store = await Store.open(path)
    assert await store.schema_version() == len(MIGRATIONS)
    [move] = await store.moves(1)
    assert move.action == "step" and move.secret is False
    await store.close()


async def test_a_write_commits_when_its_block_ends_and_rolls_back_when_it_raises(store):
    record = await _new(store)
    async with store.write() as db:
        await db.execute("UPDATE games SET seed = 8 WHERE id = ?", (record.id,))
    with pytest.raises(RuntimeError):
        async with store.write() as db:
            await db.execute("UPDATE games SET seed = 9 WHERE id = ?", (record.id,))
            raise RuntimeError("half way")
    assert (await store.get_game(record.id)).seed == 8


async def _count_commits(store: Store) -> list[str]:
    """Record every COMMIT the store's writing connection runs."""
    commits: list[str] = []
    await store._db.set_trace_callback(
        lambda sql: commits.append(sql) if sql.strip().upper() == "COMMIT" else None)
    return commits


async def _started_games(store: Store, count: int):
    games = []
    for n in range(count):
        record = await _new(store, channel=f"c{n}")
        games.append(await store.start_game(record.id, record.version, [HOST], {"n": 0}))
    return games


async def test_writes_that_queue_together_share_one_commit_and_each_is_on_disk(store, database):
    games = await _started_games(store, 12)
    commits = await _count_commits(store)
    await asyncio.gather(*(store.append_move(g.id, g.version, seat=0, action="a", events=[],
                                             state={"n": g.id}, undoable=True) for g in games))
    assert 1 <= len(commits) < len(games)  # one fsync per group, not per move
    other = await Store.open(database)  # what a restart would find
    try:
        for game in games:
            assert (await other.get_game(game.id)).state == {"n": game.id}
    finally:
        await other.close()


async def test_a_refused_write_in_a_group_leaves_the_others_of_the_group_saved(store):
    games = await _started_games(store, 6)
    stale = games[2]
    results = await asyncio.gather(
        *(store.append_move(g.id, g.version + (5 if g is stale else 0), seat=0, action="a",
                            events=[], state={"n": 1}, undoable=True) for g in games),
        return_exceptions=True)
    assert [isinstance(r, StaleVersion) for r in results] == [g is stale for g in games]
    for game in games:
        assert len(await store.moves(game.id)) == (0 if game is stale else 1)


async def test_a_failed_commit_fails_every_write_of_its_group_and_keeps_nothing(store,
                                                                              monkeypatch):
    games = await _started_games(store, 4)
    real_execute = store._db.execute

    def failing_commit(sql, *args):
        if sql == "COMMIT":
            raise OSError("disk I/O error")
        return real_execute(sql, *args)

    monkeypatch.setattr(store._db, "execute", failing_commit)
    results = await asyncio.gather(
        *(store.append_move(g.id, g.version, seat=0, action="a", events=[], state={"n": 1},
                            undoable=True) for g in games), return_exceptions=True)
    monkeypatch.undo()
    assert all(isinstance(r, StoreError) for r in results), results
    for game in games:
        assert await store.moves(game.id) == []
    after = await store.append_move(games[0].id, games[0].version, seat=0, action="a",
                                    events=[], state={"n": 1}, undoable=True)
    assert after.version == games[0].version + 1


async def test_a_writer_cancelled_while_queued_does_not_leave_its_group_uncommitted(store):
    games = await _started_games(store, 3)
    first = asyncio.create_task(store.append_move(
        games[0].id, games[0].version, seat=0, action="a", events=[], state={"n": 1},
        undoable=True))
    queued = asyncio.create_task(store.append_move(
        games[1].id, games[1].version, seat=0, action="a", events=[], state={"n": 1},
        undoable=True))
    await asyncio.sleep(0)  # both started: the first holds the lock, the second waits for it
    queued.cancel()
    await asyncio.wait_for(first, timeout=5)
    await asyncio.gather(queued, return_exceptions=True)
    assert len(await store.moves(games[0].id)) == 1
    assert store._batch is None


async def test_a_stale_write_leaves_nothing_behind_and_the_next_one_works(store):
    record = await _new(store)
    record = await store.start_game(record.id, record.version, [HOST], {"n": 0})
    with pytest.raises(StaleVersion):
        await store.append_move(record.id, record.version + 5, seat=0, action="step",
                                events=[], state={"n": 1}, undoable=True)
    assert await store.moves(record.id) == []
    after = await store.append_move(record.id, record.version, seat=0, action="step",
                                    events=[], state={"n": 1}, undoable=True)
    assert after.version == record.version + 1 and after.turns == (1,)


def test_only_the_group_commit_writes_begin_commit_or_rollback():
    root = Path(__file__).resolve().parents[2] / "bot"
    offenders = []
    for path in sorted(root.rglob("*.py")):
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if re.search(r"""execute\(\s*["'](BEGIN|COMMIT|ROLLBACK)""", line):
                offenders.append(f"{path.relative_to(root)}:{number}")
    # BEGIN, COMMIT, ROLLBACK TO a savepoint and ROLLBACK of a group: all in Store.write
    assert len(offenders) == 4, offenders
    assert all(o.startswith("store/commit.py:") for o in offenders), offenders


def _cancel_the_committer(store: Store, monkeypatch) -> list[asyncio.Task]:
    """Cancel whichever task issues the next COMMIT while that COMMIT runs."""
    real_execute = store._db.execute
    cancelled: list[asyncio.Task] = []

    def commit_then_cancel(sql, *args):
        if sql == "COMMIT" and not cancelled:
            cancelled.append(asyncio.current_task())
            asyncio.get_running_loop().call_soon(cancelled[0].cancel)
        return real_execute(sql, *args)

    monkeypatch.setattr(store._db, "execute", commit_then_cancel)
    return cancelled


async def test_a_group_whose_committer_is_cancelled_during_commit_reports_saved_moves_as_saved(
        store, monkeypatch):
    games = await _started_games(store, 4)
    cancelled = _cancel_the_committer(store, monkeypatch)
    tasks = [asyncio.create_task(store.append_move(
        g.id, g.version, seat=0, action="a", events=[], state={"n": 1}, undoable=True))
        for g in games]
    results = await asyncio.gather(*tasks, return_exceptions=True)
    monkeypatch.undo()
    assert len(cancelled) == 1
    for task, result in zip(tasks, results, strict=True):
        if task is cancelled[0]:  # its caller was cancelled, which it is told
            assert isinstance(result, asyncio.CancelledError), result
        else:  # the truth: the move is saved
            assert not isinstance(result, BaseException), result
            assert result.version == games[tasks.index(task)].version + 1
    for game in games:
        assert [m.action for m in await store.moves(game.id)] == ["a"]
        with pytest.raises(StaleVersion):  # a resent move is never applied twice
            await store.append_move(game.id, game.version, seat=0, action="a", events=[],
                                    state={"n": 1}, undoable=True)
    assert store._batch is None


async def test_a_commit_that_fails_after_writing_is_resolved_by_reading_back(store,
                                                                              monkeypatch):
    games = await _started_games(store, 3)
    real_execute = store._db.execute

    async def commit_then_lose_the_answer(sql, *args):
        result = await real_execute(sql, *args)
        if sql == "COMMIT":
            raise sqlite3.OperationalError("disk I/O error")
        return result

    monkeypatch.setattr(store._db, "execute", commit_then_lose_the_answer)
    results = await asyncio.gather(
        *(store.append_move(g.id, g.version, seat=0, action="a", events=[], state={"n": 1},
                            undoable=True) for g in games), return_exceptions=True)
    monkeypatch.undo()
    assert [r.version for r in results] == [g.version + 1 for g in games], results
    for game in games:
        assert len(await store.moves(game.id)) == 1


async def test_a_commit_that_fails_and_ends_the_transaction_unwritten_reports_not_saved(
        store, monkeypatch):
    games = await _started_games(store, 3)
    real_execute = store._db.execute

    async def roll_back_instead(sql, *args):
        if sql == "COMMIT":  # the database gave up the transaction (an I/O error mid-commit)
            await real_execute("ROLLBACK")
            raise sqlite3.OperationalError("disk I/O error")
        return await real_execute(sql, *args)

    monkeypatch.setattr(store._db, "execute", roll_back_instead)
    results = await asyncio.gather(
        *(store.append_move(g.id, g.version, seat=0, action="a", events=[], state={"n": 1},
                            undoable=True) for g in games), return_exceptions=True)
    monkeypatch.undo()
    assert all(isinstance(r, StoreError) and "not saved" in str(r) for r in results), results
    for game in games:
        assert await store.moves(game.id) == []
