"""Two real bot processes, one per Discord shard (SHARD_COUNT=2, SHARD_IDS=0 / 1), on one
PostgreSQL database, against the stand-in: players play at once in channels of guilds on both
shards. Every interaction is answered by the process of its guild's shard, the stored move
log of every game is exactly the moves the players were shown, and after a stop that left
turn messages unposted each missing message is posted once, by its own shard's process."""

from __future__ import annotations

import asyncio
import re

import pytest

from bench.standin import Fault, StandIn
from bench.standin.driver import BotProcess
from bench.standin.gateway import shard_of
from bench.standin.model import GUILD
from bench.standin.session import Session, option_id
from bot.store import Store
from tests.backends import fresh_database

from .conftest import ALICE, BOB, PLUGINS

HANDLED = re.compile(r"interaction (\d+) handled")


def _guilds(count: int) -> list[int]:
    """``count`` guilds alternating between shard 0 and shard 1 of 2 (the first: GUILD)."""
    guilds = [GUILD]
    while len(guilds) < count:
        guilds.append((len(guilds) << 22) | 4242)
    return guilds


class Cluster:
    """The stand-in with channels in several guilds and one bot process per shard."""

    def __init__(self, standin: StandIn, url: str, tmp_path):
        self.standin = standin
        self.url = url
        self.tmp_path = tmp_path
        self.bots: list[BotProcess] = []
        self.sent: dict[int, int] = {}  # interaction id -> guild
        self.handled: dict[int, set[int]] = {}  # interaction id -> shards whose process ran it

    async def start(self) -> None:
        """Start the two processes together (they migrate the database under its lock)."""
        self.bots = [BotProcess(self.standin, self.tmp_path / f"unused-{n}.db", PLUGINS,
                                env={"DATABASE_URL": self.url, "SHARD_COUNT": "2",
                                     "SHARD_IDS": str(n)}) for n in (0, 1)]
        await asyncio.gather(*(bot.start() for bot in self.bots))

    async def stop(self) -> None:
        """Stop both with SIGTERM: each must exit cleanly without an error logged."""
        for bot in self.bots:
            assert await bot.stop() == 0, bot.log[-3000:]
            assert bot.errors() == [], bot.log[-3000:]
        self._note_handled()

    def session(self, channel: int) -> Session:
        """Players at ``channel``, waiting on the process of its guild's shard."""
        guild = self.standin.channels[channel].guild
        return Tracked(self, self.standin, self.bots[shard_of(guild, 2)], channel)

    def _note_handled(self) -> None:
        """Note which process (by its shard) logged each interaction as handled."""
        for shard, bot in enumerate(self.bots):
            for line in bot.lines:
                found = HANDLED.search(line)
                if found:
                    self.handled.setdefault(int(found.group(1)), set()).add(shard)


class Tracked(Session):
    """A session that remembers every interaction it sent and its guild."""

    def __init__(self, cluster: Cluster, *args):
        super().__init__(*args)
        self.cluster = cluster

    async def command(self, user, name, **options):
        done = await super().command(user, name, **options)
        self.cluster.sent[done.id] = self.standin.channels[self.channel].guild
        return done

    async def click(self, user, message, custom_id, values=None):
        done = await super().click(user, message, custom_id, values)
        self.cluster.sent[done.id] = self.standin.channels[self.channel].guild
        return done


async def _open(table: Session) -> None:
    await table.command(ALICE, "game new", game="toy", options="goal=50 first=0")
    lobby = table.lobby()
    await table.click(BOB, lobby, next(i for i in lobby.custom_ids() if i.endswith(":join")))
    lobby = table.lobby()
    await table.click(ALICE, lobby, next(i for i in lobby.custom_ids() if i.endswith(":start")))


async def _play(table: Session, moves: int, shown: list[tuple[int, str]]) -> None:
    """Step forward ``moves`` times, Alice and Bob in turn; note each move the channel shows."""
    for _ in range(moves):
        seat = len(shown) % 2
        before = table.turn()
        await table.click([ALICE, BOB][seat], before, option_id(before, "Step forward"))
        after = table.turn()
        assert after is not before or after.edits, "the move was not shown"
        assert f"<@{[ALICE, BOB][1 - seat].id}>" in after.content
        shown.append((seat, "step"))


