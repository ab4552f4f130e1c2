"""The moves of the channel's current turn, told again from the move log (issue 19): where a
turn begins is kept in the store, so an edit in place reads nothing back from Discord."""

from __future__ import annotations

import pytest

from bot.discord.texts import told_before
from bot.service import Place, Service
from rules.antiquity import GAME as ANTIQUITY
from tests.conftest import ALICE, BOB, CAROL
from tests.platform.toy_game import TOY

PLACE = Place("guild-1", "channel-2")


@pytest.fixture
async def service(store):
    return Service(store, games=[ANTIQUITY, TOY], seed_source=lambda: 2)


async def test_a_turn_holds_the_moves_since_it_began(service):
    table = await service.open_and_start(PLACE, [ALICE], "toy", "goal=20")
    assert await service.turn_story(table) is None  # no turn begun: nothing to tell again
    await service.begin_turn(table)
    first = (await service.act(PLACE, ALICE, "step")).table
    story = await service.turn_story(first)
    assert story.from_start and [m.action for m in story.moves] == ["step"]
    await service.act(PLACE, ALICE, "hop 2")
    await service.begin_turn((await service.act(PLACE, ALICE, "step")).table)
    newest = (await service.act(PLACE, ALICE, "hop 2")).table
    later = await service.act(PLACE, ALICE, "step")  # saved after ``newest``: not told
    story = await service.turn_story(newest)
    assert not story.from_start and [(m.seq, m.action) for m in story.moves] == [
        (3, "step"), (4, "hop 2")]
    assert [m.seq for m in (await service.turn_story(later.table)).moves] == [3, 4, 5]


async def test_a_concession_is_told_as_one(service):
    table = await service.open_and_start(PLACE, [ALICE, BOB, CAROL], "antiquity")
    await service.begin_turn(table)
    conceded = await service.concede(PLACE, CAROL)
    story = await service.turn_story(conceded.table)
    assert story.conceded == {1}
    after = (await service.act(PLACE, ALICE, "colour red")).table
    lines = told_before(after, await service.turn_story(after))
    assert lines[1:] == ["**Carol** conceded the game.",
                         "Carol concedes and leaves the game."]
