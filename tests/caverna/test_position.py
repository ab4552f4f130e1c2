"""The Caverna position builder (rules/caverna/position.py): round, goods, dwarfs and their
discs, the home board; round trips, play on, refusals."""

from __future__ import annotations

import json

import pytest

from rules.caverna import GAME
from rules.caverna import position as position_module
from rules.caverna.position import position
from rules.core.position import PositionError, example
from tests.caverna.helpers import at, check_invariants, new, play

FARM = """
players = 3
start = 2
round = 4
[seat.0]
goods = {wood = 5, grain = 2}
animals = {sheep = 2}
dwarfs = [0, 3, 0]
pastures = [["2,2"]]
[seat.0.board]
"3,5" = {furnishing = "dwelling"}
"2,2" = "meadow"
"4,3" = {kind = "field", crop = "grain", crop_count = 3}
"""


def test_the_described_round_and_holdings_are_laid_out():
    state = position(FARM)
    p = state.ps[0]
    assert state.round == 4 and state.start_player == 2
    assert state.pending == [{"type": "turn", "seat": 2}]
    assert len(state.spaces) == len(GAME.new_game(1, 3, {}).spaces) + 3  # cards of rounds 1-4
    assert [d["weapon"] for d in p["dwarfs"]] == [0, 3, 0] and p["discs"] == 2
    assert p["goods"]["wood"] == 5 and p["animals"]["sheep"] == 2
    assert p["cells"]["2,2"]["kind"] == "pasture" and p["cells"]["4,3"]["crop_count"] == 3
    assert "dwelling" in p["furnishings"] and p["cells"]["3,5"]["kind"] == "cavern"
    assert GAME.check_invariants(state) == []
    check_invariants(state)


def test_an_unplayed_space_has_piled_up_its_goods():
    later = at("round = 3")
    assert next(s for s in later.spaces if s["id"] == "wood-gathering")["goods"]["wood"] > \
        next(s for s in new(3).spaces if s["id"] == "wood-gathering")["goods"]["wood"]


def test_a_built_position_dumps_loads_and_plays_on():
    state = position(FARM)
    text = json.dumps(GAME.dump(state), sort_keys=True)
    assert json.dumps(GAME.dump(GAME.load(json.loads(text))), sort_keys=True) == text
    state, _ = play(state, 2, "place wood-gathering")
    assert GAME.to_act(state) == frozenset({0})
    assert GAME.check_invariants(state) == []


def test_a_harvest_begins_as_the_game_plays_it():
    state = at("round = 3\nphase = 'harvest'\n[seat.0.board]\n"
               "'4,3' = {kind = 'field', crop = 'grain', crop_count = 3}")
    assert state.phase == "harvest" and {d["type"] for d in state.pending} == {"feed"}
    assert state.ps[0]["goods"]["grain"] == 1  # the field phase took one grain
    assert state.ps[0]["cells"]["4,3"]["crop_count"] == 2
    state, _ = play(state, 0, "feed")
    assert GAME.check_invariants(state) == []


def test_an_empty_description_is_the_normal_set_up():
    assert GAME.dump(at()) == GAME.dump(new(3))


def test_the_documented_example_builds_and_keeps_the_invariants():
    state = position(example(position_module.__doc__))
    assert GAME.check_invariants(state) == [] and state.round == 3


@pytest.mark.parametrize("description, named", [
    ("weather = 1", "'weather'"),
    ("players = 8", "players"),
    ("round = 13", "round"),
    ("round = 2\nphase = 'harvest'", "no harvest"),
    ("phase = 'breakfast'", "phase"),
    ("[seat.0]\nmoney = 1", "'money'"),
    ("[seat.0]\ngoods = {silk = 1}", "'silk'"),
    ("[seat.0]\ngoods = {wood = -1}", "seat.0.goods.wood"),
    ("[seat.0]\nanimals = {sheep = 9}", "inconsistent"),
    ("[seat.0]\ndwarfs = [0, 0, 0]", "room for 2"),
    ("[seat.0]\ndwarfs = [0, 15]", "dwarfs\\[1\\]"),
    ("[seat.0]\nnewborns = 9", "more than the discs"),
    ("[seat.0.board]\n'9,9' = 'meadow'", "'9,9'|9,9"),
    ("[seat.0.board]\n'1,1' = 'cavern'", "forest side"),
    ("[seat.0.board]\n'1,1' = {kind = 'meadow', crop = 'grain'}", "fields only"),
    ("[seat.0.board]\n'1,4' = {furnishing = 'palace'}", "furnishing"),
    ("[seat.0.board]\n'1,4' = {furnishing = 'dwelling'}\n"
     "'1,5' = {furnishing = 'trader'}\n'1,6' = {furnishing = 'trader'}", "not in the supply"),
    ("[seat.0]\npastures = [['1,1']]", "not a meadow"),
])
def test_bad_descriptions_are_refused_naming_the_culprit(description, named):
    with pytest.raises(PositionError, match=named):
        position(description)
