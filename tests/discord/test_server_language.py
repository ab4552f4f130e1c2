"""One language setting drives everything a server sees (issue 19.3): moves, reminders,
turn messages sent directly (in the player's own Discord language where known), replays."""

from __future__ import annotations

from types import SimpleNamespace

from PIL import Image

from bot.discord.notify import DiscordNotifier
from rendering.common import board_locale

from .conftest import ALICE, BOB
from .test_clock import H, Inbox, open_timed
from .test_history import play_to_the_end


async def japanese_server(discord_, monkeypatch) -> None:
    """Set the server's language to Japanese (its own Discord language stays English)."""
    monkeypatch.setattr("discord.Permissions.manage_guild", property(lambda self: True))
    await discord_.command(ALICE, "game settings", language="ja")
    monkeypatch.setattr("discord.Permissions.manage_guild", property(lambda self: False))


async def test_reminders_follow_the_servers_language_and_dms_the_players_own(
        discord_, service, monkeypatch):
    await japanese_server(discord_, monkeypatch)
    inbox = Inbox()
    await open_timed(discord_, service, reminder="1h")
    await discord_.command(ALICE, "notify", setting="on", locale="en-US")
    client = SimpleNamespace(get_channel=inbox.channel, get_user=inbox.user,
                             user_locales=discord_.bot.user_locales)
    monkeypatch.setattr(discord_.bot.scheduler, "notifier", DiscordNotifier(client, service))
    service.now = lambda: 2 * H
    await discord_.bot.scheduler.tick()
    [(channel, said), (dm, told)] = inbox.sent
    assert channel.startswith("channel") and "ゲームがあなたを待っています" in said
    assert dm == f"dm:{ALICE[0]}" and "is waiting for you" in told  # Alice's own English


async def test_a_turn_dm_is_in_the_players_own_language_else_the_servers(
        discord_, service, monkeypatch):
    await japanese_server(discord_, monkeypatch)
    inbox = Inbox()
    monkeypatch.setattr(discord_.bot, "get_user", inbox.user)
    await open_timed(discord_, service)
    await service.set_notify(SimpleNamespace(user_id=str(BOB[0])), True)
    discord_.bot.user_locales.pop(str(BOB[0]), None)  # Bob's own language unknown
    await discord_.command(ALICE, "move", action="step", locale="en-US")
    [(to, text)] = inbox.sent
    assert to == f"dm:{BOB[0]}" and "あなたの番です" in text  # the server's language
    await discord_.command(BOB, "move", action="step", locale="en-US")
    await discord_.command(ALICE, "move", action="step", locale="ja")
    assert inbox.sent[-1][1].startswith("Your turn in")  # Bob's own language, now known


async def test_a_replay_is_drawn_and_captioned_in_the_servers_language(
        discord_, monkeypatch, no_renderers):
    drawn = []

    def render(view, last_move=None, **options):
        drawn.append(board_locale())
        return Image.new("RGB", (48, 24), (20 * len(drawn) % 256, 90, 200))

    no_renderers["toy"] = render
    await japanese_server(discord_, monkeypatch)
    await play_to_the_end(discord_)
    drawn.clear()
    result = await discord_.command(BOB, "game replay", locale="en-US")
    [post] = result.public
    assert drawn and set(drawn) == {"ja"} and "Replay of" not in post.content
