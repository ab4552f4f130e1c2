"""Every registered game plays from lobby to final score through the service and the store."""

from __future__ import annotations

import json

import pytest

from bot.service import Place, Player, Service
from bot.store import Store
from rules.core import all_games, defaults
from rules.core.playout import dumped, random_playout, replay

GAMES = all_games()


@pytest.mark.parametrize("game", GAMES, ids=[g.name for g in GAMES])
async def test_a_whole_game_through_the_service(game, tmp_path):
    players = max(game.min_players, min(3, game.max_players))
    store = await Store.open(tmp_path / "full.db")
    service = Service(store, games=[game], seed_source=lambda: 31)
    place = Place("g", game.name)
    seats = [Player(str(i), f"P{i + 1}") for i in range(players)]
    table = await service.open_and_start(place, seats, game.name)
    playout = random_playout(game, 31, players, defaults(game.options))
    for seat, text in playout.moves:
        outcome = await service.act(place, seats[seat], text)
    assert outcome.table.is_over() and outcome.table.record.status == "over"
    stored = await store.get_game(table.record.id)
    assert json.dumps(stored.state, sort_keys=True) == dumped(game, playout.final)
    moves = await store.moves(table.record.id)
    again = replay(game, 31, players, playout.options, [(m.seat, m.action) for m in moves])
    assert dumped(game, again) == dumped(game, playout.final)
    await store.close()
