"""What the terminal table prints reads as the channel does (issue 19, a whole game read as a
player): a secret step after which its player goes on deciding prints nothing public."""

from __future__ import annotations

from bot.local import PLACE, Terminal, players
from bot.service import Service
from rules.core import Msg, translate

OPTIONS = "tiles=T0:0,T1:0,T2:0,T3:0 order=0,1 colours=red,blue"


async def test_a_secret_step_prints_only_the_movers_own_line(store, tmp_path):
    output: list[str] = []
    service = Service(store, seed_source=lambda: 2)
    seats = players(2)
    terminal = Terminal(service, seats, tmp_path / "out", lambda prompt: None, output.append)
    await service.open_and_start(PLACE, seats, "antiquity", OPTIONS)
    await service.act(PLACE, seats[1], "start a 0,0")
    table = (await service.act(PLACE, seats[0], "start b -1,14")).table
    terminal.game_id = table.record.id
    await terminal.handle(table, 0, "house 1 0 0,0 -")
    assert output and not any("made their choice" in line for line in output)
    assert all(line.startswith("  (P1 only)") for line in output)
    await terminal.handle(table, 1, "ready")  # a step that ends one's deciding is told
    assert "P2 is ready." in "\n".join(output)


def test_a_reveal_with_no_new_building_reads_as_a_list():
    msg = Msg("antiquity.event.revealed", {"seat": 0, "buildings": [Msg("antiquity.misc.nothing")],
                                           "houses": 1, "men": 2,
                                           "saint": Msg("antiquity.misc.nothing")})
    assert "new buildings: nothing; new houses: 1; idle men: 2" in translate(msg, "en", ["Ann"])
