"""The Small World of Warcraft position builder (rules/smallworld_warcraft/position.py):
regions by printed code, islands, face-up markers and pieces; round trips, play on, refusals."""

from __future__ import annotations

import json

import pytest

from rules.core.position import PositionError, example
from rules.smallworld_warcraft import GAME, markers
from rules.smallworld_warcraft import position as position_module
from rules.smallworld_warcraft.position import position
from tests.smallworld_warcraft.helpers import check_invariants, cost, play, r

DWARVES = """
islands = ["L1", "M1"]
turn = 2
[seat.0]
coins = 2
race = "dwarves"
power = "farmer"
regions = {"L1-07" = 2, "L1-02" = 1}
hand = 3
[seat.1]
race = "orcs"
power = "farmer"
regions = {"L1-11" = 2}
[region."L1-03"]
marker = "meeting_stone"
fort = 1
[region."L1-05"]
murloc = false
"""


def test_regions_are_named_by_printed_code_and_markers_and_pieces_are_laid():
    state = position(DWARVES)
    assert state.extra["islands"] == ["L1", "M1"] and state.turn == 2
    assert state.regions[r(state, "L1-07")].tokens == 2
    assert state.regions[r(state, "L1-11")].inst == state.players[1].active
    assert markers.face_up_in(state, r(state, "L1-03")) == ["meeting_stone"]
    assert state.extra["pieces"][str(r(state, "L1-03"))] == {"fort": 1}
    assert not state.regions[r(state, "L1-05")].lost_tribe
    assert state.players[0].coins == 2 and state.phase == "start"
    assert GAME.check_invariants(state) == []
    check_invariants(state)


def test_a_built_position_dumps_loads_and_plays_on():
    state = position(DWARVES)
    text = json.dumps(GAME.dump(state), sort_keys=True)
    assert json.dumps(GAME.dump(GAME.load(json.loads(text))), sort_keys=True) == text
    assert cost(state, 0, "L1-11") == 3  # as in T06: the Dwarves pay 2 less on a Mountain
    state, _ = play(state, 0, "conquer L1-11")
    assert state.regions[r(state, "L1-11")].inst == state.players[0].active
    assert GAME.check_invariants(state) == []


def test_regions_may_be_named_by_board_number_too():
    by_code = position({"islands": ["L1", "M1"], "seat": {"0": {
        "race": "orcs", "power": "farmer", "regions": {"L1-07": 1}}}})
    number = str(r(by_code, "L1-07"))
    by_number = position({"islands": ["L1", "M1"], "seat": {"0": {
        "race": "orcs", "power": "farmer", "regions": {number: 1}}}})
    assert GAME.dump(by_code) == GAME.dump(by_number)


@pytest.mark.parametrize("description, named", [
    ("islands = ['L1', 'M1']\n[region.'L2-01']\nmurloc = true", "'L2-01'"),
    ("islands = ['L1', 'M1']\n[region.'L1-03']\nmarker = 'excalibur'", "marker"),
    ("islands = ['L1', 'M1']\n[region.'L1-03']\nfort = 2", "fort"),
    ("islands = ['L1', 'M1']\n[region.'L1-03']\nlair = true", "'lair'"),
    ("rules = {garrison = 1}", "'garrison'"),
    ("boards = 'XX'", "boards"),
    ("islands = ['Z9', 'M1']", "set-up refused"),
    ("[seat.0]\nrace = 'ratmen'\npower = 'farmer'", "seat.0.race"),
])
def test_bad_descriptions_are_refused_naming_the_culprit(description, named):
    with pytest.raises(PositionError, match=named):
        position(description)


def test_the_documented_example_builds_and_keeps_the_invariants():
    state = position(example(position_module.__doc__))
    assert GAME.check_invariants(state) == [] and GAME.legal_actions(state, state.current)
