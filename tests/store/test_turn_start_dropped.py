"""Migration 7 drops ``games.turn_start`` (nothing read it); older databases keep working."""

from __future__ import annotations

import sqlite3

from bot.store import Store
from bot.store.migrations import MIGRATIONS


def _columns(path, table: str) -> set[str]:
    with sqlite3.connect(path) as db:
        return {row[1] for row in db.execute(f"PRAGMA table_info({table})")}


async def test_a_database_of_schema_6_loses_turn_start_and_keeps_its_games(tmp_path):
    path = tmp_path / "six.db"
    with sqlite3.connect(path) as old:
        for number, script in enumerate(MIGRATIONS[:6], start=1):
            old.executescript(f"{script} PRAGMA user_version = {number};")
        old.execute("INSERT INTO games (game, guild, channel, status, seed, options, seats, host,"
                    " min_players, max_players, version, state, board_message_id,"
                    " board_version, turn_start, created_at, updated_at) VALUES ('toy', 'g',"
                    " 'c', 'active', 7, '{}', '[{\"id\": \"1\", \"name\": \"A\"}]', '1', 1,"
                    " 2, 1, '{\"n\": 1}', '55', 1, 1, 'now', 'now')")
        old.execute("INSERT INTO moves (game_id, seq, seat, action, events, state, undoable,"
                    " created_at) VALUES (1, 1, 0, 'step', '[]', '{\"n\": 1}', 1, 'now')")
    assert "turn_start" in _columns(path, "games")
    store = await Store.open(path)
    try:
        assert await store.schema_version() == len(MIGRATIONS) >= 7
        record = await store.open_game("g", "c")
        assert (record.id, record.version, record.board_message_id, record.board_version) == (
            1, 1, "55", 1)
        assert record.state == {"n": 1} and record.names == ["A"]
        [move] = await store.moves(1)
        assert move.action == "step"
        created = await store.create_game(game="toy", guild="g", channel="d", host=record.seats[0],
                                          seed=3, options={}, min_players=1, max_players=2)
        assert (await store.get_game(created.id)).channel == "d"
    finally:
        await store.close()
    assert "turn_start" not in _columns(path, "games")


async def test_a_new_database_has_no_turn_start(tmp_path):
    store = await Store.open(tmp_path / "new.db")
    await store.close()
    assert "turn_start" not in _columns(tmp_path / "new.db", "games")
