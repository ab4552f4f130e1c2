"""Phase 2, City Building (spec §4, §5), played as moves: T06-T18."""

from __future__ import annotations

import pytest

from rules.antiquity.city import functioning
from rules.antiquity.position import position
from rules.core import NotLegalNow
from tests.antiquity.helpers import city_at, give, goods, men, open_city, play, seeded_positions


def one_city(players=2, **kinds):
    """TB(8) (larger for more than two seats, so every city lies on it) with one city per
    seat (centres 0,-4 then 7 hexes apart), seat 0 holding exactly ``kinds`` when given;
    phase 2 open for every seat."""
    seats = {str(seat): {"cities": [f"0,{7 * seat - 4}"]} for seat in range(players)}
    if kinds:
        seats["0"]["goods"] = kinds
    radius = 8 + 7 * (players - 2)
    return position({"players": players, "board": {"radius": radius}, "seat": seats})


def test_t06_first_turn_houses_and_cart_shops():
    state = open_city(one_city())
    state, _ = play(state, 0, "house 1 0 0,0 -", "house 2 0 0,1 -", "house 3 0 0,2 -",
                    "house 4 0 0,3 -", "build cart_shop 0 1,0 r0 wood",
                    "build cart_shop 0 1,2 r0 wood")
    p = state.ps[0]
    shops = [bid for bid, b in p["buildings"].items() if b["type"] == "cart_shop"]
    state, _ = play(state, 0, *[f"staff {bid}" for bid in shops])
    p = state.ps[0]
    assert len(p["houses"]) == 4 and p["goods"]["wood"] == 4 and p["idle"] == 2
    assert state.pools["cart_shop"] == 18


def test_t07_footprints_rotations_and_grid_edges():
    state = one_city(wood=0, stone=3)
    city_at(state, 0, (0, 4))  # a second (6x6) city for the dump
    open_city(state)
    state, _ = play(state, 0, "build dump 1 3,3 r0 stone")
    with pytest.raises(NotLegalNow):
        play(state, 0, "build dump 1 4,4 r0 stone")
    state, _ = play(state, 0, "build cathedral 0 0,0 r1 stone san_nicolo")
    p = state.ps[0]
    cathedral = next(b for b in p["buildings"].values() if b["type"] == "cathedral")
    assert sorted(map(tuple, cathedral["cells"])) == [(0, 2), (1, 0), (1, 1), (1, 2), (1, 3),
                                                        (2, 2)]


def test_t08_unique_buildings_and_shared_pools():
    state = open_city(one_city())
    state, _ = play(state, 0, "build market 0 0,0 r0 wood")
    with pytest.raises(NotLegalNow):
        play(state, 0, "build market 0 3,3 r0 wood")
    state.pools["cart_shop"] = 1
    state, _ = play(state, 0, "build cart_shop 0 3,3 r0 wood")
    assert state.pools["cart_shop"] == 0
    with pytest.raises(NotLegalNow) as refused:
        play(state, 0, "build cart_shop 0 5,5 r0 wood")
    assert "pool_exhausted" in str(refused.value.msg.params)


def test_t09_storage_sizes():
    state = open_city(one_city())
    state, _ = play(state, 0, "storage 0 0,0 2x3 wood")
    assert state.pools["storage"] == 29 and state.ps[0]["goods"]["wood"] == 5
    for bad in ("storage 0 3,0 3x3 wood", "storage 0 3,0 1x7 wood"):
        with pytest.raises(NotLegalNow):
            play(state, 0, bad)
    storage = next(b for b in state.ps[0]["buildings"].values() if b["type"] == "storage")
    assert len(storage["cells"]) == 6


def test_t10_different_kinds_unless_philosophy():
    state = one_city(grain=2, fish=1, gold=2)
    men(state, 0, 6)
    open_city(state)
    with pytest.raises(NotLegalNow):
        play(state, 0, "house 7 0 3,3 grain+grain")
    with pytest.raises(NotLegalNow):
        play(state, 0, "build stable 0 4,0 r0 gold+gold")
    after, _ = play(state, 0, "house 7 0 3,3 fish+grain")
    assert 7 in after.ps[0]["houses"]
    give(state, 0, "faculty_philosophy")
    state, _ = play(state, 0, "house 7 0 3,3 grain+grain", "build stable 0 5,0 r0 gold+gold")
    assert 7 in state.ps[0]["houses"]


