"""Holes found by trying to break the bot, closed at the Discord edge (real callbacks)."""

from __future__ import annotations

import copy

import discord
import pytest

from bot.discord import ids
from bot.discord.components import (
    AbortButton,
    ActButton,
    ActSelect,
    ConcedeButton,
    LobbyButton,
    MeButton,
)
from bot.service import Player, Service
from bot.store import Store

from .conftest import ALICE, BOB, CAROL
from .harness import check_limits
from .test_play import PLACE, started

BIG = 10**15


# -- dynamic items ---------------------------------------------------------------------------
@pytest.mark.parametrize("kind, key", [
    (ActButton, ids.ActKey(BIG, 6, "0123456789", 24)),
    (ActSelect, ids.SelectKey(BIG, 6, "-", 4)),
    (LobbyButton, ids.LobbyKey(BIG, "leave")),
    (MeButton, ids.MeKey(BIG)),
    (AbortButton, ids.AbortKey(BIG, BIG, False)),
    (ConcedeButton, ids.ConcedeKey(BIG, 6, True)),
])
async def test_each_item_writes_its_key_into_its_custom_id_and_reads_it_back(kind, key):
    item = kind(key)
    assert len(item.custom_id) <= 100
    match = kind.__discord_ui_compiled_template__.fullmatch(item.custom_id)
    rebuilt = await kind.from_custom_id(None, item.item, match)
    assert rebuilt.key == key and rebuilt.custom_id == item.custom_id


# -- simultaneous decisions ------------------------------------------------------------------
async def test_three_simultaneous_deciders_keep_their_private_buttons(discord_, service):
    await started(discord_, options="goal=2", players=(ALICE, BOB, CAROL))
    turn = (await discord_.command(ALICE, "move", action="hop 2")).public[-1]
    assert turn.custom_ids() == ["tt:me:1"]
    infos = {}
    for player in (ALICE, BOB, CAROL):
        [infos[player]] = (await discord_.click(player, turn, "tt:me:1")).messages
    kept = copy.deepcopy(infos[BOB])  # Bob's buttons as a stale copy of his message
    bob = await discord_.click(BOB, infos[BOB], infos[BOB].custom_ids()[0])
    assert not bob.public and "**Bob** has made their choice." in turn.content
    carol = await discord_.click(CAROL, infos[CAROL], infos[CAROL].custom_ids()[1])
    assert "**Carol** has made their choice." in turn.content, carol.text
    again = await discord_.click(BOB, kept, kept.custom_ids()[0])
    assert not again.public and "earlier turn" in again.text
    alice = await discord_.click(ALICE, infos[ALICE], infos[ALICE].custom_ids()[0])
    assert "**Game over.**" in alice.public[-1].content, alice.text


# -- stale typed moves -----------------------------------------------------------------------
async def test_a_typed_move_that_loses_a_race_gets_its_own_words(discord_, service, db_path,
                                                                 monkeypatch):
    await started(discord_)
    other_store = await Store.open(db_path)
    try:
        other = Service(other_store, games=list(service.games.values()))
        save = service.store.append_move

        async def another_process_first(*args, **kwargs):
            await other.act(PLACE, Player(str(ALICE[0]), ALICE[1]), "step")
            return await save(*args, **kwargs)

        monkeypatch.setattr(service.store, "append_move", another_process_first)
        result = await discord_.command(ALICE, "move", action="hop 2")
        assert "changed while your move was being saved" in result.text
        assert "earlier turn" not in result.text
        # the other process's move never reached the channel: its turn is posted again
        assert all(m.content.startswith("Game #1, version 3.") for m in result.public)
    finally:
        await other_store.close()


# -- long input ------------------------------------------------------------------------------
async def test_a_2100_character_move_is_refused_with_the_text_cut_short(discord_):
    await started(discord_)
    result = await discord_.command(ALICE, "move", action="x" * 2100)
    [reply] = result.messages
    assert "is not a move of this game" in reply.content and "went wrong" not in reply.content
    assert len(reply.content) < 400 and "…" in reply.content
    check_limits(reply)


