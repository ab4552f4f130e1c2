"""Spec 10, tests 14-31: activation, regions, empowered draw, relics."""

from __future__ import annotations

import pytest

from rules.core import NotLegalNow
from rules.vindication.data import ATTRIBUTES

from .helpers import (
    A,
    G,
    described,
    give,
    offered,
    own,
    play,
    script,
    stack_deck,
    table,
)


def _near(region, hid="H07", **values):
    """A on T26 next to ``region`` on H07, with the given power-board values."""
    attrs = {k: v for k, v in values.items() if k in ATTRIBUTES}
    seat = {"triangle": "T26", "attrs": attrs,
            **{k: v for k, v in values.items() if k not in ATTRIBUTES}}
    return described({"hex": {hid: region}, "seat": {"0": seat}})


def test_self_activation():
    state = give(table(), A, influence=8, strength=1)
    after, _ = play(state, A, "activate self strength 1")
    assert (after.players[A].attrs["strength"], after.players[A].influence) == (2, 7)
    with pytest.raises(NotLegalNow):
        G.play(state, A, "activate self strength 2")
    state.players[A].vindicated = True
    after, _ = play(state, A, "activate self strength 2")
    assert (after.players[A].attrs["strength"], after.players[A].influence) == (3, 6)
    leader = own(give(table(), A, influence=8), A, "G10")
    after, _ = play(leader, A, "activate self strength 2")
    assert after.players[A].attrs["strength"] == 3


def test_companion_activation():
    state = own(give(table(), A, influence=8, strength=1), A, "R01")
    state, _ = play(state, A, "activate R01 2")
    p = state.players[A]
    assert (p.companions[0][1], p.attrs["strength"], p.influence) == (1, 3, 5)
    assert state.turn["move_bonus"] == 1


def test_gain_capped_by_influence():
    state = own(give(table(), A, influence=2, strength=1), A, "R01")
    state, _ = play(state, A, "activate R01 2")
    p = state.players[A]
    assert (p.companions[0][1], p.attrs["strength"], p.influence) == (1, 2, 0)


def test_one_activation_per_turn():
    state = own(give(table(), A, influence=8), A, "R01")
    after, _ = play(state, A, "activate self strength")
    with pytest.raises(NotLegalNow):
        G.play(after, A, "activate R01")
    broke = give(state, A, influence=0)
    with pytest.raises(NotLegalNow):
        G.play(broke, A, "activate R01")


def test_fort():
    state, _ = play(_near("fort", strength=1, influence=8), A, "visit H07")
    assert (state.players[A].attrs["strength"], state.players[A].influence) == (3, 6)


def test_academy_reroll():
    state = _near("academy", inspiration=0, wisdom=0, influence=5)
    script(state, attribute_die=["inspiration", "wisdom", "strength"])
    after, _ = play(state, A, "visit H07")
    p = after.players[A]
    assert (p.attrs["inspiration"], p.attrs["wisdom"], p.influence) == (1, 1, 3)
    assert after.script["attribute_die"] == ["strength"]
    state = _near("academy", strength=1, influence=5)
    script(state, attribute_die=["strength", "wisdom"])
    after, _ = play(state, A, "visit H07")
    assert after.players[A].attrs["strength"] == 2 and after.script["attribute_die"] == ["wisdom"]


def test_monastery():
    state = _near("monastery", knowledge=3, influence=2, conviction=2, potential=6,
                  strength=7, inspiration=1)
    state, _ = play(state, A, "visit H07 steps 3", "raise influence", "raise influence",
                    "raise influence")
    p = state.players[A]
    assert (p.attrs["knowledge"], p.influence, p.conviction, p.potential) == (0, 2, 5, 6)


def test_command_post():
    state = _near("command_post", strength=6, influence=2, honor=20)
    with pytest.raises(NotLegalNow):
        G.play(state, A, "visit H07 steps 3")
    state, _ = play(state, A, "visit H07 steps 2")
    p = state.players[A]
    assert (p.speed, p.honor, p.attrs["strength"], p.influence) == (4, 25, 0, 8)


def test_command_post_at_maximum_speed():
    state = _near("command_post", strength=3, speed=5)
    with pytest.raises(NotLegalNow):
        G.play(state, A, "visit H07")


def _inn(knowledge=2, influence=6):
    state = _near("inn", knowledge=knowledge, influence=influence)
    return stack_deck(state, "companions_blue", ["B07"], face_up="B04", size=8)


def test_inn_face_up():
    state, _ = play(_inn(), A, "visit H07 blue faceup")
    p = state.players[A]
    assert (p.attrs["knowledge"], p.influence, p.companions, p.honor) == (0, 8, [["B04", 0]], 17)
    assert state.face_up["companions_blue"] == "B07" and len(state.decks["companions_blue"]) == 7


def test_inn_blind():
    state, _ = play(_inn(), A, "visit H07 blue blind")
    assert state.players[A].companions == [["B07", 0]]
    assert state.face_up["companions_blue"] == "B04" and len(state.decks["companions_blue"]) == 7


def test_shrine():
    state = own(own(_near("shrine", inspiration=1, influence=3), A, "R03", 2), A, "Y01", 1)
    state = give(state, A, influence=3)
    state, _ = play(state, A, "visit H07", "take R03", "take Y01")
    p = state.players[A]
    assert (p.attrs["inspiration"], p.influence, p.companions, p.honor) == \
        (0, 6, [["R03", 1], ["Y01", 0]], 15)


