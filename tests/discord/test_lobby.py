"""Lobby through Discord: /game new, join and leave by button and command, start, refusals."""

from __future__ import annotations

import copy

from bot.service import Place

from .conftest import ALICE, BOB, CAROL, DAVE, EVE
from .harness import CHANNEL, GUILD

PLACE = Place(str(GUILD), str(CHANNEL))


async def open_lobby(discord_, **options):
    result = await discord_.command(ALICE, "game new", game="toy", **options)
    [lobby] = result.public
    return lobby


async def test_new_game_posts_lobby_with_buttons(discord_, service):
    result = await discord_.command(ALICE, "game new", game="toy")
    [lobby] = result.public
    assert "Race to Ten (test game): table open" in lobby.content
    assert "Seated (1/4): Alice" in lobby.content
    assert lobby.custom_ids() == ["tt:lobby:1:join", "tt:lobby:1:leave", "tt:lobby:1:start"]
    assert all(m.ephemeral for m in result.private) and result.private
    table = await service.table(PLACE)
    assert table.record.board_message_id == str(lobby.id)


async def test_join_by_button_edits_the_lobby_message(discord_, service):
    lobby = await open_lobby(discord_)
    result = await discord_.click(BOB, lobby, "tt:lobby:1:join")
    assert result.messages == [lobby]
    assert "Seated (2/4): Alice, Bob" in lobby.content and lobby.edits == 1
    assert lobby.custom_ids()[0] == "tt:lobby:1:join"
    assert (await service.table(PLACE)).names == ["Alice", "Bob"]


async def test_join_and_leave_by_command_edit_the_stored_lobby_message(discord_, recorder):
    lobby = await open_lobby(discord_)
    joined = await discord_.command(CAROL, "game join")
    assert [m.ephemeral for m in joined.messages] == [True]
    assert "Carol joined the table." in joined.text
    assert "Seated (2/4): Alice, Carol" in lobby.content
    left = await discord_.command(CAROL, "game leave")
    assert "Carol left the table." in left.text
    assert "Seated (1/4): Alice" in lobby.content
    assert [m for m, _ in recorder.edits] == [lobby.id, lobby.id]


async def test_leave_by_button_and_last_player_closes_the_table(discord_, service):
    lobby = await open_lobby(discord_)
    await discord_.click(ALICE, lobby, "tt:lobby:1:leave")
    assert "The table was closed." in lobby.content
    assert lobby.components == []
    result = await discord_.command(BOB, "game status")
    assert "There is no game in this channel" in result.text and result.private


async def test_start_by_non_host_is_refused_and_changes_nothing(discord_, service):
    lobby = await open_lobby(discord_)
    await discord_.click(BOB, lobby, "tt:lobby:1:join")
    before = (await service.table(PLACE)).record
    refused = await discord_.click(BOB, lobby, "tt:lobby:1:start")
    assert [m.ephemeral for m in refused.messages] == [True]
    assert "Only the host" in refused.text
    after = (await service.table(PLACE)).record
    assert after.version == before.version and after.status == "lobby"


async def test_start_closes_lobby_and_posts_the_first_turn(discord_, service):
    lobby = await open_lobby(discord_)
    await discord_.click(BOB, lobby, "tt:lobby:1:join")
    result = await discord_.click(ALICE, lobby, "tt:lobby:1:start")
    assert lobby.components == [] and "begins!" in lobby.content
    edited, turn = result.public
    assert edited is lobby
    assert "Race to Ten (test game) begins! Seat order: Alice, Bob." in turn.content
    assert "<@111>: Step, roll or hop." in turn.content
    table = await service.table(PLACE)
    stamp = table.stamp(0)
    assert turn.custom_ids() == [f"tt:act:1:0:{stamp}:0", f"tt:act:1:0:{stamp}:1",
                                 f"tt:act:1:0:{stamp}:2", "tt:me:1"]
    assert table.record.board_message_id == str(turn.id)