async def test_long_option_text_is_refused_with_the_text_cut_short(discord_):
    result = await discord_.command(ALICE, "game new", game="toy", options="goal=" + "9" * 2100)
    [reply] = result.messages
    assert "cannot be" in reply.content and len(reply.content) < 400
    result = await discord_.command(ALICE, "game new", game="toy", options="y" * 2100)
    assert "Cannot read option" in result.text and len(result.text) < 400


# -- host ------------------------------------------------------------------------------------
async def test_the_opener_stays_host_after_a_shuffled_start(discord_, service):
    await discord_.command(ALICE, "game new", game="toy")
    await discord_.command(BOB, "game join")
    await discord_.command(CAROL, "game join")
    await discord_.command(ALICE, "game start", seating="shuffle")
    table = await service.table(PLACE)
    assert table.names[0] != "Alice"  # the seed 4242 shuffles Alice away from seat 0
    first = next(p for p in (BOB, CAROL) if p[1] == table.names[0])
    refused = await discord_.command(first, "game abort")
    assert "Only the host" in refused.text
    asked = await discord_.command(ALICE, "game abort")
    assert "Abort this game for everyone?" in asked.text


# -- direct messages -------------------------------------------------------------------------
def _direct(payload: dict) -> dict:
    """Turn a guild interaction payload into the same interaction from a direct message."""
    user = payload.pop("member")["user"]
    payload.pop("guild_id")
    payload["user"] = user
    payload["channel"] = {"id": payload["channel_id"], "type": 1, "recipients": [user]}
    payload["context"] = 1
    return payload


async def test_direct_message_interactions_are_refused_at_run_time(discord_, service, recorder):
    from .harness import _command_data  # the payload builder of the harness

    payload = _direct(discord_._payload(ALICE, 2, _command_data("game new", {"game": "toy"})))
    result = await discord_._run_command(payload)
    assert "not in direct messages" in result.text and not result.public
    assert await service.store.active_games() == []
    setting = _direct(discord_._payload(ALICE, 2, _command_data("notify", {"setting": "on"})))
    personal = await discord_._run_command(setting)  # a personal setting works anywhere
    assert "not in direct messages" not in personal.text
    assert await service.wants_notify(str(ALICE[0]))
    click = _direct(discord_._payload(ALICE, 3, {"custom_id": "tt:lobby:1:join",
                                                 "component_type": 2}))
    recorder.originals[click["token"]] = 0
    interaction = discord.Interaction(data=click, state=discord_.bot._connection)
    await LobbyButton(ids.LobbyKey(1, "join")).callback(interaction)
    assert "not in direct messages" in "\n".join(m.content for m in recorder.by_token(
        click["token"]))


# -- a game no longer installed --------------------------------------------------------------
async def test_a_removed_game_can_be_aborted_and_replaced(discord_, service):
    await started(discord_)
    del service.games["toy"]  # the game was renamed or removed since
    status = await discord_.command(ALICE, "game status")
    assert "no game called `toy`" in status.text
    asked = await discord_.command(ALICE, "game abort")
    [confirm] = asked.messages
    done = await discord_.click(ALICE, confirm, confirm.custom_ids()[0])
    assert "aborted" in done.public[-1].content.lower()
    opened = await discord_.command(BOB, "game new", game="wide")
    assert opened.public and "table open" in opened.public[-1].content


# -- options ---------------------------------------------------------------------------------
async def test_duplicated_options_are_refused(discord_, service):
    result = await discord_.command(ALICE, "game new", game="toy", options="goal=5 goal=6")
    assert "given more than once" in result.text and not result.public
    assert await service.store.active_games() == []


async def test_the_lobby_shows_a_player_count_problem_until_it_is_solved(discord_):
    opened = await discord_.command(ALICE, "game new", game="toy", options="first=2")
    lobby = opened.public[-1]
    assert "cannot start a game with 1 players: There is no seat 2" in lobby.content
    await discord_.click(BOB, lobby, "tt:lobby:1:join")
    assert "with 2 players" in lobby.content
    early = await discord_.click(ALICE, lobby, "tt:lobby:1:start")
    assert "There is no seat 2 with 2 players" in early.text
    await discord_.click(CAROL, lobby, "tt:lobby:1:join")
    assert "cannot start" not in lobby.content
    started_ = await discord_.click(ALICE, lobby, "tt:lobby:1:start")
    assert "begins!" in lobby.content and started_.public
