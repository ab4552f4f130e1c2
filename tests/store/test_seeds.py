"""Secret seeds of 128 bits: drawn for every new game, stored without loss, exported and
replayed exactly; databases and exports from before keep their small seeds."""

from __future__ import annotations

import sqlite3

from bot import history
from bot.service import Place, Service
from bot.store import Store
from bot.store.migrations import MIGRATIONS
from rules.core import Rng
from tests.bot.test_history import finish
from tests.conftest import ALICE, BOB, PLACE
from tests.platform.toy_game import TOY

BIG = (1 << 128) - 12345
SEED_7_STREAM = [728, 859, 173, 496, 693]  # seed 7's first draws below 1000, as ever


async def test_a_128_bit_seed_is_stored_and_read_back_exactly(database):
    store = await Store.open(database)
    record = await store.create_game(game="toy", guild="g", channel="c", host=ALICE, seed=BIG,
                                     options={}, min_players=1, max_players=2)
    await store.close()
    again = await Store.open(database)
    assert (await again.get_game(record.id)).seed == BIG
    await again.close()


async def test_new_games_draw_at_least_128_bits_of_seed(store):
    service = Service(store, games=[TOY])
    seeds = []
    for n in range(4):
        table = await service.new_game(Place(PLACE.guild, f"c{n}"), ALICE, "toy")
        seeds.append(table.record.seed)
    assert max(seed.bit_length() for seed in seeds) > 120 and len(set(seeds)) == 4


async def test_seeds_of_an_older_database_are_kept(tmp_path):
    path = tmp_path / "old.db"
    with sqlite3.connect(path) as old:
        for number, script in enumerate(MIGRATIONS[:6], start=1):
            old.executescript(f"{script} PRAGMA user_version = {number};")
        for seed in (0, 281474976710655, (1 << 63) - 1):
            old.execute("INSERT INTO games (game, guild, channel, status, seed, options, seats,"
                        " host, min_players, max_players, created_at, updated_at) VALUES"
                        " ('toy', 'g', ?, 'over', ?, '{}', '[]', 'h', 1, 2, 'now', 'now')",
                        (str(seed), seed))
    old.close()
    store = await Store.open(path)
    assert [(await store.get_game(n)).seed for n in (1, 2, 3)] == [
        0, 281474976710655, (1 << 63) - 1]
    await store.close()


async def test_a_game_with_a_128_bit_seed_exports_and_replays_exactly(store):
    service = Service(store, games=[TOY], seed_source=lambda: BIG)
    table = await finish(service, players=(ALICE, BOB), goal=4)
    _, document = await service.export(PLACE)
    assert document["seed"] == BIG
    parsed = history.parse_export(history.export_bytes(document).decode())
    steps = list(history.replay(TOY, parsed))
    assert TOY.dump(steps[-1].state) == TOY.dump(table.state)


def test_a_small_seed_keeps_its_stream_and_a_big_one_draws_its_own():
    small = Rng(7)
    assert [small.randbelow(1000) for _ in range(5)] == SEED_7_STREAM
    big = Rng.load(Rng(BIG).dump())
    assert [big.randbelow(1000) for _ in range(5)] != SEED_7_STREAM
    assert big.dump() == [BIG, 5]
