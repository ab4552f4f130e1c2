"""The lobby says when Vindication's Treachery module is on (spec 7.3)."""

from __future__ import annotations

from bot import presenter
from bot.service import Place, Service
from rules.vindication import VINDICATION
from tests.conftest import ALICE


async def test_the_lobby_names_the_treachery_module(store):
    service = Service(store, games=[VINDICATION], seed_source=lambda: 4242)
    table = await service.new_game(Place("g", "lobby"), ALICE, "vindication",
                                   "modules=treachery", max_players=5)
    for locale in ("en", "ja"):
        assert "modules=treachery" in presenter.lobby_lines(table, locale)[-1]
