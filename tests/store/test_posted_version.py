"""The store remembers which version the channel's message shows, and the bot's settings."""

from __future__ import annotations

from bot.store import Seat, Store

HOST = Seat("1", "Host")


async def _started(store: Store):
    record = await store.create_game(game="toy", guild="g", channel="c", host=HOST, seed=7,
                                     options={}, min_players=1, max_players=4)
    return await store.start_game(record.id, record.version, [HOST], {"n": 0})


async def test_a_saved_move_without_its_post_is_listed_until_posted(store):
    record = await _started(store)
    await store.set_board_message(record.id, "m1", record.version)
    assert await store.unposted_games() == []
    moved = await store.append_move(record.id, record.version, seat=0, action="step",
                                    events=[], state={"n": 1}, undoable=True)
    [missing] = await store.unposted_games()
    assert missing.id == record.id and missing.board_version == record.version
    await store.set_board_message(record.id, "m2", moved.version)
    assert await store.unposted_games() == []


async def test_an_older_post_never_replaces_a_newer_one(store):
    record = await _started(store)
    await store.set_board_message(record.id, "new", 5)
    await store.set_board_message(record.id, "old", 4)
    game = await store.get_game(record.id)
    assert (game.board_message_id, game.board_version) == ("new", 5)


async def test_settings_are_kept_and_replaced(store):
    assert await store.setting("synced_commands") is None
    await store.set_setting("synced_commands", "a")
    await store.set_setting("synced_commands", "b")
    assert await store.setting("synced_commands") == "b"
