"""Stopping and starting the real bot process: SIGTERM, restarts mid-game, command sync."""

from __future__ import annotations

import asyncio
import signal

import pytest

from bench.standin import Fault
from bench.standin.driver import BotProcess
from bench.standin.model import GUILD
from bench.standin.session import Session, option_id

from .conftest import ALICE, BOB, PLUGINS

PUBLIC = r"^POST /webhooks/"


@pytest.fixture
async def table(standin, bot):
    session = Session(standin, bot)
    yield session
    if session.bot is not bot:  # a restarted process: stop it as the fixture stops its own
        assert await session.bot.stop() == 0
        assert session.bot.errors() == [], session.bot.log[-3000:]


async def restart(table: Session, **env: str) -> BotProcess:
    """Stop the bot with SIGTERM (it must exit cleanly) and start a new process on its data."""
    old = table.bot
    assert await old.stop() == 0, old.log[-3000:]
    assert "store closed" in old.log and old.errors() == []
    table.bot = await BotProcess(table.standin, old.database, PLUGINS, env=env).start()
    return table.bot


async def _started(table: Session) -> None:
    await table.command(ALICE, "game new", game="toy", options="goal=30 first=0")
    lobby = table.lobby()
    await table.click(BOB, lobby, next(i for i in lobby.custom_ids() if i.endswith(":join")))
    lobby = table.lobby()
    await table.click(ALICE, lobby, next(i for i in lobby.custom_ids() if i.endswith(":start")))


async def _step(table: Session, user) -> None:
    await table.click(user, table.turn(), option_id(table.turn(), "Step forward"))


async def test_restart_posts_the_missing_turn_and_old_buttons_keep_working(table, standin):
    await _started(table)
    await _step(table, ALICE)
    standin.faults.append(Fault(PUBLIC, 403, public=True))
    await _step(table, BOB)  # saved, but the turn message never reached the channel
    assert len(table.moves()) == 2 and table.game()["board_version"] < table.game()["version"]

    bot = await restart(table)
    recovered = table.turn()
    assert "The bot restarted" in recovered.content and "<@111>" in recovered.content
    assert recovered.interaction_id is None  # posted with the bot's token at start
    assert "posted 1 messages" in bot.log
    await _step(table, ALICE)
    posted_before_restart = table.turn()

    await restart(table)
    assert table.turn() is posted_before_restart  # nothing missing: nothing re-posted
    await table.click(BOB, posted_before_restart, option_id(posted_before_restart, "hop 2"))
    assert [m[3] for m in table.moves()] == ["step", "step", "step", "hop 2"]
    assert len(standin.syncs) == 1  # the command JSON did not change: no sync on restarts


async def test_sigterm_lets_a_post_in_flight_finish(table, standin):
    await _started(table)
    standin.faults.append(Fault(PUBLIC, None, delay=2.0, public=True))
    click = await standin.click(ALICE, table.turn(), option_id(table.turn(), "Step forward"))
    await asyncio.wait_for(click.answered.wait(), 3)
    await asyncio.sleep(0.3)  # the move is saved; its post waits on the slow Discord
    assert await table.bot.stop(signal.SIGTERM) == 0
    assert "finishing 1 interactions" in table.bot.log
    assert "<@222>" in table.turn().content and len(table.moves()) == 1


async def test_dev_guild_sync_removes_stale_global_commands_and_a_failed_sync_is_survived(
        table, standin):
    assert {c["name"] for c in standin.commands["global"]} >= {"game", "move"}
    await restart(table, DEV_GUILD_ID=str(GUILD))
    assert standin.commands["global"] == []  # no duplicates in the dev guild
    assert {c["name"] for c in standin.commands[str(GUILD)]} >= {"game", "move"}

    standin.faults.append(Fault(r"^PUT /applications/\d+/commands", 403, times=5))
    bot = await restart(table)  # back to global commands, but Discord refuses the sync
    assert any("could not sync the slash commands" in line for line in bot.errors())
    status = await table.command(ALICE, "game status")
    assert "no game" in status.text.lower()
    bot.lines = [line for line in bot.lines if "could not sync" not in line]
