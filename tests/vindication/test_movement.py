"""Spec 10, tests 4-13: movement and discovery."""

from __future__ import annotations

import pytest

from rules.core import NotLegalNow

from .helpers import A, B, G, at, give, keys, offered, own, play, script, table, tile


def _action(state, text):
    from rules.core import Action
    return Action(text, move=G.parse_move(text.lower()))


def test_path_legality():
    state = at(table(), A, "T26")
    assert G.is_legal(state, A, _action(state, "move T14 T08"))
    assert G.is_legal(state, A, _action(state, "move T38 T27"))
    for bad in ("move T14 T08 T02", "move T14 T26", "move T14 T02", "move T08"):
        with pytest.raises(NotLegalNow):
            G.play(state, A, bad)


def test_pass_through_but_not_end_on_a_medal():
    state = at(at(table(), A, "T26"), B, "T14")
    state2, _ = play(state, A, "move T14 T08")
    assert state2.players[A].triangle == "T08"
    play(state, A, "move T14 T13")
    with pytest.raises(NotLegalNow):
        G.play(state, A, "move T14")


def test_start_triangles_are_ordinary():
    state = at(at(table(3), A, "T18"), B, "T40")  # B left its start T30
    state, _ = play(state, A, "move T30")
    assert state.players[A].triangle == "T30"


def test_unable_to_move_with_the_override():
    """Test 7: max movement 1; T38's neighbours T26 and T27 hold medals."""
    state = table(3)
    at(state, A, "T38"), at(state, B, "T26"), at(state, 2, "T27")
    script(state, max_movement=[1])
    assert not any(t.startswith("move") for t in offered(state, A))
    assert "unable" in offered(state, A)
    with pytest.raises(NotLegalNow):
        G.play(state, A, "move T26")
    early = own(give(state.clone(), A, influence=8), A, "Y01")
    early, _ = play(early, A, "activate Y01")
    assert "unable" not in offered(early, A)
    state, _ = play(state, A, "unable")
    assert "lower conviction" in offered(state, A)
    state, _ = play(state, A, "lower conviction")
    assert (state.players[A].conviction, state.players[A].influence) == (1, 9)
    assert "unable" not in offered(state, A)
    state, _ = play(state, A, "move T26 T14")
    with pytest.raises(NotLegalNow):
        G.play(state, A, "move T27")


def test_unable_to_move_with_nothing_to_weaken_still_adds_two():
    state = table(3)
    at(state, A, "T38"), at(state, B, "T26"), at(state, 2, "T27")
    script(state, max_movement=[1])
    give(state, A, influence=0, conviction=0, strength=19)
    state, events = play(state, A, "unable")
    assert "weakened" not in keys(events)
    play(state, A, "move T26 T14")


def test_static_movement_modifiers():
    """Test 8: R06 and G02 give max movement 4; speed stays 2."""
    state = own(own(at(table(), A, "T26"), A, "R06"), A, "G02")
    play(state, A, "move T14 T08 T02 T03")
    with pytest.raises(NotLegalNow):
        G.play(state, A, "move T14 T08 T02 T03 T04")
    assert state.players[A].speed == 2


def test_move_bonus_after_moving_is_wasted():
    state = own(at(table(), A, "T26"), A, "Y01")
    state, _ = play(state, A, "move T14", "activate Y01")
    assert state.turn["move_bonus"] == 0
    with pytest.raises(NotLegalNow):
        G.play(state, A, "move T08")


def test_cannot_end_turn_without_moving():
    state = tile(at(table(), A, "T26"), "H07", "fort")
    state, _ = play(state, A, "activate self strength", "visit H07")
    with pytest.raises(NotLegalNow):
        G.play(state, A, "end")
    play(state, A, "move T14", "end")


def test_order_of_discovery():
    """Test 11: only H07, H08, H13, H14 hold tiles; bag draws fort then library."""
    state = table()
    for hid, region in (("H07", "inn"), ("H08", "shrine"), ("H13", "inn"), ("H14", "shrine")):
        tile(state, hid, region)
    own(state, A, "B02")
    script(state, bag=["fort", "library"])
    bag = len(state.bag)
    state, events = play(state, A, "move T14 T08")
    assert state.hexes["H01"][0] == "fort" and state.hexes["H02"][0] == "library"
    assert len(state.bag) == bag - 2
    assert keys(events).count("ability") == 1
    assert state.players[A].attrs["knowledge"] == 2


def test_bag_runs_out():
    state = table()
    tile(state, "H07", "inn")
    tile(state, "H08", "inn")
    state.bag = ["academy"]
    state, _ = play(state, A, "move T14 T13")
    assert state.hexes["H01"][0] == "academy" and state.hexes["H18"][0] is None
    assert state.bag == []


def test_starting_triangle_is_not_discovered():
    state = at(table(), A, "T14")
    for hid, region in (("H07", "inn"), ("H08", "inn")):
        tile(state, hid, region)
    state, _ = play(state, A, "move T26")
    assert state.hexes["H01"][0] is None
