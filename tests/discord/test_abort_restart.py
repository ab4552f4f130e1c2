"""Abort with confirmation, and a restart: new service and bot on the same database file."""

from __future__ import annotations

import copy

from bot.discord.app import create_bot
from bot.discord.components import ActButton
from bot.discord.ids import ActKey
from bot.service import Place, Service
from bot.store import Store
from tests.platform.toy_game import TOY

from .conftest import ALICE, BOB, CAROL
from .harness import CHANNEL, GUILD, FakeDiscord, check_limits
from .test_play import started

PLACE = Place(str(GUILD), str(CHANNEL))


async def test_abort_by_host_after_confirmation(discord_, service, recorder):
    turn = await started(discord_)
    ask = await discord_.command(ALICE, "game abort")
    [confirm] = ask.messages
    assert confirm.ephemeral and "Abort this game for everyone?" in confirm.content
    version = (await service.table(PLACE)).record.version
    assert confirm.custom_ids() == [f"tt:abort:1:{version}:yes", f"tt:abort:1:{version}:no"]
    done = await discord_.click(ALICE, confirm, confirm.custom_ids()[0])
    assert confirm.components == [] and "aborted by Alice" in confirm.content
    assert "The game was aborted by Alice." in done.public[-1].content
    assert turn.components == []  # the last turn message lost its buttons
    assert (await service.table_by_id(1)).record.status == "aborted"
    fresh = await discord_.command(BOB, "game new", game="toy")
    assert fresh.public  # the channel is free again


async def test_abort_cancelled_keeps_playing(discord_, service):
    await started(discord_)
    ask = await discord_.command(ALICE, "game abort")
    [confirm] = ask.messages
    await discord_.click(ALICE, confirm, confirm.custom_ids()[1])
    assert "The game goes on." in confirm.content and confirm.components == []
    assert (await service.table(PLACE)).record.status == "active"


async def test_abort_refused_for_non_host_without_manage_channels(discord_, service):
    await started(discord_)
    refused = await discord_.command(BOB, "game abort")
    assert "Only the host or someone who can manage" in refused.text
    assert refused.private == refused.messages and not refused.messages[0].components
    ask = await discord_.command(CAROL, "game abort", manage=True)
    [confirm] = ask.messages
    other = await discord_.click(BOB, confirm, confirm.custom_ids()[0])
    assert "Only the host" in other.text and not other.public
    assert (await service.table(PLACE)).record.status == "active"
    await discord_.click(CAROL, confirm, confirm.custom_ids()[0], manage=True)
    assert (await service.table_by_id(1)).record.status == "aborted"


async def test_abort_confirmation_goes_stale_after_a_move(discord_, service):
    await started(discord_)
    [confirm] = (await discord_.command(ALICE, "game abort")).messages
    await discord_.command(ALICE, "move", action="step")
    result = await discord_.click(ALICE, confirm, confirm.custom_ids()[0])
    assert "earlier turn" in result.text
    assert (await service.table(PLACE)).record.status == "active"


async def test_restart_resumes_games_and_old_buttons(db_path, service, recorder, discord_):
    turn = await started(discord_)
    outdated = copy.deepcopy(turn)
    await discord_.command(ALICE, "move", action="step")
    current = recorder.public()[-1]
    await discord_.bot.close()
    await service.store.close()

    store = await Store.open(db_path)
    try:
        revived = Service(store, games=[TOY])
        bot = create_bot(revived, sync=False)
        assert await bot.resumed_games() == 1
        again = FakeDiscord(bot, recorder)
        version = (await revived.table(PLACE)).record.version
        stale = await again.click(ALICE, outdated, outdated.custom_ids()[0])
        assert "earlier turn" in stale.text and not stale.public
        assert (await revived.table(PLACE)).record.version == version

        button_id = current.custom_ids()[2]
        match = ActButton.__discord_ui_compiled_template__.fullmatch(button_id)
        assert match and match["stamp"] == (await revived.table(PLACE)).stamp(1)
        played = await again.click(BOB, current, button_id)
        assert "**Bob** played `hop 2`." in played.public[-1].content
        table = await revived.table(PLACE)
        assert table.state.positions == [1, 2] and table.record.version == version + 1
        for message in recorder.order:
            check_limits(message)
        await bot.close()
    finally:
        await store.close()
        service.store = await Store.open(db_path)  # let the fixture close something open


async def test_dynamic_item_rebuilt_from_custom_id(discord_, service):
    turn = await started(discord_)
    button_id = turn.custom_ids()[0]
    import discord

    base = discord.ui.Button(custom_id=button_id, label="x")
    match = ActButton.__discord_ui_compiled_template__.fullmatch(button_id)
    item = await ActButton.from_custom_id(None, base, match)
    stamp = (await service.table(PLACE)).stamp(0)
    assert item.custom_id == button_id and item.key == ActKey(1, 0, stamp, 0)
