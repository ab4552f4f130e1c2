"""Time settings through Discord: /game new durations, remaining time, /notify, reminders,
time-outs and the vote to end the game."""

from __future__ import annotations

from types import SimpleNamespace

from bot.discord.notify import DiscordNotifier

from .conftest import ALICE, BOB, CAROL

H = 3600


class Inbox:
    """A stand-in for Discord users and channels that records what the bot sends them."""

    def __init__(self):
        self.sent: list[tuple[str, str]] = []

    def user(self, user_id):
        async def send(text):
            self.sent.append((f"dm:{user_id}", text))
        return SimpleNamespace(send=send)

    def channel(self, channel_id):
        async def send(text, **kwargs):
            self.sent.append((f"channel:{channel_id}", text))
        return SimpleNamespace(send=send, guild=SimpleNamespace(preferred_locale="en-US"))


async def open_timed(discord_, service, players=(ALICE, BOB), **times):
    service.now = lambda: 0.0
    lobby = await discord_.command(players[0], "game new", game="toy", **times)
    for player in players[1:]:
        await discord_.command(player, "game join")
    start = await discord_.command(players[0], "game start")
    return lobby, start


async def test_the_lobby_and_the_turn_show_the_time_settings(discord_, service):
    lobby, start = await open_timed(discord_, service, reminder="12h", timer="1d", bank="3d")
    assert "Time: reminder after 12h, 1d per decision, 3d time bank each." in \
        lobby.public[0].content
    assert "Alice: 1d left" in start.public[-1].content
    service.now = lambda: 2 * H
    moved = await discord_.command(ALICE, "move", action="step")
    assert "Bob: 1d left" in moved.public[-1].content


async def test_a_bad_duration_is_refused_and_opens_nothing(discord_, service):
    result = await discord_.command(ALICE, "game new", game="toy", timer="soon")
    assert "`soon` is not a duration" in result.private[0].content
    assert result.public == []
    status = await discord_.command(ALICE, "game status")
    assert "There is no game in this channel" in status.private[0].content


async def test_notify_on_sends_a_direct_message_on_your_turn(discord_, service, monkeypatch):
    inbox = Inbox()
    monkeypatch.setattr(discord_.bot, "get_user", inbox.user)
    reply = await discord_.command(BOB, "notify", setting="on")
    assert "direct message when it is your turn" in reply.private[0].content
    await open_timed(discord_, service)
    assert inbox.sent == []  # Alice starts and did not ask
    await discord_.command(ALICE, "move", action="step")
    [(to, text)] = inbox.sent
    assert to == f"dm:{BOB[0]}" and text.startswith("Your turn in the Race to Ten")
    await discord_.command(BOB, "notify", setting="off")
    await discord_.command(BOB, "move", action="step")
    await discord_.command(ALICE, "move", action="step")
    assert len(inbox.sent) == 1


async def test_reminders_and_time_outs_are_posted_in_the_channel(discord_, service,
                                                               monkeypatch):
    inbox = Inbox()
    await open_timed(discord_, service, reminder="1h", timer="2h")
    client = SimpleNamespace(get_channel=inbox.channel, get_user=inbox.user, user_locales={})
    scheduler = discord_.bot.scheduler
    monkeypatch.setattr(scheduler, "notifier", DiscordNotifier(client, service))
    await service.set_notify(SimpleNamespace(user_id=str(ALICE[0])), True)
    service.now = lambda: H + 5
    await scheduler.tick()
    assert [to.split(":")[0] for to, _ in inbox.sent] == ["channel", "dm"]
    assert inbox.sent[0][1].startswith(f"<@{ALICE[0]}>: a reminder that the game is waiting")
    service.now = lambda: 2 * H + 5
    await scheduler.tick()
    assert "has run out of time" in inbox.sent[-1][1]


async def test_a_majority_of_the_others_ends_a_game_whose_player_ran_out(discord_, service):
    await open_timed(discord_, service, players=(ALICE, BOB, CAROL), timer="1h")
    early = await discord_.command(BOB, "game timeout", player=ALICE)
    assert "Alice has not run out of time" in early.private[0].content
    service.now = lambda: 2 * H
    await service.claim_due()
    first = await discord_.command(BOB, "game timeout", player=ALICE)
    assert "(1 of 2 needed)" in first.public[0].content
    final = await discord_.command(CAROL, "game timeout", player=ALICE)
    assert "ended by a vote" in final.public[0].content
    status = await discord_.command(ALICE, "game status")
    assert "This game was aborted." in status.private[0].content  # the last game, shown


async def test_a_reminder_in_a_simultaneous_decision_keeps_its_prompt_out_of_the_channel(
        discord_, service, monkeypatch):
    inbox = Inbox()
    await open_timed(discord_, service, reminder="1h", options="goal=2")
    await discord_.command(ALICE, "move", action="hop 2")
    client = SimpleNamespace(get_channel=inbox.channel, get_user=inbox.user, user_locales={})
    monkeypatch.setattr(discord_.bot.scheduler, "notifier", DiscordNotifier(client, service))
    service.now = lambda: 2 * H
    await discord_.bot.scheduler.tick()
    said = [text for to, text in inbox.sent if to.startswith("channel")]
    assert len(said) == 2 and all("waiting for your decision" in t for t in said), said
    assert not any("Vote yes or no" in t for t in said)
