"""Server settings: anyone may see them, only server managers may change them."""

from __future__ import annotations

from .conftest import ALICE, BOB
from .harness import GUILD


async def test_settings_are_shown_to_anyone_and_default_to_quiet_auto(discord_):
    result = await discord_.command(BOB, "game settings")
    assert "language the server's Discord language, one message per turn" in \
        result.private[0].content
    assert result.public == []


async def test_only_server_managers_change_the_settings(discord_, service, monkeypatch):
    refused = await discord_.command(BOB, "game settings", language="ja")
    assert "Only members who can manage this server" in refused.private[0].content
    monkeypatch.setattr("discord.Permissions.manage_guild", property(lambda self: True))
    changed = await discord_.command(ALICE, "game settings", language="ja", messages="every")
    assert "language Japanese, one message per move" in changed.private[0].content
    stored = await service.server_settings(str(GUILD))
    assert (stored.language, stored.messages) == ("ja", "every")
    again = await discord_.command(BOB, "game settings", locale="ja")
    assert "言語は日本語、1手ごとに1メッセージ" in again.private[0].content
