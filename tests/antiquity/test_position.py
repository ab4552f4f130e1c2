"""The Antiquity position builder (rules/antiquity/position.py): cities, buildings with the
houses of their men, goods from the bank, the board; round trips, play on, refusals."""

from __future__ import annotations

import json

import pytest

from rules.antiquity import GAME
from rules.antiquity import position as position_module
from rules.antiquity.position import position
from rules.core.position import PositionError, example
from tests.antiquity.helpers import play

TWO_CITIES = """
famine = 1
board = {radius = 10, terrain = {F = ["3,0"]}}
[seat.0]
cities = ["0,0"]
goods = {wood = 2, grain = 1}
idle = 1
buildings = ["cart_shop", {type = "stable", cells = [[3, 3], [3, 4], [4, 3], [4, 4]]}]
saint = "san_nicolo"
inns = ["5,0"]
[seat.1]
cities = ["0,-8"]
"""


def test_every_man_lives_in_a_house_and_every_piece_leaves_its_supply():
    state = position(TWO_CITIES)
    p = state.ps[0]
    staffed = [b["type"] for b in p["buildings"].values() if b["staffed"]]
    assert sorted(staffed) == ["cart_shop", "stable"] and p["idle"] == 1
    assert p["houses"] == [1, 2, 3]  # one per man: idle + two staffing
    assert p["goods"]["wood"] == 2 and state.bank["wood"] == 72 - 2 - 6  # seat 1's 6 wood
    assert state.pools["cart_shop"] == 19 and p["inns_left"] == 15
    assert state.inns[(5, 0)] == 0 and p["saint"] == "san_nicolo" and state.famine == 1
    assert state.phase == "city" and {d["seat"] for d in state.pending} == {0, 1}
    assert GAME.check_invariants(state) == []


def test_a_built_position_dumps_loads_and_plays_on():
    state = position(TWO_CITIES)
    text = json.dumps(GAME.dump(state), sort_keys=True)
    assert json.dumps(GAME.dump(GAME.load(json.loads(text))), sort_keys=True) == text
    state, _ = play(state, 0, "ready")
    state, _ = play(state, 1, "ready")
    assert state.phase == "country" and GAME.check_invariants(state) == []


def test_phase_four_opens_for_the_active_seat_then_the_next():
    both = """board = {radius = 10}
        phase = "country"
        seat.0 = {cities = ["0,0"], buildings = ["cart_shop"]}
        seat.1 = {cities = ["0,-8"], buildings = ["cart_shop"]}\n"""
    state = position("active = 1\n" + both)
    assert state.pending == [{"type": "country", "seat": 1}] and state.queue == []
    state = position(both)
    assert state.pending == [{"type": "country", "seat": 0}] and state.queue == [1]
    state, _ = play(state, 0, "done")
    assert state.pending[-1] == {"type": "country", "seat": 1}


def test_a_producer_takes_its_tokens_from_the_bank_and_its_man_lives_in_a_house():
    state = position("""board = {radius = 8, terrain = {W = ["0,4", "1,4"], M = ["4,0", "5,0"]}}
        [seat.0]
        cities = ["0,0"]
        [[seat.0.producers]]
        type = "fisherman"
        good = "pearls"
        site = ["0,3", "1,3"]
        tokens = ["0,4", "1,4"]
        [[seat.0.producers]]
        type = "mine"
        good = "gold"
        site = ["4,0"]
        tokens = ["4,0", "5,0"]""")
    assert state.bank["pearls"] == 72 - 2 and state.pools["fisherman"] == 15
    assert state.ores[state.board.ranges[(4, 0)]] == "gold" and (5, 0) in state.pollution
    assert len(state.ps[0]["houses"]) == 2 and state.ps[0]["idle"] == 0
    assert GAME.check_invariants(state) == []


def test_without_a_board_the_map_is_the_one_drawn_from_the_seed():
    state = position({"players": 3, "seed": 4})
    assert state.board.terrain == GAME.new_game(4, 3, {}).board.terrain
    assert [p["colour"] for p in state.ps] == ["red", "blue", "yellow"]


def test_the_documented_example_builds_and_keeps_the_invariants():
    state = position(example(position_module.__doc__))
    assert GAME.check_invariants(state) == [] and state.counters[(4, 0)] == "sheep"


@pytest.mark.parametrize("description, named", [
    ("weather = 'rain'", "'weather'"),
    ("players = 5", "players"),
    ("phase = 'harvest'", "phase"),
    ("board = {radius = 8, terrain = {X = ['1,0']}}", "board.terrain"),
    ("board = {radius = 8}\n[seat.0]\ncities = ['40,0']", "not on the board"),
    ("board = {radius = 8}\n[seat.0]\ncities = ['0,0', '1,0']", "overlaps"),
    ("board = {radius = 8}\n[seat.0]\ncities = ['zero']", "not a hex"),
    ("board = {radius = 8}\n[seat.0]\ncities = ['0,0']\nbuildings = ['palace']", "type"),
    ("board = {radius = 8}\n[seat.0]\ncities = ['0,0']\nbuildings = ['house']", "houses"),
    ("board = {radius = 8}\n[seat.0]\ncities = ['0,0']\n"
     "buildings = [{type = 'stable', cells = [[0, 0], [0, 1]]}]", "shape"),
    ("board = {radius = 8}\n[seat.0]\ncities = ['0,0']\ngoods = {wood = 99}", "wood"),
    ("board = {radius = 8}\n[seat.0]\ncities = ['0,0']\ngoods = {silk = 1}", "'silk'"),
    ("board = {radius = 8}\n[seat.0]\nsaint = 'san_nobody'", "saint"),
    ("board = {radius = 8}\n[seat.0]\nbuildings = ['stable']", "no room"),
    ("board = {radius = 8}\ncounters = {'1,0' = 'sheep'}", "exploration hex"),
    ("board = {radius = 8}\ngrass = ['1,0']", "forest"),
    ("board = {radius = 8}\n[seat.0]\ncities = ['0,0']\n"
     "producers = [{type = 'quarry', site = ['3,0'], tokens = ['3,0']}]", "type"),
    ("board = {radius = 8}\n[seat.0]\ncities = ['0,0']\n"
     "producers = [{type = 'farm', good = 'gold', site = ['3,0'], tokens = ['3,0']}]", "good"),
    ("board = {radius = 8}\n[seat.0]\ncities = ['0,0']\n"
     "producers = [{type = 'farm', good = 'grain', site = ['0,0'], tokens = ['0,0']}]",
     "occupied"),
    ("board = {radius = 8}\n[seat.0]\ncities = ['0,0']\n"
     "producers = [{type = 'woodcutter', site = ['3,0'], tokens = []}]", "at least a token"),
])
def test_bad_descriptions_are_refused_naming_the_culprit(description, named):
    with pytest.raises(PositionError, match=named):
        position(description)