def test_cost_modifier_silver_tongue():
    state = own(_near("inn", knowledge=1), A, "G03")
    state, _ = play(state, A, "visit H07 blue faceup")
    assert len(state.players[A].companions) == 1 and state.players[A].attrs["knowledge"] == 0


def _tower(vision=2, conviction=2, influence=4):
    state = _near("arcane_tower", vision=vision, conviction=conviction, influence=influence)
    return stack_deck(state, "relics", ["P02", "P13", "P05"], face_up="P07", size=10)


def test_empowered_draw():
    state = _tower()
    state, events = play(state, A, "visit H07 empowered")
    assert {a.text for a in G.legal_actions(state, A)} == {"pick P02", "pick P13", "pick P05",
                                                          "pick P07"}
    public = str(G.view(state, None).data) + str(G.view(state, 1).data)
    assert "P02" not in public and "P05" not in public
    assert all(e.audience == frozenset({A}) for e in events if "P02" in str(e.params))
    state, _ = play(state, A, "pick P13")  # P13 is full: no recharge question
    p = state.players[A]
    assert (p.attrs["vision"], p.conviction, p.relics, p.influence, p.honor) == \
        (0, 1, [["P13", 2]], 5, 19)
    assert len(state.decks["relics"]) == 9 and state.face_up["relics"]
    assert {"P02", "P05", "P07"} <= set(state.decks["relics"]) | {state.face_up["relics"]}


def test_empowered_draw_on_a_small_deck():
    state = stack_deck(_tower(), "relics", ["P02", "P13"], face_up="P07", size=2)
    state, _ = play(state, A, "visit H07 empowered")
    assert len(G.legal_actions(state, A)) == 3
    state, _ = play(state, A, "pick P13")  # P13 is full: no recharge question
    assert len(state.decks["relics"]) == 1 and state.face_up["relics"]


def test_relic_short_of_influence():
    state = stack_deck(_tower(influence=0), "relics", ["P05"])
    state, _ = play(state, A, "visit H07 blind")
    p = state.players[A]
    assert (p.relics, p.influence, p.honor) == ([["P05", 2]], 0, 17)
    state, _ = play(state, A, "use P05")
    p = state.players[A]
    assert (p.relics, p.attrs["strength"], p.influence) == ([["P05", 1]], 2, 0)
    with pytest.raises(NotLegalNow):
        G.play(state, A, "use P05")


def test_recharge_comes_with_an_acquisition():
    state = own(_tower(influence=5), A, "P01", 1)
    state = give(state, A, influence=5)
    after, _ = play(state, A, "visit H07 faceup")
    p = after.players[A]
    assert (p.attrs["vision"], p.relics, p.influence, p.honor) == \
        (0, [["P01", 1], ["P07", 3]], 4, 17)
    assert offered(after, A) == {"charge P01 1", "charge P01 2", "done"}
    with pytest.raises(NotLegalNow):
        G.play(after, A, "charge P01 3")  # capacity 3, 1 cube already on it
    after, _ = play(after, A, "charge P01 2")
    assert after.players[A].relics[0] == ["P01", 3] and after.players[A].influence == 2
    assert G.to_act(after) == {A} and after.pending[-1]["type"] == "turn"
    with pytest.raises(NotLegalNow):
        G.play(state, A, "visit H07 none")
    low = give(state.clone(), A, vision=1)
    assert not any(t.startswith("visit") for t in offered(low, A))


def test_recharge_only_option():
    state = own(_tower(vision=0, influence=5), A, "P01", 1)
    state = give(state, A, influence=5)
    state.options = {**state.options, "arcane_tower_recharge_only": True}
    after, _ = play(state, A, "visit H07 none")
    assert offered(after, A) == {"charge P01 1", "charge P01 2"}  # no "done": R8
    after, _ = play(after, A, "charge P01 2")
    assert after.players[A].relics == [["P01", 3]] and after.players[A].influence == 3
    full = own(_tower(vision=0), A, "P02", 2)
    full.options = state.options
    with pytest.raises(NotLegalNow):
        G.play(full, A, "visit H07 none")


def test_empty_relic_deck():
    state = own(_tower(), A, "P01", 1)
    state = stack_deck(state, "relics", [], face_up=None, size=0)
    with pytest.raises(NotLegalNow):
        G.play(state, A, "visit H07 blind")
    after, _ = play(state, A, "use P01")
    assert after.players[A].relics == [["P01", 0]]
    b07 = own(give(state.clone(), A, influence=4), A, "B07")
    b07, _ = play(b07, A, "activate B07")
    assert offered(b07, A) == {"charge P01 1", "done"}  # up to 1: the player may decline
    b07, _ = play(b07, A, "charge P01 1")
    assert b07.players[A].relics == [["P01", 2]]
    b07.options = {**b07.options, "arcane_tower_recharge_only": True}
    play(b07, A, "visit H07 none")


def test_inn_colour_asked_when_left_out():
    state = _near("inn", knowledge=2, strength=0, inspiration=2)
    state, _ = play(state, A, "visit H07")
    assert offered(state, A) == {"colour blue", "colour yellow"}
    state, _ = play(state, A, "colour blue", "mode blind")
    assert len(state.players[A].companions) == 1
    assert state.players[A].companions[0][0].startswith("B")
