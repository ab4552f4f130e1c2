"""Two real bot processes started at the same moment on a fresh database: both migrate it
safely, log in and stop cleanly (no traceback, no hang)."""

from __future__ import annotations

import asyncio

from bench.standin.driver import BotProcess
from tests.e2e.conftest import PLUGINS


async def test_two_bots_started_together_on_a_fresh_database_both_run(standin, tmp_path):
    database = tmp_path / "fresh" / "games.db"
    bots = [BotProcess(standin, database, PLUGINS) for _ in range(2)]
    await asyncio.gather(*(bot.start() for bot in bots))
    await asyncio.sleep(1.0)  # a loser of the migration race would have failed by now
    for bot in bots:
        assert bot.process.returncode is None, bot.log[-3000:]
    codes = [await bot.stop() for bot in bots]
    for bot, code in zip(bots, codes, strict=True):
        assert code == 0, bot.log[-3000:]
        assert bot.errors() == [], bot.log[-3000:]


async def test_a_stop_while_the_bot_is_still_starting_exits_cleanly(standin, tmp_path):
    bot = BotProcess(standin, tmp_path / "games.db", PLUGINS)
    await bot.launch()
    await bot.logged("INFO bot: database")  # importing discord.py, not yet running
    code = await bot.stop()
    assert code == 0, bot.log[-3000:]
    assert bot.errors() == [], bot.log[-3000:]
    assert "has connected to Gateway" not in bot.log
