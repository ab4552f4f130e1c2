"""A person plays a computer player through the real bot process and the Discord stand-in,
its decisions taken in a worker process; a restart mid-game resumes the computer seat."""

from __future__ import annotations

import asyncio
import time

import pytest

from bench.standin.driver import BotProcess
from bench.standin.session import Session

from .conftest import ALICE, BOB, PLUGINS

STATUS = "\u2063"  # starts the status block of a turn message
WAIT = 60.0


@pytest.fixture
async def table(standin, tmp_path):
    bot = await BotProcess(standin, tmp_path / "games.db", PLUGINS,
                           env={"BOT_PAUSE": "0", "BOT_PROCESSES": "1"}).start()
    session = Session(standin, bot)
    yield session
    assert await session.bot.stop() == 0, session.bot.log[-3000:]
    assert session.bot.errors() == [], session.bot.log[-3000:]


def status_of(table: Session) -> str:
    """The status block (who acts now, or the final score) of the channel's newest message."""
    content = table.public()[-1].content
    return content.split(STATUS)[-1] if STATUS in content else content


async def alice_or_the_end(table: Session) -> str:
    """Wait until the channel asks Alice to act or shows the final score; return its status."""
    deadline = time.monotonic() + WAIT
    while time.monotonic() < deadline:
        status = status_of(table)
        if "<@111>" in status or "Game over" in table.public()[-1].content:
            return table.public()[-1].content
        await asyncio.sleep(0.05)
    raise AssertionError(f"the computer player did not move: {status_of(table)!r}\n"
                         + "\n---\n".join(m.content for m in table.public()[-4:]))


async def open_against_computer(table: Session, options: str = "goal=3") -> None:
    await table.command(ALICE, "game new", game="toy", options=options)
    await table.command(ALICE, "game addbot", level="easy")
    lobby = table.lobby()
    assert "Alice, Bot 1 (easy)" in lobby.content
    await table.click(ALICE, lobby, next(i for i in lobby.custom_ids() if i.endswith(":start")))


async def test_a_person_plays_a_computer_player_to_the_end(table):
    await open_against_computer(table)
    for _ in range(30):
        shown = await alice_or_the_end(table)
        if "Game over" in shown:
            break
        # the toy game's one phase where several seats act at once is its closing vote
        voting = "Vote" in shown or "Waiting for:" in shown
        await table.command(ALICE, "move", action="vote yes" if voting else "step")
    final = table.public()[-1].content
    assert "Game over" in final and "Bot 1 (easy)" in final
    assert "Computer players took part, so this game is not rated." in final
    seats = {seat for _, _, seat, _ in table.moves()}
    assert seats == {0, 1} and table.game()["status"] == "over"


async def test_the_host_hands_a_seat_over_and_its_player_takes_it_back(table):
    await table.command(ALICE, "game new", game="toy", options="goal=30")
    await table.command(BOB, "game join")
    await table.command(ALICE, "game start")
    handed = await table.command(ALICE, "game replace", player=BOB, level="easy")
    assert any("seat is now played by Bot 1 (easy)" in m.content for m in table.public())
    assert handed.answered.is_set()
    await table.command(ALICE, "move", action="step")
    await alice_or_the_end(table)  # the computer moved in Bob's seat
    await table.command(BOB, "game join")
    assert "Bob takes seat 2 back" in table.public()[-1].content
    await table.command(ALICE, "move", action="step")
    await table.command(BOB, "move", action="step")
    assert [m[2] for m in table.moves()] == [0, 1, 0, 1]
    assert "<@111>" in status_of(table)


async def test_a_restart_resumes_the_computer_seat(table, standin):
    table.bot = await _restarted(table, "30")  # the computer pauses long before moving
    await open_against_computer(table, "goal=30")
    await table.command(ALICE, "move", action="step")
    assert [m[2] for m in table.moves()] == [0]  # the computer seat is still pausing
    table.bot = await _restarted(table, "0")
    assert "resumed 1 games whose computer player is to act" in table.bot.log
    await alice_or_the_end(table)
    assert [m[2] for m in table.moves()] == [0, 1]


async def _restarted(table: Session, pause: str) -> BotProcess:
    old = table.bot
    assert await old.stop() == 0, old.log[-3000:]
    assert old.errors() == [], old.log[-3000:]
    return await BotProcess(table.standin, old.database, PLUGINS,
                            env={"BOT_PAUSE": pause, "BOT_PROCESSES": "1"}).start()
