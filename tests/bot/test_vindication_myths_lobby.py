"""The lobby says when Vindication's Myths & Marvels module is on (spec 7.11)."""

from __future__ import annotations

from bot import presenter
from bot.service import Place, Service
from rules.vindication import VINDICATION
from tests.conftest import ALICE


async def test_the_lobby_names_the_myths_module(store):
    service = Service(store, games=[VINDICATION], seed_source=lambda: 4242)
    table = await service.new_game(Place("g", "lobby"), ALICE, "vindication",
                                   "modules=myths", max_players=5)
    for locale in ("en", "ja"):
        assert "modules=myths" in presenter.lobby_lines(table, locale)[-1]
    assert table.game.check_options({"modules": ["myths"]}, 2) is None
    assert table.game.check_options({"modules": ["all"]}, 5) is None
