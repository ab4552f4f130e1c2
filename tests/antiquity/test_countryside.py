"""Phases 3 and 4: turn order and countryside building (spec §4, §6): T19-T33, T64."""

from __future__ import annotations

import pytest

from rules.antiquity.position import position
from rules.antiquity.turnorder import new_order, order_count
from rules.core import NotLegalNow
from tests.antiquity.helpers import (
    board_of,
    city_at,
    give,
    goods,
    inn_at,
    open_country,
    play,
    tb,
    terrain,
)


def test_t19_turn_order_example_of_the_seed():
    henriette, bianca, ragnar = 0, 1, 2
    state = tb(12, players=3, order=[henriette, bianca, ragnar])
    for seat, centre in enumerate([(0, 0), (8, 0), (-8, 0)]):
        city_at(state, seat, centre)
    for _ in range(3):
        give(state, henriette, "cart_shop")
    for _ in range(2):
        give(state, bianca, "cart_shop")
        give(state, ragnar, "cart_shop")
    give(state, ragnar, "explorer")
    assert [order_count(state, s) for s in (henriette, bianca, ragnar)] == [3, 2, 3]
    assert new_order(state) == [bianca, henriette, ragnar]


def test_t20_graved_cart_shop_does_not_count():
    state = tb(8)
    city_at(state, 0, (0, 0))
    shops = [give(state, 0, "cart_shop", staffed=s) for s in (True, True, False)]
    cell = state.ps[0]["buildings"][shops[2]]["cells"][0]
    state.ps[0]["graves"].append([0, *cell])
    give(state, 0, "explorer")
    assert order_count(state, 0) == 3


def board(special=None, shops=1, players=2, **kinds):
    """TB(8); seat 0 with a city at 0,0, ``shops`` staffed cart shops and exactly ``kinds``
    (6 wood by default), alone to act in phase 4."""
    return position({"players": players, "board": board_of(8, special), "phase": "country",
                     "active": 0, "seat": {"0": {"cities": ["0,0"], "buildings": [
                         "cart_shop"] * shops, "goods": kinds or {"wood": 6}}}})


FOREST24 = [(3, 0), (4, 0), (4, -1), (3, -1), (3, 1), (2, 1), (-3, 0), (-4, 0), (-4, 1)]


def tokens_of(state, kind):
    return sorted(tuple(h) for b in state.country.values() if b["type"] == kind
                  for h in b["tokens"])


def test_t24_woodcutters_take_adjacent_forest_and_leave_grass():
    state = board(terrain("F", FOREST24), shops=2)
    state, _ = play(state, 0, "woodcutter 3,0")
    six = sorted([(3, 0), (4, 0), (4, -1), (3, -1), (3, 1), (2, 1)])
    assert tokens_of(state, "woodcutter") == six and set(six) <= state.grass
    state, _ = play(state, 0, "woodcutter -3,0")
    assert len(tokens_of(state, "woodcutter")) == 9


def test_t25_occupied_or_polluted_forest_refused():
    state = board(terrain("F", FOREST24 + [(-2, -1)]), shops=2)
    state, _ = play(state, 0, "woodcutter 3,0")
    with pytest.raises(NotLegalNow):
        play(state, 0, "woodcutter 2,1")
    state.pollution.add((-2, -1))
    with pytest.raises(NotLegalNow):
        play(state, 0, "woodcutter -2,-1")


def test_t26_no_stealing_tokens_of_another_building():
    forest = FOREST24 + [(4, -2), (3, -2), (5, -3)]
    state = board(terrain("F", forest))
    state, _ = play(state, 0, "woodcutter 3,0")
    inn_at(state, 1, (6, -3))
    city_at(state, 1, (0, -7))
    give(state, 1, "cart_shop")
    goods(state, 1, wood=1)
    open_country(state, 1)
    state, _ = play(state, 1, "woodcutter 4,-2")
    theirs = [b for b in state.country.values() if b["owner"] == 1][0]
    assert sorted(map(tuple, theirs["tokens"])) == sorted([(4, -2), (3, -2), (5, -3)])


def test_t27_farm_tokens_and_biology():
    state = board(grain=1)
    state.pollution.add((-3, 3))
    state, _ = play(state, 0, "farm -2,2 grain")
    assert state.ps[0]["goods"]["grain"] == 0
    expected = sorted([(-2, 2), (-1, 2), (-2, 1), (-3, 2), (-2, 3)])
    assert tokens_of(state, "farm") == expected and set(expected) <= state.pollution
    bio = board(shops=2, wood=1)
    give(bio, 0, "faculty_biology")
    bio, _ = play(bio, 0, "farm -2,2 olives free")
    with pytest.raises(NotLegalNow):
        play(bio, 0, "farm 2,-2 olives free")
    with pytest.raises(NotLegalNow):
        play(bio, 0, "farm 2,-2 olives")


def test_t28_mine_ranges_are_not_split_by_cities():
    mountains = [(3, -3), (4, -3), (5, -3), (6, -3), (7, -3)]
    state = tb(8, terrain("M", mountains))
    city_at(state, 0, (0, 0))
    city_at(state, 1, (5, -2))
    for seat in (0, 0, 1, 1):  # a spare cart shop keeps each in phase 4
        give(state, seat, "cart_shop")
    goods(state, 0, wood=1)
    goods(state, 1, wood=1)
    open_country(state, 0)
    state, _ = play(state, 0, "mine 3,-3 gold")
    assert tokens_of(state, "mine") == [(3, -3), (4, -3)] and state.ps[0]["goods"]["wood"] == 0
    open_country(state, 1)
    with pytest.raises(NotLegalNow):
        play(state, 1, "mine 7,-3 stone")
    state, _ = play(state, 1, "mine 7,-3 gold")
    assert state.country["c2"]["good"] == "gold"


