"""Every registered game played to its end by computer players through the Discord layer:
the host fills the table with computer seats, starts, and hands their own seat over too, so
the driver moves every seat (secret and simultaneous phases included) until the game ends.
Slow: whole games."""

from __future__ import annotations

import pytest

from bot.discord.app import create_bot
from bot.service import Place, Service
from bot.store import Store
from rules.core import all_games

from .conftest import ALICE
from .harness import CHANNEL, GUILD, FakeDiscord, check_limits, install

GAMES = sorted(game.name for game in all_games())


@pytest.fixture
async def real_discord(tmp_path, recorder):
    store = await Store.open(tmp_path / "games.db")
    service = Service(store, seed_source=lambda: 20261127)
    install(recorder)
    bot = create_bot(service, sync=False)
    bot.robots.pause, bot.robots.processes, bot.robots.iterations = 0, 0, 4
    yield FakeDiscord(bot, recorder), service
    await bot.close()
    await store.close()


@pytest.mark.slow
@pytest.mark.parametrize("name", GAMES)
async def test_computer_players_play_a_whole_game(real_discord, recorder, name):
    discord_, service = real_discord
    await discord_.command(ALICE, "game new", game=name, max_players=2)
    await discord_.command(ALICE, "game addbot", level="easy")
    await discord_.command(ALICE, "game start")
    await discord_.command(ALICE, "game replace", player=ALICE, level="easy")
    await discord_.bot.robots.idle()
    record = await service.store.open_game(str(GUILD), str(CHANNEL))
    assert record is None  # the game ended
    [table] = [service.finished_from_record(f.record) for f in
               await service.history(Place(str(GUILD), str(CHANNEL)))]
    assert table.is_over() and all(seat.is_computer for seat in table.record.seats)
    moves = await service.store.moves(table.record.id)
    assert {move.seat for move in moves} == {0, 1} and len(moves) > 20
    final = recorder.public()[-1].content
    assert "Computer players took part, so this game is not rated." in final
    for message in recorder.order:
        check_limits(message)
