import asyncio

from .conftest import ALICE, BOB, CAROL, DAVE
from .test_play import PLACE, started


async def test_probe_race_clicks(discord_, service):
    turn = await started(discord_)
    ids = turn.custom_ids()
    rs = await asyncio.gather(discord_.click(ALICE, turn, ids[0]), discord_.click(ALICE, turn, ids[2]))
    for r in rs: print("R", repr(r.text))
    t = await service.table(PLACE)
    print(t.state.positions, t.record.version)

async def test_probe_race_join(discord_, service):
    await discord_.command(ALICE, "game new", game="toy", max_players=2)
    rs = await asyncio.gather(discord_.command(BOB, "game join"), discord_.command(CAROL, "game join"), discord_.command(DAVE, "game join"))
    for r in rs: print("J", repr(r.text))
    t = await service.table(PLACE)
    print(t.names)
    rs = await asyncio.gather(discord_.command(ALICE, "game start"), discord_.command(ALICE, "game start"), discord_.command(BOB, "game leave"))
    for r in rs: print("S", repr(r.text))
    t = await service.table(PLACE)
    print(t.names, t.record.status)

async def test_probe_race_new(discord_, service):
    rs = await asyncio.gather(discord_.command(ALICE, "game new", game="toy"), discord_.command(BOB, "game new", game="toy"))
    for r in rs: print("N", repr(r.text))
    print(await service.store.active_games())
