"""Phases 5-9 (spec §4, §7): storage, harvest, exploration, famine, pollution; T34-T46, T55, T56."""

from __future__ import annotations

import pytest

from rules.antiquity import famine, flow, pollution, storage
from rules.antiquity.harvest import owed_takes
from rules.antiquity.position import position
from rules.core import NotLegalNow, NotYourDecision
from tests.antiquity.helpers import (
    G,
    board_of,
    city_at,
    give,
    give_storage,
    goods,
    inn_at,
    men,
    play,
    tb,
    terrain,
)


def two_cities(special=None, explore=(), **more):
    """TB(10) with ``special`` terrain; cities at 0,0 (seat 0) and 0,-8 (seat 1), no goods;
    ``more``: more of the position description (rules/antiquity/position.py)."""
    seats = {"0": {"cities": ["0,0"], "goods": {}}, "1": {"cities": ["0,-8"], "goods": {}}}
    for seat, table in more.pop("seat", {}).items():
        seats[seat].update(table)
    return position({"board": board_of(10, special, explore), "seat": seats, **more})


def enter(state, opener):
    """Open a phase with ``opener`` (its forced parts happen; choices are pushed)."""
    events = []
    state.pending = []
    state.queue = []
    opener(state, events)
    return events


def test_t34_storage_capacity():
    state = two_cities()
    give_storage(state, 0, 1, 2)
    big = give_storage(state, 0, 2, 2)
    give_storage(state, 0, 1, 4, staffed=False)
    goods(state, 0, wood=3, stone=3, grain=3)
    assert storage.capacity(state, 0) == 6
    enter(state, flow.after_country)
    assert G.to_act(state) == {0}
    state, _ = play(state, 0, "discard wood", "discard wood", "discard stone")
    assert sum(state.ps[0]["goods"].values()) == 6
    graved = two_cities()
    give_storage(graved, 0, 1, 2, staffed=False)
    big = give_storage(graved, 0, 2, 2)
    graved.ps[0]["graves"].append([0, *graved.ps[0]["buildings"][big]["cells"][0]])
    assert storage.capacity(graved, 0) == 0
    saint = two_cities()
    give(saint, 0, "cathedral")
    saint.ps[0]["saint"] = "san_christofori"
    goods(saint, 0, wood=9)
    enter(saint, flow.after_country)
    assert saint.ps[0]["goods"]["wood"] == 9


def test_t55_unspent_wood_goes_back_without_storage():
    state = two_cities()
    goods(state, 0, wood=1)
    enter(state, flow.after_country)
    assert state.ps[0]["goods"]["wood"] == 0 and state.bank["wood"] >= 1


def woodcutter(state, seat, site, tokens):
    cid = f"w{site}"
    state.country[cid] = {"type": "woodcutter", "owner": seat, "good": "wood",
                          "site": [list(site)], "tokens": [list(h) for h in tokens]}
    return cid


def test_t35_woodcutter_lasts_its_size_site_token_last():
    state = two_cities(terrain("F", [(3, 0), (4, 0), (3, 1)]))
    cid = woodcutter(state, 0, (3, 0), [(3, 0), (4, 0), (3, 1)])
    enter(state, flow.after_storage)
    assert G.to_act(state) == {0}
    with pytest.raises(NotLegalNow):
        play(state, 0, "take 3,0")
    state, _ = play(state, 0, "take 4,0")
    assert state.ps[0]["goods"]["wood"] == 1
    enter(state, flow.after_storage)  # turn 2: one around token left, forced
    assert state.country[cid]["tokens"] == [[3, 0]]
    enter(state, flow.after_storage)  # turn 3: the site token, the man comes home
    assert cid not in state.country and state.ps[0]["idle"] == 1
    assert (3, 0) not in state.pollution and (3, 0) not in state.occupied()


def test_t36_forced_labour():
    state = two_cities()
    give(state, 0, "forced_labour")
    farm = [(-2, 2), (-1, 2), (-2, 1), (-3, 2), (-2, 3)]
    state.country["f"] = {"type": "farm", "owner": 0, "good": "grain", "site": [[-2, 2]],
                          "tokens": [list(h) for h in farm]}
    state.country["s"] = {"type": "fisherman", "owner": 0, "good": "fish",
                          "site": [[3, 0], [3, 1]], "tokens": [[4, 0]]}
    assert owed_takes(state, 0) == {"f": 3, "s": 1}
    state.pools["fisherman"] = 10
    enter(state, flow.after_storage)
    while state.phase == "harvest" and 0 in G.to_act(state):
        state, _ = play(state, 0, G.legal_actions(state, 0)[0].text)
    assert state.ps[0]["goods"]["grain"] == 2 and len(state.country["f"]["tokens"]) == 2
    assert state.ps[0]["goods"]["fish"] == 0 and "s" not in state.country
    assert state.pools["fisherman"] == 11
    enter(state, flow.after_storage)
    assert state.ps[0]["goods"]["grain"] == 3 and "f" not in state.country
    assert state.ps[0]["idle"] == 2


