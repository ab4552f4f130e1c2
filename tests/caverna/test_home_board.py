"""Landscape tiles, bonus squares, adjacency, stables (spec §1.3, §1.4, §4.1, §4.2)."""

from __future__ import annotations

import pytest

from rules.caverna import GAME, animals
from rules.core import NotLegalNow, translate

from .helpers import finish_round, give, keys, lay, main_texts, new, play

FIRST = ["sheep-farming", "blacksmithing", "ore-mine-construction", "wish-for-children",
         "donkey-farming", "ruby-mine-construction", "ore-delivery", "family-life",
         "exploration", "adventure", "ore-trading", "ruby-delivery"]


def test_excavation_cavern_pair_bonus_food_and_chain():
    state = new(3)
    state, events = play(state, 0, "place excavation", "choose twin-cave",
                         "tile cavern-cavern 4,5 up")
    player = state.ps[0]
    assert player["goods"]["stone"] == 1
    assert player["cells"]["4,5"]["kind"] == "cavern" and player["cells"]["3,5"]["kind"] == "cavern"
    assert player["goods"]["food"] == 1 + 1  # start food + E4 water
    state = finish_round(state, avoid=("excavation",))
    state, _ = play(state, 0, "place excavation", "choose twin-cave",
                    "tile cavern-tunnel 2,5 up")
    assert state.ps[0]["cells"]["1,5"]["kind"] == "tunnel"
    state = finish_round(state, avoid=("excavation",))
    food = state.ps[0]["goods"]["food"]
    state, _ = play(state, 0, "place excavation", "choose twin-cave",
                    "tile cavern-tunnel 1,6 down")
    assert state.ps[0]["goods"]["food"] == food + 2  # F1 water source


def test_first_mountain_twin_must_touch_occupied_square():
    state = new(3)
    state, _ = play(state, 0, "place excavation", "choose twin-cave")
    with pytest.raises(NotLegalNow) as err:
        GAME.play(state, 0, "tile cavern-tunnel 3,6 up")
    translate(err.value.msg)
    assert "tile cavern-tunnel 3,6 up" not in main_texts(state, 0)


def test_first_forest_tile_must_cover_c4_and_b4_gives_food():
    state = new(3)
    state, _ = play(state, 0, "place clearing", "choose twin-meadow-field")
    with pytest.raises(NotLegalNow):
        GAME.play(state, 0, "tile meadow-field 1,1 right")
    state, _ = play(state, 0, "tile meadow-field 4,2 right")
    player = state.ps[0]
    assert player["cells"]["4,2"]["kind"] == "meadow" and player["cells"]["4,3"]["kind"] == "field"
    assert player["goods"]["food"] == 1 + 1 and player["goods"]["wood"] == 1


def _fill_forest_but_one(state, seat):
    for square in ("1,1", "1,2", "1,3", "2,1", "2,2", "2,3", "3,1", "3,2", "3,3", "4,2", "4,3"):
        lay(state, seat, square, "meadow", bonus=None)


def test_twin_not_available_clearing_gives_wood_only():
    state = new(3)
    _fill_forest_but_one(state, 0)
    state, _ = play(state, 0, "place clearing")
    assert GAME.to_act(state) == frozenset({1})  # nothing left to choose: the turn ends
    assert state.ps[0]["goods"]["wood"] == 1


def test_slash_and_burn_needs_twin_or_sow():
    state = new(3)
    _fill_forest_but_one(state, 0)
    assert "place slash-and-burn" not in main_texts(state, 0)
    lay(state, 0, "4,1", "field")
    give(state, 0, grain=1)
    assert "place slash-and-burn" in main_texts(state, 0)
    state, _ = play(state, 0, "place slash-and-burn", "sow grain 4,1")
    assert state.ps[0]["cells"]["4,1"]["crop"] == "grain"
    assert state.ps[0]["cells"]["4,1"]["crop_count"] == 3


