"""Registered games through the real bot process: boards uploaded within the limit, menus,
and (slow) whole games of every registered game from ``/game new`` to the final score."""

from __future__ import annotations

import random

import pytest

from bench.standin import autoplay
from bench.standin.driver import BotProcess
from bench.standin.session import Session
from rules.core import all_games

from .conftest import ALICE, BOB, CAROL


async def _open(table: Session, game: str, players) -> None:
    await table.command(players[0], "game new", game=game)
    for player in players[1:]:
        lobby = table.lobby()
        await table.click(player, lobby, next(i for i in lobby.custom_ids()
                                               if i.endswith(":join")))
    lobby = table.lobby()
    await table.click(players[0], lobby, next(i for i in lobby.custom_ids()
                                              if i.endswith(":start")))


@pytest.fixture
async def real_bot(standin, tmp_path):
    """The bot with only the registered games (no toy game), boards drawn in 2 processes."""
    process = await BotProcess(standin, tmp_path / "games.db",
                               env={"RENDER_PROCESSES": "2"}).start()
    yield process
    assert await process.stop() == 0
    assert process.errors() == [], process.log[-3000:]


async def test_boards_fit_the_upload_limit_or_the_players_are_told(standin, real_bot):
    table = Session(standin, real_bot)
    await _open(table, "smallworld", [ALICE, BOB])
    [(name, full)] = table.turn().files
    assert name == "board.png" and full > 20_000
    played = await autoplay.play(table, [ALICE, BOB], random.Random(3), max_moves=2)
    assert played.moves == 2 and played.menus + played.clicks + played.typed == 2

    standin.upload_limit = full * 2 // 3  # a palette PNG fits where the full one does not
    smaller = await table.command(BOB, "board")
    [(_, size)] = smaller.public[0].files
    assert size <= standin.upload_limit
    standin.upload_limit = 2_000  # nothing fits: the board goes without its picture
    bare = await table.command(BOB, "board")
    assert bare.public[0].files == []
    assert "too large to upload" in bare.public[0].content


@pytest.mark.slow
@pytest.mark.parametrize("game", [game.name for game in all_games()])
async def test_a_whole_game_of_every_registered_game(standin, real_bot, game):
    table = Session(standin, real_bot)
    await _open(table, game, [ALICE, BOB, CAROL])
    played = await autoplay.play(table, [ALICE, BOB, CAROL], random.Random(7), 3000)
    assert played.over, played
    assert "Game over" in table.public()[-1].content
    assert played.clicks and (played.menus or played.typed)
