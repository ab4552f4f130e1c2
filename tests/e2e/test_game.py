"""A whole game through the real bot process and the Discord stand-in, as players play it.

The toy game (tests/platform/toy_game.py) is registered by the launcher through the rules
registry's own discovery (a ``rules`` package exposing ``GAME``): it is the cheapest game that
goes from ``/game new`` to a final score in a few moves and still has every kind of decision
the platform handles (buttons, typed moves, a simultaneous secret vote, hidden information).
Whole games of the registered games are in test_registered_games.py (slow).
"""

from __future__ import annotations

import copy

import pytest

from bench.standin.session import Session, option_id

from .conftest import ALICE, BOB

pytestmark = pytest.mark.asyncio(loop_scope="module")


@pytest.fixture
def table(shared) -> Session:
    return shared


async def test_a_whole_game_by_buttons_menus_and_move(table):
    opened = await table.command(ALICE, "game new", game="toy", options="goal=4 first=0")
    assert [m.content for m in opened.private] == ["Posted in the channel."]
    lobby = table.lobby()
    assert "Alice" in lobby.content

    await table.click(BOB, lobby, _lobby_id(table, "join"))
    assert "Bob" in table.lobby().content
    refused = await table.click(BOB, table.lobby(), _lobby_id(table, "start"))
    assert "Only the host" in refused.text
    await table.click(ALICE, table.lobby(), _lobby_id(table, "start"))

    first = copy.deepcopy(table.turn())  # as a slow client still shows it after the move
    assert "<@111>" in first.content
    wrong_seat = await table.click(BOB, first, option_id(first, "Step forward"))
    assert "your own seat" in wrong_seat.text and table.moves() == []
    await table.click(ALICE, first, option_id(first, "Step forward"))
    stale = await table.click(ALICE, first, option_id(first, "Roll"))
    assert "earlier turn" in stale.text

    choices = await table.autocomplete(BOB, "move", "action", action="ho")
    assert [c["value"] for c in choices] == ["hop 2"]
    await table.command(BOB, "move", action="hop 2")
    bad = await table.command(ALICE, "move", action="fly")
    assert bad.private and len(table.moves()) == 2
    await table.command(ALICE, "move", action="hop 1")

    not_undoable = await table.command(ALICE, "undo")
    assert "cannot be undone" in not_undoable.text
    board = await table.command(BOB, "board")
    assert board.public and board.public[0] is table.turn()
    assert "Seat" in board.public[0].content
    me = await table.command(ALICE, "me")
    assert "secret number" in me.text and me.public == []
    log = await table.command(BOB, "log")
    assert "hop 2" in log.text or "moved 2" in log.text

    await table.click(BOB, table.turn(), option_id(table.turn(), "Step forward"))
    await table.click(ALICE, table.turn(), option_id(table.turn(), "hop 2"))
    assert table.turn().custom_ids() == [f"tt:me:{table.game()['id']}"]

    mine = await table.click(ALICE, table.turn(), table.turn().custom_ids()[0])
    [private] = mine.private  # "My turn": Alice's secret vote, offered to her alone
    await table.click(ALICE, private, option_id(private, "vote yes"))
    assert "Alice** has made their choice" in table.public()[-1].content
    await table.click(BOB, table.turn(), option_id(table.turn(), "vote yes"))
    final = table.public()[-1]
    assert "Alice" in final.content and "4" in final.content
    assert table.game()["status"] == "over"
    assert [m[3] for m in table.moves()] == ["step", "hop 2", "hop 1", "step", "hop 2",
                                              "vote yes", "vote yes"]
    [thread] = [c for c in table.standin.channels.values() if c.parent == table.channel]
    story = [m.content for m in table.standin.channel_messages(thread.id)]  # turn by turn
    assert "begins" in story[0] and "**Bob** played `hop 2`." in story[2]
    assert "**Alice** has made their choice." in story[-2] and "Game over" in story[-1]
    assert f"<#{thread.id}>" in final.content


async def test_undo_in_a_solo_game_and_limits_of_the_synced_commands(table):
    standin = table.standin
    await table.command(ALICE, "game new", game="toy", options="goal=3")
    await table.click(ALICE, table.lobby(), _lobby_id(table, "start"))
    await table.click(ALICE, table.turn(), option_id(table.turn(), "Step forward"))
    assert len(table.moves()) == 1
    undone = await table.command(ALICE, "undo")
    assert "Alice took back their last move." in undone.public[0].content
    assert table.moves() == []
    game = table.game()
    assert game["board_version"] == game["version"]

    assert standin.gateway.identify["intents"] == 1  # GUILDS only
    [(scope, commands)] = standin.syncs
    assert scope == "global"
    names = {c["name"] for c in commands}
    assert names >= {"game", "move", "board", "me", "undo", "log"}
    assert standin.violations == []


async def test_a_turn_edited_in_place_is_never_read_back_from_discord(table):
    await table.command(ALICE, "game new", game="toy", options="goal=20")
    await table.click(ALICE, table.lobby(), _lobby_id(table, "start"))
    turn_id = table.turn().id
    before = len(table.standin.requests)
    for text in ("step", "hop 2", "step"):
        await table.command(ALICE, "move", action=text)
    assert table.turn().id == turn_id  # one turn: its message edited in place
    read = [r.path for r in table.standin.requests[before:]
            if r.method == "GET" and "/channels/" in r.path and "/messages/" in r.path]
    assert read == []
    told = table.turn().content
    assert told.count("**Alice** played `step`.") == 2 and "played `hop 2`." in told
    [thread] = [c for c in table.standin.channels.values() if c.parent == table.channel]
    [story] = [m.content for m in table.standin.channel_messages(thread.id)]
    assert story.startswith("Race to Ten") and story.count("Alice moved 1.") == 2


def _lobby_id(table: Session, verb: str) -> str:
    return next(i for i in table.lobby().custom_ids() if i.endswith(f":{verb}"))
