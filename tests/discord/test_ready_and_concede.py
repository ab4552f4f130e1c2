"""Through Discord: a ready Antiquity player takes it back (``Game.may_act``), and
``/game concede`` with its confirmation (``Game.concession``)."""

from __future__ import annotations

import copy

import pytest

from bot.service import Place, Service
from bot.store import Store
from rules.antiquity import GAME as ANTIQUITY
from tests.platform.toy_game import TOY

from .conftest import ALICE, BOB, CAROL
from .harness import CHANNEL, GUILD

PLACE = Place(str(GUILD), str(CHANNEL))
OPTIONS = "tiles=T0:0,T1:0,T2:0,T3:0 order=0,1 colours=red,blue"


@pytest.fixture
async def service(db_path):
    store = await Store.open(db_path)
    yield Service(store, games=[ANTIQUITY, TOY], seed_source=lambda: 2)
    await store.close()


async def city_phase(discord_, recorder):
    """Open a 2-player Antiquity game and place both cities: phase 2 begins."""
    await discord_.command(ALICE, "game new", game="antiquity", options=OPTIONS)
    await discord_.command(BOB, "game join")
    await discord_.command(ALICE, "game start")
    await discord_.command(BOB, "move", action="start a 0,0")
    await discord_.command(ALICE, "move", action="start b -1,14")
    return recorder.public()[-1]


async def test_a_ready_player_unreadies_from_the_my_turn_button(discord_, service, recorder):
    await city_phase(discord_, recorder)
    ready = await discord_.command(ALICE, "move", action="ready")
    turn = recorder.public()[-1]  # the phase's one message, updated in place
    assert not ready.public and "**Alice** played `ready`." in turn.content
    assert turn.custom_ids() == ["tt:me:1"]  # phase 2 is planned in secret

    mine = await discord_.click(ALICE, turn, "tt:me:1")
    [info] = mine.messages
    assert info.ephemeral and "You are ready" in info.content
    stamp = (await service.table(PLACE)).stamp(0)
    assert info.custom_ids() == [f"tt:act:1:0:{stamp}:0"]
    assert info.components[0]["components"][0]["label"] == "unready"

    kept = copy.deepcopy(info)  # the private message as a client that has not refreshed
    done = await discord_.click(ALICE, info, info.custom_ids()[0])
    assert info.components == []
    assert not done.public and "**Alice** played `unready`." in turn.content
    assert (await service.table(PLACE)).to_act() == {0, 1}

    stale = await discord_.click(ALICE, kept, kept.custom_ids()[0])
    assert not stale.public and stale.private == stale.messages
    assert "That button belongs to an earlier turn" in stale.text
    assert (await service.table(PLACE)).to_act() == {0, 1}


async def test_a_ready_player_finds_and_types_unready(discord_, service, recorder):
    await city_phase(discord_, recorder)
    await discord_.command(ALICE, "move", action="ready")
    found = await discord_.autocomplete(ALICE, "move", "action", action="")
    assert [c["value"] for c in found.choices()] == ["unready"]
    me = await discord_.command(ALICE, "me")
    assert "You owe no decision" not in me.text and "You are ready" in me.text
    done = await discord_.command(ALICE, "move", action="unready")
    assert "**Alice** played `unready`." in recorder.public()[-1].content and not done.public


async def test_concede_asks_first_then_announces_in_the_channel(discord_, service, recorder):
    await city_phase(discord_, recorder)
    await discord_.command(ALICE, "move", action="ready")
    ask = await discord_.command(BOB, "game concede")
    [confirm] = ask.messages
    assert confirm.ephemeral and "Concede this game?" in confirm.content
    assert confirm.custom_ids() == ["tt:concede:1:1:yes", "tt:concede:1:1:no"]
    kept = await discord_.click(BOB, confirm, "tt:concede:1:1:no")
    assert "You play on." in confirm.content and not kept.public
    assert not (await service.table(PLACE)).state.ps[1]["eliminated"]

    [confirm] = (await discord_.command(BOB, "game concede")).messages
    done = await discord_.click(BOB, confirm, "tt:concede:1:1:yes")
    post = done.public[-1].content
    assert "**Bob** conceded the game." in post and "Bob concedes and leaves the game." in post
    assert confirm.components == []
    # Alice was ready: the phase ended at once and she is the last player standing
    assert "**Game over.**" in post and "Winner: Alice" in post
    assert (await service.table_by_id(1)).record.status == "over"


async def test_concede_at_any_time_and_refusals(discord_, service, recorder):
    await city_phase(discord_, recorder)
    await discord_.command(ALICE, "move", action="ready")  # Alice owes nothing now
    [confirm] = (await discord_.command(ALICE, "game concede")).messages
    kept = copy.deepcopy(confirm)  # as a client that has not refreshed still shows it
    refused = await discord_.click(BOB, confirm, "tt:concede:1:0:yes")
    assert "You can only act for your own seat." in refused.private[-1].content
    done = await discord_.click(ALICE, confirm, "tt:concede:1:0:yes")
    assert "**Alice** conceded the game." in done.public[-1].content
    again = await discord_.command(ALICE, "game concede")
    assert "already out of this game" in again.text and not again.public
    late = await discord_.click(ALICE, kept, "tt:concede:1:0:yes")
    assert "already out of this game" in late.text
    outsider = await discord_.command(CAROL, "game concede")
    assert "You are not playing in this game." in outsider.text


async def test_a_game_without_concession_says_so(discord_, service):
    await discord_.command(ALICE, "game new", game="toy")
    await discord_.command(BOB, "game join")
    await discord_.command(ALICE, "game start")
    refused = await discord_.command(BOB, "game concede")
    assert "This game has no concession" in refused.text and not refused.public
    japanese = await discord_.command(BOB, "game concede", locale="ja")
    assert "投了がありません" in japanese.text


async def test_a_secret_phase_is_one_message_that_nobody_is_pinged_twice_by(
        discord_, service, recorder):
    turn = await city_phase(discord_, recorder)
    assert "<@111>" in turn.content and "<@222>" in turn.content  # pinged once, when posted
    posted, edits = len(recorder.public()), turn.edits
    for _ in range(3):  # three secret actions: nothing public at all
        table = await service.table(PLACE)
        action = next(a for a in table.actions(0)
                      if table.game.action_is_secret(table.state, 0, a))
        done = await discord_.command(ALICE, "move", action=action.text)
        assert not done.public and len(recorder.public()) == posted and turn.edits == edits
        [reply] = done.private
        assert reply.content.startswith("Only you can see this.")
        assert any(c.startswith(("tt:act:", "tt:sel:")) for c in reply.custom_ids()) or \
            "/move" in reply.content  # the next choice at once
    assert "has made their choice" not in turn.content
    ready = await discord_.command(ALICE, "move", action="ready")
    assert not ready.public and len(recorder.public()) == posted
    assert "**Alice** played `ready`." in turn.content and "<@222>" in turn.content
    payload = [p for message_id, p in recorder.edits if message_id == turn.id][-1]
    assert payload["allowed_mentions"]["parse"] == []
