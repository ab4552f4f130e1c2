"""A quieter channel: while the same player keeps acting, the turn message is edited in place;
a new message when the player changes, a chance outcome is revealed or the server asks for one
message per move. Public messages and boards follow the server's language."""

from __future__ import annotations

import pytest
from PIL import Image

from bot.discord.app import create_bot
from bot.service import Service
from bot.store import Store
from rules.core import Event
from rules.core.decisions import Handlers, pop
from tests.platform.toy_game import STEP, ToyGame, TurnDecision, VoteDecision

from .conftest import ALICE, BOB
from .harness import FakeDiscord, check_limits, install


class LingeringTurn(TurnDecision):
    """``step`` keeps the turn (the player may go on); ``hop`` and ``roll`` end it."""

    def effect(self, state, d, move, events):
        if move == STEP:
            state.positions[d["seat"]] += 1
            events.append(Event("toy.event.moved", {"seat": d["seat"], "gain": 1}))
            if state.positions[d["seat"]] < state.goal:
                return
            pop(state, d)
            state.turn = (state.turn + 1) % len(state.positions)
            return
        super().effect(state, d, move, events)


class Lingering(ToyGame):
    name = "linger"
    handlers = Handlers([LingeringTurn(), VoteDecision()])


LINGER = Lingering()


@pytest.fixture
async def discord_(tmp_path, recorder, no_renderers):
    def render(view, last_move=None, **options):
        return Image.new("RGB", (40, 20), "red")

    no_renderers["linger"] = no_renderers["toy"] = render  # the toy's views name "toy"
    store = await Store.open(tmp_path / "games.db")
    service = Service(store, games=[LINGER], seed_source=lambda: 4242)
    install(recorder)
    bot = create_bot(service, sync=False)
    yield FakeDiscord(bot, recorder)
    await bot.close()
    await store.close()
    for message in recorder.order:
        check_limits(message)


async def start(discord_):
    await discord_.command(ALICE, "game new", game="linger", options="goal=20")
    await discord_.command(BOB, "game join")
    return (await discord_.command(ALICE, "game start")).public[-1]


async def test_the_same_player_acting_again_edits_the_turn_message(discord_, recorder):
    turn = await start(discord_)
    for _ in range(2):
        again = await discord_.command(ALICE, "move", action="step")
        assert again.public == []  # nothing new in the channel: the turn message is edited
    edited = recorder.messages[turn.id]
    assert edited.edits >= 2 and "Alice moved 1." in edited.content
    assert edited.files  # the board was replaced too
    handed_over = await discord_.command(ALICE, "move", action="hop 2")
    [post] = handed_over.public  # Bob's turn: a new message that mentions him
    assert f"<@{BOB[0]}>" in post.content and post.id != turn.id


async def test_a_server_may_ask_for_one_message_per_move(discord_, monkeypatch):
    monkeypatch.setattr("discord.Permissions.manage_guild", property(lambda self: True))
    await discord_.command(ALICE, "game settings", messages="every")
    await start(discord_)
    await discord_.command(ALICE, "move", action="step")
    again = await discord_.command(ALICE, "move", action="step")
    assert len(again.public) == 1


async def test_channel_messages_follow_the_server_language_not_the_caller(discord_, monkeypatch):
    monkeypatch.setattr("discord.Permissions.manage_guild", property(lambda self: True))
    await discord_.command(ALICE, "game settings", language="ja")
    lobby = await discord_.command(ALICE, "game new", game="linger", locale="en-US")
    assert "参加者募集中" in lobby.public[0].content
    assert lobby.private[0].content.startswith("Posted")  # the caller's own reply: English
