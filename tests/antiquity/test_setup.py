"""Set-up (spec §3) through the game: T01, T03, T04, T05; replay and options."""

from __future__ import annotations

import pytest

from rules.antiquity.hexes import city_hexes
from rules.core import CannotParse, NotLegalNow
from tests.antiquity.helpers import G

TILES2 = ["T0:0", "T1:0", "T2:0", "T3:0"]


def test_t01_counters_two_of_each_kind_with_two_players():
    state = G.new_game(4, 2, {})
    kinds = sorted(state.counters.values())
    assert len(state.board.terrain) == 244 and len(kinds) == 8
    assert kinds == sorted(["olives", "sheep", "wine", "grain"] * 2)
    state = G.new_game(4, 4, {})
    assert len(state.board.terrain) == 488 and len(state.counters) == 16


def test_t03_start_city_must_lie_on_its_tile():
    state = G.new_game(1, 2, {"tiles": TILES2, "order": ["0", "1"]})
    assert G.to_act(state) == {1}  # reverse turn order: the last seat chooses first
    for bad in ("start a 4,0", "start a 2,2"):
        with pytest.raises(NotLegalNow):
            G.play(state, 1, bad)
    state, _ = G.play(state, 1, "start a 3,0")
    assert state.city_at[(3, 0)] == (1, 0)


def test_t03_water_under_a_start_city_stops_being_water():
    state = G.new_game(1, 2, {"tiles": TILES2, "order": ["0", "1"]})
    assert state.board.terrain[(0, 1)] == "W"
    state, _ = G.play(state, 1, "start a 0,0")
    assert not state.is_water((0, 1))


def test_t04_choosers_in_reverse_order_one_city_per_start_tile():
    tiles = ["T0:0", "T1:0", "T2:0", "T3:0", "T4:0", "T5:0"]
    state = G.new_game(1, 3, {"tiles": tiles, "order": ["0", "1", "2"]})
    assert G.to_act(state) == {2}
    state, _ = G.play(state, 2, "start b -10,18")
    assert G.to_act(state) == {1}
    with pytest.raises(NotLegalNow):
        G.play(state, 1, "start b -10,17")
    with pytest.raises(NotLegalNow):  # (4,5) is the unlettered position P1
        G.play(state, 1, "start a 4,5")
    state, _ = G.play(state, 1, "start a 0,0")
    state, _ = G.play(state, 0, "start c 8,10")
    assert state.phase == "city" and G.to_act(state) == {0, 1, 2}


def test_t05_counter_under_a_start_city_is_removed_unseen():
    state = G.new_game(1, 2, {"tiles": TILES2, "order": ["0", "1"]})
    assert (-3, 2) in state.counters
    state, events = G.play(state, 1, "start a -2,2")
    assert (-3, 2) in city_hexes((-2, 2)) and (-3, 2) not in state.counters
    assert len(state.counters) == 7 and not state.revealed
    assert all("olives" not in str(e.params) and "sheep" not in str(e.params) for e in events)
    assert "counters" not in G.view(state, None).data["map"]["revealed"]


def test_fixed_counter_order_option():
    kinds = ["wine", "wine", "grain", "grain", "sheep", "sheep", "olives", "olives"]
    state = G.new_game(1, 2, {"tiles": TILES2, "counters": kinds})
    assert [state.counters[h] for h in sorted(state.board.explore)] == kinds


@pytest.mark.parametrize("options", [{"tiles": ["T0:0"]}, {"tiles": ["T0:0"] * 4},
                                     {"tiles": ["T9:0", "T1:0", "T2:0", "T3:0"]},
                                     {"order": ["0", "0"]}, {"counters": ["wine"] * 8}])
def test_bad_fixing_options_are_refused(options):
    with pytest.raises(CannotParse):
        G.new_game(1, 2, options)
