"""Set-up (spec §3) through the game: T01, T03, T04, T05; replay and options."""

from __future__ import annotations

import pytest

from rules.antiquity.hexes import city_hexes
from rules.core import CannotParse, NotLegalNow
from tests.antiquity.helpers import G

TILES2 = ["T0:0", "T1:0", "T2:0", "T3:0"]
C2 = ["red", "blue"]


def test_t01_counters_two_of_each_kind_with_two_players():
    state = G.new_game(4, 2, {})
    kinds = sorted(state.counters.values())
    assert len(state.board.terrain) == 244 and len(kinds) == 8
    assert kinds == sorted(["olives", "sheep", "wine", "grain"] * 2)
    state = G.new_game(4, 4, {})
    assert len(state.board.terrain) == 488 and len(state.counters) == 16


def test_t03_start_city_must_lie_on_its_tile():
    state = G.new_game(1, 2, {"tiles": TILES2, "order": ["0", "1"], "colours": C2})
    assert G.to_act(state) == {1}  # reverse turn order: the last seat chooses first
    for bad in ("start a 4,0", "start a 2,2"):
        with pytest.raises(NotLegalNow):
            G.play(state, 1, bad)
    state, _ = G.play(state, 1, "start a 3,0")
    assert state.city_at[(3, 0)] == (1, 0)


def test_t03_water_under_a_start_city_stops_being_water():
    state = G.new_game(1, 2, {"tiles": TILES2, "order": ["0", "1"], "colours": C2})
    assert state.board.terrain[(0, 1)] == "W"
    state, _ = G.play(state, 1, "start a 0,0")
    assert not state.is_water((0, 1))


def test_t04_choosers_in_reverse_order_one_city_per_start_tile():
    tiles = ["T0:0", "T1:0", "T2:0", "T3:0", "T4:0", "T5:0"]
    state = G.new_game(1, 3, {"tiles": tiles, "order": ["0", "1", "2"], "colours": C2 + ["yellow"]})
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
    state = G.new_game(1, 2, {"tiles": TILES2, "order": ["0", "1"], "colours": C2})
    assert (-3, 2) in state.counters
    state, events = G.play(state, 1, "start a -2,2")
    assert (-3, 2) in city_hexes((-2, 2)) and (-3, 2) not in state.counters
    assert len(state.counters) == 7 and not state.revealed
    assert all("olives" not in str(e.params) and "sheep" not in str(e.params) for e in events)
    assert "counters" not in G.view(state, None).data["map"]["revealed"]


def test_fixed_counter_order_option():
    kinds = ["wine", "wine", "grain", "grain", "sheep", "sheep", "olives", "olives"]
    state = G.new_game(1, 2, {"tiles": TILES2, "counters": kinds, "colours": C2})
    assert [state.counters[h] for h in sorted(state.board.explore)] == kinds


@pytest.mark.parametrize("options", [{"tiles": ["T0:0"]}, {"tiles": ["T0:0"] * 4},
                                     {"tiles": ["T9:0", "T1:0", "T2:0", "T3:0"]},
                                     {"order": ["0", "0"]}, {"counters": ["wine"] * 8},
                                     {"colours": ["red", "red"]}, {"colours": ["red"]},
                                     {"colours": ["red", "green"]}])
def test_bad_fixing_options_are_refused(options):
    with pytest.raises(CannotParse):
        G.new_game(1, 2, options)


# -- colours (spec §3.4-3.5, §9.2 choose_colour) ------------------------------------------------
def test_players_choose_colours_in_seat_order_before_the_turn_order_is_drawn():
    state = G.new_game(5, 3, {"tiles": ["T0:0", "T1:0", "T2:0", "T3:0", "T4:0", "T5:0"]})
    assert state.phase == "colours" and G.to_act(state) == {0}
    assert G.prompt(state, 0).key == "antiquity.prompt.colour"
    options = G.legal_actions(state, 0)
    assert [a.text for a in options] == ["colour red", "colour blue", "colour yellow",
                                         "colour purple"]
    assert options[0].label.key == "antiquity.colour.red"
    assert G.view(state, None).data["ps"][0]["colour"] is None
    state, events = G.play(state, 0, "colour purple")
    assert events[0].key == "antiquity.event.colour_chosen"
    assert G.to_act(state) == {1}
    with pytest.raises(NotLegalNow) as taken:
        G.play(state, 1, "colour purple")
    assert taken.value.msg.params["reason"].key == "antiquity.reason.colour_taken"
    with pytest.raises(NotLegalNow) as unknown:
        G.play(state, 1, "colour green")
    assert unknown.value.msg.params["reason"].key == "antiquity.reason.no_such_colour"
    counter = state.rng.counter
    state, _ = G.play(state, 1, "colour red")
    state, events = G.play(state, 2, "colour yellow")
    assert state.rng.counter > counter  # the order is drawn only now
    assert [p["colour"] for p in state.ps] == ["purple", "red", "yellow"]
    assert state.phase == "setup" and events[-1].key == "antiquity.event.order"
    assert G.to_act(state) == {state.order[-1]}
    assert G.view(state, None).data["ps"][2]["colour"] == "yellow"


def test_the_last_of_four_gets_the_last_colour_without_a_decision():
    state = G.new_game(5, 4, {"order": ["3", "2", "1", "0"]})
    for seat, colour in enumerate(["blue", "yellow", "red"]):
        state, _ = G.play(state, seat, f"colour {colour}")
    assert state.ps[3]["colour"] == "purple" and state.phase == "setup"
    assert G.to_act(state) == {0}  # reverse turn order: seat 0 is last on the track


def test_fixed_colours_skip_the_choice():
    state = G.new_game(1, 2, {"tiles": TILES2, "colours": ["Yellow", "blue"]})
    assert state.phase == "setup"
    assert [p["colour"] for p in state.ps] == ["yellow", "blue"]
    again = G.load(G.dump(state))
    assert [p["colour"] for p in again.ps] == ["yellow", "blue"]
