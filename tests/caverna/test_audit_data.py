"""Furnishing tiles against an independent restatement of spec §6, and their catalog labels."""

from __future__ import annotations

import re

from rules.caverna import data
from rules.core import Msg, translate

# number, id, cost, points, intro — typed again from spec §6.1-§6.3 (W wood, S stone,
# O ore, G gold, Gr grain, V vegetable, F food).
SPEC = """
1 dwelling 4W3S 3 y | 2 simple-dwelling-1 4W2S 0 y | 3 simple-dwelling-2 3W3S 0 y
4 mixed-dwelling 5W4S 4 n | 5 couple-dwelling 8W6S 5 n | 6 additional-dwelling 4W3S 5 n
7 cuddle-room 1W 2 y | 8 breakfast-room 1W 0 y | 9 stubble-room 1W1O 1 y | 10 work-room 1S 2 n
11 guest-room 1W1S 0 n | 12 office-room 1S 0 n | 13 carpenter 1S 0 y | 14 stone-carver 1W 1 y
15 blacksmith 1W2S 3 y | 16 miner 1W1S 3 n | 17 builder 1S 2 n | 18 trader 1W 2 n
19 wood-supplier 1S 2 y | 20 stone-supplier 1W 1 y | 21 ruby-supplier 2W2S 2 y
22 dog-school - 0 n | 23 quarry 1W 2 n | 24 seam 2W 1 n | 25 slaughtering-cave 2W2S 2 y
26 cooking-cave 2S 2 y | 27 working-cave 1W1S 2 y | 28 mining-cave 3W2S 2 n
29 breeding-cave 1Gr1S 2 n | 30 peaceful-cave 2W2S 2 n | 31 weaving-parlor 2W1S 0 y
32 milking-parlor 2W2S 0 y | 33 state-parlor 5G3S 0 n | 34 hunting-parlor 2W 1 y
35 beer-parlor 2W 3 y | 36 blacksmithing-parlor 3O 2 n | 37 stone-storage 3W1O 0 y
38 ore-storage 1W2S 0 y | 39 spare-part-storage 2W 0 n | 40 main-storage 2W1S 0 y
41 weapon-storage 3W2S 0 y | 42 supplies-storage 3F1W 0 n | 43 broom-chamber 1W 0 n
44 treasure-chamber 1W1S 0 y | 45 food-chamber 2W2V 0 y | 46 prayer-chamber 2W 0 n
47 writing-chamber 2S 0 y | 48 fodder-chamber 2Gr1S 0 y
"""
GOODS = {"W": "wood", "S": "stone", "O": "ore", "G": "gold", "Gr": "grain",
         "V": "vegetable", "F": "food"}


def _cost(text: str) -> dict:
    return {GOODS[g]: int(n) for n, g in re.findall(r"(\d+)(Gr|[WSOGVF])", text)}


def _spec_rows():
    for entry in SPEC.replace("\n", "|").split("|"):
        if entry.strip():
            number, tile_id, cost, points, intro = entry.split()
            yield int(number), tile_id, _cost(cost), int(points), intro == "y"


def test_every_tile_cost_points_and_intro_flag_match_the_spec():
    tiles = data.tiles()
    rows = list(_spec_rows())
    assert len(rows) == 48 == len(tiles)
    for number, tile_id, cost, points, intro in rows:
        tile = tiles[tile_id]
        assert (tile["number"], tile["cost"], tile["points"], tile["intro"]) == (
            number, cost, points, intro), tile_id


def test_tile_labels_are_plain_names():
    for tile_id in data.tiles():
        label = translate(Msg(f"caverna.tile.{tile_id}"), "en")
        assert label and "caverna." not in label, tile_id
        assert label.count("(") == label.count(")") <= 1, label
    assert translate(Msg("caverna.tile.simple-dwelling-1"), "en") == \
        "Simple dwelling (4 wood, 2 stone)"
    assert translate(Msg("caverna.tile.simple-dwelling-2"), "en") == \
        "Simple dwelling (3 wood, 3 stone)"


def test_no_action_space_lists_a_part_twice():
    """A chosen part is found by its name in the space's parts (spaces.SpaceDecision.effect)."""
    for key, spec in data.spaces_file()["space"].items():
        assert len(set(spec["parts"])) == len(spec["parts"]), key
