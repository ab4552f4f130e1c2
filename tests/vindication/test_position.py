"""The Vindication position builder (rules/vindication/position.py) and the spec 8.7 checks
it applies (rules/vindication/invariants.py): round trips, play on, refusals."""

from __future__ import annotations

import json

import pytest

from rules.core.position import PositionError, example
from rules.vindication import VINDICATION as G
from rules.vindication import invariants
from rules.vindication import position as position_module
from rules.vindication.position import position
from tests.vindication.helpers import check_invariants, play

LIBRARY = """
players = 2
journey = ["J1", "J4"]
round = 3
current = 1
empty_board = true
[hex]
H07 = {tile = "library", owner = 0}
[seat.1]
triangle = "T18"
attrs = {knowledge = 2}
companions = [{card = "R03", cubes = 2}]
relics = ["P01"]
proficiency = ["courage"]
[deck.companions_red]
top = ["R01", "R02"]
"""


def test_the_described_turn_and_holdings_are_laid_out():
    state = position(LIBRARY)
    b = state.players[1]
    assert (state.current, state.round, state.pending) == (1, 3, [{"type": "turn", "seat": 1}])
    assert state.turn["start_triangle"] == "T18" == b.triangle
    assert state.hexes["H07"] == ["library", 0]
    assert sum(1 for tile, _ in state.hexes.values() if tile) == 1
    assert b.companions == [["R03", 2]] and b.relics == [["P01", 0]]
    assert b.proficiency["courage"] == 1 and state.prof_supply["courage"] == 0
    assert state.decks["companions_red"][:2] == ["R01", "R02"]
    assert "R03" not in state.decks["companions_red"] and state.face_up["companions_red"] != "R03"
    assert invariants.problems(state) == []
    check_invariants(state)


def test_a_built_position_dumps_loads_and_plays_on():
    state = position(LIBRARY)
    text = json.dumps(G.dump(state), sort_keys=True)
    assert json.dumps(G.dump(G.load(json.loads(text))), sort_keys=True) == text
    state, _ = play(state, 1, "rest", "raise potential")
    assert invariants.problems(state) == []


def test_the_documented_example_builds_and_keeps_the_invariants():
    state = position(example(position_module.__doc__))
    assert invariants.problems(state) == [] and G.legal_actions(state, 0)


def test_the_invariants_see_a_lost_cube_and_a_card_twice():
    state = position(LIBRARY)
    state.players[0].potential -= 1
    state.players[1].traits.append(state.players[1].relics[0][0])
    found = " ".join(invariants.problems(state))
    assert "seat 0: 20 cubes" in found and "card P01: 2 in play" in found


@pytest.mark.parametrize("description, named", [
    ("colour = 1", "'colour'"),
    ("players = 6", "players"),
    ("journey = ['J1', 'J2']", "journey"),
    ("[seat.0]\nhonour = 3", "'honour'"),
    ("[seat.0]\ntriangle = 'T99'", "triangle"),
    ("[seat.0]\nattrs = {luck = 1}", "'luck'"),
    ("[seat.0]\nattrs = {knowledge = 30}", "more than 21 cubes"),
    ("[seat.0]\ncompanions = ['P01']", "not a companion"),
    ("[seat.0]\ncompanions = ['Z99']", "card"),
    ("[seat.0]\nproficiency = ['courage', 'courage']", "no courage token"),
    ("[seat.0]\ntokens = [31]", "condition token"),
    ("[hex]\nH99 = 'fort'", "'H99'"),
    ("[hex]\nH07 = 'castle'", "no 'castle' tile"),
    ("[deck.relics]\ntop = ['R01']", "not in that deck"),
    ("[deck.hats]\ntop = []", "'hats'"),
    ("triggers = ['E99']", "E99"),
    ("script = {coin = ['heads']}", "'coin'"),
])
def test_bad_descriptions_are_refused_naming_the_culprit(description, named):
    with pytest.raises(PositionError, match=named):
        position(description)
