"""The Small World position builder (rules/smallworld/position.py): what a description lays
out, round trips, play on from the built position, and descriptions it refuses."""

from __future__ import annotations

import json

import pytest

from rules.core.position import PositionError, example
from rules.smallworld import GAME
from rules.smallworld import position as position_module
from rules.smallworld.position import position
from tests.smallworld.helpers import check_invariants, play

MID_GAME = """
players = 3
turn = 2
current = 1
[seat.1]
coins = 9
race = "ratmen"
power = "alchemist"
regions = {12 = 3, 13 = 2}
hand = 1
declined = {race = "elves", power = "hill", regions = {3 = 1}}
[region.12]
fortress = true
[region.5]
lost_tribe = false
"""


def test_a_described_position_is_laid_out_at_the_start_of_that_seats_turn():
    state = position(MID_GAME)
    ratmen, elves = state.active(1), state.insts[state.players[1].declined[0]]
    assert (state.turn, state.current, state.phase) == (2, 1, "start")
    assert (ratmen.race, ratmen.power, ratmen.hand) == ("ratmen", "alchemist", 1)
    assert [state.regions[r].tokens for r in (12, 13)] == [3, 2]
    assert state.regions[3].inst == elves.id and elves.declined
    assert state.regions[12].fortress and not state.regions[5].lost_tribe
    assert state.players[1].coins == 9
    assert "ratmen" not in [c[0] for c in state.column] + state.race_deck
    assert len(state.column) == 6 and GAME.check_invariants(state) == []
    check_invariants(state)


def test_a_built_position_dumps_loads_and_plays_on():
    state = position(MID_GAME)
    text = json.dumps(GAME.dump(state), sort_keys=True)
    assert json.dumps(GAME.dump(GAME.load(json.loads(text))), sort_keys=True) == text
    state, _ = play(state, 1, "conquer 8")
    assert state.regions[8].inst == state.players[1].active
    while state.current == 1:  # then the first listed move until the turn passes
        first = [a.text for a in GAME.legal_actions(state, 1) if a.text != "decline"][0]
        state, _ = play(state, 1, first)
    assert state.current == 2 and GAME.check_invariants(state) == []


def test_a_dict_description_is_the_same_as_its_toml_text():
    text = position("players = 2\n[seat.0]\nrace = 'giants'\npower = 'hill'\n"
                    "regions = {1 = 2}")
    as_dict = position({"players": 2, "seat": {"0": {"race": "giants", "power": "hill",
                                                     "regions": {"1": 2}}}})
    assert GAME.dump(text) == GAME.dump(as_dict)


def test_the_rest_is_the_normal_set_up_from_the_seed():
    assert GAME.dump(position({"players": 4, "seed": 5})) == GAME.dump(
        GAME.new_game(5, 4, {"first_player": 0}))


@pytest.mark.parametrize("description, named", [
    ("colour = 1", "'colour'"),
    ("players = 9", "players"),
    ("[seat.0]\ncoinz = 1", "'coinz'"),
    ("[seat.2]\ncoins = 1", "seat.2"),
    ("[seat.0]\ncoins = -1", "seat.0.coins"),
    ("[seat.0]\nrace = 'dodos'\npower = 'hill'", "seat.0.race"),
    ("[seat.0]\nrace = 'giants'", "seat.0.power"),
    ("[seat.0]\nregions = {1 = 2}", "seat.0.regions"),
    ("[seat.0]\nrace = 'giants'\npower = 'hill'\nregions = {1 = 40}", "seat.0.regions.1"),
    ("[seat.0]\nrace = 'giants'\npower = 'hill'\nregions = {99 = 1}", "region '99'"),
    ("[seat.0]\nrace = 'giants'\npower = 'hill'\n[seat.1]\nrace = 'giants'\npower = 'swamp'",
     "taken twice"),
    ("[region.3]\ndragon = true", "inconsistent"),
    ("[region.3]\nlair = 'yes'", "region.3.lair"),
    ("turn = 0", "turn"),
    ("players = ", "TOML"),
])
def test_bad_descriptions_are_refused_naming_the_culprit(description, named):
    with pytest.raises(PositionError, match=named):
        position(description)


def test_the_documented_example_builds_and_keeps_the_invariants():
    state = position(example(position_module.__doc__))
    assert GAME.check_invariants(state) == [] and GAME.legal_actions(state, state.current)
