"""Data tests: races, powers, pieces, maps (spec 1, 2, 6.1) and catalog coverage."""

from __future__ import annotations

from collections import deque

import pytest

from rules.core.text import Msg, translate
from rules.smallworld import GAME, data
from tests.smallworld.helpers import new

RACES = {"amazons": (6, 15), "dwarves": (3, 8), "elves": (6, 11), "ghouls": (5, 10),
         "giants": (6, 11), "halflings": (6, 11), "humans": (5, 10), "orcs": (5, 10),
         "ratmen": (8, 13), "skeletons": (6, 20), "sorcerers": (5, 18), "tritons": (6, 11),
         "trolls": (5, 10), "wizards": (5, 10)}
POWERS = {"alchemist": 4, "berserk": 4, "bivouacking": 5, "commando": 4, "diplomat": 5,
          "dragon_master": 5, "flying": 5, "forest": 4, "fortified": 3, "heroic": 5, "hill": 4,
          "merchant": 2, "mounted": 5, "pillaging": 5, "seafaring": 5, "spirit": 5, "stout": 4,
          "swamp": 4, "underworld": 5, "wealthy": 4}
SUPPLY = {"lair": 10, "fortress": 6, "encampment": 5, "hero": 2, "mountain": 9, "hole": 2,
          "dragon": 1, "lost_tribe": 18}
# regions, pairs, land, edge land, border land, coastal land, sea, lake, farm, forest, hill,
# swamp, mountain, LT, mine, magic, cavern (spec 6.1)
COUNTS = {
    "2p": (23, 51, 20, 13, 14, 10, 2, 1, 4, 4, 4, 4, 4, 9, 4, 4, 4),
    "3p": (30, 71, 27, 14, 16, 13, 2, 1, 5, 5, 5, 5, 7, 10, 5, 5, 5),
    "4p": (39, 95, 36, 16, 21, 17, 2, 1, 7, 7, 7, 7, 8, 14, 7, 7, 7),
    "5p": (48, 110, 45, 20, 25, 17, 2, 1, 10, 9, 8, 9, 9, 18, 9, 9, 9),
}
TURNS = {"2p": 10, "3p": 10, "4p": 9, "5p": 8}


def test_fourteen_races_with_banner_numbers_and_tray_maxima():
    races = data.races()
    assert {r: (d["banner"], d["tray"]) for r, d in races.items()} == RACES
    assert races["amazons"]["extra_tokens"] == 4


def test_twenty_powers_with_badge_numbers():
    assert {p: d["badge"] for p, d in data.powers().items()} == POWERS


def test_every_hook_is_in_the_closed_lists():
    from rules.smallworld import powers, races
    for race in data.races():
        for hook in data.race_hooks(race):
            assert f"``{hook}``" in races.__doc__
    for power in data.powers():
        for hook in data.power_hooks(power):
            assert f"``{hook}``" in powers.__doc__


def test_piece_supplies_and_die():
    consts = data.constants()
    assert consts["supply"] == SUPPLY
    assert sorted(consts["die"]) == [0, 0, 0, 1, 2, 3]
    assert consts["start_coins"] == 5 and consts["column_size"] == 6


def _counts(board):
    regs = board.regions
    land = [r for r in regs if not r.water]
    terr = lambda t: sum(r.terrain == t for r in regs)  # noqa: E731
    sym = lambda s: sum(s in r.symbols for r in regs)  # noqa: E731
    pairs = sum(len(r.adj) for r in regs) // 2
    return (len(regs), pairs, len(land), sum(r.edge for r in land), sum(r.border for r in land),
            sum(r.coastal for r in land), terr("sea"), terr("lake"), terr("farmland"),
            terr("forest"), terr("hill"), terr("swamp"), terr("mountain"),
            sum(r.lost_tribe for r in regs), sym("mine"), sym("magic"), sym("cavern"))


def _connected(board, ids):
    ids = set(ids)
    start = next(iter(ids))
    seen, todo = {start}, deque([start])
    while todo:
        for n in board.regions[todo.popleft()].adj & ids:
            if n not in seen:
                seen.add(n)
                todo.append(n)
    return seen == ids


@pytest.mark.parametrize("name", ["2p", "3p", "4p", "5p"])
def test_map_integrity_and_counts(name):
    board = data.game_map(name)
    assert [r.id for r in board.regions] == list(range(len(board.regions)))
    for r in board.regions:
        assert r.id not in r.adj
        for n in r.adj:
            assert r.id in board.regions[n].adj
        assert r.mountain == (r.terrain == "mountain")
        coastal = not r.water and any(board.regions[n].water for n in r.adj)
        assert r.coastal == coastal
        if not r.water:
            sea_side = any(board.regions[n].terrain == "sea" for n in r.adj)
            assert r.border == (r.edge or sea_side)
    assert _connected(board, range(len(board.regions)))
    assert _connected(board, [r.id for r in board.regions if not r.water])
    assert _counts(board) == COUNTS[name]
    assert board.turns == TURNS[name]


def test_two_player_setup():
    state = new(2)
    assert state.turns == 10 and state.turn == 1
    assert [r for r, reg in enumerate(state.regions) if reg.lost_tribe] == [
        3, 6, 10, 11, 12, 13, 14, 16, 18]
    assert state.supply["lost_tribe"] == 9
    assert [r for r, reg in enumerate(state.regions) if reg.mountain] == [5, 8, 15, 19]
    assert [p.coins for p in state.players] == [5, 5]
    assert len(state.column) == 6 and all(c[2] == 0 for c in state.column)
    assert len(state.race_deck) == 8 and len(state.power_deck) == 14 and state.discard == []


def test_five_player_setup():
    state = new(5)
    assert state.turns == 8
    assert state.lt_placed == 18 and state.supply["lost_tribe"] == 0
    assert sum(r.mountain for r in state.regions) == 9 and state.supply["mountain"] == 0


def test_combos_option_fixes_the_column_and_rejects_unknown_names():
    state = new(2, "ratmen:alchemist,elves:flying")
    assert state.column[0][:2] == ["ratmen", "alchemist"]
    assert state.column[1][:2] == ["elves", "flying"]
    from rules.core.errors import CannotParse
    with pytest.raises(CannotParse):
        new(2, "unicorns:flying")


def test_every_race_power_and_option_has_a_name():
    for race in data.races():
        translate(Msg(f"smallworld.race.{race}"))
    for power in data.powers():
        translate(Msg(f"smallworld.power.{power}"))
    for option in GAME.options:
        translate(Msg(option.help))
    translate(Msg(GAME.title))


def _crosses(p1, p2, p3, p4) -> bool:
    def orient(a, b, c):
        value = (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])
        return (value > 0) - (value < 0)
    return (orient(p1, p2, p3) * orient(p1, p2, p4) < 0
            and orient(p3, p4, p1) * orient(p3, p4, p2) < 0)


@pytest.mark.parametrize("name", ["2p", "3p", "4p", "5p"])
def test_maps_are_planar_drawn_with_their_centroids(name):
    import json

    from rules.core.text import DATA_DIR
    raw = json.loads((DATA_DIR / "smallworld" / "maps" / f"{name}.json").read_text())
    xy = {r["id"]: tuple(r["xy"]) for r in raw["regions"]}
    edges = sorted({tuple(sorted((r["id"], n))) for r in raw["regions"] for n in r["adj"]})
    assert len(set(xy.values())) == len(xy)
    for i, (a, b) in enumerate(edges):
        for c, d in edges[i + 1:]:
            if {a, b} & {c, d}:
                continue
            assert not _crosses(xy[a], xy[b], xy[c], xy[d]), (name, (a, b), (c, d))
