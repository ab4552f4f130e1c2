"""Spec 10, tests 46-52: the Gaping Maw, champions, exhaust, death, rerolls."""

from __future__ import annotations

import pytest

from rules.core import NotLegalNow

from .helpers import (
    A,
    G,
    at,
    check_invariants,
    give,
    offered,
    own,
    play,
    script,
    stack_deck,
    table,
    tile,
)


def _maw(**values):
    state = tile(at(table(), A, "T26"), "H07", "gaping_maw")
    return give(state, A, **values)


def test_champion_and_exhaust():
    state = own(own(_maw(), A, "Y01"), A, "R03")
    state = stack_deck(give(state, A, courage=2, influence=0), "monsters", [], face_up="O01")
    script(state, monster_die=["exhaust"], attribute_die=["vision"])
    state, _ = play(state, A, "visit H07 faceup")
    p = state.players[A]
    assert p.monsters == ["O01"] and p.honor == 19
    assert p.companions == [["Y01", 2], ["R03", 0]] and p.influence == 0
    assert p.attrs["vision"] == 0


def test_exhaust_shortfall_forces_a_recovery():
    state = own(table(), A, "Y01")
    state = give(state, A, influence=1, strength=2, conviction=0, inspiration=0, knowledge=0)
    state.pending.append({"type": "exhaust", "seat": A, "card": "Y01", "n": 2})
    G.settle(state, [])
    assert offered(state, A) == {"recover attr strength 1"}
    state, _ = play(state, A, "recover attr strength 1")
    p = state.players[A]
    assert (p.companions, p.influence, p.attrs["strength"]) == ([["Y01", 2]], 0, 1)


def test_exhaust_reduction():
    state = own(_maw(courage=2, influence=5), A, "R02")
    script(state, monster_die=["exhaust"], attribute_die=["strength"])
    after, _ = play(state, A, "visit H07 blind")
    assert after.players[A].companions == [["R02", 1]]
    state = own(state, A, "G01")
    after, _ = play(state, A, "visit H07 blind")
    assert after.players[A].companions == [["R02", 0]]


def test_death_prevented_by_conviction_or_relic():
    state = own(_maw(courage=2, conviction=1, influence=3), A, "Y01")
    script(state, monster_die=["death"], attribute_die=["strength"])
    after, _ = play(state, A, "visit H07 blind")
    assert offered(after, A) == {"pay", "accept"}
    influence = after.players[A].influence
    after, _ = play(after, A, "pay")
    p = after.players[A]
    assert p.conviction == 0 and p.companions == [["Y01", 0]] and p.influence == influence
    relic = own(give(state.clone(), A, conviction=0), A, "P11", 1)
    script(relic, monster_die=["death"], attribute_die=["strength"])
    after, _ = play(relic, A, "visit H07 blind")
    assert offered(after, A) == {"cancel P11", "accept"}
    after, _ = play(after, A, "cancel P11")
    assert after.players[A].relics == [["P11", 0]] and after.players[A].companions == [["Y01", 0]]


def test_death_accepted():
    state = own(_maw(), A, "Y08", 2)
    state = give(state, A, honor=40, influence=0, courage=2, conviction=0)
    state = stack_deck(state, "monsters", [], face_up="O02")
    script(state, monster_die=["death"], attribute_die=["strength"])
    state, _ = play(state, A, "visit H07 faceup")
    p = state.players[A]
    assert p.companions == [] and "Y08" in state.removed
    assert p.honor == 39 and p.attrs["strength"] == 2 and p.influence == 3


def test_no_companions():
    with pytest.raises(NotLegalNow):
        G.play(_maw(courage=2), A, "visit H07 blind")


def test_reroll_reaction():
    state = own(own(_maw(courage=2, influence=4), A, "Y01"), A, "P10", 1)
    state = give(state, A, conviction=0)
    script(state, monster_die=["death", "blank"], attribute_die=["strength"])
    state, _ = play(state, A, "visit H07 blind")
    assert offered(state, A) == {"reroll P10", "keep"}
    state, _ = play(state, A, "reroll P10")
    p = state.players[A]
    assert p.relics == [["P10", 0]] and p.companions == [["Y01", 0]]
    assert G.legal_actions(state, A)[0].text != "reroll P10"
    assert G.decision(state, A)["type"] == "turn"
    check_invariants(state)
