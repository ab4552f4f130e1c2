"""Processes sharing one database: the version check decides every race, and each process's
background work (reminders, time-outs, unposted boards, late ratings) touches only the games
of its own Discord shards. On each backend (``--backend``)."""

from __future__ import annotations

import asyncio

import pytest

from bot.clock import Settings
from bot.errors import UserError
from bot.scheduler import Scheduler
from bot.service import MoveOutcome, Place, Service, computer_turns
from bot.shards import ShardPlan, shard_of
from bot.store import Store
from tests.conftest import ALICE, BOB
from tests.platform.toy_game import TOY

H = 3600
# two servers on shard 0 and two on shard 1 of 2 (Discord's rule: (id >> 22) % count)
GUILDS = [str((k << 22) | 77) for k in (10, 11, 12, 13)]


@pytest.fixture
async def two(database):
    """Two services, each on its own store connection to the same database (two processes)."""
    stores = [await Store.open(database) for _ in range(2)]
    yield [Service(store, games=[TOY], seed_source=lambda: 4242) for store in stores]
    for store in stores:
        await store.close()


def _meet(store: Store, barrier: asyncio.Barrier) -> None:
    """Make ``store``'s moves wait for the other process's at the write: both were computed
    from the same version, so exactly one of them may be saved."""
    real = store.append_move

    async def append_move(*args, **kwargs):
        await asyncio.wait_for(barrier.wait(), 10)
        return await real(*args, **kwargs)

    store.append_move = append_move  # type: ignore[method-assign]


async def test_two_processes_racing_the_same_move_one_wins_and_nothing_is_doubled(two):
    first, second = two
    place = Place(GUILDS[0], "channel-1")
    table = await first.open_and_start(place, [ALICE, BOB], "toy", "goal=50")
    barrier = asyncio.Barrier(2)
    for service in two:
        _meet(service.store, barrier)
    wins = []
    for round_number in range(8):
        mover = [ALICE, BOB][round_number % 2]
        results = await asyncio.gather(first.act(place, mover, "step"),
                                       second.act(place, mover, "step"),
                                       return_exceptions=True)
        won = [r for r in results if isinstance(r, MoveOutcome)]
        lost = [r for r in results if not isinstance(r, MoveOutcome)]
        assert len(won) == 1 and len(lost) == 1, results
        assert isinstance(lost[0], UserError) and lost[0].msg.key.endswith(
            ("service.stale", "service.stale_typed")), lost
        wins.append(won[0])
    moves = await first.store.moves(table.record.id)
    assert [(m.seat, m.action) for m in moves] == [(w.seat, w.action.text) for w in wins]
    assert [w.table.record.version for w in wins] == list(
        range(table.record.version + 1, table.record.version + 9))
    stored = await second.table(place)
    assert stored.record.version == wins[-1].table.record.version
    assert TOY.dump(stored.state) == TOY.dump(wins[-1].table.state)


async def _timed_games(service: Service) -> dict[str, int]:
    """A timed two-player game in each of :data:`GUILDS`; return their ids by guild."""
    ids = {}
    for guild in GUILDS:
        place = Place(guild, "channel-1")
        await service.new_game(place, ALICE, "toy", settings=Settings.parse("1h", "4h", None))
        await service.join(place, BOB)
        ids[guild] = (await service.start(place, ALICE)).record.id
    return ids


class Told:
    """A notifier that remembers which game it was asked about."""

    def __init__(self):
        self.said: list[tuple[str, int]] = []

    async def remind(self, table, seat):
        self.said.append(("remind", table.record.id))

    async def expired(self, table, seat):
        self.said.append(("expired", table.record.id))


def _own(guilds: dict[str, int], shard: int) -> set[int]:
    return {game for guild, game in guilds.items() if shard_of(int(guild), 2) == shard}


async def test_each_process_reminds_and_times_out_only_its_own_shards_games(two):
    for service in two:
        service.now = lambda: 0.0
    ids = await _timed_games(two[0])
    told = [Told(), Told()]
    for shard, service in enumerate(two):
        service.shards = ShardPlan(2, (shard,))
        service.now = lambda: 5 * H
    assert [await service.next_wake() for service in two] == [H, H]  # reminders are due
    await Scheduler(two[0], told[0]).tick()
    assert await two[0].next_wake() != H  # its games reminded and timed out...
    assert await two[1].next_wake() == H  # ...while the other shard's are still due
    await Scheduler(two[1], told[1]).tick()
    for shard in (0, 1):
        assert {game for _, game in told[shard].said} == _own(ids, shard)
        assert len(told[shard].said) == 2 * len(_own(ids, shard))  # a reminder and a time-out
    assert _own(ids, 0) and _own(ids, 1)


async def test_each_process_posts_missing_boards_and_counts_games_of_its_own_shards_only(two):
    ids = await _timed_games(two[0])  # no board message posted yet: all four are unposted
    for shard, service in enumerate(two):
        service.shards = ShardPlan(2, (shard,))
        assert {r.id for r in await service.unposted_games()} == _own(ids, shard)
        assert {t.record.id for t in await service.open_tables()} == _own(ids, shard)
        assert await service.open_game_count() == len(_own(ids, shard))
    every = Service(two[0].store, games=[TOY])  # one process running all shards
    assert {r.id for r in await every.unposted_games()} == set(ids.values())


async def test_each_process_catches_up_the_ratings_of_its_own_shards_only(two):
    for guild in GUILDS:
        place = Place(guild, "channel-1")
        await two[0].open_and_start(place, [ALICE, BOB], "toy", "goal=2")
        for player, move in ((ALICE, "hop 2"), (ALICE, "vote yes"), (BOB, "vote yes")):
            await two[0].act(place, player, move)
        assert (await two[0].history(place))[0].record.status == "over"
    async with two[0].store.write() as db:  # a crash after the last moves: none rated yet
        await db.execute("DELETE FROM results")
    for shard, service in enumerate(two):
        service.shards = ShardPlan(2, (shard,))
    assert await two[0].catch_up_ratings() == 2
    assert await two[0].catch_up_ratings() == 0
    assert await two[1].catch_up_ratings() == 2


async def test_each_process_resumes_the_computer_seats_of_its_own_shards_only(two):
    ids = {}
    for guild in GUILDS:
        place = Place(guild, "channel-1")
        await two[0].new_game(place, ALICE, "toy", "goal=3")
        await two[0].add_computer(place, ALICE, "easy")
        table = await two[0].start(place, ALICE)
        if not computer_turns(table):  # the person moves first: now the computer owes one
            table = (await two[0].act(place, ALICE, table.actions(0)[0].text)).table
        assert computer_turns(table)
        ids[guild] = table.record.id
    for shard, service in enumerate(two):
        service.shards = ShardPlan(2, (shard,))
        assert {t.record.id for t in await service.computer_tables()} == _own(ids, shard)
