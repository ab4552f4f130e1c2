"""The move log is the record: snapshots every few moves, any state rebuilt exactly by
replaying from the nearest one, and older databases converted without losing a game."""

from __future__ import annotations

import json
import sqlite3

import pytest

from bot.store import Seat, Store, snapshots
from bot.store.migrations import MIGRATIONS
from rules.core import get_game
from rules.core.playout import random_playout
from tests.platform.toy_game import TOY

HOST = Seat("1", "Host")
SNAPSHOT_MIGRATION = 9  # the migration that moved states out of the moves


async def _played(store: Store, game, players: int, seed: int, channel: str):
    """Store a whole random game move by move; return its record and each state dumped."""
    playout = random_playout(game, seed, players)
    record = await store.create_game(game=game.name, guild="g", channel=channel, host=HOST,
                                     seed=seed, options={}, min_players=1, max_players=7)
    state = game.new_game(seed, players, {})
    states = [game.dump(state)]
    seats = [Seat(str(n), f"P{n}") for n in range(players)]
    record = await store.start_game(record.id, record.version, seats, states[0])
    for seat, text in playout.moves:
        state, events = game.play(state, seat, text)
        states.append(game.dump(state))
        record = await store.append_move(
            record.id, record.version, seat=seat, action=text,
            events=[e.to_json() for e in events], state=states[-1], undoable=False,
            status="over" if game.is_over(state) else "active")
    return record, states


@pytest.mark.parametrize(("name", "players"), [("smallworld", 3), ("caverna", 2),
                                               ("antiquity", 2), ("vindication", 2)])
async def test_every_state_of_a_game_is_rebuilt_exactly_from_the_log(store, name, players):
    game = get_game(name)
    store.games[name] = game
    record, states = await _played(store, game, players, 5, "c")
    assert (await store.get_game(record.id)).state == states[-1]
    for seq in range(0, len(states), 7):
        assert await store.state_at(record.id, seq) == json.loads(json.dumps(states[seq]))
    async with store.read() as db:
        (kept,) = await (await db.execute("SELECT COUNT(*) FROM snapshots")).fetchone()
    assert kept == (len(states) - 1) // snapshots.EVERY


async def test_undo_across_a_snapshot_replays_from_the_one_before(store, monkeypatch):
    monkeypatch.setattr(snapshots, "EVERY", 3)
    store.games["toy"] = TOY
    record = await store.create_game(game="toy", guild="g", channel="c", host=HOST, seed=3,
                                     options={"goal": 50}, min_players=1, max_players=1)
    state = TOY.new_game(3, 1, {"goal": 50})
    states = [TOY.dump(state)]
    record = await store.start_game(record.id, record.version, [HOST], states[0])
    for n in range(8):
        state, _ = TOY.play(state, 0, "hop 1" if n % 2 else "step")
        states.append(TOY.dump(state))
        record = await store.append_move(record.id, record.version, seat=0,
                                         action="hop 1" if n % 2 else "step", events=[],
                                         state=states[-1], undoable=True)
    for seq in range(7, 1, -1):  # across the snapshots after moves 6 and 3
        record = await store.undo_last_move(record.id, record.version)
        assert record.state == states[seq] and sum(record.turns) == seq


def _old_database(path, games: list[tuple]) -> None:
    """Write ``games`` (game, seed, players, states, moves) with the schema before snapshots:
    every move row holds its full state."""
    with sqlite3.connect(path) as old:
        for number, script in enumerate(MIGRATIONS[:SNAPSHOT_MIGRATION - 1], start=1):
            old.executescript(f"{script} PRAGMA user_version = {number};")
        for index, (name, seed, players, states, moves) in enumerate(games, start=1):
            seats = json.dumps([{"id": str(n), "name": f"P{n}"} for n in range(players)])
            old.execute(
                "INSERT INTO games (game, guild, channel, status, seed, options, seats, host,"
                " min_players, max_players, version, initial_state, state, created_at,"
                " updated_at) VALUES (?, 'g', ?, 'over', ?, '{}', ?, '0', 1, 7, ?, ?, ?,"
                " 'now', 'now')", (name, f"c{index}", str(seed), seats, len(moves) + 2,
                                   json.dumps(states[0]), json.dumps(states[-1])))
            for seq, ((seat, text), state) in enumerate(zip(moves, states[1:], strict=True),
                                                        start=1):
                old.execute("INSERT INTO moves (game_id, seq, seat, action, events, state,"
                            " undoable, secret, created_at) VALUES (?, ?, ?, ?, '[]', ?, 0, 0,"
                            " 'now')", (index, seq, seat, text, json.dumps(state)))
    old.close()


async def test_a_database_from_before_snapshots_keeps_every_game_and_state(tmp_path):
    games = []
    for name, players, seed in (("smallworld", 2, 11), ("caverna", 1, 12), ("toy", 2, 13)):
        game = TOY if name == "toy" else get_game(name)
        playout = random_playout(game, seed, players, {"goal": 8} if name == "toy" else {})
        state = game.new_game(seed, players, {"goal": 8} if name == "toy" else {})
        states = [game.dump(state)]
        for seat, text in playout.moves:
            state, _ = game.play(state, seat, text)
            states.append(game.dump(state))
        games.append((name, seed, players, states, playout.moves))
    path = tmp_path / "old.db"
    _old_database(path, games)
    store = await Store.open(path)
    store.games.update({"smallworld": get_game("smallworld"), "caverna": get_game("caverna"),
                        "toy": TOY})
    try:
        assert await store.schema_version() == len(MIGRATIONS)
        for game_id, (_, seed, _, states, moves) in enumerate(games, start=1):
            record = await store.get_game(game_id)
            assert record.seed == seed and record.state == json.loads(json.dumps(states[-1]))
            assert [(m.seat, m.action) for m in await store.moves(game_id)] == list(moves)
            for seq in range(len(states)):
                assert await store.state_at(game_id, seq) == json.loads(json.dumps(states[seq]))
    finally:
        await store.close()