def test_t11_san_nicolo_free_lower_house():
    state = one_city(grain=1, olives=1, sheep=1, fish=1, stone=1)
    open_city(state)
    state, _ = play(state, 0, "build cathedral 0 0,0 r0 stone san_nicolo")
    with pytest.raises(NotLegalNow):
        play(state, 0, "house 12 0 5,0 fish+grain+olives+sheep free 13 0 5,1")
    state, _ = play(state, 0, "house 12 0 5,0 fish+grain+olives+sheep free 9 0 5,1")
    p = state.ps[0]
    assert sorted(p["houses"]) == [9, 12] and p["idle"] == 2
    assert sum(p["goods"][k] for k in ("grain", "olives", "sheep", "fish")) == 0


def test_t12_fountains_lower_famine_at_the_reveal_never_below_zero():
    state = one_city()
    state.famine = 1
    goods(state, 0, wine=1)
    goods(state, 1, gold=1)
    open_city(state)
    state, _ = play(state, 0, "build fountain 0 0,0 r0 wine", "ready")
    assert state.famine == 1
    state, events = play(state, 1, "build fountain 0 0,0 r0 gold", "ready")
    famine = [e.params["level"] for e in events if e.key == "antiquity.event.famine"]
    assert famine == [1]  # 0 after the reveal (not -1), then +1 at the end of phase 8
    from rules.antiquity.pollution import amount
    assert amount(state, 0) == amount(state, 1) == 2
    assert state.pending == [{"type": "pollute", "seat": 0, "due": 2, "total": 2}]


def test_t13_university_staffs_adjacent_faculties():
    state = one_city(stone=3, wood=1)
    men(state, 0, 2)
    p = state.ps[0]
    uni = give(state, 0, "university", staffed=False, city=0, cells=[(0, 3), (0, 4), (1, 3),
                                                                    (1, 4)])
    theology = give(state, 0, "faculty_theology", staffed=False, city=0,
                    cells=[(0, 0), (0, 1), (0, 2), (1, 0), (1, 1), (1, 2), (2, 0), (2, 1)])
    biology = give(state, 0, "faculty_biology", staffed=False, city=0,
                   cells=[(2, 3), (2, 4), (2, 5), (3, 3), (3, 4), (3, 5), (4, 4), (4, 5)])
    open_city(state)
    state, _ = play(state, 0, f"staff {uni}")
    p = state.ps[0]
    assert functioning(p, theology) and functioning(p, biology)
    with pytest.raises(NotLegalNow):
        play(state, 0, f"staff {theology}")


def test_t14_theology_razes_the_cathedral():
    state = one_city(stone=3)
    cathedral = give(state, 0, "cathedral")
    give(state, 0, "faculty_theology")
    state.ps[0]["saint"] = "san_giorgio"
    open_city(state)
    graved = state.copy()
    cell = graved.ps[0]["buildings"][cathedral]["cells"][0]
    graved.ps[0]["graves"].append([0, *cell])
    with pytest.raises(NotLegalNow):
        play(graved, 0, "raze")
    maria = state.copy()
    maria.ps[0]["saint"] = "santa_maria"
    with pytest.raises(NotLegalNow):
        play(maria, 0, "raze")
    state, _ = play(state, 0, "raze")
    p = state.ps[0]
    assert p["saint"] is None and cathedral not in p["buildings"]
    state, _ = play(state, 0, "build cathedral 0 3,3 r0 stone san_christofori")
    assert state.ps[0]["saint"] == "san_christofori"
    assert state.ps[0]["flags"]["cathedrals"] == 1


def test_t15_hospital_clears_graves_once_per_turn():
    state = one_city()
    men(state, 0, 2)
    shop = give(state, 0, "cart_shop", staffed=False)
    hospital = give(state, 0, "hospital", staffed=False)
    p = state.ps[0]
    shop_graves = [[p["buildings"][shop]["city"], *c] for c in p["buildings"][shop]["cells"]]
    empty = [[0, 6, c] for c in range(4)]
    p["graves"] = shop_graves + empty
    open_city(state)
    cells = " ".join(",".join(map(str, g)) for g in shop_graves + empty[:2])
    state, _ = play(state, 0, f"staff {hospital}", f"hospital {cells}", f"staff {shop}")
    p = state.ps[0]
    assert len(p["graves"]) == 2 and functioning(p, shop)
    with pytest.raises(NotLegalNow):
        play(state, 0, "hospital 0,6,2")


