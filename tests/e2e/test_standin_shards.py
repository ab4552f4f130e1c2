"""The stand-in shards as Discord does: sessions per shard, each guild's events to its shard
only, bad or too few shards refused with 4010 / 4011 (Discord "Gateway" page, Sharding)."""

from __future__ import annotations

import asyncio
import json

import aiohttp
import pytest

from bench.standin import StandIn
from bench.standin.driver import BotProcess
from bench.standin.gateway import shard_of
from bench.standin.model import GUILD, TOKEN
from bench.standin.session import Session

from .conftest import ALICE, PLUGINS

ON_1 = (3 << 22) | 9  # a guild of shard 1 of 2 (GUILD, 1000, is on shard 0)


@pytest.fixture
async def sharded():
    server = await StandIn(shard_count=2).start()
    server.add_guild(ON_1, [5001])
    yield server
    await server.stop()


async def _identify(session: aiohttp.ClientSession, server: StandIn, shard):
    socket = await session.ws_connect(server.gateway_url)
    assert json.loads((await socket.receive()).data)["op"] == 10  # HELLO
    payload = {"token": TOKEN, "intents": 1, "properties": {}}
    if shard is not None:
        payload["shard"] = shard
    await socket.send_str(json.dumps({"op": 2, "d": payload}))
    return socket


async def _events(socket, count: int) -> list[dict]:
    return [json.loads((await socket.receive(timeout=5)).data) for _ in range(count)]


async def test_each_shard_gets_its_own_guilds_and_their_interactions_only(sharded):
    assert shard_of(GUILD, 2) == 0 and shard_of(ON_1, 2) == 1
    async with aiohttp.ClientSession() as session:
        async with session.get(sharded.url + "/gateway/bot") as response:
            assert (await response.json())["shards"] == 2
        sockets = [await _identify(session, sharded, [n, 2]) for n in (0, 1)]
        for number, socket in enumerate(sockets):
            ready, created = await _events(socket, 2)
            assert ready["t"] == "READY" and ready["d"]["shard"] == [number, 2]
            guild = [GUILD, ON_1][number]
            assert [g["id"] for g in ready["d"]["guilds"]] == [str(guild)]
            assert created["t"] == "GUILD_CREATE" and created["d"]["id"] == str(guild)
            assert {c["id"] for c in created["d"]["channels"]} == (
                {"2000"} if number == 0 else {"5001"})
        await sharded.command(ALICE, "game status", 5001)
        await sharded.command(ALICE, "game status", 2000)
        [on_shard_1] = await _events(sockets[1], 1)
        [on_shard_0] = await _events(sockets[0], 1)
        assert on_shard_1["d"]["guild_id"] == str(ON_1) and on_shard_1["s"] == 3
        assert on_shard_0["d"]["guild_id"] == str(GUILD) and on_shard_0["s"] == 3
        assert on_shard_1["d"]["channel_id"] == "5001"
        for socket in sockets:
            await socket.close()


@pytest.mark.parametrize("shard, code", [([2, 2], 4010), ([-1, 2], 4010), ([0, 0], 4010),
                                         ("0,2", 4010), ([0, 1], 4011), (None, 4011)])
async def test_a_bad_shard_or_too_few_shards_are_refused(sharded, shard, code):
    sharded.max_guilds_per_shard = 1  # two guilds: at least two shards
    async with aiohttp.ClientSession() as session:
        socket = await _identify(session, sharded, shard)
        closed = await socket.receive(timeout=5)
        assert closed.type is aiohttp.WSMsgType.CLOSE and closed.data == code
    assert sharded.gateway.refused == [(shard, code)]


async def test_the_bot_told_sharding_is_required_exits_with_one_line(sharded, tmp_path):
    sharded.max_guilds_per_shard = 1
    bot = BotProcess(sharded, tmp_path / "games.db", PLUGINS, env={"SHARD_COUNT": "1"})
    with pytest.raises(AssertionError, match="did not log in"):
        await bot.start()
    # it exits by itself: wait for that rather than stop it (a SIGTERM sent while the
    # interpreter finishes could end it with another code)
    code = await asyncio.wait_for(bot.process.wait(), 30)
    assert code == 2, bot.log
    await bot.stop()
    assert bot.lines[-1] == ("tabletop: Discord closed the gateway with code 4011: too few "
                             "shards for the bot's servers (raise SHARD_COUNT).")
    assert not any(line.startswith("Traceback") for line in bot.lines)


async def test_one_process_without_shard_settings_runs_every_recommended_shard(sharded,
                                                                               tmp_path):
    bot = await BotProcess(sharded, tmp_path / "games.db", PLUGINS).start()  # waits for 0, 1
    try:
        assert {n: s.count for n, s in sharded.gateway.sessions.items()} == {0: 2, 1: 2}
        for channel in (2000, 5001):  # a guild of each shard
            status = await Session(sharded, bot, channel).command(ALICE, "game status")
            assert "no game" in status.text.lower()
        assert "running all shards (automatic)" in bot.log
    finally:
        assert await bot.stop() == 0
    assert bot.errors() == [] and sharded.violations == []
