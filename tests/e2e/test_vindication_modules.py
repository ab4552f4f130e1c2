"""A whole Vindication game with every expansion module on (``modules=all``: Guilds &
Monuments included), through the real bot process and the Discord stand-in (slow)."""

from __future__ import annotations

import random

import pytest

from bench.standin import autoplay
from bench.standin.session import Session

from .conftest import ALICE, BOB, CAROL
from .test_registered_games import real_bot  # noqa: F401  (the fixture)


@pytest.mark.slow
async def test_a_whole_vindication_game_with_every_module(standin, real_bot):  # noqa: F811
    table = Session(standin, real_bot)
    await table.command(ALICE, "game new", game="vindication", options="modules=all")
    for player in (BOB, CAROL):
        lobby = table.lobby()
        await table.click(player, lobby, next(i for i in lobby.custom_ids()
                                               if i.endswith(":join")))
    assert "modules=all" in table.lobby().content
    await table.click(ALICE, table.lobby(), next(i for i in table.lobby().custom_ids()
                                                 if i.endswith(":start")))
    played = await autoplay.play(table, [ALICE, BOB, CAROL], random.Random(23), 4000)
    assert played.over, played
    assert "Game over" in table.public()[-1].content
    moves = [m[3] for m in table.moves()]
    assert any(m.startswith("guild ") for m in moves)
