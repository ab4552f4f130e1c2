"""The scheduler after a stop between a move and its clocks, and with a game uninstalled."""

from __future__ import annotations

import logging

from bot.clock import Settings
from bot.scheduler import Scheduler
from bot.service import Place, Service
from bot.store import Store
from bot.store import clocks as clocks_store
from tests.conftest import ALICE, PLACE
from tests.platform.toy_game import TOY

from .test_clock import Told, timed

H = 3600


async def test_a_stop_between_a_move_and_its_clocks_reminds_the_new_player_not_the_mover(
        tmp_path, monkeypatch):
    path = tmp_path / "games.db"
    store = await Store.open(path)
    service = Service(store, games=[TOY], seed_source=lambda: 4242)
    service.now = lambda: 0.0
    await timed(service)

    async def stopped(*args, **kwargs):  # the process dies after the move's commit
        raise ConnectionError("killed")

    monkeypatch.setattr(clocks_store, "save_clocks", stopped)
    service.now = lambda: 600.0
    await service.act(PLACE, ALICE, "step")
    monkeypatch.undo()
    await store.close()
    store = await Store.open(path)  # the bot restarts
    again = Service(store, games=[TOY])
    again.now = lambda: 700.0  # the scheduler's first pass after the restart
    told = Told()
    scheduler = Scheduler(again, told)
    try:
        assert await scheduler.tick() == 0
        again.now = lambda: 700.0 + 5 * H
        await scheduler.tick()
        assert told.said == [("remind", 1), ("expired", 1)]  # never the mover, seat 0
        settings, clocks = await again.time_table(await again.table(PLACE))
        assert clocks[0].since is None and clocks[0].used == 700.0
    finally:
        await store.close()


async def test_a_timed_game_no_longer_installed_does_not_stop_the_others_reminders(
        tmp_path, caplog):
    store = await Store.open(tmp_path / "games.db")
    old = Service(store, games=[TOY], seed_source=lambda: 4242)
    old.now = lambda: 0.0
    other = Place(PLACE.guild, "elsewhere")
    await old.new_game(other, ALICE, "toy", settings=Settings.parse("1h", None, None))
    await old.start(other, ALICE)
    await timed(old)
    await store._db.execute("UPDATE games SET game = 'removed' WHERE channel = ?",
                            (other.channel,))  # an admin removed the game
    service = Service(store, games=[TOY])
    service.now = lambda: H + 1
    told = Told()
    try:
        with caplog.at_level(logging.WARNING):
            assert await Scheduler(service, told).tick() == 1
        assert told.said == [("remind", 0)]
        assert "no longer installed" in caplog.text
    finally:
        await store.close()