def test_t37_san_giorgio_fish_per_cathedral_built_this_turn():
    state = two_cities()
    give(state, 0, "cathedral")
    state.ps[0]["saint"] = "san_giorgio"
    state.cathedrals_built = 2
    enter(state, flow.after_storage)
    assert state.ps[0]["goods"]["fish"] == 2
    state.cathedrals_built = 0
    enter(state, flow.after_storage)
    assert state.ps[0]["goods"]["fish"] == 2


def test_t56_men_on_woodcutters_stay_out_of_all_rise():
    state = two_cities(terrain("F", [(3, 0), (-3, 0)]))
    men(state, 0, 4)
    state.ps[0]["idle"] = 2
    woodcutter(state, 0, (3, 0), [(3, 0)])
    woodcutter(state, 0, (-3, 0), [(-3, 0)])
    state.pending = []
    flow.start_turn(state, [])
    assert state.ps[0]["idle"] == 2


def explorer_state():
    return two_cities(explore=((2, 0), (-2, 2), (7, 0)),
                      counters={"2,0": "sheep", "-2,2": "wine", "7,0": "grain"},
                      seat={"0": {"buildings": ["explorer"]}})


def test_t38_exploration():
    state = explorer_state()
    state.order = [0, 1]
    enter(state, flow.after_harvest)
    flow.step(state, [])
    assert G.to_act(state) == {0}
    with pytest.raises(NotLegalNow):
        play(state, 0, "explore 7,0")
    after, events = play(state, 0, "explore 2,0")
    assert after.ps[0]["goods"]["sheep"] == 1 and after.revealed == {(2, 0): "sheep"}
    assert any(e.key == "antiquity.event.explored" and e.reveals for e in events)
    famine_now = [e.params["famine"] for e in events if e.key == "antiquity.event.explored"]
    assert famine_now == [1]
    state.counters.pop((2, 0))
    state, events = play(state, 0, "explore -2,2")
    assert [e.params["famine"] for e in events if e.key == "antiquity.event.explored"] == [0]
    with pytest.raises((NotLegalNow, NotYourDecision)):  # once per turn
        play(state, 0, "explore 2,0")


def test_t39_famine_graves_granary_and_rise():
    state = two_cities(famine=5, seat={"0": {"goods": {"grain": 1, "fish": 1},
                                             "buildings": ["granary"]},
                                       "1": {"goods": {"sheep": 2}}})
    assert famine.famine_graves(state, 0) == 0 and famine.famine_graves(state, 1) == 3
    enter(state, flow.after_explore)
    assert G.to_act(state) == {1} and state.pending[-1]["due"] == 3
    state, events = play(state, 1, "grave 0,0,0", "grave 0,0,1", "grave 0,0,2")
    assert len(state.ps[1]["graves"]) == 3 and not state.ps[0]["graves"]
    assert state.ps[1]["goods"]["sheep"] == 2 and state.ps[0]["goods"]["grain"] == 1
    assert [e.params["level"] for e in events if e.key == "antiquity.event.famine"] == [6]


def fill(state, seat, keep_empty):
    """Fill the seat's large city with houses except ``keep_empty`` cells."""
    p = state.ps[seat]
    from rules.antiquity.city import empty_cells
    for cell in empty_cells(p, 0)[keep_empty:]:
        give(state, seat, "house", city=0, cells=[cell], number=0)


def test_t40_graves_on_empty_cells_first_then_buildings_never_houses():
    state = two_cities()
    shop = give(state, 0, "cart_shop")
    men(state, 0, 1)
    fill(state, 0, keep_empty=1)
    d = {"type": "graves", "seat": 0, "due": 3, "total": 3}
    state.pending = [d]
    from rules.antiquity.famine import settle_graves
    settle_graves(state, d, [])
    assert state.pending == [d] and d["due"] == 2  # the one empty cell is graved at once
    assert len(state.ps[0]["graves"]) == 1
    shop_cells = state.ps[0]["buildings"][shop]["cells"]
    assert sorted(a.text for a in G.legal_actions(state, 0)) == sorted(
        f"grave 0,{r},{c}" for r, c in shop_cells)
    state, _ = play(state, 0, G.legal_actions(state, 0)[0].text)
    assert state.pending[-1]["due"] == 1
    state, _ = play(state, 0, G.legal_actions(state, 0)[0].text)
    p = state.ps[0]
    assert len(p["graves"]) == 3 and not p["buildings"][shop]["staffed"]