def test_stable_in_bare_forest_holds_one_boar_then_meadow_on_it():
    state = new(3, rounds=FIRST)
    give(state, 0, stone=1)
    state, _ = play(state, 0, "place sheep-farming", "choose farming-build", "stable 1,1")
    player = state.ps[0]
    assert player["cells"]["1,1"]["stable"] and player["goods"]["stone"] == 0
    assert animals.fits(player, {"sheep": 0, "donkey": 0, "boar": 3, "cattle": 0, "dog": 0})
    assert not animals.fits(player, {"sheep": 0, "donkey": 0, "boar": 4, "cattle": 0, "dog": 0})
    no_sheep = {"sheep": 1, "donkey": 0, "boar": 0, "cattle": 0, "dog": 0}
    assert animals.units(player)[0][2] == frozenset({"boar"})
    # entry dwelling takes 2 animals of any type; the stable only a boar
    assert animals.fits(player, no_sheep)
    assert not animals.fits(player, {**no_sheep, "sheep": 1, "cattle": 2})
    # a field may never go on the stable square; a meadow may, once connected
    from rules.caverna import board
    assert not board.single_ok(player, "field", "1,1")
    assert not board.twin_ok(player, "meadow-field", "1,1", "right")  # not connected yet
    lay(state, 0, "2,2", "meadow")
    assert board.twin_ok(player, "meadow-field", "1,1", "right")
    assert not board.twin_ok(player, "meadow-field", "1,2", "left")  # field half on the stable
    board.place_twin(player, "meadow-field", "1,1", "right")
    assert animals.fits(player, {"sheep": 0, "donkey": 0, "boar": 0, "cattle": 3, "dog": 0})


def test_boar_bonus_survives_a_stable():
    state = new(3, rounds=FIRST)
    give(state, 0, stone=1)
    state, _ = play(state, 0, "place sheep-farming", "choose farming-build", "stable 1,3")
    assert state.ps[0]["animals"]["boar"] == 0
    lay(state, 0, "2,3", "meadow")
    state.ps[0]["cells"]["4,3"]["kind"] = "field"
    state = finish_round(state)
    state, events = play(state, 0, "place clearing", "choose twin-meadow-field",
                         "tile meadow-field 1,3 left")
    assert state.ps[0]["animals"]["boar"] == 1
    assert "caverna.event.gain" in keys(events)


def test_office_room_overhang_gives_gold_and_real_squares():
    state = new(3)
    state.ps[0]["furnishings"].append("office-room")
    lay(state, 0, "3,6", "tunnel")
    state, _ = play(state, 0, "place excavation", "choose twin-cave")
    assert "tile cavern-tunnel 3,6 right" not in main_texts(state, 0)  # 3,6 is taken
    gold = state.ps[0]["goods"]["gold"]
    state, _ = play(state, 0, "tile cavern-tunnel 2,6 right")
    player = state.ps[0]
    assert player["cells"]["2,6"]["kind"] == "cavern" and player["cells"]["2,7"]["kind"] == "tunnel"
    assert player["goods"]["gold"] == gold + 2
    from rules.caverna import board as b
    assert b.unused(player) == 22 - 2  # the overhang never counts, used squares 2,6 and 3,6
    assert not b.twin_ok(player, "cavern-tunnel", "1,7", "down")  # 2,7 already covered
    assert not b.twin_ok(player, "cavern-tunnel", "0,6", "up")  # both halves outside
    view = GAME.view(state, None).data
    over = view["seats"][0]["board"]["overhang"]
    assert [(c["row"], c["col"], c["kind"]) for c in over] == [(2, 7, "tunnel")]


def test_no_overhang_without_office_room():
    from rules.caverna import board as b
    state = new(3)
    assert not b.twin_ok(state.ps[0], "cavern-tunnel", "4,5", "down")
    state.ps[0]["furnishings"].append("office-room")
    assert b.twin_ok(state.ps[0], "cavern-tunnel", "4,5", "down")
    assert not b.twin_ok(state.ps[0], "ore-mine", "4,5", "down")
