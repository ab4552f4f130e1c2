"""A turn message edited in place tells its whole turn, rebuilt from the move log: nothing is
read back from Discord (no GET per move), the lines are the ones each move told, and they
survive a restart."""

from __future__ import annotations

from bot.discord.app import create_bot
from bot.discord.texts import STATUS_MARK, story_of
from bot.service import Service
from bot.store import Store
from tests.platform.toy_game import TOY

from .conftest import ALICE, BOB, CAROL
from .harness import FakeDiscord
from .test_play import started

SOLO = ["Race to Ten (test game) begins! Seat order: Alice.",
        "**Alice** played `step`.", "Alice moved 1.",
        "**Alice** played `hop 2`.", "Alice moved 2.",
        "**Alice** played `step`.", "Alice moved 1."]


def count_reads(discord_) -> list:
    """Record every message the bot reads back from Discord."""
    reads = []
    read = discord_.bot.http.get_message

    async def counted(channel_id, message_id):
        reads.append(int(message_id))
        return await read(channel_id, message_id)

    discord_.bot.http.get_message = counted
    return reads


async def test_an_edited_turn_message_reads_nothing_back(discord_, recorder):
    turn = await started(discord_, players=(ALICE,), options="goal=20")
    reads = count_reads(discord_)
    for text in ("step", "hop 2", "step"):
        moved = await discord_.command(ALICE, "move", action=text)
        assert moved.public == []  # the turn message was edited in place
    assert reads == []
    assert story_of(turn.content) == SOLO
    assert turn.content.split("\n")[len(SOLO)].startswith(STATUS_MARK)
    [story] = recorder.in_thread(5900)
    assert story.content.split("\n") == SOLO


async def test_a_phase_of_secret_choices_tells_each_choice_once(discord_, recorder):
    await started(discord_, players=(ALICE, BOB, CAROL), options="goal=2")
    await discord_.command(ALICE, "move", action="hop 2")  # the goal: everyone votes
    phase = recorder.public()[-1]
    reads = count_reads(discord_)
    await discord_.command(BOB, "move", action="vote yes")
    await discord_.command(ALICE, "move", action="vote no")
    assert recorder.public()[-1] is phase and reads == []
    told = ["**Alice** played `hop 2`.", "Alice moved 2.",
            "**Bob** has made their choice.", "Bob voted.",
            "**Alice** has made their choice.", "Alice voted."]
    assert story_of(phase.content) == told
    assert recorder.in_thread(5900)[-1].content.split("\n") == told


async def test_the_turn_survives_a_restart(db_path, service, recorder, discord_):
    turn = await started(discord_, players=(ALICE,), options="goal=20")
    for text in ("step", "hop 2"):
        await discord_.command(ALICE, "move", action=text)
    await discord_.bot.close()
    await service.store.close()
    store = await Store.open(db_path)
    try:
        bot = create_bot(Service(store, games=[TOY]), sync=False)
        again = FakeDiscord(bot, recorder)
        reads = count_reads(again)
        moved = await again.command(ALICE, "move", action="step")
        assert moved.public == [] and reads == []
        assert story_of(recorder.messages[turn.id].content) == SOLO
        assert recorder.in_thread(5900)[-1].content.split("\n") == SOLO
        await bot.close()
    finally:
        await store.close()
        service.store = await Store.open(db_path)  # let the fixture close something open


async def test_a_turn_whose_thread_message_failed_leaves_the_last_turn_whole(discord_, recorder):
    await started(discord_, players=(ALICE,), options="goal=20")
    await discord_.command(ALICE, "move", action="step")
    send = discord_.bot.http.send_message

    async def failing(channel_id, *, params):
        discord_.bot.http.send_message = send
        raise ConnectionResetError("lost")

    discord_.bot.http.send_message = failing
    rolled = await discord_.command(ALICE, "move", action="roll")  # reveals: a new turn
    assert rolled.public and discord_.bot.http.send_message is send
    await discord_.command(ALICE, "move", action="step")
    first, second = [m.content.split("\n") for m in recorder.in_thread(5900)]
    assert first == SOLO[:3]
    assert second[0] == "**Alice** played `roll`." and second[-2:] == SOLO[-2:]


async def test_secret_steps_stay_untold_when_the_phase_message_is_edited(tmp_path, recorder):
    from bot.discord.app import create_bot as create
    from rules.antiquity import GAME as ANTIQUITY

    from .harness import install

    store = await Store.open(tmp_path / "games.db")
    install(recorder)
    bot = create(Service(store, games=[ANTIQUITY], seed_source=lambda: 2), sync=False)
    discord_ = FakeDiscord(bot, recorder)
    try:
        await discord_.command(ALICE, "game new", game="antiquity",
                               options="tiles=T0:0,T1:0,T2:0,T3:0 order=0,1 colours=red,blue")
        await discord_.command(BOB, "game join")
        await discord_.command(ALICE, "game start")
        await discord_.command(BOB, "move", action="start a 0,0")
        await discord_.command(ALICE, "move", action="start b -1,14")
        phase = recorder.public()[-1]  # the city phase: both decide in secret
        for user, text in ((ALICE, "house 1 0 0,0 -"), (BOB, "house 1 0 0,0 -"),
                           (ALICE, "house 2 0 0,0 -"), (ALICE, "ready")):
            moved = await discord_.command(user, "move", action=text)
            assert moved.public == []  # the phase's one message, edited in place
        told = "\n".join([phase.content, recorder.in_thread(5900)[-1].content])
        assert "**Alice** played `ready`." in phase.content
        assert "made their choice" not in told and "house" not in told
    finally:
        await bot.close()
        await store.close()