def test_t41_elimination_when_a_grave_cannot_be_placed():
    state = two_cities()
    shop = give(state, 0, "cart_shop")
    fill(state, 0, keep_empty=0)
    p = state.ps[0]
    p["graves"] = [[0, *c] for c in p["buildings"][shop]["cells"]]
    woodcutter(state, 0, (3, 0), [(3, 0)])
    state.country["m"] = {"type": "mine", "owner": 0, "good": "gold", "site": [[0, 3]],
                          "tokens": [[0, 3]]}
    state.pollution.add((0, 3))
    inn_at(state, 0, (5, 0))
    state.famine = 2
    goods(state, 1, grain=2)
    enter(state, flow.after_explore)
    assert state.ps[0]["eliminated"] and not state.over  # checked at the end of the phase
    G.settle(state, [])
    assert state.ps[0]["eliminated"] and not any(b["owner"] == 0 for b in state.country.values())
    assert (0, 3) in state.pollution and state.inns[(5, 0)] == 0 and state.city_at[(0, 0)][0] == 0
    assert state.over and state.winners == [1]  # the last player standing wins


def test_t42_pollution_amount():
    state = two_cities()
    for centre in [(8, -4), (-8, 4)]:
        city_at(state, 0, centre)
    give(state, 0, "fountain")
    graved = give(state, 0, "fountain")
    state.ps[0]["graves"].append([0, *state.ps[0]["buildings"][graved]["cells"][0]])
    give(state, 0, "dump")
    assert pollution.amount(state, 0) == 9 - 1 - 4


def test_t43_bas_three_free_hexes_six_pollution():
    state = tb(4)
    city_at(state, 0, (0, 0))
    free = pollution.free_hexes(state, 0)
    for h in free[3:]:
        state.pollution.add(h)
    state.ps[0]["cities"].append({"centre": [9, 9], "rows": 6, "cols": 6})  # 2nd city off-map
    assert pollution.amount(state, 0) == 6 and len(pollution.free_hexes(state, 0)) == 3
    state.queue = [0]
    state.phase = "pollution"
    state.pending = []
    G.settle(state, [])
    assert len(pollution.free_hexes(state, 0)) == 0
    assert G.to_act(state) == {0} and state.pending[-1]["due"] == 3  # graves: his choice
    for _ in range(3):
        state, _ = play(state, 0, G.legal_actions(state, 0)[-1].text)
    assert len(state.ps[0]["graves"]) == 3


def test_t44_dump_protects_the_owners_influence():
    state = tb(8)
    city_at(state, 0, (0, 0))
    city_at(state, 1, (4, 0))
    give(state, 1, "dump")
    from rules.antiquity.influence import influence
    shared = influence(state, 0) & influence(state, 1)
    assert shared
    assert not set(pollution.free_hexes(state, 0)) & influence(state, 1)
    assert set(pollution.free_hexes(state, 1)) & shared


def test_t45_water_only_with_a_harbour():
    water = [(2, 0), (2, 1), (3, 0)]
    state = tb(8, terrain("W", water))
    city_at(state, 0, (0, 0))
    assert not set(pollution.free_hexes(state, 0)) & set(water)
    give(state, 0, "harbour")
    assert set(water) <= set(pollution.free_hexes(state, 0))


def test_t46_pollution_removes_a_counter_unseen():
    state = tb(8, explore=((2, 0),))
    state.counters = {(2, 0): "olives"}
    city_at(state, 0, (0, 0))
    pollution.pollute(state, (2, 0))
    assert (2, 0) in state.pollution and not state.counters and not state.revealed


def test_keep_a_chosen_multiset_in_one_move():
    state = two_cities()
    give_storage(state, 0, 1, 2)
    goods(state, 0, wood=3, stone=3, grain=3)
    enter(state, flow.after_country)
    with pytest.raises(NotLegalNow):
        play(state, 0, "keep grain+stone+wood")  # capacity 2
    state, _ = play(state, 0, "keep grain+stone")
    assert {k: n for k, n in state.ps[0]["goods"].items() if n} == {"grain": 1, "stone": 1}


def test_several_graves_and_markers_in_one_move():
    state = two_cities()
    state.famine = 3
    goods(state, 1, grain=3)
    enter(state, flow.after_explore)
    assert G.to_act(state) == {0}
    with pytest.raises(NotLegalNow):
        play(state, 0, "grave 0,0,0 0,0,1 0,0,2 0,0,3")  # only 3 are due
    state, _ = play(state, 0, "grave 0,0,0 0,0,1 0,0,2")
    assert len(state.ps[0]["graves"]) == 3 and state.phase == "pollution"
    seat = state.pending[-1]["seat"]
    due = state.pending[-1]["due"]
    free = pollution.free_hexes(state, seat)
    texts = " ".join(f"{q},{r}" for q, r in free[:due])
    state, _ = play(state, seat, f"pollute {texts}")
    assert set(free[:due]) <= state.pollution
