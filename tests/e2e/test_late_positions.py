"""The load benchmark's late positions: a few games played, copied to every other channel."""

from __future__ import annotations

from bench.discord_load import store_late_games
from bench.standin.model import GUILD
from bench.standin.server import User
from bot.service import Place, Service
from bot.store import Store
from rules.core import get_game


async def test_every_channel_gets_a_real_position_seated_with_its_own_players(tmp_path):
    path = tmp_path / "late.db"
    channels = [3000, 3001, 3002, 3003, 3004]
    users = [[User(100 + 2 * n, f"P{2 * n}"), User(101 + 2 * n, f"P{2 * n + 1}")]
             for n in range(len(channels))]
    await store_late_games(path, "smallworld", channels, users, distinct=2)
    game = get_game("smallworld")
    store = await Store.open(path)
    try:
        service = Service(store, games=[game])
        tables = [await service.table(Place(str(GUILD), str(c))) for c in channels]
        assert [t.names for t in tables] == [[u.name for u in pair] for pair in users]
        assert len({t.record.id for t in tables}) == len(channels)
        original, copy = tables[0], tables[4]  # channel 4 holds a copy of channel 0's game
        assert copy.record.version == original.record.version > 0
        assert game.dump(copy.state) == game.dump(original.state)
        moves = await store.moves(copy.record.id)
        assert [m.action for m in moves] == [m.action for m in await store.moves(
            original.record.id)]
        earlier = await store.state_at(copy.record.id, len(moves) - 3)  # replayed: a real game
        assert earlier == await store.state_at(original.record.id, len(moves) - 3)
        assert tables[1].record.version != original.record.version  # at half its moves
    finally:
        await store.close()