def test_t29_fishermen():
    water = [(-1, 4), (0, 4), (1, 4)]
    state = board(terrain("W", water))
    ok, _ = play(state, 0, "fisherman 0,3 1,3 fish")
    assert tokens_of(ok, "fisherman") == sorted(water)
    with pytest.raises(NotLegalNow):
        play(state, 0, "fisherman 0,2 0,3 fish")
    polluted = state.copy()
    polluted.pollution.add((0, 4))
    polluted, _ = play(polluted, 0, "fisherman 0,3 1,3 fish")
    assert tokens_of(polluted, "fisherman") == [(-1, 4), (1, 4)]
    state.pools["fisherman"] = 0
    with pytest.raises(NotLegalNow):
        play(state, 0, "fisherman 0,3 1,3 fish")


def test_t30_inns_need_a_brewery_and_widen_influence_at_once():
    state = board(shops=3, wood=1, sheep=2)
    with pytest.raises(NotLegalNow):
        play(state, 0, "inn 3,0 sheep")
    give(state, 0, "brewery")
    state.pollution.add((3, 0))
    state, _ = play(state, 0, "inn 3,0 sheep")
    assert state.inns[(3, 0)] == 0 and (3, 0) in state.pollution
    state.country["x"] = {"type": "farm", "owner": 1, "good": "grain", "site": [[-3, 1]],
                          "tokens": [[-3, 1]]}
    with pytest.raises(NotLegalNow):
        play(state, 0, "inn -3,1 sheep")
    goods(state, 0, sheep=1)
    state, _ = play(state, 0, "farm 5,0 sheep")  # (5,0) reached only from the new inn
    assert any(b["type"] == "farm" and b["owner"] == 0 for b in state.country.values())


def test_t31_new_cities():
    state = board(grain=1, wood=1, stone=1, wine=2, gold=1)
    with pytest.raises(NotLegalNow):
        play(state, 0, "city 3,0 gold+grain+stone+wine+wood")
    ok, _ = play(state, 0, "city 4,0 gold+grain+stone+wine+wood")
    assert ok.city_at[(4, 0)] == (0, 1) and ok.ps[0]["cities"][1]["rows"] == 6
    with pytest.raises(NotLegalNow):
        play(state, 0, "city 5,0 gold+grain+stone+wine+wood")
    stable = state.copy()
    give(stable, 0, "stable")
    play(stable, 0, "city 5,0 gold+grain+stone+wine+wood")
    with pytest.raises(NotLegalNow):
        play(state, 0, "city 4,0 grain+stone+wine+wine+wood")
    full = state.copy()
    for centre in [(0, -7), (-7, 0), (7, -7)]:
        city_at(full, 0, centre)
    with pytest.raises(NotLegalNow):
        play(full, 0, "city -4,4 gold+grain+stone+wine+wood")


def test_t32_cart_shop_men_move_or_go_idle():
    state = board(terrain("F", [(3, 0)]), shops=2, grain=2, wood=2, stone=1, wine=1, gold=1)
    give(state, 0, "faculty_alchemy")
    state.pollution.add((-2, 0))
    state, _ = play(state, 0, "farm -2,2 grain")
    assert state.ps[0]["idle"] == 0
    state, _ = play(state, 0, "city -4,0 gold+grain+stone+wine+wood")
    assert state.ps[0]["idle"] == 1
    with pytest.raises(NotLegalNow):
        play(state, 0, "woodcutter 3,0")
    state, _ = play(state, 0, "alchemy -2,0")
    assert (-2, 0) not in state.pollution


def alchemy_board(**options):
    """Seat 0 in phase 4 with Alchemy (and a cart shop, which keeps him in phase 4 after
    it), polluted hexes around 2,0, a grass marker on the forest 2,-1 and a farm on 2,1."""
    return position({"options": options, "board": board_of(8, {(2, -1): "F"}),
                     "phase": "country", "active": 0,
                     "pollution": ["2,0", "3,0", "2,-1", "4,0"], "grass": ["2,-1"],
                     "seat": {"0": {"cities": ["0,0"],
                                    "buildings": ["faculty_alchemy", "cart_shop"],
                                    "producers": [{"type": "farm", "good": "grain",
                                                   "site": ["2,1"], "tokens": ["2,1"]}]}}})


def test_t33_alchemy_cleans_every_adjacent_polluted_hex():
    state = alchemy_board()
    done, _ = play(state, 0, "alchemy 2,0")
    assert done.pollution == {(4, 0)} and (2, -1) in done.grass
    assert done.country["c1"]["tokens"] == [[2, 1]]
    done, _ = play(state, 0, "alchemy 2,1")
    assert done.pollution == {(2, -1), (4, 0)}
    with pytest.raises(NotLegalNow):
        play(state, 0, "alchemy 4,0")


def test_t64_alchemy_fan_option_spares_occupied_hexes():
    state = alchemy_board(alchemy="fan")
    done, _ = play(state, 0, "alchemy 2,0")
    assert done.pollution == {(2, 1), (4, 0)}
    with pytest.raises(NotLegalNow):
        play(state, 0, "alchemy 2,1")
