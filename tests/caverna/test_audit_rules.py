"""Rules found wrong or untested in the audit, each as a scenario played in text."""

from __future__ import annotations

from rules.caverna import board

from .helpers import give, keys, lay, new, play, run_until, top_is


def test_breeding_cave_and_quarry_count_only_newborns_that_found_room():
    # Entry dwelling (2), a small pasture (2) and an ore mine (1): 2 sheep + 2 donkeys fit;
    # after breeding 3 donkeys still fit (pasture + mine) but the third sheep has no room.
    state = new(3)
    player = state.ps[0]
    lay(state, 0, "3,3", "meadow", bonus=None)
    board.fence(player, ["3,3"])
    lay(state, 0, "3,5", "ore-mine")
    for square, tile in (("2,4", "breeding-cave"), ("2,5", "quarry")):
        lay(state, 0, square, "cavern", furnishing=tile)
        player["furnishings"].append(tile)
    give(state, 0, sheep=2, donkey=2, food=30)
    state = run_until(state, top_is("overflow", 0), avoid=("sustenance", "clearing"))
    player = state.ps[0]
    assert (player["animals"]["sheep"], player["animals"]["donkey"]) == (3, 3)
    food, stone = player["goods"]["food"], player["goods"]["stone"]
    state, events = play(state, 0, "release sheep")
    player = state.ps[0]
    assert "caverna.event.release" in keys(events)
    assert player["goods"]["food"] == food + 1  # one newborn kept: Breeding cave +1, not +2
    assert player["goods"]["stone"] == stone + 1  # the donkey newborn: Quarry +1 stone
