"""Antiquity through the real Discord callbacks: colours by buttons, phase-2 commands by the
private menus and by /move with autocomplete listing the legal completions."""

from __future__ import annotations

import pytest

from bot.service import Place, Service
from bot.store import Store
from rules.antiquity import GAME

from .conftest import ALICE, BOB
from .harness import CHANNEL, GUILD

PLACE = Place(str(GUILD), str(CHANNEL))
OPTIONS = "tiles=T0:0,T1:0,T2:0,T3:0 order=0,1"


@pytest.fixture
async def service(db_path):
    store = await Store.open(db_path)
    yield Service(store, games=[GAME], seed_source=lambda: 11)
    await store.close()


async def state(service):
    return (await service.table(PLACE)).state


def buttons(message) -> dict[str, str]:
    """Label -> custom id of the option buttons of a message."""
    return {c["label"]: c["custom_id"] for row in message.components
            for c in row["components"] if c["type"] == 2 and c["custom_id"].startswith("tt:act")}


async def choices(discord_, user, typed) -> list[str]:
    found = await discord_.autocomplete(user, "move", "action", action=typed)
    return [c["value"] for c in found.choices()]


async def to_phase_two(discord_, service):
    await discord_.command(ALICE, "game new", game="antiquity", options=OPTIONS)
    await discord_.command(BOB, "game join")
    turn = (await discord_.command(ALICE, "game start")).public[-1]
    assert sorted(buttons(turn)) == ["blue", "purple", "red", "yellow"]
    turn = (await discord_.click(ALICE, turn, buttons(turn)["purple"])).public[-1]
    assert sorted(buttons(turn)) == ["blue", "red", "yellow"]
    await discord_.click(BOB, turn, buttons(turn)["blue"])
    assert [p["colour"] for p in (await state(service)).ps] == ["purple", "blue"]
    await discord_.command(BOB, "move", action="start a 0,0")
    result = await discord_.command(ALICE, "move", action="start b -1,14")
    assert (await state(service)).phase == "city"
    return result.public[-1]


async def test_colours_by_buttons_then_phase_two_by_private_menus(discord_, service):
    turn = await to_phase_two(discord_, service)
    assert [c for c in turn.custom_ids() if c.startswith(("tt:act", "tt:sel"))] == []
    mine = await discord_.click(ALICE, turn, turn.custom_ids()[-1])
    menus = [c for m in mine.private for row in m.components for c in row["components"]
             if c["type"] == 3]
    house = next((menu, o["value"]) for menu in menus for o in menu["options"]
                 if o["value"].startswith("house 1 "))
    message = next(m for m in mine.private if m.components)
    await discord_.click(ALICE, message, house[0]["custom_id"], [house[1]])
    assert (await state(service)).ps[0]["houses"] == [1]


async def test_typed_cells_are_completed_with_the_legal_ones_only(discord_, service):
    await to_phase_two(discord_, service)
    found = await choices(discord_, ALICE, "build cart_shop 0 3,")
    legal = [a.text for a in GAME.complete(await state(service), 0, "build cart_shop 0 3,", 99)]
    assert 1 < len(found) <= 25 and sorted(found) == sorted(legal)
    assert all(v.startswith("build cart_shop 0 3,") for v in found)
    result = await discord_.command(ALICE, "move", action=found[-1])
    assert not [m for m in result.public if found[-1] in m.content]  # hidden phase
    p = (await state(service)).ps[0]
    assert [b["type"] for b in p["buildings"].values()] == ["cart_shop"]
    assert await choices(discord_, BOB, "build cart_shop 0 3,")  # Bob completes his own
    assert "reset" in await choices(discord_, ALICE, "re")
    await discord_.command(ALICE, "move", action="reset")
    assert (await state(service)).ps[0]["buildings"] == {}


async def test_offers_and_answers_are_completed(discord_, service):
    await to_phase_two(discord_, service)
    offers = await choices(discord_, ALICE, "offer p2 wood for")
    assert "offer p2 wood for stone" in offers
    await discord_.command(ALICE, "move", action="offer p2 wood for stone")
    assert await choices(discord_, BOB, "dec") == ["decline t1"]
    assert await choices(discord_, ALICE, "canc") == ["cancel t1"]
    await discord_.command(BOB, "move", action="decline t1")
    assert (await state(service)).phase2["offers"]["t1"]["status"] == "declined"



def test_many_phase_two_commands_come_in_one_titled_menu_per_group():
    from bot.discord import specs
    from bot.service import Table
    from bot.store import GameRecord, Seat
    from tests.antiquity.helpers import goods
    from tests.antiquity.test_complete import rich_state

    state, _ = rich_state()
    goods(state, 0, wood=6, stone=4, grain=2, fish=2, olives=2, sheep=2, wine=2, gold=2, dye=2)
    record = GameRecord(id=42, game="antiquity", guild="g", channel="c", status="active",
                        seed=1, options={}, seats=(Seat("1", "Ann"), Seat("2", "Bo")), host="1",
                        min_players=2, max_players=4, version=3, state={},
                        board_message_id=None)
    table = Table(record, GAME, state)
    assert len(table.actions(0)) > 25
    rows = specs.decision_rows(table, 0)
    specs.check_rows(rows)
    titles = [row[0].placeholder.split(":")[0] for row in rows]
    assert titles[:2] == ["Houses and storage", "Buildings"] and "Ready" in titles
    assert specs.shown_options(rows) == len(table.actions(0))