async def test_start_by_command_with_shuffled_seating(discord_, service):
    await open_lobby(discord_)
    await discord_.command(BOB, "game join")
    result = await discord_.command(ALICE, "game start", seating="shuffle")
    assert result.public and "begins!" in result.public[-1].content
    table = await service.table(PLACE)
    assert sorted(table.names) == ["Alice", "Bob"] and table.record.status == "active"


async def test_refusals_are_private_and_change_nothing(discord_, service):
    nothing = await discord_.command(BOB, "game join")
    assert "There is no game in this channel" in nothing.text
    assert all(m.ephemeral for m in nothing.messages)

    malformed = await discord_.command(ALICE, "game new", game="toy", options="goal")
    assert "Cannot read option `goal`" in malformed.text and not malformed.public
    unknown = await discord_.command(ALICE, "game new", game="toy", options="speed=3")
    assert "Unknown option `speed`" in unknown.text and not unknown.public
    assert await service.store.open_game(str(GUILD), str(CHANNEL)) is None

    lobby = await open_lobby(discord_, max_players=2)
    busy = await discord_.command(BOB, "game new", game="toy")
    assert "already has a game" in busy.text and not busy.public
    await discord_.click(BOB, lobby, "tt:lobby:1:join")
    twice = await discord_.click(BOB, lobby, "tt:lobby:1:join")
    assert "already seated" in twice.text and twice.private == twice.messages
    version = (await service.table(PLACE)).record.version
    full = await discord_.click(CAROL, lobby, "tt:lobby:1:join")
    assert "The table is full (2 players)." in full.text and full.private == full.messages
    assert (await service.table(PLACE)).record.version == version

    as_seen_before = copy.deepcopy(lobby)  # a client that still shows the buttons
    await discord_.click(ALICE, lobby, "tt:lobby:1:start")
    late = await discord_.command(DAVE, "game join")
    assert "already started" in late.text and not late.public
    late_button = await discord_.click(EVE, as_seen_before, "tt:lobby:1:join")
    assert "already started" in late_button.text and late_button.private


async def test_lobby_button_of_an_older_table_is_stale(discord_, service):
    lobby = await open_lobby(discord_)
    old = copy.deepcopy(lobby)  # as a client that has not refreshed still shows it
    await discord_.click(ALICE, lobby, "tt:lobby:1:leave")
    await open_lobby(discord_)
    result = await discord_.click(BOB, old, "tt:lobby:1:join")
    assert "earlier turn" in result.text and result.private == result.messages
    assert (await service.table(PLACE)).names == ["Alice"]


async def test_games_in_other_channels_are_separate(discord_, service):
    await open_lobby(discord_)
    other = await discord_.command(BOB, "game new", game="toy", channel=CHANNEL + 1)
    assert other.public and "Seated (1/4): Bob" in other.public[0].content


async def test_game_choices_and_option_autocomplete(discord_):
    new = discord_.bot.tree.get_command("game").get_command("new")
    choices = {c.value: c.name for c in new._params["game"].choices}
    assert choices["toy"] == "Race to Ten (test game)"
    result = await discord_.autocomplete(ALICE, "game new", "options", game="toy", options="go")
    [choice] = result.choices()
    assert choice["value"] == "goal=10" and "Position that ends the race" in choice["name"]


async def test_a_game_in_a_thread(discord_, service):
    thread = 5001
    result = await discord_.command(ALICE, "game new", game="toy", channel=thread)
    [lobby] = result.public
    assert lobby.channel == thread
    await discord_.command(BOB, "game join", channel=thread)
    assert "Seated (2/4): Alice, Bob" in lobby.content  # edited in the thread
    started = await discord_.command(ALICE, "game start", channel=thread)
    assert "begins!" in started.public[-1].content and lobby.components == []
    table = await service.table(Place(str(GUILD), str(thread)))
    assert table.record.status == "active"
    assert "There is no game" in (await discord_.command(ALICE, "board")).text