def test_t16_santa_barbara_moves_graves_to_empty_cells_only():
    state = one_city()
    give(state, 0, "cathedral")
    state.ps[0]["saint"] = "santa_barbara"
    market = give(state, 0, "market", staffed=False)
    dump = give(state, 0, "dump", staffed=False)
    men(state, 0, 1)
    p = state.ps[0]
    r, c = p["buildings"][market]["cells"][0]
    dr, dc = p["buildings"][dump]["cells"][0]
    p["graves"] = [[0, r, c], [0, dr, dc]]
    open_city(state)
    with pytest.raises(NotLegalNow):
        play(state, 0, f"move {dump} 0 4,4 r0")
    state, _ = play(state, 0, f"regrave 0,{r},{c} 0,6,6", f"staff {market}")
    assert functioning(state.ps[0], market)
    with pytest.raises(NotLegalNow):
        play(state, 0, f"regrave 0,6,6 0,{dr},{dc + 1}")


def test_t17_market_bank_trade_and_trades_between_players():
    state = one_city(players=3)
    market = give(state, 0, "market")
    goods(state, 0, wood=2, fish=2)
    goods(state, 1, stone=1)
    goods(state, 2, grain=1)
    open_city(state)
    state, _ = play(state, 0, "bank wood+wood gold")
    assert state.ps[0]["goods"]["gold"] == 1
    state, _ = play(state, 1, "offer p1 stone for fish+fish")
    state, events = play(state, 0, "accept t1")
    traded = [e for e in events if e.key == "antiquity.event.traded"]
    assert traded and traded[0].audience is None
    assert state.ps[0]["goods"]["stone"] == 1 and state.ps[1]["goods"]["fish"] == 2
    state, _ = play(state, 1, "offer p3 fish for grain")
    state, events = play(state, 2, "accept t2")
    assert any(e.key == "antiquity.event.trade_failed" for e in events)
    assert state.ps[2]["goods"]["grain"] == 1
    assert market


def test_t18_never_staffed_and_double_staffing_refused():
    state = one_city()
    men(state, 0, 3)
    fountain = give(state, 0, "fountain")
    cathedral = give(state, 0, "cathedral")
    house = next(b for b, x in state.ps[0]["buildings"].items() if x["type"] == "house")
    shop = give(state, 0, "cart_shop", staffed=False)
    graved = give(state, 0, "market", staffed=False)
    cell = state.ps[0]["buildings"][graved]["cells"][0]
    state.ps[0]["graves"].append([0, *cell])
    open_city(state)
    for bid in (fountain, cathedral, house, graved):
        with pytest.raises(NotLegalNow):
            play(state, 0, f"staff {bid}")
    state, _ = play(state, 0, f"staff {shop}")
    with pytest.raises(NotLegalNow):
        play(state, 0, f"staff {shop}")


def test_the_menus_fast_first_fit_finds_first_places_place():
    """``menu2.first_fit`` (free cells tried as the shape's first cell) gives the place the
    plain reading-order scan ``first_place`` gives, for every buildable shape, on the cities
    of a seeded game of easy seats."""
    from rules.antiquity import menu2
    from rules.antiquity.city import footprint, rotated
    from rules.antiquity.citybuild import BUILDABLE
    compared = 0
    for step, state in seeded_positions(3, 3, 400):
        if step % 5 == 0:
            for p in state.ps:
                free = menu2.free_cells(p)
                for kind in BUILDABLE:
                    shape = tuple(map(tuple, footprint(kind)))
                    plain = menu2.first_place(
                        p, lambda a, k, shape=shape: rotated(shape, a, k), free)
                    assert menu2.first_fit(p, shape, free) == plain, (step, kind)
                    compared += plain is not None
    assert compared > 100


def test_graved_buildings_are_those_with_a_grave_on_them():
    """``graved_buildings`` (all at once, for the evaluation) names exactly the buildings
    ``building_graves`` counts a grave on, over the cities of a seeded game of easy seats."""
    from rules.antiquity.city import building_graves, graved_buildings
    graved_seen = 0
    for step, state in seeded_positions(5, 3, 600):
        for p in state.ps:
            expected = {bid for bid in p["buildings"] if building_graves(p, bid)}
            assert graved_buildings(p) == expected, step
            graved_seen += len(expected)
    assert graved_seen > 0