async def _stored_moves(url: str) -> dict[int, list[tuple[int, str]]]:
    """Every stored move, by channel, in order."""
    store = await Store.open(url)
    try:
        async with store.read() as db:
            rows = await (await db.execute(
                "SELECT g.channel, m.seat, m.action FROM moves m JOIN games g"
                " ON g.id = m.game_id ORDER BY g.id, m.seq")).fetchall()
    finally:
        await store.close()
    out: dict[int, list[tuple[int, str]]] = {}
    for row in rows:
        out.setdefault(int(row["channel"]), []).append((row["seat"], row["action"]))
    return out


async def _run(postgres_server, tmp_path, guilds: int, channels: int, moves: int) -> None:
    standin = await StandIn(shard_count=2).start()
    ids = _guilds(guilds)
    numbers = list(range(6000, 6000 + channels))
    for guild in ids:
        standin.add_guild(guild, [n for i, n in enumerate(numbers) if ids[i % guilds] == guild])
    cluster = Cluster(standin, await fresh_database(postgres_server), tmp_path)
    try:
        await cluster.start()
        assert len(standin.syncs) == 1  # only the process running shard 0 syncs commands
        shown: dict[int, list[tuple[int, str]]] = {n: [] for n in numbers}
        tables = {n: cluster.session(n) for n in numbers}
        await asyncio.gather(*(_open(tables[n]) for n in numbers))
        await asyncio.gather(*(_play(tables[n], moves, shown[n]) for n in numbers))

        # one more move everywhere whose turn message never reaches the channel
        standin.faults.append(Fault(r"^POST /webhooks/", 403, public=True, times=channels))
        await asyncio.gather(*(_play_unshown(tables[n], shown[n]) for n in numbers))
        standin.faults.clear()
        await cluster.stop()
        stored = await _stored_moves(cluster.url)
        assert stored == shown  # nothing lost, nothing doubled

        await cluster.start()  # each process posts its own shard's missing messages, once
        for number in numbers:
            resumed = [m for m in standin.channel_messages(number)
                       if "The bot restarted" in m.content]
            assert len(resumed) == 1, (number, [m.content for m in resumed])
        for bot in cluster.bots:
            mine = sum(1 for n in numbers if shard_of(standin.channels[n].guild, 2)
                       == cluster.bots.index(bot))
            assert f"posted {mine} messages" in bot.log
        tables = {n: cluster.session(n) for n in numbers}  # the new processes
        await asyncio.gather(*(_play(tables[n], 1, shown[n]) for n in numbers))
        await cluster.stop()
        assert await _stored_moves(cluster.url) == shown
        for interaction, guild in cluster.sent.items():
            assert cluster.handled.get(interaction) == {shard_of(guild, 2)}, interaction
        assert {shard_of(g, 2) for g in cluster.sent.values()} == {0, 1}
        assert standin.gateway.undelivered == []
    finally:
        for bot in cluster.bots:
            if bot.process is not None and bot.process.returncode is None:
                await bot.stop()
        await standin.stop()
    assert standin.violations == []


async def _play_unshown(table: Session, shown: list[tuple[int, str]]) -> None:
    """A move saved while its turn message fails to post (Discord refuses it)."""
    seat = len(shown) % 2
    before = table.turn()
    await table.click([ALICE, BOB][seat], before, option_id(before, "Step forward"))
    shown.append((seat, "step"))


async def test_two_shard_processes_on_one_postgresql_play_many_channels(postgres_server,
                                                                        tmp_path):
    await _run(postgres_server, tmp_path, guilds=4, channels=6, moves=2)


@pytest.mark.slow
async def test_two_shard_processes_play_many_channels_at_length(postgres_server, tmp_path):
    await _run(postgres_server, tmp_path, guilds=10, channels=40, moves=12)
