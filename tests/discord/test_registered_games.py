"""Every registered game played a few turns through Discord: components, limits, boards."""

from __future__ import annotations

import pytest

from bot.discord.app import create_bot
from bot.service import Place, Service
from bot.store import Store
from rules.core import all_games

from .harness import CHANNEL, GUILD, FakeDiscord, Recorder, check_limits

PLAYERS = [(100 + n, f"Player{n}") for n in range(8)]
PLACE = Place(str(GUILD), str(CHANNEL))
MOVES = 12


@pytest.fixture
def real_renderers(monkeypatch):
    """Undo the test-wide renderer stub: use the games' real renderers."""
    import rendering.registry as registry

    monkeypatch.undo()
    registry._renderer_modules.cache_clear()
    return registry


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.name)
async def test_game_plays_through_discord(game, tmp_path, real_renderers):
    recorder = Recorder()
    store = await Store.open(tmp_path / "real.db")
    try:
        service = Service(store, seed_source=lambda: 7)
        bot = create_bot(service, sync=False)
        fake = FakeDiscord(bot, recorder)
        players = PLAYERS[:max(2, game.min_players)]
        await fake.command(players[0], "game new", game=game.name)
        for player in players[1:]:
            await fake.command(player, "game join")
        result = await fake.command(players[0], "game start")
        assert result.public and "begins" in result.public[-1].content
        for _ in range(MOVES):
            table = await service.table(PLACE)
            if table.is_over():
                break
            seat = min(table.to_act())
            user = players[[s.user_id for s in table.record.seats].index(
                table.record.seats[seat].user_id)]
            turn = recorder.public()[-1]
            choice = next((c for row in turn.components for c in row["components"]
                           if c["custom_id"].startswith(("tt:act:", "tt:sel:"))), None)
            if choice is None:
                text = table.game.legal_actions(table.state, seat)[0].text
                await fake.command(user, "move", action=text)
            elif choice["type"] == 3:
                await fake.click(user, turn, choice["custom_id"], [choice["options"][0]["value"]])
            else:
                await fake.click(user, turn, choice["custom_id"])
            assert (await service.table(PLACE)).record.version > table.record.version
        if real_renderers.has_renderer(game.name):
            boards = [m for m in recorder.public() if m.files]
            assert boards and all(len(m.files[0][1]) <= 8 * 1024 * 1024 for m in boards)
        me = await fake.command(players[0], "me")
        assert me.messages and all(m.ephemeral for m in me.messages)
        for message in recorder.order:
            check_limits(message)
        await bot.close()
    finally:
        await store.close()
