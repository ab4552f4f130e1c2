"""The terminal table asks y/n before a final option picked by its number (issue 19 point 9:
Small World's decline was one keystroke away, with no confirmation)."""

from __future__ import annotations

from bot.local import PLACE, Terminal, players
from bot.service import Service

EASY = ("pick 0", "end conquest", "redeploy auto", "end turn")


async def second_turn(service: Service, seats, place=PLACE) -> object:
    """Play a 2-player Small World game in ``place`` to its first player's second turn
    (decline offered)."""
    table = await service.open_and_start(place, seats, "smallworld", "first_player=0")
    while "decline" not in [a.text for a in table.actions(0)]:
        seat = min(table.to_act())
        texts = [a.text for a in table.actions(seat)]
        move = next(t for start in EASY for t in texts if t.startswith(start))
        table = (await service.act(place, seats[seat], move)).table
    return table


async def test_a_numbered_decline_asks_first_and_no_changes_nothing(store, tmp_path):
    answers = iter(["n", "y"])
    asked, output = [], []

    def read(prompt):
        asked.append(prompt)
        return next(answers)

    service = Service(store, seed_source=lambda: 2)
    seats = players(2)
    terminal = Terminal(service, seats, tmp_path / "out", read, output.append)
    table = await second_turn(service, seats)
    terminal.game_id = table.record.id
    number = str([a.text for a in table.actions(0)].index("decline") + 1)
    version = table.record.version
    await terminal.handle(table, 0, number)
    assert asked == ["Go into decline? Your active race stops for good and you pick a new one"
                     " next turn. This cannot be undone. (y/n) "]
    assert output[-1] == "Cancelled: nothing was played."
    assert (await service.table_by_id(table.record.id)).record.version == version
    await terminal.handle(table, 0, number)
    after = await service.table_by_id(table.record.id)
    assert after.record.version == version + 1 and len(asked) == 2
    assert output[-2].startswith("P1 played decline.")
    await terminal.handle(after, 1, "1")  # an ordinary option is played at once
    assert len(asked) == 2
    assert (await service.table_by_id(table.record.id)).record.version == version + 2
